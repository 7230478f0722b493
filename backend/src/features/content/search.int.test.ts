import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FREE_DAILY_SEARCHES, PAGE_SIZE_MAX } from '@crossfeed/domain/rules/limits.ts';
import { contentStream, userStream } from '@crossfeed/domain/shared/streams.ts';
import type { ContentSubmitted } from '@crossfeed/domain/users/user.events.ts';
import { assertPagedList, minutesAfter, PAGED_SEED, seedEvents } from '../../testing/paged-list-checks.ts';
import { RELEVANCE_SCAN_MAX } from './search.queries.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { assertRequiresAuth, submitPromoted } from './content.fixtures.ts';

let app: TestApp;
let searcher: Session;
const ids: Record<string, string> = {};

async function appendToContent(contentId: string, ownerId: string, type: string, data: Record<string, unknown>): Promise<void> {
  const appended = await app.ctx.eventStore.append(contentStream(contentId), [{ type, data: { contentId, ownerId, ...data } }]);
  assert.ok(await app.runner.waitFor(appended.position, 2000));
}

async function clicks(contentId: string, ownerId: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await appendToContent(contentId, ownerId, 'LinkClicked', {
      shortCode: 'abc2345',
      contactId: null,
      human: true,
      botReason: null,
      clickedAt: new Date().toISOString(),
    });
  }
}

before(async () => {
  app = await startTestApp();
  searcher = await app.register();
  // Premium, so the Free daily search limit (tested apart below) does not cut these searches short.
  await app.grantPremium(searcher.user.id);
  const creator = await app.register();
  await app.grantPremium(creator.user.id);
  app.setNow('2026-03-01T10:00:00.000Z');
  ids.ts = (await submitPromoted(app, creator, { title: 'Learning TypeScript', description: 'Types everywhere', content_type: 'article', categories: ['technology'] })).id;
  app.setNow('2026-03-05T10:00:00.000Z');
  ids.food = (await submitPromoted(app, creator, { title: 'Healthy food', description: 'Cooking while writing typescript', content_type: 'video', categories: ['health'] })).id;
  app.setNow('2026-03-10T10:00:00.000Z');
  ids.art = (await submitPromoted(app, creator, { title: 'AI art', description: 'Pictures', content_type: 'image', categories: ['art', 'ai'] })).id;
  ids.cpp = (await submitPromoted(app, creator, { title: 'Modern C++ (2026)', description: 'Templates', content_type: 'code', categories: ['typescript-free'] })).id;
  ids.deleted = (await submitPromoted(app, creator, { title: 'TypeScript deleted', content_type: 'article', categories: ['technology'] })).id;
  ids.flagged = (await submitPromoted(app, creator, { title: 'TypeScript flagged', content_type: 'article', categories: ['technology'] })).id;
  app.setNow(undefined);
  assert.equal((await app.request('DELETE', `/content/${ids.deleted}/`, { token: creator.token })).status, 200);
  await appendToContent(ids.flagged, creator.user.id, 'ContentStatusChanged', {
    contentTitle: 'TypeScript flagged',
    status: 'flagged',
    previousStatus: 'active',
    changedBy: 'admin',
    changedAt: new Date().toISOString(),
  });
  await clicks(ids.art, creator.user.id, 3);
  await clicks(ids.food, creator.user.id, 1);
});
after(() => app.close());

const search = async (query: string): Promise<string[]> => {
  const response = await app.request('GET', `/search/?${query}`, { token: searcher.token });
  assert.equal(response.status, 200, `${query}: ${response.text}`);
  return response.body.map((item: { id: string }) => item.id);
};

