/**
 * The current code started on an event log written by an earlier version (`legacy-log.ndjson`, made by
 * commit 9229f98 through its API: see generate-legacy-log.ts). Nothing in a stored log is ever rewritten:
 * what moved (notification reads now live on `notifications-{userId}`, quota windows are folded from the
 * same events into smaller states) must read the old streams as they are.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startTestApp, type TestApp } from '../test-app.ts';

const LOG = fileURLToPath(new URL('./legacy-log.ndjson', import.meta.url));
const PASSWORD = 'Legacy#Passw0rd';
const rows = readFileSync(LOG, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as { stream: string; type: string; data: string });
const shareTimes = rows.filter((row) => row.type === 'ContentShared').map((row) => (JSON.parse(row.data) as { sharedAt: string }).sharedAt);
const submitTimes = rows.filter((row) => row.type === 'ContentSubmitted').map((row) => (JSON.parse(row.data) as { submittedAt: string }).submittedAt);
/** A moment on the day (and in the week) the legacy history was made, after all of it. */
const sameDay = new Date(Date.parse(shareTimes.at(-1)!) + 1000).toISOString();

let app: TestApp;
let ada: string;
let grace: string;

async function login(username: string, password: string): Promise<string> {
  const answer = await app.request('POST', '/auth/login', { form: { username, password } });
  assert.equal(answer.status, 200, answer.text);
  return answer.body.access_token as string;
}

before(async () => {
  app = await startTestApp({}, { eventLog: LOG });
  app.setNow(sameDay);
  ada = await login('legacyada', PASSWORD);
  grace = await login('legacygrace', `${PASSWORD}2`);
});
after(() => app.close());

describe('the current code on a log written by the previous version', () => {
  test('the fixture is what the test expects: two shares and two submissions of one day, a read on user-{id}', () => {
    assert.equal(shareTimes.length, 2);
    assert.equal(submitTimes.filter((at) => at.slice(0, 10) === sameDay.slice(0, 10)).length, 3);
    assert.ok(rows.some((row) => row.type === 'NotificationRead' && row.stream.startsWith('user-')));
  });

  test('a notification read under the old layout stays read, and the rest can be marked read', async () => {
    const before = (await app.request('GET', '/notifications/', { token: ada })).body as { id: string; is_read: boolean }[];
    // Two share notifications (one read back then) and the flag's.
    assert.equal(before.length, 3);
    assert.equal(before.filter((n) => n.is_read).length, 1);
    for (const unread of before.filter((n) => !n.is_read)) {
      assert.equal((await app.request('PUT', `/notifications/${unread.id}/read`, { token: ada })).status, 200);
    }
    const afterRead = (await app.request('GET', '/notifications/', { token: ada })).body as { is_read: boolean }[];
    assert.ok(afterRead.every((n) => n.is_read));
  });

  test("the kept workspace counts the old shares as the sharer's match progress", async () => {
    const content = (await app.request('GET', '/content/', { token: ada })).body as { id: string; title: string }[];
    const post = content.find((item) => item.title === 'Ada first post')!;
    const saved = await app.request('PUT', '/workspace', { token: grace, json: { match_ids: [post.id], content_ids: [] } });
    assert.equal(saved.status, 200, saved.text);
    // Grace's two shares of that day, each a ContentShared event of the old code.
    assert.deepEqual(
      saved.body.matches.map((match: { content_id: string; delivered: number }) => [match.content_id, match.delivered]),
      [[post.id, 2]],
    );
    assert.equal(saved.body.shares_left_today, 1);
    await app.request('POST', '/workspace/reset', { token: grace });
  });

  test('quotas count the old events of the same day and week', async () => {
    const content = (await app.request('GET', '/content/', { token: ada })).body as { id: string; title: string }[];
    const post = content.find((item) => item.title === 'Ada first post')!;
    const contacts = (await app.request('GET', '/contacts/', { token: grace })).body as { id: string }[];
    assert.equal(contacts.length, 5);
    // Grace made two of her three Free shares that day under the old code: one is left.
    const third = await app.request('POST', `/content/${post.id}/share/`, { token: grace, json: [contacts[3]!.id] });
    assert.equal(third.status, 200, third.text);
    // Each old ContentShared is one delivered share; a new one counts the people it reaches.
    assert.deepEqual(third.body.match, { delivered: 3, required: 5, completed: false });
    const fourth = await app.request('POST', `/content/${post.id}/share/`, { token: grace, json: [contacts[4]!.id] });
    assert.equal(fourth.status, 429);
    assert.match(fourth.body.detail, /Daily share limit reached/);

    const remaining = await app.request('GET', '/content/shuffles/remaining', { token: grace });
    assert.equal(remaining.body.remaining_shuffles, 2);
    const info = await app.request('GET', '/api/users/submission-info', { token: ada });
    assert.equal(info.body.weekly_submission_count, 2);
    assert.equal(info.body.submissions_remaining, 1);
  });

  test('content submitted before the exchange is active, and the starting credit counts as used', async () => {
    const content = (await app.request('GET', '/content/', { token: ada })).body as { owner_status: string; status: string }[];
    assert.deepEqual(content.map((item) => item.owner_status), ['active', 'active']);
    // Ada's third submission of the week (the last Free one) waits in the queue: no starting credit left.
    const next = await app.request('POST', '/content/', {
      token: ada,
      json: { title: 'Ada third post', description: 'After the exchange', url: 'https://example.com/ada3', content_type: 'article', categories: ['technology'] },
    });
    assert.equal(next.status, 201, next.text);
    assert.equal(next.body.owner_status, 'pending');
    await app.request('DELETE', `/content/${next.body.id}/`, { token: ada });
  });

  test('ownership and uniqueness decided on the old streams still hold', async () => {
    const content = (await app.request('GET', '/content/', { token: ada })).body as { id: string; title: string }[];
    assert.deepEqual(content.map((item) => item.title).sort(), ['Ada first post', 'Ada second post']);
    const edit = await app.request('PUT', `/content/${content[0]!.id}/`, { token: ada, json: { title: 'Renamed', description: 'Still mine' } });
    assert.equal(edit.status, 200, edit.text);
    const notMine = await app.request('PUT', `/content/${content[0]!.id}/`, { token: grace, json: { title: 'Taken', description: 'Not mine' } });
    assert.equal(notMine.status, 404);
    const again = await app.request('POST', '/contacts/', { token: grace, json: { name: 'Alan again', email: 'ALAN@friends.example.com' } });
    assert.equal(again.status, 409);
    const taken = await app.request('POST', '/auth/register', { json: { username: 'LegacyAda', email: 'new@legacy.example.com', password: PASSWORD } });
    assert.equal(taken.status, 409);
  });

  test('the waitlist keeps its entries and the credited referral', async () => {
    const status = await app.request('GET', '/api/waitlist/status?email=early@legacy.example.com');
    assert.equal(status.status, 200, status.text);
    // By e-mail only the position; the referrals are read by the entry's (public) referral code.
    const entry = await app.ctx.readStore.collection<{ _id: string; referral_code: string }>('waitlist').findOne({ _id: 'early@legacy.example.com' });
    assert.ok(entry);
    const byCode = await app.request('POST', '/api/waitlist/referral', { json: { referral_code: entry.referral_code } });
    assert.equal(byCode.status, 200, byCode.text);
    assert.equal(byCode.body.referrals, 1);
  });
});
