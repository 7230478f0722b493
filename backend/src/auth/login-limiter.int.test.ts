/**
 * The login limiter (issue 12, finding 6) in memory and, when REDIS_URL is set, on Redis as API nodes share
 * it: attempts are counted before any password is checked, so parallel attempts cannot pass the limit.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createLoginLimiter, type LoginLimiter } from './login-limiter.ts';

const REDIS_URL = process.env.REDIS_URL;
const redis = REDIS_URL ? new Redis(REDIS_URL, { maxRetriesPerRequest: 1 }) : undefined;
after(async () => {
  await redis?.quit();
});

const variants: [string, () => LoginLimiter, string | false][] = [
  ['in memory', () => createLoginLimiter(), false],
  ['on Redis', () => createLoginLimiter({ redis }), REDIS_URL ? false : 'skipped: set REDIS_URL'],
];

for (const [name, make, skip] of variants) {
  describe(`login limiter ${name}`, { skip }, () => {
    test('60 parallel attempts on one account from one address: exactly 5 go ahead', async () => {
      const limiter = make();
      const account = `user:${randomUUID()}`;
      const waits = await Promise.all(Array.from({ length: 60 }, () => limiter.attempt(account, '203.0.113.9')));
      assert.equal(waits.filter((wait) => wait === 0).length, 5);
      assert.ok(waits.filter((wait) => wait > 0).every((wait) => wait <= 15 * 60));
    });

    test('one account from many addresses: 20 go ahead, then a block of a minute for every address', async () => {
      const limiter = make();
      const account = `user:${randomUUID()}`;
      const waits: number[] = [];
      for (let i = 0; i < 22; i++) waits.push(await limiter.attempt(account, `198.51.100.${i + 1}`));
      assert.deepEqual(waits.slice(0, 20), Array<number>(20).fill(0));
      assert.ok(waits[20]! > 0 && waits[20]! <= 60, `first block ${waits[20]} s`);
      assert.ok(waits[21]! > 0);
    });

    test('a success gives its counts back and starts the account+address count over', async () => {
      const limiter = make();
      const account = `user:${randomUUID()}`;
      for (let i = 0; i < 4; i++) assert.equal(await limiter.attempt(account, '203.0.113.10'), 0);
      await limiter.succeeded(account, '203.0.113.10');
      for (let i = 0; i < 5; i++) assert.equal(await limiter.attempt(account, '203.0.113.10'), 0);
      assert.ok((await limiter.attempt(account, '203.0.113.10')) > 0);
    });
  });
}
