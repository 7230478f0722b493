/**
 * The production UI build itself (issue 13, item 14), built into a temporary folder with the project's
 * Vite config: no source maps emitted; brotli and gzip variants beside the entry chunk that decode to it;
 * the Vite manifest written (the `ui` bench reads the initial chunks from it).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const ROOT = path.join(import.meta.dirname, '..');
const FRONTEND = path.join(ROOT, 'frontend');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-ui-build-'));
const files = () =>
  fs
    .readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));

before(() => {
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: FRONTEND,
    encoding: 'utf8',
    // As scripts/build-ui-if-needed.ts builds it: for production, whatever NODE_ENV the test runner set.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  assert.equal(result.status, 0, `vite build failed:\n${result.stdout}\n${result.stderr}`);
});
after(() => fs.rmSync(outDir, { recursive: true, force: true }));

test('the production build emits no source map and links none', () => {
  const built = files();
  assert.ok(built.includes('index.html'));
  assert.deepEqual(built.filter((file) => file.endsWith('.map')), []);
  for (const file of built.filter((name) => name.endsWith('.js'))) {
    assert.doesNotMatch(fs.readFileSync(path.join(outDir, file), 'utf8'), /sourceMappingURL/, file);
  }
});

test('the entry chunk has brotli and gzip variants that decode to it, and the manifest names it', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; isEntry?: boolean }>;
  const entries = Object.values(manifest).filter((chunk) => chunk.isEntry);
  assert.equal(entries.length, 1);
  const entry = path.join(outDir, entries[0]!.file);
  const code = fs.readFileSync(entry);
  assert.ok(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8').includes(`/${entries[0]!.file}`));
  assert.deepEqual(brotliDecompressSync(fs.readFileSync(`${entry}.br`)), code);
  assert.deepEqual(gunzipSync(fs.readFileSync(`${entry}.gz`)), code);
  // Every JS and CSS file worth compressing has both variants.
  for (const file of files().filter((name) => /\.(js|css)$/.test(name))) {
    if (fs.statSync(path.join(outDir, file)).size < 1024) continue;
    assert.ok(fs.existsSync(path.join(outDir, `${file}.br`)), `${file}.br`);
    assert.ok(fs.existsSync(path.join(outDir, `${file}.gz`)), `${file}.gz`);
  }
});

test('index.html asks for the scripts first, then runs the early reads inline, then links the one stylesheet', () => {
  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const at = (pattern: RegExp) => {
    const match = pattern.exec(html);
    assert.ok(match, `${pattern} in index.html`);
    return match.index;
  };
  const entry = at(/<script type="module"[^>]*src="\/assets\/index-[\w-]+\.js"/);
  const marker = at(/<!--page-hints-->/);
  const inline = at(/<script>\(function\(\)\{try\{var r=\{"\/app\/home":/);
  const stylesheet = at(/<link rel="stylesheet"[^>]*href="\/assets\/style-[\w-]+\.css"/);
  assert.ok(entry < marker && marker < inline && inline < stylesheet, 'entry script, page hints, early reads, stylesheet');
  assert.equal(html.match(/rel="stylesheet"/g)?.length, 1);
});

test('/waitlist is prerendered as a first-time visitor sees it, with its title and without a script', () => {
  const pages = JSON.parse(fs.readFileSync(path.join(outDir, 'prerendered.json'), 'utf8')) as Record<string, { title: string | null; html: string }>;
  const waitlist = pages['/waitlist'];
  assert.ok(waitlist);
  assert.equal(waitlist.title, 'Waitlist · Crossfeed');
  assert.match(waitlist.html, /^<div class="app-shell">/);
  for (const text of ['Reserve your spot', 'Why join early', 'Get Started']) assert.ok(waitlist.html.includes(text), text);
  assert.doesNotMatch(waitlist.html, /<script|<title/);
});

test('a page downloads few files beyond the entry: its own chunk, the shared chunk and (in /app) the shell and the query cache', () => {
  const preloads = JSON.parse(fs.readFileSync(path.join(outDir, 'route-preloads.json'), 'utf8')) as Record<string, { js: string[]; css: string[] }>;
  assert.deepEqual(preloads['/waitlist']?.js.map((file) => /\/assets\/([a-z-]+)-/.exec(file)?.[1]).sort(), ['shared', 'waitlist']);
  assert.deepEqual(preloads['/app/home']?.js.map((file) => /\/assets\/([a-z-]+)-/.exec(file)?.[1]).sort(), ['home', 'query', 'root', 'shared']);
  // The public pages read nothing through the query cache, so they never download it.
  for (const page of ['/waitlist', '/pricing', '/signup', '/login']) {
    assert.ok(!preloads[page]?.js.some((file) => file.includes('/query-')), page);
  }
  for (const page of Object.values(preloads)) assert.deepEqual(page.css, []);
});
