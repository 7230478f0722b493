import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { NotFoundError, ValidationError } from '../shared/errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { ChangeContentStatus, RemoveContent } from './moderation.commands.ts';
import type { ContentRemovedByAdmin, ContentStatusChanged, ShortLinkCreated } from './content.events.ts';
import { MODERATION_REASON_MAX, moderationDecider } from './moderation.decider.ts';
import { LONG_STREAM, assertBoundedState } from '../testing/linear-fold.ts';

const now = '2026-11-21T10:00:00.000Z';
const change = (status: string, currentStatus: string | null = 'active'): ChangeContentStatus => ({
  type: 'ChangeContentStatus',
  data: { contentId: 'c1', ownerId: 'owner', contentTitle: 'A post', status, currentStatus, changedBy: 'admin', now },
});
const changed = (status: ContentStatusChanged['data']['status'], previousStatus: string | null): ContentStatusChanged => ({
  type: 'ContentStatusChanged',
  data: { contentId: 'c1', ownerId: 'owner', contentTitle: 'A post', status, previousStatus, changedBy: 'admin', changedAt: now },
});
const remove: RemoveContent = {
  type: 'RemoveContent',
  data: { contentId: 'c1', ownerId: 'owner', contentTitle: 'A post', removedBy: 'admin', now },
};
const removed: ContentRemovedByAdmin = {
  type: 'ContentRemovedByAdmin',
  data: { contentId: 'c1', ownerId: 'owner', contentTitle: 'A post', removedBy: 'admin', removedAt: now },
};
const linked: ShortLinkCreated = {
  type: 'ShortLinkCreated',
  data: { contentId: 'c1', ownerId: 'owner', shortCode: 'abc123', createdBy: 'owner', createdAt: now },
};

describe('moderation decider', () => {
  test('sets a moderation status, recording the owner status it replaces', () => {
    deciderSpec(moderationDecider).given([linked]).when(change('under_review')).then([changed('under_review', 'active')]);
  });

  test('records the previous moderation status once one was set', () => {
    deciderSpec(moderationDecider)
      .given([changed('flagged', 'active')])
      .when(change('approved', 'stale-read-model-status'))
      .then([changed('approved', 'flagged')]);
  });

  test('decides nothing when the status is already the requested one', () => {
    deciderSpec(moderationDecider).given([changed('approved', 'active')]).when(change('approved')).then([]);
  });

  test('rejects a status outside flagged, under_review, approved and deleted', () => {
    deciderSpec(moderationDecider).given([]).when(change('active')).thenThrows(ValidationError, /must be one of/);
  });

  test('removes content by admin', () => {
    deciderSpec(moderationDecider).given([changed('flagged', 'active')]).when(remove).then([removed]);
  });

  test('a removal tells the owner the admin\'s reason, trimmed', () => {
    deciderSpec(moderationDecider)
      .given([])
      .when({ ...remove, data: { ...remove.data, reason: '  Copies another creator\'s class. ', flagReasons: ['Spam'] } })
      .then([{ ...removed, data: { ...removed.data, reason: 'Copies another creator\'s class.' } }]);
  });

  test('a removal without a reason tells the owner the open flags\' distinct reasons', () => {
    deciderSpec(moderationDecider)
      .given([])
      .when({ ...remove, data: { ...remove.data, reason: '  ', flagReasons: ['Spam link', ' Spam link', 'Misleading title'] } })
      .then([{ ...removed, data: { ...removed.data, reason: 'Spam link; Misleading title' } }]);
  });

  test('a removal with no reason and no flag records none (as events before reasons did)', () => {
    deciderSpec(moderationDecider).given([]).when(remove).then([removed]);
  });

  test('setting the status to deleted carries the reason like a removal', () => {
    deciderSpec(moderationDecider)
      .given([])
      .when({ ...change('deleted'), data: { ...change('deleted').data, flagReasons: ['Spam link'] } })
      .then([{ ...changed('deleted', 'active'), data: { ...changed('deleted', 'active').data, reason: 'Spam link' } }]);
  });

  test('other statuses carry only a reason the admin gave', () => {
    deciderSpec(moderationDecider)
      .given([])
      .when({ ...change('under_review'), data: { ...change('under_review').data, flagReasons: ['Spam link'] } })
      .then([changed('under_review', 'active')]);
    deciderSpec(moderationDecider)
      .given([])
      .when({ ...change('under_review'), data: { ...change('under_review').data, reason: 'Checking the source' } })
      .then([{ ...changed('under_review', 'active'), data: { ...changed('under_review', 'active').data, reason: 'Checking the source' } }]);
  });

  test('rejects a reason over the maximum length', () => {
    deciderSpec(moderationDecider)
      .given([])
      .when({ ...remove, data: { ...remove.data, reason: 'x'.repeat(MODERATION_REASON_MAX + 1) } })
      .thenThrows(ValidationError, /at most/);
  });

  test('cuts flags\' reasons that together exceed the maximum', () => {
    const events = moderationDecider.decide(
      { ...remove, data: { ...remove.data, flagReasons: ['a'.repeat(MODERATION_REASON_MAX), 'b'] } },
      moderationDecider.initialState(),
    );
    const reason = (events[0] as ContentRemovedByAdmin).data.reason ?? '';
    assert.equal(reason.length, MODERATION_REASON_MAX);
    assert.ok(reason.endsWith('…'));
  });

  test('answers not found for content an admin already removed', () => {
    deciderSpec(moderationDecider).given([removed]).when(remove).thenThrows(NotFoundError, /Content not found/);
    deciderSpec(moderationDecider).given([removed]).when(change('approved')).thenThrows(NotFoundError);
  });
});

describe('moderation decider: long streams', () => {
  test('folding 100,000 events stays linear: the state does not grow', () => {
    assertBoundedState(moderationDecider, LONG_STREAM, (i) => (i % 2 === 0 ? changed('under_review', 'flagged') : linked));
  });
});