describe('GET /search/', () => {
  test('matches the query in title, description or categories, ignoring case, title hits first', async () => {
    // A category or description hit weighs the same: the newest comes first.
    assert.deepEqual(await search('query=TYPESCRIPT'), [ids.ts, ids.cpp, ids.food]);
    assert.deepEqual(await search('query=health'), [ids.food]);
  });

  test('never answers deleted or flagged content', async () => {
    const found = await search('query=typescript&sort_by=date');
    assert.ok(!found.includes(ids.deleted!) && !found.includes(ids.flagged!));
    assert.equal(found.length, 3);
  });

  test('filters by content types and categories as repeated parameters or comma lists', async () => {
    assert.deepEqual(await search('content_type=video'), [ids.food]);
    assert.deepEqual((await search('content_type=video&content_type=image')).sort(), [ids.food, ids.art].sort());
    assert.deepEqual((await search('content_type=Video,image')).sort(), [ids.food, ids.art].sort());
    assert.deepEqual(await search('categories=Technology'), [ids.ts]);
    assert.deepEqual((await search('categories=AI, health')).sort(), [ids.art, ids.food].sort());
    assert.deepEqual(await search('query=typescript&categories=health&content_type=video'), [ids.food]);
  });

  test('filters by date range, the end date included', async () => {
    assert.deepEqual(await search('date_from=2026-03-05&date_to=2026-03-05'), [ids.food]);
    assert.deepEqual((await search('date_to=2026-03-05')).sort(), [ids.ts, ids.food].sort());
    assert.deepEqual((await search('date_from=2026-03-06T00:00:00Z&sort_by=date')).length, 2);
  });

  test('filters by minimum views and sorts by views or date', async () => {
    assert.deepEqual(await search('min_views=1&sort_by=views'), [ids.art, ids.food]);
    assert.deepEqual(await search('min_views=2'), [ids.art]);
    const byDate = await search('sort_by=date');
    assert.equal(byDate.length, 4);
    assert.equal(byDate.at(-1), ids.ts);
  });

  test('treats regular expression characters in the query literally', async () => {
    assert.deepEqual(await search(`query=${encodeURIComponent('C++ (2026')}`), [ids.cpp]);
    assert.deepEqual(await search(`query=${encodeURIComponent('.*')}`), []);
  });

  test('rejects invalid filters with 400', async () => {
    for (const query of [
      'date_from=yesterday',
      'date_to=2026-13-45',
      'date_from=2026-03-10&date_to=2026-03-01',
      'sort_by=popular',
      'min_views=-1',
      'min_views=many',
      'content_type=hologram',
      'colour=blue',
      `query=${'x'.repeat(201)}`,
    ]) {
      const response = await app.request('GET', `/search/?${query}`, { token: searcher.token });
      assert.equal(response.status, 400, query);
      assert.equal(typeof response.body.detail, 'string');
    }
  });

  test('requires a valid, unexpired token', async () => {
    await assertRequiresAuth(app, 'GET', '/search/?query=typescript', searcher.user.id);
  });
});

