import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CONTENT_ANALYTICS_MESSAGES } from '@crossfeed/domain/rules/content-analytics.ts';
import type { ContentDailyAnalyticsDto } from '@crossfeed/domain/api/content-analytics.dto.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { expiredToken } from '../../testing/test-tokens.ts';
import { eventually } from '../../testing/eventually.ts';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const DAY1 = '2026-11-20';
const DAY2 = '2026-11-21';
/** A contact name a spreadsheet would run as a formula. */
const FORMULA_NAME = '=HYPERLINK("http://evil.example","Ada")';

let app: TestApp;
before(async () => {
  app = await startTestApp({ PUBLIC_URL: 'https://crossfeed.example' });
});
after(() => {
  app.setNow(undefined);
  return app.close();
});

async function submit(session: Session): Promise<string> {
  const response = await app.request('POST', '/content/', {
    token: session.token,
    json: { title: 'A post, "quoted"', description: 'About engines', url: 'https://example.com/post', content_type: 'article', categories: ['technology'] },
  });
  assert.equal(response.status, 201, response.text);
  return response.body.id;
}

async function addContact(session: Session, name: string, email: string): Promise<string> {
  const response = await app.request('POST', '/contacts/', { token: session.token, json: { name, email } });
  assert.equal(response.status, 201, response.text);
  return response.body.id;
}

async function click(path: string, userAgent = BROWSER): Promise<void> {
  assert.equal((await app.request('GET', path, { headers: { 'user-agent': userAgent } })).status, 302);
}

interface Scenario {
  owner: Session;
  sharer: Session;
  contentId: string;
  ownContactId: string;
}
let scenario: Scenario | undefined;

/**
 * Day 1: a Free sharer shares the Premium owner's content with one contact; the owner's own contact opens
 * the owner's short link twice, a visitor without a contact once, a bot once. Day 2: the owner's contact
 * opens it again and converts.
 */
async function setUp(): Promise<Scenario> {
  if (scenario) return scenario;
  app.setNow(`${DAY1}T10:00:00.000Z`);
  const [owner, sharer] = [await app.register(), await app.register()];
  await app.grantPremium(owner.user.id);
  const contentId = await submit(owner);
  const friendId = await addContact(sharer, 'Friend of sharer', `friend.daily.${process.pid}@example.com`);
  const shared = await app.request('POST', `/content/${contentId}/share/`, { token: sharer.token, json: { contact_ids: [friendId] } });
  assert.equal(shared.status, 200, shared.text);
  const ownContactId = await addContact(owner, FORMULA_NAME, `ada.daily.${process.pid}@example.com`);
  const link = await app.request('POST', '/links/', { token: owner.token, json: { content_id: contentId } });
  assert.equal(link.status, 201, link.text);
  const path = `/links/${link.body.short_code}`;
  await click(`${path}?c=${ownContactId}`);
  await click(`${path}?c=${ownContactId}`);
  await click(path);
  await click(path, 'Googlebot/2.1');
  app.setNow(`${DAY2}T09:00:00.000Z`);
  await click(`${path}?c=${ownContactId}`);
  const converted = await app.request('POST', '/conversions/', { token: owner.token, json: { content_id: contentId, contact_id: ownContactId } });
  assert.equal(converted.status, 201, converted.text);
  scenario = { owner, sharer, contentId, ownContactId };
  return scenario;
}

const dailyPath = (contentId: string, query = `?from=${DAY1}&to=${DAY2}`) => `/analytics/content/${contentId}/daily${query}`;

