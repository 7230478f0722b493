import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { inMatchPools, inTopPerformerPools, isLinkable, isLive, isReadableBy, isShareable, isVisibleToOthers, type ContentVisibilityFields } from './content-visibility.ts';

const content = (fields: Partial<ContentVisibilityFields> = {}): ContentVisibilityFields & { user_id: string } => ({
  deleted: false,
  status: 'active',
  moderation_status: null,
  user_id: 'owner',
  ...fields,
});

describe('the content visibility rule', () => {
  test('content flagged, under review or removed by an admin, or deleted by its owner, is visible to no one else', () => {
    for (const doc of [content({ moderation_status: 'flagged' }), content({ moderation_status: 'under_review' }), content({ moderation_status: 'deleted' }), content({ deleted: true })]) {
      assert.equal(isVisibleToOthers(doc), false, JSON.stringify(doc));
      assert.equal(isLive(doc), false);
      assert.equal(isShareable(doc), false);
      assert.equal(isLinkable(doc), false);
    }
  });

  test('approved or never moderated content is visible; live only once released and not paused', () => {
    assert.equal(isVisibleToOthers(content({ moderation_status: 'approved' })), true);
    assert.deepEqual(
      ['active', 'shared', 'pending', 'inactive'].map((status) => isLive(content({ status }))),
      [true, true, false, false],
    );
    // A queued item may still be shared by id and its owner's short link resolves; a paused one is not shared.
    assert.equal(isShareable(content({ status: 'pending' })), true);
    assert.equal(isShareable(content({ status: 'inactive' })), false);
    assert.equal(isLinkable(content({ status: 'inactive' })), true);
  });

  test('the owner and the admins still read held content; nobody reads removed content', () => {
    const held = content({ moderation_status: 'under_review' });
    assert.equal(isReadableBy(held, { _id: 'owner' }), true);
    assert.equal(isReadableBy(held, { _id: 'admin', is_admin: true }), true);
    assert.equal(isReadableBy(held, { _id: 'someone' }), false);
    assert.equal(isReadableBy(content({ deleted: true }), { _id: 'owner' }), false);
  });

  test('Top performers draw on released content still collecting shares and content that reached them; the match pools only on the first', () => {
    const statuses = ['active', 'shared', 'pending', 'inactive'];
    assert.deepEqual(statuses.map((status) => inTopPerformerPools(content({ status }))), [true, true, false, false]);
    assert.deepEqual(statuses.map((status) => inMatchPools(content({ status }))), [true, false, false, false]);
    for (const hidden of [content({ status: 'shared', moderation_status: 'flagged' }), content({ status: 'shared', deleted: true })]) {
      assert.equal(inTopPerformerPools(hidden), false);
    }
  });
});
