/**
 * The command handler against the SQLite event store: cached folds that read only new events, one queue
 * per stream, and races with other writers settled by the expected revision.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Decider } from '@crossfeed/domain/shared/decider.ts';
import { ConflictError } from '@crossfeed/domain/shared/errors.ts';
import type { EventStore, ReadStreamOptions, RecordedEvent } from '../event-store/event-store.port.ts';
import { createSqliteEventStore, type SqliteEventStore } from '../event-store/sqlite-event-store.ts';
import { CommandHandler } from './command-handler.ts';

type Added = { type: 'Added'; data: { n: number } };
type Add = { type: 'Add'; data: { n: number; max?: number } };
interface Tally {
  total: number;
  count: number;
}

/** A tally that refuses to pass `max`: the kind of invariant a quota is. */
const tally: Decider<Tally, Add, Added> = {
  initialState: () => ({ total: 0, count: 0 }),
  evolve(state, event) {
    if (event.type !== 'Added') return state; // other deciders' events on a shared stream
    state.total += event.data.n;
    state.count += 1;
    return state;
  },
  decide(command, state) {
    if (command.data.max !== undefined && state.total + command.data.n > command.data.max) throw new ConflictError('Over the limit.');
    return [{ type: 'Added', data: { n: command.data.n } }];
  },
};