describe('GET /analytics/content/{id}/daily', () => {
  test('gives the Premium owner every day of the range with shares, people\'s clicks, unique clicks and conversions', async () => {
    const { owner, sharer, contentId, ownContactId } = await setUp();
    await eventually(async () => {
      const response = await app.request<ContentDailyAnalyticsDto>('GET', dailyPath(contentId, `?from=2026-11-19&to=${DAY2}`), { token: owner.token });
      assert.equal(response.status, 200, response.text);
      const body = response.body;
      assert.equal(body.from, '2026-11-19');
      assert.equal(body.to, DAY2);
      assert.deepEqual(body.series, [
        { day: '2026-11-19', shares: 0, clicks: 0, unique_clicks: 0, conversions: 0 },
        // The contact's two clicks count once, the anonymous click counts, the bot does not.
        { day: DAY1, shares: 1, clicks: 3, unique_clicks: 2, conversions: 0 },
        { day: DAY2, shares: 0, clicks: 1, unique_clicks: 1, conversions: 1 },
      ]);
      assert.deepEqual(body.totals, { shares: 1, contacts_reached: 1, clicks: 4, unique_clicks: 3, conversions: 1 });
      const theirs = body.sharers.find((row) => row.sharer_id === sharer.user.id);
      assert.deepEqual(theirs && { shares: theirs.shares, contacts_reached: theirs.contacts_reached, contacts: theirs.contacts, is_you: theirs.is_you }, {
        shares: 1, contacts_reached: 1, contacts: null, is_you: false,
      });
      const mine = body.sharers.find((row) => row.is_you);
      assert.deepEqual(mine?.contacts, [{ contact_id: ownContactId, name: FORMULA_NAME, clicks: 3, unique_clicks: 2, conversions: 1 }]);
      assert.deepEqual(body.unattributed, { clicks: 1, unique_clicks: 1, conversions: 0 });
    });
  });

  test('a range counts only its own days, in the series and in the breakdown', async () => {
    const { owner, contentId } = await setUp();
    await eventually(async () => {
      const response = await app.request<ContentDailyAnalyticsDto>('GET', dailyPath(contentId, `?from=${DAY2}&to=${DAY2}`), { token: owner.token });
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(response.body.totals, { shares: 0, contacts_reached: 0, clicks: 1, unique_clicks: 1, conversions: 1 });
      assert.deepEqual(response.body.sharers.map((row) => [row.is_you, row.shares, row.clicks]), [[true, 0, 1]]);
    });
  });

  test('without a range: the last 30 days to today (UTC)', async () => {
    const { owner, contentId } = await setUp();
    app.setNow(`${DAY2}T23:00:00.000Z`);
    const response = await app.request<ContentDailyAnalyticsDto>('GET', `/analytics/content/${contentId}/daily/`, { token: owner.token });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.series.length, 30);
    assert.equal(response.body.from, '2026-10-23');
    assert.equal(response.body.to, DAY2);
    assert.equal(response.body.series.at(-1)?.day, DAY2);
  });

  test('refuses a bad range with a 400 and a detail', async () => {
    const { owner, contentId } = await setUp();
    const cases: [string, RegExp][] = [
      [`?from=${DAY2}&to=${DAY1}`, /^from must not be after to\.$/],
      ['?from=2025-11-20&to=2026-11-21', /^The range may cover at most 366 days\.$/],
      ['?from=2026-02-30', /^from: must be a real date\.$/],
      ['?from=yesterday', /^from: must be a date as YYYY-MM-DD\.$/],
      [`?from=${DAY1}&from=${DAY2}`, /^from: /],
      ['?bucket=week', /bucket/],
    ];
    for (const [query, detail] of cases) {
      const response = await app.request('GET', dailyPath(contentId, query), { token: owner.token });
      assert.equal(response.status, 400, query);
      assert.match(response.body.detail, detail, query);
    }
    // 366 days is allowed.
    assert.equal((await app.request('GET', dailyPath(contentId, '?from=2025-11-21&to=2026-11-21'), { token: owner.token })).status, 200);
  });

  test('refuses a Free owner with 403 and says it is Premium', async () => {
    const { sharer } = await setUp();
    const own = await submit(sharer);
    for (const path of [dailyPath(own), `/analytics/content/${own}/daily.csv`, `/analytics/content/${own}/sharers.csv`]) {
      const response = await app.request('GET', path, { token: sharer.token });
      assert.equal(response.status, 403, path);
      assert.equal(response.body.detail, CONTENT_ANALYTICS_MESSAGES.premiumOnly);
    }
  });

  test('answers 404 for another user\'s content (Premium or not) and unknown ids, 401 without a valid token', async () => {
    const { sharer, contentId } = await setUp();
    const other = await app.register();
    await app.grantPremium(other.user.id);
    for (const session of [other, sharer]) {
      for (const path of [dailyPath(contentId), `/analytics/content/${contentId}/daily.csv`, `/analytics/content/${contentId}/sharers.csv`]) {
        const response = await app.request('GET', path, { token: session.token });
        assert.equal(response.status, 404, path);
        assert.equal(response.body.detail, 'Content not found.');
      }
    }
    assert.equal((await app.request('GET', dailyPath('no-such-id'), { token: other.token })).status, 404);
    for (const token of [undefined, 'garbage.token.here', await expiredToken(other.user.id)]) {
      const response = await app.request('GET', dailyPath(contentId), { token });
      assert.equal(response.status, 401);
      assert.equal(typeof response.body.detail, 'string');
    }
  });
});

describe('GET /analytics/content/{id}/daily.csv and sharers.csv', () => {
  test('the daily series as a CSV download, one row per day', async () => {
    const { owner, contentId } = await setUp();
    await eventually(async () => {
      const response = await app.request('GET', `/analytics/content/${contentId}/daily.csv?from=${DAY1}&to=${DAY2}`, { token: owner.token });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.headers.get('content-type'), 'text/csv; charset=utf-8');
      assert.equal(response.headers.get('content-disposition'), `attachment; filename="crossfeed-${contentId}-daily-${DAY1}-to-${DAY2}.csv"`);
      assert.equal(response.text.replace(/^\uFEFF/, ''), ['Day,Shares,Human clicks,Unique clicks,Conversions', `${DAY1},1,3,2,0`, `${DAY2},0,1,1,1`, ''].join('\r\n'));
    });
  });

  test('the breakdown by sharer as CSV, names escaped so a spreadsheet never runs them', async () => {
    const { owner, sharer, contentId } = await setUp();
    await eventually(async () => {
      const response = await app.request('GET', `/analytics/content/${contentId}/sharers.csv?from=${DAY1}&to=${DAY2}`, { token: owner.token });
      assert.equal(response.status, 200, response.text);
      assert.match(response.headers.get('content-disposition') ?? '', /^attachment; filename="crossfeed-[\w-]+-sharers-2026-11-20-to-2026-11-21\.csv"$/);
      const lines = response.text.replace(/^\uFEFF/, '').split('\r\n');
      assert.equal(lines[0], 'Sharer,Contact,Shares,Contacts reached,Human clicks,Unique clicks,Conversions');
      const you = `You (${owner.user.username})`;
      assert.ok(lines.includes(`${you},,0,0,3,2,1`), lines.join('\n'));
      // The formula becomes text: a leading apostrophe, quoted because of its quotes and comma.
      assert.ok(lines.includes(`${you},"'=HYPERLINK(""http://evil.example"",""Ada"")",,,3,2,1`), lines.join('\n'));
      assert.ok(lines.includes(`${sharer.user.username},,1,1,0,0,0`), lines.join('\n'));
      assert.ok(lines.includes('Without a known contact,,,,1,1,0'), lines.join('\n'));
      assert.equal(lines.at(-2), 'Total,,1,1,4,3,1');
      assert.equal(lines.at(-1), '');
    });
  });
});
