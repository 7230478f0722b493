import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES } from '@crossfeed/domain/rules/validation.ts';
import { FLAG_REASON_MAX } from '@crossfeed/domain/rules/limits.ts';
import type { ContentFlagged } from '@crossfeed/domain/flags/flag.events.ts';
import { flagStream } from '@crossfeed/domain/shared/streams.ts';
import { assertPagedList, minutesAfter, PAGED_SEED, seedEachOnItsStream } from '../../testing/paged-list-checks.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';
import { unauthorizedChecks } from '../../testing/unauthorized-checks.ts';

let app: TestApp;
let admin: Session;
let owner: Session;
let reporter: Session;
before(async () => {
  app = await startTestApp();
  admin = await app.registerAdmin();
  owner = await app.register();
  reporter = await app.register();
  // Premium: no weekly submission quota for the content these tests flag.
  await app.grantPremium(owner.user.id);
});
after(() => app.close());

const expectUnauthorized = unauthorizedChecks(() => app);

/** Admin-only: a signed-in non-admin gets 403 with the SPEC message. */
async function expectAdminOnly(method: string, path: string, json?: unknown) {
  const response = await app.request(method, path, { token: reporter.token, json });
  assert.equal(response.status, 403, `${method} ${path} as a non-admin`);
  assert.equal(response.body.detail, MESSAGES.adminsOnly);
}

let titles = 0;
async function submitContent(session: Session = owner): Promise<{ id: string; title: string }> {
  const title = `Flaggable post ${++titles}`;
  const response = await app.request('POST', '/content/', {
    token: session.token,
    json: { title, description: 'About it', url: 'https://example.com/post', content_type: 'video', categories: ['technology', 'art'] },
  });
  assert.equal(response.status, 201, response.text);
  return { id: response.body.id, title };
}

async function flag(contentId: string, reason = 'Spam link', session: Session = reporter) {
  const response = await app.request('POST', '/flags/', { token: session.token, json: { content_id: contentId, reason } });
  assert.equal(response.status, 201, response.text);
  return response.body as { id: string; content_id: string; reason: string; created_at: string };
}

const flagList = async () => (await app.request('GET', '/flags/', { token: admin.token })).body as any[];

