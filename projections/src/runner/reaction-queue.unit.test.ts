import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import { ReactionQueue } from './reaction-queue.ts';

const event = (n: number): RecordedEvent => ({
  id: `e${n}`,
  type: 'Something',
  stream: 's',
  revision: BigInt(n),
  position: String(n).padStart(20, '0'),
  data: { n },
  metadata: {},
  createdAt: '2026-01-01T00:00:00.000Z',
});

test('reacts one event at a time in the order pushed; a failing reaction is logged and the next ones run', async () => {
  const seen: number[] = [];
  const errors: string[] = [];
  const queue = new ReactionQueue(
    async (e) => {
      const n = (e.data as { n: number }).n;
      if (n === 3) throw new Error('boom');
      await Promise.resolve();
      seen.push(n);
    },
    { error: ((fields: { eventId: string }) => void errors.push(fields.eventId)) as never },
  );
  for (let n = 1; n <= 5; n++) queue.push(event(n));
  await queue.idle();
  assert.deepEqual(seen, [1, 2, 4, 5]);
  assert.deepEqual(errors, ['e3']);
});

test('a long burst gives the event loop turns while it runs', async () => {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 1);
  let done = 0;
  const queue = new ReactionQueue(() => {
    const until = performance.now() + 0.2; // 0.2 ms of work each: 400 ms in all
    while (performance.now() < until);
    done++;
  });
  for (let n = 0; n < 2000; n++) queue.push(event(n));
  await queue.idle();
  clearInterval(timer);
  assert.equal(done, 2000);
  assert.ok(ticks >= 20, `the interval ran ${ticks} times while the reactions ran`);
});
