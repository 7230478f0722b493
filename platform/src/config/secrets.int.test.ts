/**
 * Generated secrets when several processes share DATA_DIR (two API nodes starting together): every
 * process ends up with the same value for each name, and secrets.json holds them all.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { persistentSecret } from './secrets.ts';

const SECRETS_MODULE = path.join(import.meta.dirname, 'secrets.ts');
const NAMES = Array.from({ length: 300 }, (_, i) => `secret${i}`);

/** A process that, from `startAt` on (so that all of them race), asks for every name and prints what it got. */
function child(dataDir: string, startAt: number): Promise<Record<string, string>> {
  const script = `
    import { persistentSecret } from ${JSON.stringify(SECRETS_MODULE)};
    const names = ${JSON.stringify(NAMES)};
    while (Date.now() < ${startAt}) {}
    console.log(JSON.stringify(Object.fromEntries(names.map((name) => [name, persistentSecret(${JSON.stringify(dataDir)}, name, undefined)]))));
  `;
  const proc = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  proc.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    proc.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`child exited ${code}: ${err}`))));
  });
}

test('processes sharing DATA_DIR generate each secret once and all get the same value', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-secrets-'));
  try {
    const startAt = Date.now() + 4000; // after every child has loaded
    const results = await Promise.all(Array.from({ length: 4 }, () => child(dataDir, startAt)));
    const stored = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as Record<string, string>;
    assert.deepEqual(Object.keys(stored).sort(), [...NAMES].sort());
    for (const result of results) assert.deepEqual(result, stored);
    assert.deepEqual(fs.readdirSync(dataDir).sort(), ['secrets.json'], 'no lock nor temp file left behind');
    // The environment wins, and a name already stored is read back.
    assert.equal(persistentSecret(dataDir, 'secret0', 'from-env'), 'from-env');
    assert.equal(persistentSecret(dataDir, 'secret0', undefined), stored.secret0);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
