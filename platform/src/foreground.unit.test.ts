import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { QUIET_MS, inBackground, requestFinished, requestStarted, requestsInFlight } from './foreground.ts';

interface Log {
  running: number;
  most: number;
  done: number;
}

/** A unit that records how many units run beside it. */
const probe = (log: Log, ms: number) => () =>
  inBackground(async () => {
    log.running += 1;
    log.most = Math.max(log.most, log.running);
    await sleep(ms);
    log.running -= 1;
    log.done += 1;
  });

const newLog = (): Log => ({ running: 0, most: 0, done: 0 });

describe('background work gives way to requests', () => {
  test('without requests, units run side by side at once', async () => {
    await sleep(QUIET_MS + 5);
    assert.equal(requestsInFlight(), 0);
    const log = newLog();
    await Promise.all(Array.from({ length: 5 }, probe(log, 3)));
    assert.equal(log.most, 5);
  });

  test('while requests are in flight, units run one at a time, and all of them end', async () => {
    requestStarted();
    try {
      const log = newLog();
      await Promise.all(Array.from({ length: 6 }, probe(log, 5)));
      assert.equal(log.most, 1);
      assert.equal(log.done, 6);
    } finally {
      requestFinished();
    }
  });

  test('a moment after the last answer what waits goes, and a failing unit frees its place', async () => {
    requestStarted();
    const log = newLog();
    const failing = inBackground(async () => {
      throw new Error('boom');
    });
    const waiting = Promise.all(Array.from({ length: 6 }, probe(log, 40)));
    await assert.rejects(failing, /boom/);
    requestFinished();
    await waiting;
    assert.ok(log.most >= 3, `they ran side by side once the requests were answered (${log.most})`);
    assert.equal(log.done, 6);
  });
});
