/**
 * The EventStoreDB adapter against a stand-in for `@eventstore/db-client` 6.2.1, for the behaviours the
 * contract suite cannot provoke on a healthy server (it runs only with EVENTSTORE_URL). What the stand-in
 * does is what the client and server do, quoted where each test relies on it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BACKWARDS, END, MaxAppendSizeExceededError, StreamNotFoundError, UnavailableError } from '@eventstore/db-client';
import type { AppendResult, Position as EsdbPosition } from '@eventstore/db-client';
import { AppendTooLarge, WrongExpectedVersion } from './event-store.port.ts';
import { createEventStoreDbEventStore, encodePosition } from './eventstoredb-event-store.ts';
import type { EventStoreDbClientApi } from './eventstoredb-event-store.ts';

interface StoredEvent {
  streamId: string;
  type: string;
  revision: bigint;
  position: EsdbPosition;
}

function resolved(event: StoredEvent) {
  return {
    event: {
      streamId: event.streamId,
      id: `00000000-0000-4000-8000-${event.position.commit.toString().padStart(12, '0')}`,
      revision: event.revision,
      type: event.type,
      data: { n: Number(event.revision) },
      metadata: {},
      isJson: true,
      contentType: 'application/json',
      created: new Date('2026-01-01T00:00:00.000Z'),
      position: event.position,
    },
  };
}

async function* yieldAll<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

interface Fake {
  append?: () => Promise<AppendResult>;
  readStream?: (stream: string, options: { fromRevision?: unknown; maxCount?: number | bigint; direction?: unknown }) => AsyncGenerator<unknown>;
  readAll?: (options: { fromPosition?: unknown; maxCount?: number | bigint; direction?: unknown }) => AsyncGenerator<unknown>;
}

function storeWith(fake: Fake) {
  const client = {
    appendToStream: fake.append ?? (() => Promise.reject(new Error('no append here'))),
    readStream: fake.readStream ?? (() => yieldAll([])),
    readAll: fake.readAll ?? (() => yieldAll([])),
    subscribeToAll: () => {
      throw new Error('no subscription here');
    },
    dispose: () => Promise.resolve(),
  } as unknown as EventStoreDbClientApi;
  // The stand-in's tests are about the client's answers: their events' data need not be real.
  return createEventStoreDbEventStore({ connectionString: 'esdb://unused:2113?tls=false', client, validation: 'off' });
}

const at = (n: number): EsdbPosition => ({ commit: BigInt(n), prepare: BigInt(n) });

describe('EventStoreDB adapter (client stand-in)', () => {
  test('an append the client resolves with success: false is a WrongExpectedVersion, with the actual revision read from the stream', async () => {
    // @eventstore/db-client dist/streams/appendToStream/batchAppend.js, with throwOnAppendFailure=false:
    //   return resolve({ success: false, nextExpectedRevision, position: undefined });
    // where nextExpectedRevision = BigInt(wrongExpectedVersion.hasCurrentStreamRevision()): 1n, not a revision.
    const reads: unknown[] = [];
    const store = storeWith({
      append: () => Promise.resolve({ success: false, nextExpectedRevision: 1n, position: undefined }),
      readStream: (stream, options) => {
        reads.push(options);
        return yieldAll([resolved({ streamId: stream, type: 'B', revision: 6n, position: at(700) })]);
      },
    });
    await assert.rejects(store.append('user-1', [{ type: 'C', data: {} }], { expectedRevision: 3n }), (error) => {
      assert.ok(error instanceof WrongExpectedVersion, String(error));
      assert.equal(error.stream, 'user-1');
      assert.equal(error.expected, 3n);
      assert.equal(error.actual, 6n);
      return true;
    });
    assert.deepEqual(reads, [{ fromRevision: END, maxCount: 1, direction: BACKWARDS }]);

    // The stream does not exist: the client's read throws StreamNotFoundError (readStream.js: stream-not-found).
    const missing = storeWith({
      append: () => Promise.resolve({ success: false, nextExpectedRevision: -1n, position: undefined }),
      readStream: (stream) => {
        throw new StreamNotFoundError(undefined, stream);
      },
    });
    await assert.rejects(missing.append('user-2', [{ type: 'A', data: {} }], { expectedRevision: 'stream_exists' }), (error) => {
      assert.ok(error instanceof WrongExpectedVersion);
      assert.equal(error.actual, 'no_stream');
      return true;
    });
  });

  test("an append over the server's MaxAppendSize is an AppendTooLarge naming the limit", async () => {
    // unpackError.js: `return CommandError_1.MaxAppendSizeExceededError.fromMaxAppendSize(unpacked.getMaxappendsize())`;
    // the server's default MaxAppendSize is 1,048,576 bytes.
    const store = storeWith({ append: () => Promise.reject(MaxAppendSizeExceededError.fromMaxAppendSize(1_048_576)) });
    await assert.rejects(store.append('contacts-1', [{ type: 'ContactAdded', data: {} }]), (error) => {
      assert.ok(error instanceof AppendTooLarge, String(error));
      assert.equal(error.stream, 'contacts-1');
      assert.equal(error.maxBytes, 1_048_576);
      return true;
    });
  });

  test('a failure reading back the position of an append is thrown, not replaced by another position', async () => {
    let headRead = false;
    const store = storeWith({
      append: () => Promise.resolve({ success: true, nextExpectedRevision: 0n, position: at(100) }),
      readStream: () => {
        throw new UnavailableError();
      },
      readAll: () => {
        headRead = true;
        return yieldAll([]);
      },
    });
    await assert.rejects(store.append('user-3', [{ type: 'A', data: {} }]), UnavailableError);
    assert.equal(headRead, false);

    // A server that gives stream reads no position (before 22.6: 2^64 - 1) falls back to the append's.
    const old = storeWith({
      append: () => Promise.resolve({ success: true, nextExpectedRevision: 0n, position: at(100) }),
      readStream: (stream) => yieldAll([resolved({ streamId: stream, type: 'A', revision: 0n, position: { commit: 2n ** 64n - 1n, prepare: 2n ** 64n - 1n } })]),
    });
    assert.equal((await old.append('user-4', [{ type: 'A', data: {} }])).position, encodePosition(at(100)));
  });

  test('readStream keeps $-typed events, so revisions stay gapless, and passes maxCount to the server', async () => {
    const events = ['A', '$metadata-like', 'B', 'C'].map((type, i) =>
      resolved({ streamId: 'user-5', type, revision: BigInt(i), position: at(10 + i) }),
    );
    const asked: unknown[] = [];
    const store = storeWith({
      readStream: (_stream, options) => {
        asked.push(options.maxCount);
        const from = typeof options.fromRevision === 'bigint' ? Number(options.fromRevision) : 0;
        const count = options.maxCount === undefined ? Infinity : Number(options.maxCount);
        return yieldAll(events.slice(from, from + count));
      },
    });
    const all = await store.readStream('user-5');
    assert.deepEqual(all.map((e) => [e.revision, e.type]), [[0n, 'A'], [1n, '$metadata-like'], [2n, 'B'], [3n, 'C']]);
    const window = await store.readStream('user-5', { fromRevision: 1n, maxCount: 2 });
    assert.deepEqual(window.map((e) => e.revision), [1n, 2n]);
    assert.deepEqual(asked, [undefined, 2n]);
  });

  test('head pages backwards past trailing system events, each page starting before the last one seen', async () => {
    // IReadIndex.ReadAllEventsBackward: "Positions is specified as post-positions (pointer after the end of
    // record)": reading backwards from an event's position starts with the event before it.
    const log = [
      { streamId: 'user-6', type: 'UserRegistered', revision: 0n, position: at(1) },
      ...Array.from({ length: 70 }, (_, i) => ({ streamId: '$stats-0.0.0.0:2113', type: '$statsCollected', revision: BigInt(i), position: at(2 + i) })),
    ];
    const froms: unknown[] = [];
    const store = storeWith({
      readAll: (options) => {
        froms.push(options.fromPosition);
        const before = options.fromPosition === END ? Infinity : Number((options.fromPosition as EsdbPosition).commit);
        const page = log.filter((e) => Number(e.position.commit) < before).reverse().slice(0, Number(options.maxCount));
        return yieldAll(page.map(resolved));
      },
    });
    assert.deepEqual(await store.head(), { position: encodePosition(at(1)), count: undefined });
    assert.deepEqual(froms, [END, at(40), at(8)]);

    const empty = storeWith({ readAll: () => yieldAll(log.slice(1, 20).reverse().map(resolved)) });
    assert.deepEqual(await empty.head(), { position: undefined, count: undefined });
  });
});
