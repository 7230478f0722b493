import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { inMatchPools, inSearch, inTopPerformerPools } from '@crossfeed/domain/rules/content-visibility.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import type { ReadStore, WriteOp } from '@crossfeed/platform/read-store/read-store.port.ts';
import { CONTENTS, contentsProjection, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { sharesProjection } from '@crossfeed/projections/shares/shares.projection.ts';
import type { UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { findMatches } from './match.queries.ts';
import { searchContents } from './search.queries.ts';
import { SearchQuery } from './content.schemas.ts';

/** Matching and search stay bounded with 50,000 contents in the (embedded) read store. */

const CONTENT_COUNT = 50_000;
const NOW = '2026-11-21T12:00:00.000Z';
const SPAN_MS = 365 * 24 * 60 * 60 * 1000;
const CATEGORIES = ['technology', 'art', 'science', 'health', 'business', 'ai', 'travel', 'finance', 'education', 'lifestyle', 'music', 'photography'];
/** Generous bounds (a loaded CI machine): they catch a full sort or a per-document query, not a slow disk. */
const MATCH_BUDGET_MS = 400;
const SEARCH_BUDGET_MS = 1500;

let store: ReadStore;
let ctx: ApiContext;

function user(id: string, categories: string[], interests: string[]): UserDoc {
  return {
    _id: id,
    username: id,
    username_key: id,
    email: `${id}@example.com`,
    password_hash: 'x',
    is_admin: false,
    is_premium: true,
    premium_until: null,
    has_profile_completed: true,
    profile: { name: id, bio: '', categories, interests, content_type: 'article', audience_score: null },
    categories,
    share_count: 0,
    view_count: 0,
    avatar_url: null,
    referral_code: null,
    created_at: NOW,
  };
}

async function medianMs(run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[2]!;
}

before(async () => {
  store = await createSqliteReadStore({ file: ':memory:' });
  for (const projection of [contentsProjection, sharesProjection]) {
    for (const [collection, indexes] of Object.entries(projection.collections)) await store.ensureIndexes(collection, indexes);
  }
  const ops: WriteOp[] = [];
  for (let i = 0; i < CONTENT_COUNT; i++) {
    const createdAt = new Date(Date.parse(NOW) - SPAN_MS + Math.floor((i * SPAN_MS) / CONTENT_COUNT)).toISOString();
    const doc: Omit<ContentDoc, '_id'> = {
      user_id: `creator-${i % 5000}`,
      username: `creator${i % 5000}`,
      title: `Post ${i} about ${CATEGORIES[i % 12]}`,
      description: `Description of post ${i}`,
      url: `https://example.com/${i}`,
      content_type: 'article',
      categories: [CATEGORIES[i % 12]!, CATEGORIES[(i * 7) % 12]!],
      status: i % 11 === 0 ? 'pending' : i % 7 === 0 ? 'shared' : 'active',
      moderation_status: i % 50 === 0 ? 'flagged' : null,
      moderation_reason: null,
      required_shares: 5,
      share_count: i % 6,
      short_link_clicks: i % 13,
      bot_clicks: 0,
      conversions_count: 0,
      links: [],
      enhanced_url: null,
      deleted: i % 97 === 0,
      created_at: createdAt,
      updated_at: createdAt,
    };
    ops.push({ op: 'upsert', collection: CONTENTS, filter: { _id: `content-${i}` }, update: { $set: doc } });
  }
  await store.applyBatch(ops);
  ctx = { readStore: store } as unknown as ApiContext;
});

describe('matching and search over 50,000 contents', () => {
  test('matching answers 4 visible items of other creators within budget', async () => {
    const requester = user('creator-42', ['technology'], ['Music']);
    let matches: ContentDoc[] = [];
    const elapsed = await medianMs(async () => {
      matches = (await findMatches(ctx, requester, NOW, { ranked: true, topPerformers: true })).map((match) => match.doc);
    });
    assert.equal(matches.length, 4);
    for (const doc of matches) {
      assert.notEqual(doc.user_id, requester._id);
      assert.equal(doc.deleted, false);
      assert.ok(inTopPerformerPools(doc));
    }
    assert.ok(elapsed < MATCH_BUDGET_MS, `matching took ${elapsed.toFixed(0)} ms`);
    const ranked = await findMatches(ctx, requester, NOW, { ranked: true, topPerformers: false });
    assert.equal(ranked.length, 4);
    for (const { doc } of ranked) assert.ok(inMatchPools(doc) && doc.user_id !== requester._id);
    const unranked = await medianMs(() => findMatches(ctx, user('someone', [], []), NOW, { ranked: false, topPerformers: false }));
    assert.ok(unranked < MATCH_BUDGET_MS, `matching without a profile took ${unranked.toFixed(0)} ms`);
  });

  test('search answers within budget', async () => {
    for (const query of [{ query: 'post 4999' }, { categories: 'ai', sort_by: 'date' }, { sort_by: 'views', min_views: '5' }]) {
      const filters = SearchQuery.parse(query);
      let found: ContentDoc[] = [];
      const elapsed = await medianMs(async () => {
        found = (await searchContents(ctx, filters, { limit: 50, offset: 0 })).items;
      });
      assert.ok(found.length > 0 && found.length <= 50, JSON.stringify(query));
      assert.ok(found.every((doc) => !doc.deleted && inSearch(doc)));
      assert.ok(elapsed < SEARCH_BUDGET_MS, `${JSON.stringify(query)} took ${elapsed.toFixed(0)} ms`);
    }
  });
});