/** Counts what the handler asks of the store. */
function counting(store: EventStore) {
  const stats = { reads: 0, eventsRead: 0, appends: 0, fromRevisions: [] as bigint[] };
  const wrapped: EventStore = Object.create(store) as EventStore;
  wrapped.readStream = async (stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> => {
    const events = await store.readStream(stream, options);
    stats.reads += 1;
    stats.eventsRead += events.length;
    stats.fromRevisions.push(options?.fromRevision ?? 0n);
    return events;
  };
  wrapped.append = async (...args) => {
    stats.appends += 1;
    return store.append(...args);
  };
  return { store: wrapped, stats };
}

let root = '';
let store: SqliteEventStore;
before(async () => {
  root = await mkdtemp(join(tmpdir(), 'crossfeed-commands-'));
  store = createSqliteEventStore({ file: join(root, 'events.db'), synchronous: 'NORMAL' });
});
after(async () => {
  await store.close();
  await rm(root, { recursive: true, force: true });
});

let n = 0;
const streamName = () => `tally-${++n}`;

describe('CommandHandler', () => {
  test('reads only the events appended since its cached revision', async () => {
    const { store: spied, stats } = counting(store);
    const handler = new CommandHandler(spied);
    const stream = streamName();
    for (let i = 0; i < 50; i++) await handler.handle(tally, stream, { type: 'Add', data: { n: 1 } });
    // Every command read from the revision after the last one it folded, and found nothing new.
    assert.deepEqual(stats.fromRevisions, Array.from({ length: 50 }, (_, i) => BigInt(i)));
    assert.equal(stats.eventsRead, 0);
    assert.equal(await handler.query(tally, stream, (state) => state.total), 50);
  });

  test('catches up on events another writer appended, reading only those', async () => {
    const { store: spied, stats } = counting(store);
    const handler = new CommandHandler(spied);
    const other = new CommandHandler(store);
    const stream = streamName();
    await handler.handle(tally, stream, { type: 'Add', data: { n: 1 } });
    for (let i = 0; i < 3; i++) await other.handle(tally, stream, { type: 'Add', data: { n: 10 } });
    stats.eventsRead = 0;
    const result = await handler.handle(tally, stream, { type: 'Add', data: { n: 100 } });
    assert.equal(result.nextRevision, 4n);
    assert.equal(stats.eventsRead, 3, 'only the three new events were read');
    assert.equal(await handler.query(tally, stream, (state) => state.total), 131);
  });

  test('queues 16 concurrent commands of one stream and appends those waiting together at once', async () => {
    const { store: spied, stats } = counting(store);
    const handler = new CommandHandler(spied);
    const stream = streamName();
    const results = await Promise.allSettled(
      Array.from({ length: 16 }, () => handler.handle(tally, stream, { type: 'Add', data: { n: 1, max: 10 } })),
    );
    const fulfilled = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    assert.equal(fulfilled.length, 10);
    assert.equal(results.filter((r) => r.status === 'rejected' && r.reason instanceof ConflictError).length, 6);
    // The first command found the queue empty; the 15 that waited behind it were decided in turn and
    // appended in one append: no optimistic-concurrency retries, two fsyncs instead of ten.
    assert.equal(stats.appends, 2);
    assert.deepEqual(fulfilled.map((r) => r.nextRevision), Array.from({ length: 10 }, (_, i) => BigInt(i)));
    assert.equal((await store.readStream(stream)).length, 10);
  });

  test('commands of two deciders on one stream are decided each on its own state, in queue order', async () => {
    const handler = new CommandHandler(store);
    const stream = streamName();
    type Noted = { type: 'Noted'; data: { text: string } };
    const notes: Decider<string[], { type: 'Note'; data: { text: string } }, Noted> = {
      initialState: () => [],
      evolve: (state, event) => {
        if (event.type === 'Noted') state.push(event.data.text);
        return state;
      },
      decide: (command) => [{ type: 'Noted', data: { text: command.data.text } }],
    };
    const tallyAny = tally as unknown as Decider<Tally, Add, Added | Noted>;
    await Promise.all([
      handler.handle(tallyAny, stream, { type: 'Add', data: { n: 1 } }),
      handler.handle(notes, stream, { type: 'Note', data: { text: 'a' } }),
      handler.handle(tallyAny, stream, { type: 'Add', data: { n: 2 } }),
      handler.handle(notes, stream, { type: 'Note', data: { text: 'b' } }),
    ]);
    assert.deepEqual((await store.readStream(stream)).map((e) => e.type), ['Added', 'Noted', 'Added', 'Noted']);
    assert.deepEqual(await handler.query(notes, stream, (state) => [...state]), ['a', 'b']);
    assert.deepEqual(await handler.query(tallyAny, stream, (state) => ({ ...state })), { total: 3, count: 2 });
  });

  test('a race with another process is settled by the expected revision and decided again on the new state', async () => {
    const stream = streamName();
    const a = new CommandHandler(store);
    const b = new CommandHandler(store);
    // Two handlers (as two API processes would) racing on one stream, with a limit of 20 in all.
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? a : b).handle(tally, stream, { type: 'Add', data: { n: 1, max: 20 } }, { maxRetries: 50 })),
    );
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 20);
    assert.equal((await store.readStream(stream)).length, 20);
  });

  test('a refused command leaves the cached state as it was', async () => {
    const handler = new CommandHandler(store);
    const stream = streamName();
    await handler.handle(tally, stream, { type: 'Add', data: { n: 5, max: 5 } });
    await assert.rejects(handler.handle(tally, stream, { type: 'Add', data: { n: 1, max: 5 } }), ConflictError);
    assert.deepEqual(await handler.query(tally, stream, (state) => ({ ...state })), { total: 5, count: 1 });
  });

  test('keeps the most recently used streams and folds a dropped one again from the start', async () => {
    const { store: spied, stats } = counting(store);
    const handler = new CommandHandler(spied, { cacheSize: 2 });
    const [s1, s2, s3] = [streamName(), streamName(), streamName()];
    for (const stream of [s1, s2, s3]) await handler.handle(tally, stream, { type: 'Add', data: { n: 1 } });
    stats.fromRevisions = [];
    await handler.handle(tally, s3, { type: 'Add', data: { n: 1 } });
    await handler.handle(tally, s1, { type: 'Add', data: { n: 1 } });
    assert.deepEqual(stats.fromRevisions, [1n, 0n], 's3 was cached; s1 had been dropped and was folded from revision 0');
    assert.equal(await handler.query(tally, s1, (state) => state.total), 2);
  });

  test('a stream longer than a page is folded whole the first time, one window of events at a time', async () => {
    const stream = streamName();
    await store.append(stream, Array.from({ length: 2_500 }, () => ({ type: 'Added', data: { n: 2 } })));
    const { store: spied, stats } = counting(store);
    const handler = new CommandHandler(spied);
    const result = await handler.handle(tally, stream, { type: 'Add', data: { n: 1 } });
    assert.equal(result.nextRevision, 2_500n);
    // Never the whole stream in memory at once: windows of 1,000, the last one short.
    assert.deepEqual(stats.fromRevisions, [0n, 1_000n, 2_000n]);
    assert.equal(stats.eventsRead, 2_500);
    assert.equal(await handler.query(tally, stream, (state) => state.total), 5_001);
  });

  test('a long first fold gives the event loop back between windows: a timer due meanwhile runs before it ends', async () => {
    const stream = streamName();
    await store.append(stream, Array.from({ length: 5_000 }, () => ({ type: 'Added', data: { n: 1 } })));
    const { store: spied, stats } = counting(store);
    let readsWhenTimerRan: number | undefined;
    setTimeout(() => (readsWhenTimerRan = stats.reads), 0);
    const handled = new CommandHandler(spied).handle(tally, stream, { type: 'Add', data: { n: 1 } });
    await handled;
    assert.equal(stats.reads, 6);
    assert.ok(readsWhenTimerRan !== undefined && readsWhenTimerRan < 6, `the timer ran after ${readsWhenTimerRan} of 6 reads`);
  });
});
