/**
 * DATA_DIR is private (issue 12, finding 11): the one-process start creates it 0700 and every file in it
 * 0600 (events, read models, secrets, the `.eml` files with reset links), and tightens what an older
 * version left readable.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const ROOT = path.resolve(import.meta.dirname, '../..');
const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-perms-'));
after(() => fs.rmSync(parent, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function start(dataDir: string): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'development' };
  for (const name of ['EVENTSTORE_URL', 'MONGODB_URL', 'REDIS_URL', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'JWT_SECRET']) delete env[name];
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'backend/src/start.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) assert.fail(`the server exited: ${output}`);
    const healthy = await fetch(`${url}/health`).then((r) => r.status === 200, () => false);
    if (healthy) break;
    if (Date.now() > deadline) assert.fail(`the server did not start: ${output}`);
    await sleep(100);
  }
  return { url, child, output: () => output };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function modes(dir: string): { file: string; mode: number; directory: boolean }[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return { file, mode: fs.statSync(file).mode & 0o777, directory: entry.isDirectory() };
    });
}

describe('DATA_DIR permissions', () => {
  test('a fresh DATA_DIR is 0700 and every file written into it 0600, mail included', async () => {
    const dataDir = path.join(parent, 'fresh', 'data');
    const app = await start(dataDir);
    try {
      const username = `perm${process.pid}`;
      const email = `${username}@example.com`;
      const registered = await fetch(`${app.url}/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, email, password: 'Str0ng!Passw0rd' }),
      });
      assert.equal(registered.status, 201);
      await fetch(`${app.url}/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
      // The confirmation and reset e-mails are written by the workers.
      const deadline = Date.now() + 20_000;
      while ((fs.existsSync(path.join(dataDir, 'mail')) ? fs.readdirSync(path.join(dataDir, 'mail')).filter((n) => n.endsWith('.eml')).length : 0) < 2) {
        if (Date.now() > deadline) assert.fail(`no mail written: ${app.output()}`);
        await sleep(100);
      }
    } finally {
      await stop(app.child);
    }
    assert.equal(fs.statSync(dataDir).mode & 0o777, 0o700);
    const written = modes(dataDir);
    assert.ok(written.some((entry) => entry.file.endsWith('.eml')));
    assert.ok(written.some((entry) => entry.file.endsWith('events.db')));
    for (const entry of written) assert.equal(entry.mode, entry.directory ? 0o700 : 0o600, `${entry.file} is ${entry.mode.toString(8)}`);
  });

  test('files an older version left readable are made private at start', async () => {
    const dataDir = path.join(parent, 'old');
    fs.mkdirSync(path.join(dataDir, 'mail'), { recursive: true, mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(path.join(dataDir, 'mail', 'old-reset.eml'), 'To: a@example.com\n\nreset link', { mode: 0o644 });
    fs.chmodSync(path.join(dataDir, 'mail', 'old-reset.eml'), 0o644);
    const app = await start(dataDir);
    await stop(app.child);
    assert.equal(fs.statSync(dataDir).mode & 0o777, 0o700);
    assert.equal(fs.statSync(path.join(dataDir, 'mail')).mode & 0o777, 0o700);
    assert.equal(fs.statSync(path.join(dataDir, 'mail', 'old-reset.eml')).mode & 0o777, 0o600);
  });
});
