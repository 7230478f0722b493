/**
 * Moderation that sticks (issue 23, finding 3; docs/security.md "Moderation that sticks"): deleting the last
 * open flag of content under review asks for the outcome, the admin report's "Moderated content" view
 * reaches every moderated item, and the owner is told why their content was removed.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FLAG_OUTCOME_MESSAGES } from '@crossfeed/domain/flags/flag-outcome.ts';
import { MESSAGES } from '@crossfeed/domain/rules/validation.ts';
import { TOTAL_COUNT_HEADER } from '@crossfeed/domain/rules/limits.ts';
import { startTestApp, type Session, type TestApp } from '../../testing/test-app.ts';

let app: TestApp;
let admin: Session;
let owner: Session;
before(async () => {
  app = await startTestApp();
  admin = await app.registerAdmin();
  owner = await app.register();
  // Premium: no weekly submission quota for the content these tests flag.
  await app.grantPremium(owner.user.id);
});
after(() => app.close());

let titles = 0;
async function submitContent(): Promise<{ id: string; title: string }> {
  const title = `Reviewed post ${++titles}`;
  const response = await app.request('POST', '/content/', {
    token: owner.token,
    json: { title, description: 'About it', url: `https://example.com/reviewed-${titles}`, content_type: 'video', categories: ['technology'] },
  });
  assert.equal(response.status, 201, response.text);
  return { id: response.body.id, title };
}

async function flag(contentId: string, reason = 'Spam link'): Promise<string> {
  const reporter = await app.register();
  const response = await app.request('POST', '/flags/', { token: reporter.token, json: { content_id: contentId, reason } });
  assert.equal(response.status, 201, response.text);
  return response.body.id;
}

async function setStatus(flagId: string, status: string, reason?: string) {
  const response = await app.request('PUT', `/flags/${flagId}/content-status`, { token: admin.token, json: { new_status: status, reason } });
  assert.equal(response.status, 200, response.text);
  return response.body;
}

/** Content under review with `count` open flags. */
async function underReview(count = 1): Promise<{ content: { id: string; title: string }; flagIds: string[] }> {
  const content = await submitContent();
  const flagIds: string[] = [];
  for (let i = 0; i < count; i++) flagIds.push(await flag(content.id, `Reason ${i + 1}`));
  await setStatus(flagIds[0]!, 'under_review');
  return { content, flagIds };
}

const openFlagIds = async () => ((await app.request('GET', '/flags/?limit=500', { token: admin.token })).body as { id: string }[]).map((f) => f.id);
/** The content as its owner sees it. */
const ownerView = async (contentId: string) => (await app.request('GET', `/content/${contentId}`, { token: owner.token })).body;
const moderated = async (query = '') => app.request('GET', `/admin/content${query}`, { token: admin.token });
const ownerMessages = async () => ((await app.request('GET', '/notifications/', { token: owner.token })).body as { message: string }[]).map((n) => n.message);