describe('POST /flags/', () => {
  test('flags content with the trimmed reason (201)', async () => {
    const content = await submitContent();
    const response = await app.request('POST', '/flags/', {
      token: reporter.token,
      json: { content_id: content.id, reason: '  Misleading title \n' },
    });
    assert.equal(response.status, 201);
    assert.equal(response.body.content_id, content.id);
    assert.equal(response.body.reason, 'Misleading title');
    assert.equal(response.body.message, 'Content flagged successfully.');
    assert.equal(typeof response.body.id, 'string');
    assert.ok(!Number.isNaN(Date.parse(response.body.created_at)));
    assert.ok((await flagList()).some((item) => item.id === response.body.id));
  });

  test('does not change the content status: flags are reports, only admins moderate', async () => {
    const content = await submitContent();
    await flag(content.id);
    const item = (await flagList()).find((entry) => entry.content_id === content.id);
    assert.notEqual(item.content.status, 'flagged');
  });

  test('refuses a blank reason, a too long one, a missing content id and unknown fields (400)', async () => {
    const content = await submitContent();
    for (const json of [
      { content_id: content.id, reason: '   ' },
      { content_id: content.id },
      { content_id: content.id, reason: 'x'.repeat(FLAG_REASON_MAX + 1) },
      { reason: 'Spam' },
      { content_id: content.id, reason: 'Spam', status: 'flagged' },
    ]) {
      const response = await app.request('POST', '/flags/', { token: reporter.token, json });
      assert.equal(response.status, 400, JSON.stringify(json).slice(0, 80));
      assert.equal(typeof response.body.detail, 'string');
    }
    const blank = await app.request('POST', '/flags/', { token: reporter.token, json: { content_id: content.id, reason: ' ' } });
    assert.match(blank.body.detail, /describe why you are flagging/);
  });

  test('refuses flagging your own content (400)', async () => {
    const content = await submitContent();
    const response = await app.request('POST', '/flags/', { token: owner.token, json: { content_id: content.id, reason: 'Mine' } });
    assert.equal(response.status, 400);
    assert.equal(response.body.detail, 'You cannot flag your own content.');
  });

  test('answers 404 for unknown and deleted content', async () => {
    const unknown = await app.request('POST', '/flags/', { token: reporter.token, json: { content_id: 'no-such-content', reason: 'Spam' } });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.detail, 'Content not found.');
    const content = await submitContent();
    assert.equal((await app.request('DELETE', `/content/${content.id}`, { token: owner.token })).status < 300, true);
    const deleted = await app.request('POST', '/flags/', { token: reporter.token, json: { content_id: content.id, reason: 'Spam' } });
    assert.equal(deleted.status, 404);
  });

  test('answers 401 without a valid token', async () => {
    await expectUnauthorized('POST', '/flags/', { json: { content_id: 'x', reason: 'Spam' } });
  });

  test('one open flag per user and content: a second answers 409, and the owner hears of it once', async () => {
    const content = await submitContent();
    const spammer = await app.register();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => app.request('POST', '/flags/', { token: spammer.token, json: { content_id: content.id, reason: `Spam ${i}` } })),
    );
    assert.equal(answers.filter((a) => a.status === 201).length, 1);
    const conflicts = answers.filter((a) => a.status === 409);
    assert.equal(conflicts.length, 199);
    for (const answer of conflicts) assert.equal(answer.body.detail, 'You have already flagged this content. An admin will review it.');
    assert.equal((await flagList()).filter((item) => item.content_id === content.id).length, 1);
    const notices = ((await app.request('GET', '/notifications/', { token: owner.token })).body as { message: string }[]).filter((n) =>
      n.message.includes(content.title),
    );
    assert.equal(notices.length, 1);

    // Once an admin dealt with it, the same user may report the content again.
    const created = answers.find((a) => a.status === 201)!.body as { id: string };
    assert.equal((await app.request('DELETE', `/flags/${created.id}`, { token: admin.token })).status, 200);
    const again = await app.request('POST', '/flags/', { token: spammer.token, json: { content_id: content.id, reason: 'Still spam' } });
    assert.equal(again.status, 201, again.text);
  });

  test('a user flagging too much in an hour is told to wait (429)', async () => {
    const limited = await startTestApp({ FLAGS_PER_USER_PER_HOUR: '3' });
    try {
      const creator = await limited.register();
      await limited.grantPremium(creator.user.id);
      const flagger = await limited.register();
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) {
        const created = await limited.request('POST', '/content/', {
          token: creator.token,
          json: { title: `Post ${i}`, description: '', url: `https://example.com/post-${i}`, content_type: 'article', categories: ['art'] },
        });
        ids.push(created.body.id);
      }
      const statuses = [];
      for (const id of ids) statuses.push((await limited.request('POST', '/flags/', { token: flagger.token, json: { content_id: id, reason: 'Spam' } })));
      assert.deepEqual(statuses.map((s) => s.status), [201, 201, 201, 429]);
      assert.match(statuses[3]!.body.detail, /^You have flagged a lot of content in a short time\. Please try again in \d+ minutes?\.$/);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /flags/', () => {
  test('lists flags newest first with the reporter and the current content fields', async () => {
    // A new creator's first item: released at once (the exchange's starting credit), so `active`.
    const content = await submitContent(await app.register());
    app.setNow('2030-01-01T10:00:00.000Z');
    // One open flag per reporter and content: the earlier report is someone else's.
    const older = await flag(content.id, 'First report', await app.register());
    app.setNow('2030-01-01T11:00:00.000Z');
    const newer = await flag(content.id, 'Second report');
    app.setNow(undefined);

    const response = await app.request('GET', '/flags', { token: admin.token });
    assert.equal(response.status, 200);
    const ids = response.body.map((item: any) => item.id);
    assert.ok(ids.indexOf(newer.id) < ids.indexOf(older.id), 'newest first');
    const item = response.body.find((entry: any) => entry.id === newer.id);
    assert.deepEqual(item, {
      id: newer.id,
      content_id: content.id,
      reason: 'Second report',
      created_at: '2030-01-01T11:00:00.000Z',
      user: { username: reporter.user.username },
      content: { title: content.title, content_type: 'video', categories: ['technology', 'art'], status: 'active' },
    });
  });

  test('answers 403 to a non-admin and 401 without a valid token', async () => {
    await expectAdminOnly('GET', '/flags/');
    await expectUnauthorized('GET', '/flags/');
  });
});

