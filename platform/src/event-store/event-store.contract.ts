/**
 * The EventStore contract (DESIGN §3): one suite, run once per adapter from `event-store.int.test.ts`.
 *
 * Every test gets a fresh store from `makeStore` and writes to streams with unique names, so the suite also
 * runs against a shared EventStoreDB whose $all already holds other events. Reads of the global log are
 * therefore filtered to the test's own streams where the assertion is about content.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { WrongExpectedVersion } from './event-store.port.ts';
import type { EventStore, NewEvent, Position, RecordedEvent, Subscription } from './event-store.port.ts';

export interface ContractStore {
  store: EventStore;
  /** Closes `store` and opens the same log again (persistent adapters). */
  reopen?: () => Promise<EventStore>;
  cleanup: () => Promise<void>;
}

const WAIT_MS = 10_000;

function streamName(category: string): string {
  return `${category}-${randomUUID()}`;
}

function event(type: string, data: unknown = {}, extra: Partial<NewEvent> = {}): NewEvent {
  return { type, data, ...extra };
}

async function waitFor(what: string, condition: () => boolean, timeoutMs = WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function assertWrongExpectedVersion(error: unknown, stream: string, actual: bigint | 'no_stream'): true {
  assert.ok(error instanceof WrongExpectedVersion, `expected WrongExpectedVersion, got ${String(error)}`);
  assert.equal(error.name, 'WrongExpectedVersion');
  assert.equal(error.stream, stream);
  assert.equal(error.actual, actual);
  return true;
}

function assertStrictlyIncreasing(positions: Position[]): void {
  for (let i = 1; i < positions.length; i++) {
    const previous = positions[i - 1] as Position;
    const current = positions[i] as Position;
    assert.ok(previous < current, `position ${current} should sort after ${previous}`);
  }
}

/** Subscribes and records what the handler sees, keeping only events of the given streams. */
function record(
  store: EventStore,
  streams: readonly string[],
  fromPosition: Position | undefined,
  onEvent: (event: RecordedEvent) => Promise<void> = async () => {},
  onError?: (error: unknown) => void,
): { seen: RecordedEvent[]; subscription: Subscription; maxConcurrent: () => number } {
  const seen: RecordedEvent[] = [];
  let running = 0;
  let maxConcurrent = 0;
  const subscription = store.subscribeAll({ fromPosition, onError }, async (e) => {
    running += 1;
    maxConcurrent = Math.max(maxConcurrent, running);
    try {
      if (!streams.includes(e.stream)) return;
      await onEvent(e);
      seen.push(e);
    } finally {
      running -= 1;
    }
  });
  return { seen, subscription, maxConcurrent: () => maxConcurrent };
}

export function eventStoreContract(name: string, makeStore: () => Promise<ContractStore>): void {
  /** Runs `fn` with a fresh store and always cleans up. */
  async function withStore(fn: (ctx: ContractStore & { current: () => EventStore }) => Promise<void>): Promise<void> {
    const ctx = await makeStore();
    let store = ctx.store;
    const reopen = ctx.reopen;
    try {
      await fn({
        ...ctx,
        reopen:
          reopen === undefined
            ? undefined
            : async () => {
                store = await reopen();
                return store;
              },
        current: () => store,
      });
    } finally {
      await ctx.cleanup();
    }
  }

  describe(`EventStore contract: ${name}`, () => {
    describe('append and readStream', () => {
      test('round-trips ids, types, data, metadata, createdAt and 0-based revisions', () =>
        withStore(async ({ store }) => {
          const stream = streamName('user');
          const givenId = randomUUID();
          const before = Date.now();
          const result = await store.append(stream, [
            event('UserRegistered', { name: 'Ada', tags: ['a', 'b'], nested: { n: 1 } }, {
              id: givenId,
              metadata: { userId: 'u-1', correlationId: 'c-1', causationId: 'x-1' },
            }),
            event('ProfileUpdated', { bio: 'hi' }),
          ]);
          assert.equal(result.nextRevision, 1n);
          assert.equal(typeof result.position, 'string');

          const events = await store.readStream(stream);
          assert.equal(events.length, 2);
          const [first, second] = events as [RecordedEvent, RecordedEvent];
          assert.equal(first.id, givenId);
          assert.match(second.id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
          assert.notEqual(second.id, first.id);
          assert.deepEqual(
            events.map((e) => [e.stream, e.revision, e.type]),
            [
              [stream, 0n, 'UserRegistered'],
              [stream, 1n, 'ProfileUpdated'],
            ],
          );
          assert.deepEqual(first.data, { name: 'Ada', tags: ['a', 'b'], nested: { n: 1 } });
          assert.deepEqual(second.data, { bio: 'hi' });
          assert.deepEqual(first.metadata, { userId: 'u-1', correlationId: 'c-1', causationId: 'x-1' });
          assert.deepEqual(second.metadata, {});
          for (const e of events) {
            assert.equal(new Date(e.createdAt).toISOString(), e.createdAt, 'createdAt is an ISO-8601 string');
            assert.ok(Date.parse(e.createdAt) >= before - 60_000 && Date.parse(e.createdAt) <= Date.now() + 60_000);
          }
          assertStrictlyIncreasing(events.map((e) => e.position));
          assert.equal(second.position, result.position, 'the append returns the position of its last event');
        }));

      test('returns an empty list for a stream that does not exist', () =>
        withStore(async ({ store }) => {
          assert.deepEqual(await store.readStream(streamName('missing')), []);
        }));

      test('reads a stream from a revision on (inclusive), and nothing past its end', () =>
        withStore(async ({ store }) => {
          const stream = streamName('user');
          await store.append(stream, [event('A'), event('B'), event('C'), event('D')]);
          const from = async (fromRevision: bigint) =>
            (await store.readStream(stream, { fromRevision })).map((e) => [e.revision, e.type]);
          assert.deepEqual(await from(0n), [[0n, 'A'], [1n, 'B'], [2n, 'C'], [3n, 'D']]);
          assert.deepEqual(await from(2n), [[2n, 'C'], [3n, 'D']]);
          assert.deepEqual(await from(3n), [[3n, 'D']]);
          assert.deepEqual(await from(4n), []);
          assert.deepEqual(await from(1000n), []);
          assert.deepEqual(await store.readStream(streamName('missing'), { fromRevision: 2n }), []);
          // The events read from a revision are the same records a whole read returns.
          assert.deepEqual(await store.readStream(stream, { fromRevision: 1n }), (await store.readStream(stream)).slice(1));
          await assert.rejects(store.readStream(stream, { fromRevision: -1n }), RangeError);
        }));

      test('reads a stream longer than one page whole, and from a revision within it', () =>
        withStore(async ({ store }) => {
          const stream = streamName('contacts');
          const total = 2_345;
          for (let start = 0; start < total; start += 500) {
            const size = Math.min(500, total - start);
            await store.append(stream, Array.from({ length: size }, (_, i) => event('ContactAdded', { n: start + i })));
          }
          const all = await store.readStream(stream);
          assert.equal(all.length, total);
          assert.deepEqual(all.map((e) => (e.data as { n: number }).n), Array.from({ length: total }, (_, i) => i));
          assert.deepEqual(all.map((e) => e.revision), Array.from({ length: total }, (_, i) => BigInt(i)));
          const tail = await store.readStream(stream, { fromRevision: 1_500n });
          assert.equal(tail.length, total - 1_500);
          assert.equal(tail[0]?.revision, 1_500n);
          // A window: at most maxCount events from the revision, across the store's own pages.
          const window = await store.readStream(stream, { fromRevision: 900n, maxCount: 1_200 });
          assert.deepEqual(window.map((e) => e.revision), Array.from({ length: 1_200 }, (_, i) => 900n + BigInt(i)));
          assert.equal((await store.readStream(stream, { fromRevision: 2_300n, maxCount: 1_000 })).length, total - 2_300);
          await assert.rejects(store.readStream(stream, { maxCount: 0 }), RangeError);
        }));

      test('appends with no_stream to a new stream and rejects no_stream on an existing one', () =>
        withStore(async ({ store }) => {
          const stream = streamName('reservation');
          const created = await store.append(stream, [event('UsernameReserved')], { expectedRevision: 'no_stream' });
          assert.equal(created.nextRevision, 0n);
          await assert.rejects(store.append(stream, [event('UsernameReserved')], { expectedRevision: 'no_stream' }), (error) => {
            assertWrongExpectedVersion(error, stream, 0n);
            assert.equal((error as WrongExpectedVersion).expected, 'no_stream');
            return true;
          });
          assert.equal((await store.readStream(stream)).length, 1);
        }));

      test('rejects stream_exists when the stream is missing and accepts it once it exists', () =>
        withStore(async ({ store }) => {
          const stream = streamName('flag');
          await assert.rejects(store.append(stream, [event('FlagUpdated')], { expectedRevision: 'stream_exists' }), (error) =>
            assertWrongExpectedVersion(error, stream, 'no_stream'),
          );
          assert.deepEqual(await store.readStream(stream), []);
          await store.append(stream, [event('FlagCreated')], { expectedRevision: 'no_stream' });
          const result = await store.append(stream, [event('FlagUpdated')], { expectedRevision: 'stream_exists' });
          assert.equal(result.nextRevision, 1n);
        }));

      test('accepts an exact expected revision and rejects a stale one with the actual revision', () =>
        withStore(async ({ store }) => {
          const stream = streamName('user');
          await assert.rejects(store.append(stream, [event('A')], { expectedRevision: 0n }), (error) =>
            assertWrongExpectedVersion(error, stream, 'no_stream'),
          );
          await store.append(stream, [event('A')], { expectedRevision: 'no_stream' });
          const second = await store.append(stream, [event('B'), event('C')], { expectedRevision: 0n });
          assert.equal(second.nextRevision, 2n);
          await assert.rejects(store.append(stream, [event('D')], { expectedRevision: 0n }), (error) => {
            assertWrongExpectedVersion(error, stream, 2n);
            assert.equal((error as WrongExpectedVersion).expected, 0n);
            return true;
          });
          await assert.rejects(store.append(stream, [event('D')], { expectedRevision: 3n }), (error) =>
            assertWrongExpectedVersion(error, stream, 2n),
          );
          const third = await store.append(stream, [event('D')], { expectedRevision: 2n });
          assert.equal(third.nextRevision, 3n);
          assert.deepEqual(
            (await store.readStream(stream)).map((e) => [e.revision, e.type]),
            [
              [0n, 'A'],
              [1n, 'B'],
              [2n, 'C'],
              [3n, 'D'],
            ],
          );
        }));

      test('appends with any (and with no expectation) to new and existing streams', () =>
        withStore(async ({ store }) => {
          const stream = streamName('contacts');
          assert.equal((await store.append(stream, [event('A')], { expectedRevision: 'any' })).nextRevision, 0n);
          assert.equal((await store.append(stream, [event('B')], { expectedRevision: 'any' })).nextRevision, 1n);
          assert.equal((await store.append(stream, [event('C')])).nextRevision, 2n);
          const other = streamName('contacts');
          assert.equal((await store.append(other, [event('A')])).nextRevision, 0n);
        }));

      test('writes nothing when a multi-event append fails its expectation', () =>
        withStore(async ({ store }) => {
          const stream = streamName('user');
          await store.append(stream, [event('A')]);
          await assert.rejects(
            store.append(stream, [event('B'), event('C'), event('D')], { expectedRevision: 'no_stream' }),
            WrongExpectedVersion,
          );
          assert.deepEqual(
            (await store.readStream(stream)).map((e) => e.type),
            ['A'],
          );
        }));

      test('writes nothing when a later event of a multi-event append cannot be serialized', () =>
        withStore(async ({ store }) => {
          const stream = streamName('user');
          await assert.rejects(store.append(stream, [event('A', { ok: true }), event('B', { big: 1n })]), TypeError);
          assert.deepEqual(await store.readStream(stream), []);
          // The store is still usable and the stream still new.
          assert.equal((await store.append(stream, [event('A')], { expectedRevision: 'no_stream' })).nextRevision, 0n);
        }));

      test('rejects an empty list of events and writes nothing', () =>
        withStore(async ({ store }) => {
          const stream = streamName('user');
          await assert.rejects(store.append(stream, []), /empty/);
          await assert.rejects(store.append(stream, [], { expectedRevision: 'no_stream' }), /empty/);
          assert.deepEqual(await store.readStream(stream), []);
        }));

      test('lets exactly one of 20 concurrent no_stream appends to one stream succeed', () =>
        withStore(async ({ store }) => {
          const stream = streamName('reservation');
          const results = await Promise.allSettled(
            Array.from({ length: 20 }, (_, i) => store.append(stream, [event('EmailReserved', { i })], { expectedRevision: 'no_stream' })),
          );
          const fulfilled = results.filter((r) => r.status === 'fulfilled');
          const rejected = results.filter((r) => r.status === 'rejected');
          assert.equal(fulfilled.length, 1);
          assert.equal(rejected.length, 19);
          for (const r of rejected) assert.ok(r.reason instanceof WrongExpectedVersion, String(r.reason));
          const events = await store.readStream(stream);
          assert.equal(events.length, 1);
          assert.equal(events[0]?.revision, 0n);
        }));

      test('lets exactly one of 20 concurrent appends with the same expected revision succeed', () =>
        withStore(async ({ store }) => {
          const stream = streamName('user');
          await store.append(stream, [event('UserRegistered')], { expectedRevision: 'no_stream' });
          const results = await Promise.allSettled(
            Array.from({ length: 20 }, (_, i) => store.append(stream, [event('ContentShared', { i })], { expectedRevision: 0n })),
          );
          const fulfilled = results.filter((r) => r.status === 'fulfilled');
          const rejected = results.filter((r) => r.status === 'rejected');
          assert.equal(fulfilled.length, 1);
          assert.equal(rejected.length, 19);
          for (const r of rejected) assertWrongExpectedVersion(r.reason, stream, 1n);
          const events = await store.readStream(stream);
          assert.deepEqual(
            events.map((e) => [e.revision, e.type]),
            [
              [0n, 'UserRegistered'],
              [1n, 'ContentShared'],
            ],
          );
        }));
    });

    describe('readAll', () => {
      test('returns the global log in order after an exclusive fromPosition, with strictly increasing positions', () =>
        withStore(async ({ store }) => {
          const a = streamName('a');
          const b = streamName('b');
          const { position: start } = await store.head();
          const r1 = await store.append(a, [event('A1'), event('A2')]);
          const r2 = await store.append(b, [event('B1')]);
          const r3 = await store.append(a, [event('A3')]);

          const all = (await store.readAll({ fromPosition: start })).filter((e) => e.stream === a || e.stream === b);
          assert.deepEqual(
            all.map((e) => e.type),
            ['A1', 'A2', 'B1', 'A3'],
          );
          assertStrictlyIncreasing(all.map((e) => e.position));
          assert.equal(all[1]?.position, r1.position);
          assert.equal(all[2]?.position, r2.position);
          assert.equal(all[3]?.position, r3.position);
          assert.deepEqual(all[0]?.revision, 0n);
          assert.deepEqual(all[3]?.revision, 2n);

          const first = all[0] as RecordedEvent;
          const afterFirst = await store.readAll({ fromPosition: first.position, limit: 1 });
          assert.equal(afterFirst.length, 1);
          assert.equal(afterFirst[0]?.type, 'A2', 'fromPosition is exclusive');
          // Nothing of ours after the last append (another writer of a shared $all may have added its own).
          assert.deepEqual((await store.readAll({ fromPosition: r3.position })).filter((e) => e.stream === a || e.stream === b), []);
        }));

      test('honours limit and defaults to batches of 1000', () =>
        withStore(async ({ store }) => {
          const stream = streamName('bulk');
          const { position: start } = await store.head();
          await store.append(
            stream,
            Array.from({ length: 1001 }, (_, i) => event('BulkAdded', { i })),
          );
          const two = await store.readAll({ fromPosition: start, limit: 2 });
          assert.equal(two.length, 2);
          const batch = await store.readAll({ fromPosition: start });
          assert.equal(batch.length, 1000);
          assert.deepEqual(two, batch.slice(0, 2));
          assertStrictlyIncreasing(batch.map((e) => e.position));
          const ours = batch.filter((e) => e.stream === stream);
          assert.deepEqual(
            ours.map((e) => (e.data as { i: number }).i),
            Array.from({ length: ours.length }, (_, i) => i),
          );
          const rest = await store.readAll({ fromPosition: batch.at(-1)?.position });
          assert.equal(rest.filter((e) => e.stream === stream).length, 1001 - ours.length);
        }));
    });

    describe('subscribeAll', () => {
      test('catches up from a position, then receives live appends in order, one handler call at a time', () =>
        withStore(async ({ store }) => {
          const stream = streamName('sub');
          const { position: start } = await store.head();
          await store.append(stream, [event('E1')]);
          const second = await store.append(stream, [event('E2'), event('E3')]);
          const firstPosition = (await store.readStream(stream))[0]?.position;
          const { seen, subscription, maxConcurrent } = record(store, [stream], firstPosition, async () => {
            await new Promise((resolve) => setTimeout(resolve, 1)); // give overlapping calls a chance to show
          });
          try {
            await waitFor('catch-up', () => seen.length >= 2);
            assert.equal(seen.at(-1)?.position, second.position);
            await store.append(stream, [event('E4')]);
            await store.append(stream, [event('E5'), event('E6')]);
            await waitFor('live events', () => seen.length >= 5);
            assert.deepEqual(
              seen.map((e) => e.type),
              ['E2', 'E3', 'E4', 'E5', 'E6'],
            );
            assertStrictlyIncreasing(seen.map((e) => e.position));
            assert.equal(maxConcurrent(), 1);
          } finally {
            await subscription.close();
          }

          // From the start of the log (or of the test), everything arrives, including the first event.
          const all = record(store, [stream], start);
          try {
            await waitFor('full catch-up', () => all.seen.length >= 6);
            assert.deepEqual(
              all.seen.map((e) => e.type),
              ['E1', 'E2', 'E3', 'E4', 'E5', 'E6'],
            );
          } finally {
            await all.subscription.close();
          }
        }));

      test('redelivers the same event after the handler throws and then continues', () =>
        withStore(async ({ store }) => {
          const stream = streamName('retry');
          const { position: start } = await store.head();
          await store.append(stream, [event('E1'), event('E2'), event('E3')]);
          const attempts: string[] = [];
          const errors: unknown[] = [];
          let failuresLeft = 2;
          const boom = new Error('handler failed');
          const { seen, subscription } = record(
            store,
            [stream],
            start,
            async (e) => {
              attempts.push(e.type);
              if (e.type === 'E2' && failuresLeft > 0) {
                failuresLeft -= 1;
                throw boom;
              }
            },
            (error) => errors.push(error),
          );
          try {
            await waitFor('redelivery', () => seen.length >= 3);
            assert.deepEqual(attempts, ['E1', 'E2', 'E2', 'E2', 'E3']);
            assert.deepEqual(
              seen.map((e) => e.type),
              ['E1', 'E2', 'E3'],
            );
            // onError also hears about dropped connections; the handler's two failures must be among them.
            assert.equal(errors.filter((error) => error === boom).length, 2);
            await store.append(stream, [event('E4')]);
            await waitFor('a live event after the failures', () => seen.length >= 4);
            assert.equal(seen[3]?.type, 'E4');
          } finally {
            await subscription.close();
          }
        }));

      test('stops delivering after close() and waits for the handler in flight', () =>
        withStore(async ({ store }) => {
          const stream = streamName('close');
          const { position: start } = await store.head();
          await store.append(stream, [event('E1')]);
          let release!: () => void;
          const gate = new Promise<void>((resolve) => (release = resolve));
          let started = false;
          let finished = false;
          const { seen, subscription } = record(store, [stream], start, async () => {
            started = true;
            await gate;
            finished = true;
          });
          await waitFor('the handler to start', () => started);
          let closed = false;
          const closing = subscription.close().then(() => (closed = true));
          await new Promise((resolve) => setTimeout(resolve, 50));
          assert.equal(closed, false, 'close() waits for the handler in flight');
          release();
          await closing;
          assert.equal(finished, true);
          const deliveredBeforeClose = seen.length;

          // A second subscription proves E2 was deliverable while the closed one stayed silent.
          const control = record(store, [stream], start);
          try {
            await store.append(stream, [event('E2')]);
            await waitFor('the control subscription to see E2', () => control.seen.length === 2);
          } finally {
            await control.subscription.close();
          }
          assert.equal(seen.length, deliveredBeforeClose, 'nothing is delivered after close()');
          assert.ok(seen.every((e) => e.type === 'E1'));
        }));
    });

    describe('head and countAfter', () => {
      test('agree with each other and with the appended positions', () =>
        withStore(async ({ store }) => {
          const before = await store.head();
          if (before.count !== undefined) {
            assert.equal(await store.countAfter(undefined), before.count);
            assert.equal(before.count === 0, before.position === undefined);
          }
          const stream = streamName('head');
          await store.append(stream, [event('A'), event('B')]);
          const last = await store.append(stream, [event('C')]);
          const after = await store.head();
          // The head is our last append, or a later event of another writer of a shared $all.
          assert.ok(after.position !== undefined && after.position >= last.position, 'the head is at or after the last append');
          if (after.position !== last.position) {
            const later = await store.readAll({ fromPosition: last.position, limit: 1 });
            assert.equal(later.length, 1, 'a head past the last append is an event written after it');
            assert.notEqual(later[0]?.stream, stream);
          }
          if (before.position !== undefined) assert.ok(before.position < last.position);

          const counted = await store.countAfter(before.position);
          if (counted !== undefined) {
            assert.equal(counted, 3);
            assert.equal(await store.countAfter(after.position), 0);
            assert.equal(await store.countAfter(undefined), after.count);
            assert.equal(after.count, (before.count ?? 0) + 3);
          } else {
            assert.equal(after.count, undefined, 'count is undefined when countAfter is');
          }
        }));
    });

    describe('durability', () => {
      test('keeps appended events across a reopen', (t) =>
        withStore(async ({ store, reopen, current }) => {
          if (reopen === undefined) {
            t.diagnostic(`${name} has no reopen: nothing to check`);
            return;
          }
          const stream = streamName('durable');
          await store.append(stream, [event('A', { n: 1 }), event('B', { n: 2 })], { expectedRevision: 'no_stream' });
          const written = await store.readStream(stream);
          const head = await store.head();
          const reopened = await reopen();
          assert.equal(current(), reopened);
          assert.deepEqual(await reopened.readStream(stream), written);
          // At the same head, or past it when another writer of a shared $all appended meanwhile.
          const reopenedHead = await reopened.head();
          assert.ok(head.position !== undefined && reopenedHead.position !== undefined && reopenedHead.position >= head.position);
          if (reopenedHead.count !== undefined && head.count !== undefined) assert.ok(reopenedHead.count >= head.count);
          const next = await reopened.append(stream, [event('C')], { expectedRevision: 1n });
          assert.equal(next.nextRevision, 2n);
        }));
    });
  });
}