describe('DELETE /flags/{id}: the last open flag of content under review', () => {
  test('asked to ask (the admin report), answers 409 naming the outcome and changes nothing', async () => {
    const { content, flagIds } = await underReview();
    const response = await app.request('DELETE', `/flags/${flagIds[0]}?ask_outcome=true`, { token: admin.token });
    assert.equal(response.status, 409, response.text);
    assert.equal(response.body.detail, FLAG_OUTCOME_MESSAGES.required);
    assert.match(response.body.detail, /outcome=approve or outcome=keep/);
    assert.ok((await openFlagIds()).includes(flagIds[0]!), 'the flag stays open');
    assert.equal((await ownerView(content.id)).under_review, true);
  });

  test('outcome=approve approves the content, then deletes the flag: the owner no longer sees "under review"', async () => {
    const { content, flagIds } = await underReview();
    const response = await app.request('DELETE', `/flags/${flagIds[0]}?outcome=approve`, { token: admin.token });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.outcome, 'approve');
    assert.equal(response.body.content.status, 'approved');
    assert.ok(!(await openFlagIds()).includes(flagIds[0]!));
    const view = await ownerView(content.id);
    assert.equal(view.under_review, false);
    assert.equal(view.moderation_status, 'approved');
    assert.ok((await ownerMessages()).includes(`Your content "${content.title}" is now approved.`));
  });

  test('outcome=keep deletes the flag and keeps the status; the content stays reachable under Moderated content', async () => {
    const { content, flagIds } = await underReview();
    const response = await app.request('DELETE', `/flags/${flagIds[0]}?outcome=keep`, { token: admin.token });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.outcome, 'keep');
    assert.ok(!(await openFlagIds()).includes(flagIds[0]!));
    assert.equal((await ownerView(content.id)).under_review, true);

    const list = await moderated('?status=under_review');
    assert.equal(list.status, 200, list.text);
    const item = (list.body as any[]).find((entry) => entry.id === content.id);
    assert.ok(item, 'listed under Moderated content');
    assert.deepEqual(
      { status: item.status, removed: item.removed, open_flags: item.open_flags, username: item.user.username, title: item.title, reason: item.reason },
      { status: 'under_review', removed: false, open_flags: 0, username: owner.user.username, title: content.title, reason: 'Reason 1' },
    );

    // From there the admin approves it: no flag needed.
    const approved = await app.request('PUT', `/admin/content/${content.id}/status`, { token: admin.token, json: { new_status: 'approved' } });
    assert.equal(approved.status, 200, approved.text);
    assert.equal(approved.body.status, 'approved');
    assert.equal((await ownerView(content.id)).under_review, false);
  });

  test("SPEC's plain DELETE keeps the status of content under review, which stays reachable under Moderated content (the dead end of issue 23)", async () => {
    const { content, flagIds } = await underReview(2);
    assert.equal((await app.request('DELETE', `/flags/${flagIds[0]}?ask_outcome=true`, { token: admin.token })).status, 200, 'other flags stay open');
    const last = await app.request('DELETE', `/flags/${flagIds[1]}`, { token: admin.token });
    assert.equal(last.status, 200, last.text);
    assert.deepEqual(last.body, { id: flagIds[1], message: 'Flag deleted successfully.' });
    assert.equal((await ownerView(content.id)).under_review, true);
    const item = ((await moderated('?status=under_review')).body as { id: string; open_flags: number }[]).find((entry) => entry.id === content.id);
    assert.equal(item?.open_flags, 0, 'reachable with no flag left');

    const plain = await submitContent();
    const flagId = await flag(plain.id);
    const response = await app.request('DELETE', `/flags/${flagId}`, { token: admin.token });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.outcome, undefined);
  });

  test('refuses an unknown outcome or query parameter (400)', async () => {
    const { flagIds } = await underReview();
    for (const query of ['?outcome=approved', '?outcome=approve&outcome=keep', '?force=1']) {
      const response = await app.request('DELETE', `/flags/${flagIds[0]}${query}`, { token: admin.token });
      assert.equal(response.status, 400, query);
      assert.equal(typeof response.body.detail, 'string');
    }
    assert.ok((await openFlagIds()).includes(flagIds[0]!));
  });
});

