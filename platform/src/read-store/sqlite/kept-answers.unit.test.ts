import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { KeptAnswers, MAX_ANSWER_DOCS, STABLE_MS, type KeptQuery } from './kept-answers.ts';

const find = (filter: Record<string, unknown>, options: Record<string, unknown> = {}): KeptQuery => ({ method: 'find', filter, options });

describe('KeptAnswers', () => {
  test('a query\'s key names its collection, method, filter and options, and plain JSON only', () => {
    const key = KeptAnswers.key('shares', find({ sharer_id: 'u1', content_id: { $in: ['a', 'b'] } }, { projection: { content_id: 1 } }));
    assert.equal(key, KeptAnswers.key('shares', find({ sharer_id: 'u1', content_id: { $in: ['a', 'b'] } }, { projection: { content_id: 1 } })));
    const others = [
      KeptAnswers.key('contents', find({ sharer_id: 'u1', content_id: { $in: ['a', 'b'] } }, { projection: { content_id: 1 } })),
      KeptAnswers.key('shares', find({ sharer_id: 'u1', content_id: { $in: ['a', 'b'] } })),
      KeptAnswers.key('shares', find({ sharer_id: 'u1', content_id: { $in: ['a', 'c'] } }, { projection: { content_id: 1 } })),
      KeptAnswers.key('shares', { method: 'findOne', filter: { sharer_id: 'u1', content_id: { $in: ['a', 'b'] } }, options: { projection: { content_id: 1 } } }),
      KeptAnswers.key('shares', { method: 'count', filter: { sharer_id: 'u1', content_id: { $in: ['a', 'b'] } } }),
      KeptAnswers.key('shares', find({ sharer_id: 'u1' }, { skip: 20, limit: 20 })),
      KeptAnswers.key('shares', find({ sharer_id: 'u1' }, { skip: 40, limit: 20 })),
      KeptAnswers.key('shares', find({ n: 1 })),
      KeptAnswers.key('shares', find({ n: '1' })),
      KeptAnswers.key('shares', find({ n: true })),
      KeptAnswers.key('shares', find({ n: null })),
      KeptAnswers.key('shares', find({ n: [1] })),
    ];
    assert.equal(new Set([key, ...others]).size, others.length + 1, 'every one differs');
    // A RegExp, a Date, undefined and the like would not be told apart by their JSON: never kept.
    // eslint-disable-next-line no-sparse-arrays -- a hole is one of the values that must not be kept
    for (const value of [/ab/i, new Date(0), undefined, Number.NaN, Infinity, new Map(), () => 1, 1n, [1, , 3]]) {
      assert.equal(KeptAnswers.key('c', find({ n: value })), undefined, String(value));
      assert.equal(KeptAnswers.key('c', find({ $or: [{ n: { $in: [value] } }] })), undefined, String(value));
    }
    assert.equal(KeptAnswers.key('c', find({}, { sort: { at: -1 }, limit: undefined })), KeptAnswers.key('c', find({}, { sort: { at: -1 } })), 'an option given as undefined is not given');
    assert.equal(KeptAnswers.key('c', find({ n: 1, m: undefined })), undefined, 'a filter field given as undefined is kept apart');
  });

  test('an answer is served as a fresh copy while its version stands, and not at another version', () => {
    const kept = new KeptAnswers(0);
    const key = KeptAnswers.key('items', find({ tag: 'x' }))!;
    kept.offer(key, 'items', 7, [{ _id: 'a', tags: ['x'] }]);
    const first = kept.get(key, 7)!.value as { _id: string; tags: string[] }[];
    assert.deepEqual(first, [{ _id: 'a', tags: ['x'] }]);
    first[0]!.tags.push('changed by the caller');
    assert.deepEqual(kept.get(key, 7)!.value, [{ _id: 'a', tags: ['x'] }]);
    assert.equal(kept.get(key, 8), undefined);
    kept.offer(key, 'items', 8, 3);
    assert.equal(kept.get(key, 8)!.value, 3);
    assert.equal(kept.get(key, 7), undefined);
    kept.clear();
    assert.equal(kept.get(key, 8), undefined);
  });

  test('answers are kept only once their collection\'s version has stood for a while', async () => {
    const kept = new KeptAnswers();
    const key = KeptAnswers.key('contents', find({ user_id: 'u' }))!;
    kept.offer(key, 'contents', 1, ['first read at version 1']);
    kept.offer(key, 'contents', 1, ['read again at once']);
    assert.equal(kept.get(key, 1), undefined, 'not kept: the version was only just seen');
    await sleep(STABLE_MS + 10);
    kept.offer(key, 'contents', 1, ['read after it stood']);
    assert.deepEqual(kept.get(key, 1)!.value, ['read after it stood']);
    kept.offer(key, 'contents', 2, ['a write moved it']);
    assert.equal(kept.get(key, 2), undefined);
  });

  test('large answers are not kept, and the oldest go first past the total bound', () => {
    const kept = new KeptAnswers(0);
    const many = KeptAnswers.key('c', find({ many: true }))!;
    const docs = Array.from({ length: MAX_ANSWER_DOCS + 1 }, (_, i) => ({ _id: `d${i}` }));
    // A long list is refused before it is serialised: a getter on the last document would be read then.
    Object.defineProperty(docs.at(-1), 'probe', { enumerable: true, get: () => assert.fail('serialised') });
    kept.offer(many, 'c', 1, docs);
    assert.equal(kept.get(many, 1), undefined);
    kept.offer(many, 'c', 1, docs.slice(0, MAX_ANSWER_DOCS));
    assert.equal((kept.get(many, 1)!.value as unknown[]).length, MAX_ANSWER_DOCS);
    const big = KeptAnswers.key('c', find({ big: true }))!;
    kept.offer(big, 'c', 1, 'x'.repeat(70 * 1024));
    assert.equal(kept.get(big, 1), undefined);
    const keys = Array.from({ length: 300 }, (_, i) => KeptAnswers.key('c', find({ i }))!);
    for (const key of keys) kept.offer(key, 'c', 1, 'y'.repeat(60 * 1024));
    assert.equal(kept.get(keys[0]!, 1), undefined, 'the first went when the bound was reached');
    assert.ok(kept.get(keys[299]!, 1), 'the last is kept');
    // Long keys (a filter naming hundreds of ids) count too: small answers under them still meet the bound.
    const ids = Array.from({ length: 256 }, (_, i) => `0190a1b2-c3d4-7e5f-8a9b-${String(i).padStart(12, '0')}`);
    const longKeys = Array.from({ length: 3000 }, (_, i) => KeptAnswers.key('c', find({ _id: { $in: ids }, n: i }))!);
    for (const key of longKeys) kept.offer(key, 'c', 1, []);
    assert.ok(longKeys[0]!.length > 10_000);
    assert.equal(kept.get(longKeys[0]!, 1), undefined, 'the first long key went');
    assert.ok(kept.get(longKeys[2999]!, 1), 'the last is kept');
  });
});
