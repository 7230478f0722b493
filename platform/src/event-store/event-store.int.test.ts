/**
 * Runs the EventStore contract against every adapter available here, plus tests specific to SQLite.
 * SQLite always runs (temp files under os.tmpdir()); EventStoreDB runs when EVENTSTORE_URL is set.
 */
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, test } from 'node:test';
import { setImmediate } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { eventStoreContract } from './event-store.contract.ts';
import { createEventStoreDbEventStore } from './eventstoredb-event-store.ts';
import { WrongExpectedVersion } from './event-store.port.ts';
import type { EventStore, RecordedEvent } from './event-store.port.ts';
import { createSqliteEventStore } from './sqlite-event-store.ts';
import type { SqliteEventStore } from './sqlite-event-store.ts';

let root = '';
before(async () => {
  root = await mkdtemp(join(tmpdir(), 'crossfeed-event-store-'));
});
after(async () => {
  await rm(root, { recursive: true, force: true });
});

async function tempFile(): Promise<{ file: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(root, 'db-'));
  return { file: join(dir, 'events.db'), remove: () => rm(dir, { recursive: true, force: true }) };
}

async function waitFor(what: string, condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

type OpenStore = (options?: { pollIntervalMs?: number; synchronous?: 'FULL' | 'NORMAL'; appendInThread?: boolean }) => SqliteEventStore;

/** Opens stores on one temp file and closes them all (and removes the file) afterwards. */
async function withFile(fn: (open: OpenStore, file: string) => Promise<void>): Promise<void> {
  const { file, remove } = await tempFile();
  const stores: SqliteEventStore[] = [];
  try {
    await fn((options = {}) => {
      const store = createSqliteEventStore({ file, ...options });
      stores.push(store);
      return store;
    }, file);
  } finally {
    await Promise.all(stores.map((s) => s.close()));
    await remove();
  }
}

eventStoreContract('SQLite', async () => {
  const { file, remove } = await tempFile();
  let store: EventStore = createSqliteEventStore({ file, pollIntervalMs: 50, validation: 'off' });
  return {
    store,
    reopen: async () => {
      await store.close();
      store = createSqliteEventStore({ file, pollIntervalMs: 50, validation: 'off' });
      return store;
    },
    cleanup: async () => {
      await store.close();
      await remove();
    },
  };
});

eventStoreContract('SQLite, appends committed on the appender thread', async () => {
  const { file, remove } = await tempFile();
  let store: EventStore = createSqliteEventStore({ file, pollIntervalMs: 50, appendInThread: true, validation: 'off' });
  return {
    store,
    reopen: async () => {
      await store.close();
      store = createSqliteEventStore({ file, pollIntervalMs: 50, appendInThread: true, validation: 'off' });
      return store;
    },
    cleanup: async () => {
      await store.close();
      await remove();
    },
  };
});

const eventStoreUrl = process.env.EVENTSTORE_URL;
if (eventStoreUrl) {
  eventStoreContract('EventStoreDB', async () => {
    let store: EventStore = createEventStoreDbEventStore({ connectionString: eventStoreUrl, validation: 'off' });
    return {
      store,
      reopen: async () => {
        await store.close();
        store = createEventStoreDbEventStore({ connectionString: eventStoreUrl, validation: 'off' });
        return store;
      },
      cleanup: () => store.close(),
    };
  });
} else {
  console.log('skipped: set EVENTSTORE_URL to run the EventStoreDB contract suite');
}

/** A worker thread with its own connection to `file`; it appends when the shared start flag flips. */
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
(async () => {
  const { createSqliteEventStore } = await import(workerData.moduleUrl);
  const store = createSqliteEventStore({ file: workerData.file });
  const start = new Int32Array(workerData.start);
  parentPort.postMessage({ ready: true });
  Atomics.wait(start, 0, 0);
  const outcome = { ok: 0, wrong: 0, other: [] };
  for (let i = 0; i < workerData.appends; i++) {
    const expectedRevision = workerData.expectedRevision === 'bigint0' ? 0n : workerData.expectedRevision;
    try {
      await store.append(workerData.stream, [{ type: 'Raced', data: { worker: workerData.index, i } }], { expectedRevision });
      outcome.ok += 1;
    } catch (error) {
      if (error && error.name === 'WrongExpectedVersion') outcome.wrong += 1;
      else outcome.other.push(String(error && error.stack || error));
    }
  }
  await store.close();
  parentPort.postMessage({ done: outcome });
})().catch((error) => parentPort.postMessage({ done: { ok: 0, wrong: 0, other: [String(error && error.stack || error)] } }));
`;

interface WorkerOutcome {
  ok: number;
  wrong: number;
  other: string[];
}

/** Starts `count` threads, releases them at the same instant, and collects what each one saw. */
async function race(
  file: string,
  count: number,
  options: { stream: string; appends: number; expectedRevision: 'any' | 'no_stream' | 'bigint0' },
): Promise<WorkerOutcome[]> {
  const start = new SharedArrayBuffer(4);
  const moduleUrl = new URL('./sqlite-event-store.ts', import.meta.url).href;
  const workers = Array.from(
    { length: count },
    (_, index) => new Worker(WORKER_SOURCE, { eval: true, workerData: { moduleUrl, file, start, index, ...options } }),
  );
  const ready = workers.map((w) => new Promise<void>((resolve) => w.on('message', (m: { ready?: boolean }) => m.ready && resolve())));
  const done = workers.map(
    (w) =>
      new Promise<WorkerOutcome>((resolve, reject) => {
        w.on('message', (m: { done?: WorkerOutcome }) => m.done && resolve(m.done));
        w.on('error', reject);
      }),
  );
  await Promise.all(ready);
  const flag = new Int32Array(start);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
  try {
    return await Promise.all(done);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

describe('SQLite event store', () => {
  test('opens the file in WAL mode with synchronous=FULL by default', () =>
    withFile(async (open, file) => {
      const store = open();
      const pragmas = store.pragmas();
      assert.equal(pragmas.journalMode, 'wal');
      assert.equal(pragmas.synchronous, 2, 'PRAGMA synchronous = 2 (FULL)');
      assert.ok(pragmas.busyTimeout > 0, 'a busy timeout lets several processes share the file');
      const raw = new DatabaseSync(file);
      try {
        assert.deepEqual({ ...raw.prepare('PRAGMA journal_mode').get() }, { journal_mode: 'wal' });
      } finally {
        raw.close();
      }
      assert.equal(open({ synchronous: 'NORMAL' }).pragmas().synchronous, 1);
    }));

  test('lets exactly one of 20 concurrent no_stream appends succeed when split across two instances', () =>
    withFile(async (open) => {
      const a = open();
      const b = open();
      const stream = 'reservation-shared';
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 === 0 ? a : b).append(stream, [{ type: 'EmailReserved', data: { i } }], { expectedRevision: 'no_stream' }),
        ),
      );
      assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
      const rejected = results.filter((r) => r.status === 'rejected');
      assert.equal(rejected.length, 19);
      for (const r of rejected) assert.ok(r.reason instanceof WrongExpectedVersion);
      assert.equal((await a.readStream(stream)).length, 1);
      assert.equal((await b.readStream(stream)).length, 1);
    }));

  test('lets exactly one of 8 threads racing no_stream on one stream succeed (separate connections)', () =>
    withFile(async (open, file) => {
      open(); // create the schema before the threads start
      const outcomes = await race(file, 8, { stream: 'reservation-threads', appends: 1, expectedRevision: 'no_stream' });
      assert.deepEqual(
        outcomes.flatMap((o) => o.other),
        [],
      );
      assert.equal(outcomes.reduce((n, o) => n + o.ok, 0), 1);
      assert.equal(outcomes.reduce((n, o) => n + o.wrong, 0), 7);
      const reader = open();
      assert.equal((await reader.readStream('reservation-threads')).length, 1);
    }));

  test('keeps revisions and positions gapless when 4 threads append to one stream at once', () =>
    withFile(async (open, file) => {
      open();
      const outcomes = await race(file, 4, { stream: 'user-threads', appends: 50, expectedRevision: 'any' });
      assert.deepEqual(
        outcomes.flatMap((o) => o.other),
        [],
      );
      assert.equal(outcomes.reduce((n, o) => n + o.ok, 0), 200);
      const reader = open();
      const events = await reader.readStream('user-threads');
      assert.deepEqual(
        events.map((e) => e.revision),
        Array.from({ length: 200 }, (_, i) => BigInt(i)),
      );
      const all = await reader.readAll();
      assert.equal(all.length, 200);
      assert.equal(new Set(all.map((e) => e.position)).size, 200);
      assert.deepEqual(await reader.head(), { position: all.at(-1)?.position, count: 200 });
    }));

  test('delivers appends made through another instance to a subscriber (poll)', () =>
    withFile(async (open) => {
      const a = open({ pollIntervalMs: 50 });
      const b = open();
      const seen: RecordedEvent[] = [];
      const subscription = a.subscribeAll({}, async (e) => {
        seen.push(e);
      });
      try {
        await b.append('user-b', [{ type: 'FromB', data: { n: 1 } }]);
        await waitFor('the poll to pick up the append', () => seen.length === 1, 5_000);
        await b.append('user-b', [{ type: 'FromB', data: { n: 2 } }, { type: 'FromB', data: { n: 3 } }]);
        await waitFor('the next appends', () => seen.length === 3, 5_000);
        assert.deepEqual(
          seen.map((e) => e.data),
          [{ n: 1 }, { n: 2 }, { n: 3 }],
        );
      } finally {
        await subscription.close();
      }
    }));

  test('wakes a live subscriber at once on an append through the same instance', () =>
    withFile(async (open) => {
      const store = open({ pollIntervalMs: 60_000 });
      const seen: RecordedEvent[] = [];
      const subscription = store.subscribeAll({}, async (e) => {
        seen.push(e);
      });
      try {
        await store.append('user-1', [{ type: 'First', data: {} }]);
        await waitFor('the first event', () => seen.length === 1, 1_000);
        await new Promise((resolve) => setTimeout(resolve, 20)); // the subscriber is now idle, waiting
        await store.append('user-1', [{ type: 'Second', data: {} }]);
        await waitFor('the live event, well before the 60 s poll', () => seen.length === 2, 1_000);
      } finally {
        await subscription.close();
      }
    }));

  test('catches up across several batches in order', () =>
    withFile(async (open) => {
      const store = open();
      for (let i = 0; i < 3; i++) {
        await store.append(`bulk-${i}`, Array.from({ length: 450 }, (_, n) => ({ type: 'Bulk', data: { n } })));
      }
      const seen: RecordedEvent[] = [];
      const subscription = store.subscribeAll({}, async (e) => {
        seen.push(e);
      });
      try {
        await waitFor('1350 events', () => seen.length === 1350);
        const all = [...(await store.readAll({ limit: 1000 })), ...(await store.readAll({ fromPosition: seen[999]?.position }))];
        assert.deepEqual(
          seen.map((e) => e.position),
          all.map((e) => e.position),
        );
      } finally {
        await subscription.close();
      }
    }));

  test('rolls back the whole append when a later event reuses an existing id', () =>
    withFile(async (open) => {
      const store = open();
      const id = crypto.randomUUID();
      await store.append('user-1', [{ id, type: 'A', data: {} }]);
      await assert.rejects(
        store.append('user-2', [
          { type: 'B', data: {} },
          { id, type: 'C', data: {} },
        ]),
        (error: Error) => error.message.includes(id) && !(error instanceof WrongExpectedVersion),
      );
      assert.deepEqual(await store.readStream('user-2'), []);
      assert.equal((await store.head()).count, 1);
      // No transaction was left open: the next append commits.
      assert.equal((await store.append('user-2', [{ type: 'B', data: {} }], { expectedRevision: 'no_stream' })).nextRevision, 0n);
    }));

  test('commits the appends of one turn of the event loop in one transaction, each with its own expectation', () =>
    withFile(async (open) => {
      const store = open();
      await store.append('user-0', [{ type: 'A', data: {} }]);
      const before = store.commitStats();
      const results = await Promise.allSettled([
        ...Array.from({ length: 30 }, (_, i) => store.append(`user-${i + 1}`, [{ type: 'A', data: { i } }], { expectedRevision: 'no_stream' })),
        // Fails its own expectation: rolled back alone.
        store.append('user-0', [{ type: 'B', data: {} }], { expectedRevision: 'no_stream' }),
        // Two appends to one stream in one group: the second sees the first.
        store.append('user-0', [{ type: 'C', data: {} }], { expectedRevision: 0n }),
        store.append('user-0', [{ type: 'D', data: {} }], { expectedRevision: 1n }),
      ]);
      const after = store.commitStats();
      assert.equal(after.appends - before.appends, 33);
      assert.equal(after.commits - before.commits, 1, 'one transaction (one fsync) for the whole group');
      assert.equal(results.filter((r) => r.status === 'fulfilled').length, 32);
      const failed = results[30];
      assert.ok(failed?.status === 'rejected' && failed.reason instanceof WrongExpectedVersion);
      assert.deepEqual((await store.readStream('user-0')).map((e) => [e.revision, e.type]), [
        [0n, 'A'],
        [1n, 'C'],
        [2n, 'D'],
      ]);
      // Positions are gapless and in the order the appends were made.
      const positions = results.flatMap((r) => (r.status === 'fulfilled' ? [Number(r.value.position)] : []));
      assert.deepEqual(positions, positions.toSorted((a, b) => a - b));
      assert.equal((await store.head()).count, 33);
    }));

  test('a duplicate id in one append of a group rolls back that append only', () =>
    withFile(async (open) => {
      const store = open();
      const id = crypto.randomUUID();
      await store.append('user-1', [{ id, type: 'A', data: {} }]);
      const [dup, ok] = await Promise.allSettled([
        store.append('user-2', [{ type: 'B', data: {} }, { id, type: 'C', data: {} }]),
        store.append('user-3', [{ type: 'D', data: {} }]),
      ]);
      assert.equal(dup?.status, 'rejected');
      assert.equal(ok?.status, 'fulfilled');
      assert.deepEqual(await store.readStream('user-2'), []);
      assert.equal((await store.readStream('user-3')).length, 1);
    }));

  for (const appendInThread of [false, true]) {
    const mode = appendInThread ? 'appends committed on the appender thread' : 'appends committed inline';
    test(`reads nothing for a stream it has just appended to, yet sees what another connection appends to it (${mode})`, () =>
      withFile(async (open) => {
        const store = open({ appendInThread });
        const other = open();
        await store.append('user-1', [{ type: 'A', data: {} }], { expectedRevision: 'no_stream' });
        assert.deepEqual(await store.readStream('user-1', { fromRevision: 1n }), []);
        await other.append('user-1', [{ type: 'B', data: {} }], { expectedRevision: 0n });
        await setImmediate();
        assert.deepEqual((await store.readStream('user-1', { fromRevision: 1n })).map((event) => event.type), ['B']);
        // Deciding on the revision it knew loses to the other connection's append: refused, nothing written.
        await assert.rejects(store.append('user-1', [{ type: 'C', data: {} }], { expectedRevision: 0n }), WrongExpectedVersion);
        assert.deepEqual((await store.readStream('user-1')).map((event) => event.type), ['A', 'B']);
      }));

    test(`bumps and wakes its commit signal after each commit, for readers in other threads (${mode})`, () =>
      withFile(async (open) => {
        const store = open({ appendInThread });
        const signal = store.commitSignal();
        const before = Atomics.load(signal, 0);
        const woken = Atomics.waitAsync(signal, 0, before, 5000);
        assert.equal(woken.async, true);
        await store.append('user-1', [{ type: 'A', data: {} }]);
        assert.equal(await woken.value, 'ok');
        assert.equal(Atomics.load(signal, 0), before + 1);
        // A group that commits nothing (its only append refused) bumps nothing.
        await assert.rejects(store.append('user-1', [{ type: 'B', data: {} }], { expectedRevision: 'no_stream' }), WrongExpectedVersion);
        assert.equal(Atomics.load(signal, 0), before + 1);
      }));

    test(`another connection's append between two of its own groups makes it forget the heads it knew (${mode})`, () =>
      withFile(async (open) => {
        const store = open({ appendInThread });
        const other = open();
        await store.append('user-1', [{ type: 'A', data: {} }], { expectedRevision: 'no_stream' });
        await other.append('user-1', [{ type: 'B', data: {} }], { expectedRevision: 0n });
        // Its own next group ends the log again, so only the commit in between tells it of the other's.
        await store.append('user-2', [{ type: 'C', data: {} }], { expectedRevision: 'no_stream' });
        assert.equal((await store.head()).position, (await store.readStream('user-2'))[0]?.position);
        assert.deepEqual((await store.readStream('user-1', { fromRevision: 1n })).map((event) => event.type), ['B']);
      }));
  }

  test('on the appender thread, the appends of one turn share a commit and the next turn\'s are sent without waiting', () =>
    withFile(async (open) => {
      const store = open({ appendInThread: true });
      await store.append('user-0', [{ type: 'A', data: {} }]);
      const before = store.commitStats();
      const first = Array.from({ length: 20 }, (_, i) => store.append(`user-a${i}`, [{ type: 'A', data: { i } }], { expectedRevision: 'no_stream' }));
      await setImmediate();
      const second = Array.from({ length: 20 }, (_, i) => store.append(`user-b${i}`, [{ type: 'A', data: { i } }], { expectedRevision: 'no_stream' }));
      const results = await Promise.all([...first, ...second]);
      const after = store.commitStats();
      assert.equal(after.appends - before.appends, 40);
      assert.equal(after.commits - before.commits, 2, 'one commit per turn');
      const positions = results.map((result) => Number(result.position));
      assert.deepEqual(positions, positions.toSorted((a, b) => a - b), 'committed in the order they were made');
      assert.equal((await store.head()).count, 41);
    }));

  test('close() commits the appends already accepted', () =>
    withFile(async (open, file) => {
      const store = open();
      const pending = Promise.all(Array.from({ length: 5 }, (_, i) => store.append(`user-${i}`, [{ type: 'A', data: {} }])));
      await store.close();
      await pending;
      const raw = new DatabaseSync(file);
      try {
        assert.equal((raw.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n, 5);
      } finally {
        raw.close();
      }
      await assert.rejects(store.append('user-9', [{ type: 'A', data: {} }]), /closed|closing/);
    }));

  test('maps a unique (stream, revision) violation from another writer to WrongExpectedVersion', () =>
    withFile(async (open, file) => {
      const store = open();
      // Simulate a writer that slipped in between the revision check and the insert.
      const raw = new DatabaseSync(file);
      try {
        raw.exec(`CREATE TRIGGER sneak BEFORE INSERT ON events WHEN NEW.stream = 'user-race' AND NEW.type = 'Mine'
          BEGIN INSERT INTO events (id, stream, revision, type, data, metadata, created_at)
            VALUES ('sneaky-' || NEW.id, NEW.stream, NEW.revision, 'Theirs', '{}', '{}', NEW.created_at); END`);
      } finally {
        raw.close();
      }
      await assert.rejects(store.append('user-race', [{ type: 'Mine', data: {} }], { expectedRevision: 'no_stream' }), WrongExpectedVersion);
      assert.deepEqual(await store.readStream('user-race'), []);
    }));

  test('close() ends subscriptions, clears their timers and closes the database', () =>
    withFile(async (open) => {
      const store = open({ pollIntervalMs: 30_000 });
      const timersBefore = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
      let calls = 0;
      const subscription = store.subscribeAll({}, async () => {
        calls += 1;
      });
      await store.append('user-1', [{ type: 'A', data: {} }]);
      await waitFor('delivery', () => calls === 1);
      await Promise.all([store.close(), store.close()]); // closing twice is harmless
      await subscription.close(); // already closed: resolves at once
      assert.equal(process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length, timersBefore);
      await assert.rejects(store.append('user-1', [{ type: 'B', data: {} }]), /closed/);
      await assert.rejects(store.readAll(), /closed/);
      assert.throws(() => store.subscribeAll({}, async () => {}), /closed/);
    }));

  test('checkpoints mostly in its background thread, and the WAL starts over under a steady stream of commits', () =>
    withFile(async (open, file) => {
      const store = open();
      // The writer's own automatic checkpoint at SQLite's default lets the WAL start over (see AUTO_CHECKPOINT_PAGES).
      assert.equal(store.pragmas().walAutocheckpoint, 1000);
      const big = 'x'.repeat(4000);
      // 80 commits: past the point where the background checkpointer starts (64).
      for (let i = 0; i < 80; i++) {
        await store.append(`wal-${i}`, Array.from({ length: 50 }, () => ({ type: 'Big', data: { big } })));
      }
      await store.close();
      // Closed cleanly with its checkpointer: everything is there for the next process.
      const again = open();
      assert.equal((await again.readStream('wal-79')).length, 50);
      assert.equal((await again.head()).count, 4_000);
      // 3,000 small commits write some 10,000 WAL pages (40 MB): the WAL must have started over on the way.
      for (let i = 0; i < 3000; i++) await again.append(`steady-${i}`, [{ type: 'Small', data: { i } }]);
      assert.ok(statSync(`${file}-wal`).size < 8_000_000, `WAL of ${statSync(`${file}-wal`).size} bytes`);
    }));

  test('creates the folder of the database file when it is missing', () =>
    withFile(async (_open, file) => {
      const nested = join(file, '..', 'data', 'nested', 'events.db');
      const store = createSqliteEventStore({ file: nested });
      try {
        await store.append('user-1', [{ type: 'A', data: {} }]);
        assert.equal((await store.head()).count, 1);
      } finally {
        await store.close();
      }
    }));

  test('rejects a position that is not a zero-padded row id', () =>
    withFile(async (open) => {
      const store = open();
      await assert.rejects(store.readAll({ fromPosition: 'abc' }), TypeError);
      assert.throws(() => store.subscribeAll({ fromPosition: '-1' }, async () => {}), TypeError);
    }));
});