describe('POST /flags/bulk-delete: the last open flags of content under review', () => {
  test('asked to ask, answers 409 and deletes nothing until an outcome is given; with one, applies it', async () => {
    const { content, flagIds } = await underReview(2);
    const plain = await submitContent();
    const other = await flag(plain.id);
    const refused = await app.request('POST', '/flags/bulk-delete', { token: admin.token, json: { flag_ids: [...flagIds, other], ask_outcome: true } });
    assert.equal(refused.status, 409, refused.text);
    assert.equal(refused.body.detail, FLAG_OUTCOME_MESSAGES.requiredBulk);
    const open = await openFlagIds();
    assert.ok([...flagIds, other].every((id) => open.includes(id)), 'nothing was deleted');

    const response = await app.request('POST', '/flags/bulk-delete', { token: admin.token, json: { flag_ids: [...flagIds, other], outcome: 'approve' } });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body, { deleted: 3 });
    assert.equal((await ownerView(content.id)).moderation_status, 'approved');
  });

  test('deleting some but not all of its flags needs no outcome; a bad outcome is a 400', async () => {
    const { content, flagIds } = await underReview(2);
    const response = await app.request('POST', '/flags/bulk-delete', { token: admin.token, json: { flag_ids: [flagIds[0]] } });
    assert.deepEqual(response.body, { deleted: 1 });
    assert.equal((await ownerView(content.id)).under_review, true);
    const bad = await app.request('POST', '/flags/bulk-delete', { token: admin.token, json: { flag_ids: [flagIds[1]], outcome: 'later' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.detail, `outcome: ${FLAG_OUTCOME_MESSAGES.invalid}`);
  });
});

describe('the owner is told why their content was removed', () => {
  test("DELETE /admin/content/{id} with the admin's reason", async () => {
    const content = await submitContent();
    await flag(content.id, 'Spam link');
    const response = await app.request('DELETE', `/admin/content/${content.id}`, { token: admin.token, json: { reason: '  Copies another creator. ' } });
    assert.equal(response.status, 200, response.text);
    assert.ok((await ownerMessages()).includes(`Your content "${content.title}" was removed by a moderator. Reason: Copies another creator.`));
  });

  test("DELETE /admin/content/{id} without a reason tells the flags' reasons (SPEC's call sends no body)", async () => {
    const content = await submitContent();
    await flag(content.id, 'Spam link');
    await flag(content.id, 'Misleading title');
    const response = await app.request('DELETE', `/admin/content/${content.id}`, { token: admin.token });
    assert.equal(response.status, 200, response.text);
    assert.ok((await ownerMessages()).includes(`Your content "${content.title}" was removed by a moderator. Reason: Spam link; Misleading title`));
    // Listed as removed under Moderated content, with the reason.
    const item = ((await moderated('?status=deleted')).body as any[]).find((entry) => entry.id === content.id);
    assert.deepEqual([item?.status, item?.removed, item?.reason], ['deleted', true, 'Spam link; Misleading title']);
    // Its status can no longer change.
    const change = await app.request('PUT', `/admin/content/${content.id}/status`, { token: admin.token, json: { new_status: 'approved' } });
    assert.equal(change.status, 404);
  });

  test('the deleted status carries the reason too, and a too long reason is a 400', async () => {
    const content = await submitContent();
    const flagId = await flag(content.id, 'Spam link');
    await setStatus(flagId, 'deleted');
    assert.ok((await ownerMessages()).includes(`Your content "${content.title}" is now deleted. Reason: Spam link`));
    const tooLong = await app.request('DELETE', `/admin/content/${content.id}`, { token: admin.token, json: { reason: 'x'.repeat(1001) } });
    assert.equal(tooLong.status, 400);
    assert.match(tooLong.body.detail, /at most 1000 characters/);
  });
});

describe('GET /admin/content and PUT /admin/content/{id}/status', () => {
  test('lists moderated content only, most recently changed first, paged with X-Total-Count', async () => {
    const untouched = await submitContent();
    const first = await underReview();
    const second = await underReview();
    const all = await moderated('?limit=2');
    assert.equal(all.status, 200, all.text);
    assert.deepEqual(
      (all.body as any[]).map((item) => item.id),
      [second.content.id, first.content.id],
    );
    assert.ok(Number(all.headers.get(TOTAL_COUNT_HEADER)) >= 2);
    const everything = (await moderated('?limit=500')).body as any[];
    assert.ok(!everything.some((item) => item.id === untouched.id), 'content no admin moderated is not listed');
    // Content its owner deleted leaves the list.
    assert.equal((await app.request('DELETE', `/content/${first.content.id}`, { token: owner.token })).status < 300, true);
    assert.ok(!((await moderated('?limit=500')).body as any[]).some((item) => item.id === first.content.id));
  });

  test('refuses a bad status filter or body (400) and unknown content (404)', async () => {
    assert.equal((await moderated('?status=active')).status, 400);
    assert.equal((await moderated('?owner=x')).status, 400);
    const { content } = await underReview();
    const bad = await app.request('PUT', `/admin/content/${content.id}/status`, { token: admin.token, json: { new_status: 'active' } });
    assert.equal(bad.status, 400);
    assert.match(bad.body.detail, /must be one of/);
    const unknown = await app.request('PUT', '/admin/content/no-such-content/status', { token: admin.token, json: { new_status: 'approved' } });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.detail, 'Content not found.');
  });

  test('is admin-only: 403 to a creator (nothing changes) and 401 without a token', async () => {
    const { content } = await underReview();
    for (const [method, path, json] of [
      ['GET', '/admin/content', undefined],
      ['PUT', `/admin/content/${content.id}/status`, { new_status: 'approved' }],
    ] as const) {
      const refused = await app.request(method, path, { token: owner.token, json });
      assert.equal(refused.status, 403, `${method} ${path}`);
      assert.equal(refused.body.detail, MESSAGES.adminsOnly);
      assert.equal((await app.request(method, path, { json })).status, 401);
    }
    assert.equal((await ownerView(content.id)).under_review, true);
  });
});
