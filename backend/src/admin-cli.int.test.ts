/**
 * `npm run admin -- grant|revoke <username>` (issue 12, finding 2): appends the grant through the event
 * store the server uses, while the server runs; the server's projections pick it up by polling.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestApp, type TestApp } from './testing/test-app.ts';
import { TEST_JWT_SECRET } from './testing/test-tokens.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(() => app.close());

function adminCli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: app.dataDir, JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'silent' };
  for (const name of ['EVENTSTORE_URL', 'MONGODB_URL', 'REDIS_URL']) delete env[name];
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'backend/src/admin-cli.ts', ...args], { cwd: ROOT, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

async function isAdminSoon(token: string, expected: boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const me = await app.request('GET', '/auth/me', { token });
    if (me.body.is_admin === expected) return;
    if (Date.now() > deadline) assert.fail(`is_admin stayed ${String(me.body.is_admin)}`);
    await sleep(50);
  }
}

describe('npm run admin', () => {
  test('grants and revokes admin rights while the server runs, and says what it did', async () => {
    const session = await app.register();
    assert.equal((await app.request('GET', '/flags/', { token: session.token })).status, 403);

    const granted = await adminCli('grant', session.user.username.toUpperCase());
    assert.equal(granted.code, 0, granted.stderr);
    assert.match(granted.stdout, new RegExp(`Granted admin rights to ${session.user.username.toUpperCase()} \\(user ${session.user.id}\\)\\.`));
    await isAdminSoon(session.token, true);
    assert.equal((await app.request('GET', '/flags/', { token: session.token })).status, 200);

    const again = await adminCli('grant', session.user.username);
    assert.equal(again.code, 0);
    assert.match(again.stdout, /is already an admin; nothing changed/);

    const revoked = await adminCli('revoke', session.user.username);
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.match(revoked.stdout, /Revoked admin rights from/);
    await isAdminSoon(session.token, false);
    assert.equal((await app.request('GET', '/flags/', { token: session.token })).status, 403);
  });

  test('an unknown user exits 1 with a message; bad usage exits 2 with the usage', async () => {
    const unknown = await adminCli('grant', 'nobody-by-that-name');
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /No user named "nobody-by-that-name"\./);
    const usage = await adminCli('promote', 'someone');
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /Usage: npm run admin -- grant <username>/);
  });
});