describe('GET /flags/ paging', () => {
  // Its own app: the list is every open flag, so no other test's flags may join it.
  let own: TestApp;
  before(async () => {
    own = await startTestApp();
  });
  after(() => own.close());

  test('pages newest first (ties by the later event) with X-Total-Count, each flag with its content', async () => {
    const ownAdmin = await own.registerAdmin();
    const creator = await own.register();
    const created = await own.request('POST', '/content/', {
      token: creator.token,
      json: { title: 'Much flagged', description: '', url: 'https://example.com/flagged', content_type: 'video', categories: ['art'] },
    });
    assert.equal(created.status, 201, created.text);
    const flags: ContentFlagged[] = Array.from({ length: PAGED_SEED }, (_, i) => ({
      type: 'ContentFlagged',
      data: {
        flagId: `paged-flag-${String(i).padStart(4, '0')}`,
        contentId: created.body.id,
        ownerId: creator.user.id,
        contentTitle: 'Much flagged',
        reporterId: ownAdmin.user.id,
        reporterUsername: ownAdmin.user.username,
        reason: `Report ${i}`,
        flaggedAt: minutesAfter('2026-01-01T00:00:00.000Z', Math.floor(i / 2)),
      },
    }));
    await seedEachOnItsStream(own, flags, (event) => flagStream(event.data.flagId));

    await assertPagedList(own, '/flags/', ownAdmin.token, flags.map(({ data }) => data.flagId).reverse());
    const [page] = (await own.request('GET', '/flags/?limit=1&offset=5', { token: ownAdmin.token })).body;
    assert.deepEqual(page.content, { title: 'Much flagged', content_type: 'video', categories: ['art'], status: 'active' });
  });
});

describe('DELETE /flags/{id}', () => {
  test('deletes a flag; deleting it again is 404', async () => {
    const content = await submitContent();
    const created = await flag(content.id);
    const response = await app.request('DELETE', `/flags/${created.id}`, { token: admin.token });
    assert.equal(response.status, 200);
    assert.ok(!(await flagList()).some((item) => item.id === created.id));
    const again = await app.request('DELETE', `/flags/${created.id}`, { token: admin.token });
    assert.equal(again.status, 404);
    assert.equal(again.body.detail, 'Flag not found.');
  });

  test('answers 403 to a non-admin (the flag stays) and 401 without a valid token', async () => {
    const content = await submitContent();
    const created = await flag(content.id);
    await expectAdminOnly('DELETE', `/flags/${created.id}`);
    assert.ok((await flagList()).some((item) => item.id === created.id));
    await expectUnauthorized('DELETE', `/flags/${created.id}`);
  });
});

describe('POST /flags/bulk-delete', () => {
  test('deletes the listed flags and counts only those it deleted', async () => {
    const content = await submitContent();
    const a = await flag(content.id, 'A');
    const b = await flag(content.id, 'B', await app.register());
    const kept = await flag(content.id, 'C', await app.register());
    const response = await app.request('POST', '/flags/bulk-delete', {
      token: admin.token,
      json: { flag_ids: [a.id, b.id, a.id, 'no-such-flag'] },
    });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, { deleted: 2 });
    const ids = (await flagList()).map((item) => item.id);
    assert.ok(!ids.includes(a.id) && !ids.includes(b.id));
    assert.ok(ids.includes(kept.id));
  });

  test('refuses a missing, empty or malformed list (400)', async () => {
    for (const json of [{}, { flag_ids: [] }, { flag_ids: 'abc' }, { flag_ids: [1, 2] }]) {
      const response = await app.request('POST', '/flags/bulk-delete', { token: admin.token, json });
      assert.equal(response.status, 400, JSON.stringify(json));
      assert.equal(typeof response.body.detail, 'string');
    }
  });

  test('answers 403 to a non-admin and 401 without a valid token', async () => {
    await expectAdminOnly('POST', '/flags/bulk-delete', { flag_ids: ['x'] });
    await expectUnauthorized('POST', '/flags/bulk-delete', { json: { flag_ids: ['x'] } });
  });
});

