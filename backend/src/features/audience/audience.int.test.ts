import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AudienceRecordAdded } from '@crossfeed/domain/audience/audience.events.ts';
import { audienceStream } from '@crossfeed/domain/shared/streams.ts';
import { assertPagedList, minutesAfter, PAGED_SEED, seedEvents } from '../../testing/paged-list-checks.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { unauthorizedChecks } from '../../testing/unauthorized-checks.ts';

let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(() => app.close());

const record = { name: 'Weekly newsletter', platform: 'Substack', size: 1200, engagement_rate: 42.5, notes: 'Tuesdays' };

async function addRecord(session: Session, json: unknown = record) {
  const response = await app.request('POST', '/audience/', { token: session.token, json });
  assert.equal(response.status, 201, response.text);
  return response.body as { id: string; [field: string]: unknown };
}

const expectUnauthorized = unauthorizedChecks(() => app);

describe('POST /audience/', () => {
  test('adds a record and answers it', async () => {
    const session = await app.register();
    app.setNow('2026-11-21T10:00:00.000Z');
    const body = await addRecord(session);
    app.setNow(undefined);
    assert.deepEqual(body, {
      id: body.id,
      ...record,
      created_at: '2026-11-21T10:00:00.000Z',
      updated_at: '2026-11-21T10:00:00.000Z',
    });
  });

  test('defaults the optional engagement rate and notes', async () => {
    const session = await app.register();
    const body = await addRecord(session, { name: 'YouTube', platform: 'YouTube', size: 0 });
    assert.equal(body.engagement_rate, null);
    assert.equal(body.notes, '');
  });

  test('refuses records that break a rule', async () => {
    const session = await app.register();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...record, name: ' ' }, /^Name is required\.$/],
      [{ ...record, name: 'n'.repeat(101) }, /Name is longer than 100/],
      [{ ...record, platform: '' }, /^Platform is required\.$/],
      [{ ...record, platform: 'p'.repeat(51) }, /Platform is longer than 50/],
      [{ ...record, size: -1 }, /Size/],
      [{ ...record, size: 2.5 }, /Size/],
      [{ ...record, size: '10' }, /size/],
      [{ ...record, engagement_rate: 101 }, /Engagement rate/],
      [{ ...record, notes: 'x'.repeat(501) }, /Notes/],
      [{ ...record, user_id: 'other' }, /user_id/],
      [{ platform: 'X', size: 1 }, /name/],
    ];
    for (const [json, detail] of cases) {
      const response = await app.request('POST', '/audience', { token: session.token, json });
      assert.equal(response.status, 400, JSON.stringify(json));
      assert.match(response.body.detail, detail);
    }
    const list = await app.request('GET', '/audience/', { token: session.token });
    assert.deepEqual(list.body, []);
  });

  test('needs a valid token', async () => {
    await expectUnauthorized('POST', '/audience/', { json: record });
  });
});

describe('GET /audience/ and /audience/{id}', () => {
  test('lists and reads only the caller\'s records', async () => {
    const [owner, other] = [await app.register(), await app.register()];
    const mine = await addRecord(owner);
    await addRecord(other, { ...record, name: 'Theirs' });
    const list = await app.request('GET', '/audience/', { token: owner.token });
    assert.equal(list.status, 200);
    assert.deepEqual(list.body, [mine]);
    const one = await app.request('GET', `/audience/${mine.id}`, { token: owner.token });
    assert.equal(one.status, 200);
    assert.deepEqual(one.body, mine);
    const foreign = await app.request('GET', `/audience/${mine.id}`, { token: other.token });
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.detail, 'Audience record not found.');
    assert.equal((await app.request('GET', '/audience/unknown-id', { token: owner.token })).status, 404);
  });

  test('pages oldest first (ties by id) with X-Total-Count', async () => {
    const owner = await app.register();
    const events: AudienceRecordAdded[] = Array.from({ length: PAGED_SEED }, (_, i) => ({
      type: 'AudienceRecordAdded',
      data: {
        recordId: `paged-${owner.user.id}-${String(i).padStart(4, '0')}`,
        userId: owner.user.id,
        addedAt: minutesAfter('2026-01-01T00:00:00.000Z', Math.floor(i / 2)),
        name: `Audience ${i}`,
        platform: 'Substack',
        size: i,
        engagementRate: null,
        notes: '',
      },
    }));
    await seedEvents(app, audienceStream(owner.user.id), events);
    await assertPagedList(app, '/audience/', owner.token, events.map(({ data }) => data.recordId));
  });

  test('need a valid token', async () => {
    await expectUnauthorized('GET', '/audience/');
    await expectUnauthorized('GET', '/audience/some-id');
  });
});

describe('PUT /audience/{id}', () => {
  test('changes the given fields and keeps the others', async () => {
    const session = await app.register();
    const created = await addRecord(session);
    const response = await app.request('PUT', `/audience/${created.id}`, { token: session.token, json: { size: 1500, engagement_rate: null } });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.size, 1500);
    assert.equal(response.body.engagement_rate, null);
    assert.equal(response.body.name, record.name);
    const read = await app.request('GET', `/audience/${created.id}/`, { token: session.token });
    assert.deepEqual(read.body, response.body);
  });

  test('refuses invalid or empty changes', async () => {
    const session = await app.register();
    const created = await addRecord(session);
    const invalid = await app.request('PUT', `/audience/${created.id}`, { token: session.token, json: { engagement_rate: -5 } });
    assert.equal(invalid.status, 400);
    assert.match(invalid.body.detail, /Engagement rate/);
    const empty = await app.request('PUT', `/audience/${created.id}`, { token: session.token, json: {} });
    assert.equal(empty.status, 400);
    assert.equal(empty.body.detail, 'Nothing to update.');
    const read = await app.request('GET', `/audience/${created.id}`, { token: session.token });
    assert.equal(read.body.engagement_rate, record.engagement_rate);
  });

  test('answers 404 for another user\'s record and leaves it unchanged', async () => {
    const [owner, other] = [await app.register(), await app.register()];
    const created = await addRecord(owner);
    const response = await app.request('PUT', `/audience/${created.id}`, { token: other.token, json: { size: 1 } });
    assert.equal(response.status, 404);
    const read = await app.request('GET', `/audience/${created.id}`, { token: owner.token });
    assert.equal(read.body.size, record.size);
  });

  test('needs a valid token', async () => {
    await expectUnauthorized('PUT', '/audience/some-id', { json: { size: 1 } });
  });
});

describe('DELETE /audience/{id}', () => {
  test('deletes the caller\'s record', async () => {
    const session = await app.register();
    const created = await addRecord(session);
    const response = await app.request('DELETE', `/audience/${created.id}/`, { token: session.token });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, { message: 'Audience record deleted successfully!' });
    assert.equal((await app.request('GET', `/audience/${created.id}`, { token: session.token })).status, 404);
  });

  test('answers 404 for another user\'s record and keeps it', async () => {
    const [owner, other] = [await app.register(), await app.register()];
    const created = await addRecord(owner);
    const response = await app.request('DELETE', `/audience/${created.id}`, { token: other.token });
    assert.equal(response.status, 404);
    assert.equal((await app.request('GET', `/audience/${created.id}`, { token: owner.token })).status, 200);
  });

  test('needs a valid token', async () => {
    await expectUnauthorized('DELETE', '/audience/some-id');
  });
});
