/**
 * Jobs must survive a Redis restart and never be evicted (issue 12, finding 10): every process that uses
 * REDIS_URL checks at start and refuses a Redis without the append-only file or with an evicting policy,
 * unless REDIS_ALLOW_VOLATILE=true. Each case runs its own redis-server on a free port (never the shared one).
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkRedisDurability, readRedisDurability, RedisNotDurable } from '@crossfeed/platform/jobs/redis-durability.ts';
import { startPrivateRedis, type PrivateRedis } from './private-redis.ts';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
const ROOT = path.resolve(import.meta.dirname, '../../..');
const servers: PrivateRedis[] = [];
after(async () => {
  for (const server of servers) await server.close();
});

async function redis(args: string[]): Promise<PrivateRedis> {
  const server = await startPrivateRedis(args);
  servers.push(server);
  return server;
}

describe('Redis durability check at start', { skip: hasRedis ? false : 'skipped: redis-server is not installed' }, () => {
  test('accepts a Redis with the append-only file and no eviction', async () => {
    const server = await redis(['--appendonly', 'yes', '--maxmemory-policy', 'noeviction']);
    assert.deepEqual(await readRedisDurability(server.url), { appendOnly: true, maxMemoryPolicy: 'noeviction' });
    await checkRedisDurability(server.url, { allowVolatile: false });
  });

  test('refuses a Redis without the append-only file, saying what to change and how to override', async () => {
    const server = await redis(['--appendonly', 'no']);
    await assert.rejects(checkRedisDurability(server.url, { allowVolatile: false }), (error: unknown) => {
      assert.ok(error instanceof RedisNotDurable);
      assert.match(error.message, /appendonly is no/);
      assert.match(error.message, /--appendonly yes --maxmemory-policy noeviction/);
      assert.match(error.message, /REDIS_ALLOW_VOLATILE=true/);
      return true;
    });
  });

  test('refuses a Redis that evicts keys under memory pressure', async () => {
    const server = await redis(['--appendonly', 'yes', '--maxmemory', '64mb', '--maxmemory-policy', 'allkeys-lru']);
    await assert.rejects(checkRedisDurability(server.url, { allowVolatile: false }), /maxmemory-policy is allkeys-lru/);
  });

  test('REDIS_ALLOW_VOLATILE only warns', async () => {
    const server = await redis(['--appendonly', 'no']);
    const warnings: string[] = [];
    await checkRedisDurability(server.url, { allowVolatile: true, logger: { warn: (_fields, message) => warnings.push(message) } });
    assert.equal(warnings.length, 1);
  });

  test('the workers process exits non-zero with the message on a volatile Redis, and does not start', async () => {
    const server = await redis(['--appendonly', 'no']);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-durability-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, REDIS_URL: server.url, DATA_DIR: dataDir, JWT_SECRET: 'durability-test-secret-0123456789abcdef', PUBLIC_URL: 'http://127.0.0.1:3000' };
      delete env.REDIS_ALLOW_VOLATILE;
      const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'workers/src/main.ts'], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      clearTimeout(timer);
      assert.equal(code, 1, output);
      assert.match(output, /Refusing to start: the Redis at redis:\/\/127\.0\.0\.1:\d+ may lose queued jobs/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