describe('GET /search/ paging', () => {
  const WORD = 'zephyrpaging';
  let seeded: ContentSubmitted['data'][] = [];

  before(async () => {
    const creator = await app.register();
    // Every tenth title is the word itself (ranks first); the others only mention it in the description.
    const events: ContentSubmitted[] = Array.from({ length: PAGED_SEED }, (_, i) => ({
      type: 'ContentSubmitted',
      data: {
        contentId: `paged-${String(i).padStart(4, '0')}`,
        userId: creator.user.id,
        username: creator.user.username,
        requiredShares: 5,
        submittedAt: minutesAfter('2025-01-01T00:00:00.000Z', Math.floor(i / 2)),
        title: i % 10 === 0 ? WORD : `Post ${i}`,
        description: `About ${WORD}`,
        url: `https://example.com/${i}`,
        contentType: 'article',
        categories: ['pagingcat'],
      },
    }));
    await seedEvents(app, userStream(creator.user.id), events);
    seeded = events.map(({ data }) => data);
  });

  /** Newest first; within a pair (same time) the larger id first. */
  const newestFirst = () => seeded.map((data) => data.contentId).reverse();

  test('pages the date and views orders with X-Total-Count, the query parameters kept', async () => {
    await assertPagedList(app, '/search/?categories=pagingcat&sort_by=date', searcher.token, newestFirst());
    // No clicks anywhere: by views is by date.
    await assertPagedList(app, '/search/?categories=pagingcat&sort_by=views', searcher.token, newestFirst());
  });

  test('pages the relevance ranking within its bounded scan of the newest matches', async () => {
    assert.ok(PAGED_SEED > RELEVANCE_SCAN_MAX && RELEVANCE_SCAN_MAX <= PAGE_SIZE_MAX);
    const scanned = newestFirst().slice(0, RELEVANCE_SCAN_MAX);
    const exact = new Set(seeded.filter((data) => data.title === WORD).map((data) => data.contentId));
    const expected = [...scanned.filter((id) => exact.has(id)), ...scanned.filter((id) => !exact.has(id))];
    await assertPagedList(app, `/search/?query=${WORD}&categories=pagingcat`, searcher.token, expected);
  });

  test('still refuses an unknown filter next to the paging parameters', async () => {
    const response = await app.request('GET', '/search/?limit=5&offset=0&colour=blue', { token: searcher.token });
    assert.equal(response.status, 400);
    assert.equal(typeof response.body.detail, 'string');
  });
});

describe('GET /search/: the Free daily limit', () => {
  const DAY = '2026-11-25T08:00:00.000Z';
  const NEXT_DAY = '2026-11-26T00:00:00.000Z';
  const searchAs = (session: Session, query = 'typescript') => app.request('GET', `/search/?query=${query}`, { token: session.token });
  const remaining = async (session: Session) => (await app.request('GET', '/search/remaining', { token: session.token })).body;

  test(`a Free user runs ${FREE_DAILY_SEARCHES} searches a UTC day, then gets a 429 until the next day`, async () => {
    const free = await app.register();
    await assertRequiresAuth(app, 'GET', '/search/remaining', free.user.id);
    app.setNow(DAY);
    try {
      assert.deepEqual(await remaining(free), { remaining_searches: FREE_DAILY_SEARCHES, daily_limit: FREE_DAILY_SEARCHES });
      for (let i = 1; i <= FREE_DAILY_SEARCHES; i++) {
        const response = await searchAs(free);
        assert.equal(response.status, 200, response.text);
        assert.equal(response.headers.get('x-searches-remaining'), String(FREE_DAILY_SEARCHES - i));
      }
      const refused = await searchAs(free);
      assert.equal(refused.status, 429);
      assert.match(refused.body.detail, /used your 10 searches for today\. Upgrade to Premium/);
      assert.deepEqual(await remaining(free), { remaining_searches: 0, daily_limit: FREE_DAILY_SEARCHES });
      // A malformed search is refused before it is counted.
      const bad = await app.request('GET', '/search/?bogus=1', { token: free.token });
      assert.equal(bad.status, 400);

      app.setNow(NEXT_DAY);
      assert.equal((await remaining(free)).remaining_searches, FREE_DAILY_SEARCHES);
      const nextDay = await searchAs(free);
      assert.equal(nextDay.status, 200, nextDay.text);
      assert.equal(nextDay.headers.get('x-searches-remaining'), String(FREE_DAILY_SEARCHES - 1));
    } finally {
      app.setNow(undefined);
    }
  });

  test('Premium searches are unlimited and not counted', async () => {
    const premium = await app.register();
    await app.grantPremium(premium.user.id);
    for (let i = 0; i < FREE_DAILY_SEARCHES + 2; i++) {
      const response = await searchAs(premium);
      assert.equal(response.status, 200, response.text);
      assert.equal(response.headers.get('x-searches-remaining'), null);
    }
    assert.deepEqual(await remaining(premium), { remaining_searches: 'Unlimited', daily_limit: null });
  });
});