describe('PUT /flags/{id}/content-status', () => {
  test('sets a moderation status and answers the updated content', async () => {
    const content = await submitContent();
    const created = await flag(content.id);
    for (const status of ['under_review', 'approved', 'flagged', 'deleted']) {
      const response = await app.request('PUT', `/flags/${created.id}/content-status`, { token: admin.token, json: { new_status: status } });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.id, content.id);
      assert.equal(response.body.title, content.title);
      assert.equal(response.body.content_type, 'video');
      assert.deepEqual(response.body.categories, ['technology', 'art']);
      assert.equal(response.body.status, status);
      assert.equal(response.body._pos, undefined);
    }
    const item = (await flagList()).find((entry) => entry.id === created.id);
    assert.equal(item.content.status, 'deleted');
    // The same status again changes nothing and still answers the content.
    const same = await app.request('PUT', `/flags/${created.id}/content-status`, { token: admin.token, json: { new_status: 'deleted' } });
    assert.equal(same.status, 200);
    assert.equal(same.body.status, 'deleted');
  });

  test('refuses a status outside flagged, under_review, approved and deleted (400)', async () => {
    const content = await submitContent();
    const created = await flag(content.id);
    for (const json of [{ new_status: 'active' }, {}, { new_status: 'approved', extra: 1 }]) {
      const response = await app.request('PUT', `/flags/${created.id}/content-status`, { token: admin.token, json });
      assert.equal(response.status, 400, JSON.stringify(json));
      assert.equal(typeof response.body.detail, 'string');
    }
  });

  test('answers 404 for an unknown flag', async () => {
    const response = await app.request('PUT', '/flags/no-such-flag/content-status', { token: admin.token, json: { new_status: 'approved' } });
    assert.equal(response.status, 404);
    assert.equal(response.body.detail, 'Flag not found.');
  });

  test('answers 403 to a non-admin (the status stays) and 401 without a valid token', async () => {
    const content = await submitContent(await app.register());
    const created = await flag(content.id);
    await expectAdminOnly('PUT', `/flags/${created.id}/content-status`, { new_status: 'approved' });
    assert.equal((await flagList()).find((entry) => entry.id === created.id).content.status, 'active');
    await expectUnauthorized('PUT', `/flags/${created.id}/content-status`, { json: { new_status: 'approved' } });
  });
});

describe('DELETE /admin/content/{id}', () => {
  test('removes the content and all of its flags, and only its own', async () => {
    const content = await submitContent();
    const other = await submitContent();
    await flag(content.id, 'One');
    await flag(content.id, 'Two', await app.register());
    const kept = await flag(other.id, 'Other');
    const response = await app.request('DELETE', `/admin/content/${content.id}`, { token: admin.token });
    assert.equal(response.status, 200, response.text);
    const list = await flagList();
    assert.ok(!list.some((item) => item.content_id === content.id));
    assert.ok(list.some((item) => item.id === kept.id));
    // The content is gone for its owner too, and cannot be flagged or removed again.
    assert.equal((await app.request('GET', `/content/${content.id}`, { token: owner.token })).status, 404);
    assert.equal((await app.request('POST', '/flags/', { token: reporter.token, json: { content_id: content.id, reason: 'x' } })).status, 404);
    assert.equal((await app.request('DELETE', `/admin/content/${content.id}`, { token: admin.token })).status, 404);
  });

  test('answers 404 for unknown content', async () => {
    const response = await app.request('DELETE', '/admin/content/no-such-content', { token: admin.token });
    assert.equal(response.status, 404);
    assert.equal(response.body.detail, 'Content not found.');
  });

  test('answers 403 to a non-admin (the content stays) and 401 without a valid token', async () => {
    const content = await submitContent();
    await expectAdminOnly('DELETE', `/admin/content/${content.id}`);
    assert.equal((await app.request('GET', `/content/${content.id}`, { token: owner.token })).status, 200);
    await expectUnauthorized('DELETE', `/admin/content/${content.id}`);
  });
});
