/**
 * scripts/precompress.ts: the `.br` and `.gz` beside each text file decode to that file; small,
 * incompressible and non-text files and dot folders get none; a rebuild leaves no stale variant.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressDir } from './precompress.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-precompress-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));
const at = (name: string) => path.join(dir, name);
const write = (name: string, content: string | Buffer) => {
  fs.mkdirSync(path.dirname(at(name)), { recursive: true });
  fs.writeFileSync(at(name), content);
};

test('text files get brotli and gzip variants that decode to them; the others get none', async () => {
  const js = 'export const answer = () => 42;\n'.repeat(100);
  const html = `<!doctype html>${'<p>Crossfeed</p>'.repeat(100)}`;
  write('assets/index-abc.js', js);
  write('index.html', html);
  write('assets/tiny-abc.js', 'export {};\n');
  write('assets/noise-abc.js', randomBytes(4096));
  write('assets/logo-abc.png', Buffer.alloc(4096, 1));
  write('.vite/manifest.json', JSON.stringify({ 'src/main.tsx': { file: 'x'.repeat(2000) } }));
  // A variant from an earlier build of a file that is now too small to compress.
  write('assets/tiny-abc.js.br', 'stale');

  const result = await precompressDir(dir);

  assert.deepEqual(result.compressed, ['assets/index-abc.js', 'index.html']);
  assert.equal(brotliDecompressSync(fs.readFileSync(at('assets/index-abc.js.br'))).toString('utf8'), js);
  assert.equal(gunzipSync(fs.readFileSync(at('assets/index-abc.js.gz'))).toString('utf8'), js);
  assert.equal(brotliDecompressSync(fs.readFileSync(at('index.html.br'))).toString('utf8'), html);
  assert.ok(fs.statSync(at('assets/index-abc.js.br')).size < fs.statSync(at('assets/index-abc.js.gz')).size);
  for (const name of ['assets/tiny-abc.js', 'assets/noise-abc.js', 'assets/logo-abc.png', '.vite/manifest.json']) {
    assert.equal(fs.existsSync(at(`${name}.br`)), false, `${name}.br`);
    assert.equal(fs.existsSync(at(`${name}.gz`)), false, `${name}.gz`);
  }
  assert.equal(result.bytes.original, js.length + html.length);
});

test('a second run rewrites the variants of changed files', async () => {
  const changed = 'export const answer = () => 43;\n'.repeat(120);
  write('assets/index-abc.js', changed);
  await precompressDir(dir);
  assert.equal(brotliDecompressSync(fs.readFileSync(at('assets/index-abc.js.br'))).toString('utf8'), changed);
  assert.equal(gunzipSync(fs.readFileSync(at('assets/index-abc.js.gz'))).toString('utf8'), changed);
});
