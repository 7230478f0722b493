import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fold } from '../shared/decider.ts';
import { NotFoundError, QuotaExceededError, ValidationError } from '../shared/errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { DeleteContent, EditContent, ShareContent, ShuffleMatches, SubmitContent } from './creator-content.commands.ts';
import { creatorContentDecider, remainingShuffles, submissionInfo } from './creator-content.decider.ts';
import type { ContentShared, ContentSubmitted, MatchesShuffled, UserEvent, UserRegistered } from './user.events.ts';
import { LONG_STREAM, foldInPlace } from '../testing/linear-fold.ts';

// 2026-11-21 is a Saturday: its ISO week starts on Monday 2026-11-16.
const SATURDAY = '2026-11-21T10:00:00.000Z';
const SUNDAY_LATE = '2026-11-22T23:59:59.999Z';
const NEXT_MONDAY = '2026-11-23T00:00:00.000Z';

const registered: UserRegistered = {
  type: 'UserRegistered',
  data: { userId: 'u1', username: 'ada', email: 'ada@example.com', passwordHash: 'h', isAdmin: false, registeredAt: SATURDAY },
};

const submit = (contentId: string, now: string, isPremium = false): SubmitContent => ({
  type: 'SubmitContent',
  data: {
    contentId,
    userId: 'u1',
    username: 'ada',
    title: ' My post ',
    description: ' about things ',
    url: 'https://example.com/post',
    contentType: 'article',
    categories: ['technology'],
    isPremium,
    now,
  },
});

const submitted = (contentId: string, at: string): ContentSubmitted => ({
  type: 'ContentSubmitted',
  data: {
    contentId,
    userId: 'u1',
    username: 'ada',
    title: 'My post',
    description: 'about things',
    url: 'https://example.com/post',
    contentType: 'article',
    categories: ['technology'],
    requiredShares: 5,
    submittedAt: at,
  },
});

const share = (shareId: string, now: string, overrides: Partial<ShareContent['data']> = {}): ShareContent => ({
  type: 'ShareContent',
  data: {
    shareId,
    contentId: 'other-content',
    contentOwnerId: 'u2',
    contentTitle: 'Their post',
    sharerId: 'u1',
    sharerUsername: 'ada',
    contactIds: ['k1', 'k2'],
    isPremium: false,
    now,
    ...overrides,
  },
});

const shared = (shareId: string, at: string): ContentShared => ({
  type: 'ContentShared',
  data: {
    shareId,
    contentId: 'other-content',
    contentOwnerId: 'u2',
    contentTitle: 'Their post',
    sharerId: 'u1',
    sharerUsername: 'ada',
    contactIds: ['k1', 'k2'],
    sharedAt: at,
  },
});

const shuffle = (now: string, isPremium = false): ShuffleMatches => ({ type: 'ShuffleMatches', data: { userId: 'u1', seed: 42, isPremium, now } });
const shuffled = (at: string): MatchesShuffled => ({ type: 'MatchesShuffled', data: { userId: 'u1', seed: 7, shuffledAt: at } });

const spec = deciderSpec(creatorContentDecider);

describe('creator content decider: submissions', () => {
  test('submits content with the default required shares, trimmed texts and the command time', () => {
    spec.given([registered]).when(submit('c1', SATURDAY)).then([submitted('c1', SATURDAY)]);
  });

  test('rejects a fourth submission in the same ISO week for a Free user', () => {
    spec
      .given([registered, submitted('c1', '2026-11-16T00:00:00.000Z'), submitted('c2', SATURDAY), submitted('c3', SATURDAY)])
      .when(submit('c4', SUNDAY_LATE))
      .thenThrows(QuotaExceededError, /^Weekly submission limit reached\. Upgrade to premium for unlimited submissions\.$/);
  });

  test('counts a deleted submission against the week', () => {
    spec
      .given([
        submitted('c1', SATURDAY),
        submitted('c2', SATURDAY),
        submitted('c3', SATURDAY),
        { type: 'ContentDeleted', data: { contentId: 'c3', userId: 'u1', deletedAt: SATURDAY } },
      ])
      .when(submit('c4', SATURDAY))
      .thenThrows(QuotaExceededError, /Weekly submission limit/);
  });

  test('allows submissions again once the next ISO week starts (Monday 00:00 UTC)', () => {
    spec
      .given([submitted('c1', SATURDAY), submitted('c2', SATURDAY), submitted('c3', SUNDAY_LATE)])
      .when(submit('c4', NEXT_MONDAY))
      .then([submitted('c4', NEXT_MONDAY)]);
  });

  test('lets a Premium user submit without a weekly limit', () => {
    const many = ['a', 'b', 'c', 'd', 'e'].map((id) => submitted(id, SATURDAY));
    spec.given(many).when(submit('f', SATURDAY, true)).then([submitted('f', SATURDAY)]);
  });

  test('rejects a submission without title, a valid URL, a known type or a category', () => {
    const bad: Partial<SubmitContent['data']>[] = [
      { title: '  ' },
      { url: 'javascript:alert(1)' },
      { contentType: 'hologram' },
      { categories: [] },
    ];
    for (const overrides of bad) {
      const command = submit('c1', SATURDAY);
      spec
        .given([])
        .when({ ...command, data: { ...command.data, ...overrides } })
        .thenThrows(ValidationError, /^Please fill in all required fields\.$/);
    }
  });

  test('reports the submission info of the week, and no counter for Premium', () => {
    const state = fold(creatorContentDecider, [registered, submitted('c1', '2026-11-15T12:00:00.000Z'), submitted('c2', SATURDAY)] as UserEvent[]);
    assert.deepEqual(submissionInfo(state, SUNDAY_LATE, false), {
      weeklySubmissionCount: 1,
      lastSubmissionDate: SATURDAY,
      canSubmit: true,
      submissionsRemaining: 2,
    });
    assert.equal(submissionInfo(state, SUNDAY_LATE, true).submissionsRemaining, -1);
    const full = fold(creatorContentDecider, [submitted('a', SATURDAY), submitted('b', SATURDAY), submitted('c', SATURDAY)] as UserEvent[]);
    assert.equal(submissionInfo(full, SATURDAY, false).canSubmit, false);
    assert.equal(submissionInfo(full, SATURDAY, true).canSubmit, true);
    assert.equal(submissionInfo(full, NEXT_MONDAY, false).submissionsRemaining, 3);
  });
});

describe('creator content decider: ownership', () => {
  const edit = (contentId: string): EditContent => ({
    type: 'EditContent',
    data: { contentId, userId: 'u1', title: 'New title', description: 'New description', now: SUNDAY_LATE },
  });
  const remove = (contentId: string): DeleteContent => ({ type: 'DeleteContent', data: { contentId, userId: 'u1', now: SUNDAY_LATE } });

  test('edits content the user submitted', () => {
    spec
      .given([submitted('c1', SATURDAY)])
      .when(edit('c1'))
      .then([{ type: 'ContentEdited', data: { contentId: 'c1', userId: 'u1', title: 'New title', description: 'New description', editedAt: SUNDAY_LATE } }]);
  });

  test('answers not found for content that is not in the user stream (another user, or unknown)', () => {
    spec.given([registered, submitted('c1', SATURDAY)]).when(edit('someone-elses')).thenThrows(NotFoundError, /Content not found/);
    spec.given([registered]).when(remove('someone-elses')).thenThrows(NotFoundError, /Content not found/);
  });

  test('requires both title and description to edit', () => {
    const command = edit('c1');
    spec
      .given([submitted('c1', SATURDAY)])
      .when({ ...command, data: { ...command.data, description: ' ' } })
      .thenThrows(ValidationError, /Title and description are required/);
  });

  test('deletes own content once; a deleted content can be neither edited nor deleted again', () => {
    const deleted: UserEvent = { type: 'ContentDeleted', data: { contentId: 'c1', userId: 'u1', deletedAt: SUNDAY_LATE } };
    spec.given([submitted('c1', SATURDAY)]).when(remove('c1')).then([deleted]);
    spec.given([submitted('c1', SATURDAY), deleted]).when(remove('c1')).thenThrows(NotFoundError);
    spec.given([submitted('c1', SATURDAY), deleted]).when(edit('c1')).thenThrows(NotFoundError);
  });
});

describe('creator content decider: shares', () => {
  test('shares another creator content with the unique contacts', () => {
    spec
      .given([registered])
      .when(share('s1', SATURDAY, { contactIds: ['k1', 'k2', 'k1'] }))
      .then([shared('s1', SATURDAY)]);
  });

  test('rejects a fourth share on the same UTC day for a Free user', () => {
    spec
      .given([shared('s1', '2026-11-21T00:00:00.000Z'), shared('s2', SATURDAY), shared('s3', SATURDAY)])
      .when(share('s4', '2026-11-21T23:59:59.999Z'))
      .thenThrows(QuotaExceededError, /^Daily share limit reached\. Upgrade to premium for unlimited sharing\.$/);
  });

  test('allows shares again on the next UTC day', () => {
    spec
      .given([shared('s1', SATURDAY), shared('s2', SATURDAY), shared('s3', '2026-11-21T23:59:59.999Z')])
      .when(share('s4', '2026-11-22T00:00:00.000Z'))
      .then([shared('s4', '2026-11-22T00:00:00.000Z')]);
  });

  test('lets a Premium user share without a daily limit', () => {
    spec
      .given([shared('s1', SATURDAY), shared('s2', SATURDAY), shared('s3', SATURDAY), shared('s4', SATURDAY)])
      .when(share('s5', SATURDAY, { isPremium: true }))
      .then([shared('s5', SATURDAY)]);
  });

  test('rejects sharing own content', () => {
    spec.given([]).when(share('s1', SATURDAY, { contentOwnerId: 'u1' })).thenThrows(ValidationError, /your own content/);
    spec
      .given([submitted('c1', SATURDAY)])
      .when(share('s1', SATURDAY, { contentId: 'c1' }))
      .thenThrows(ValidationError, /your own content/);
  });

  test('requires at least one contact', () => {
    spec
      .given([])
      .when(share('s1', SATURDAY, { contactIds: [] }))
      .thenThrows(ValidationError, /^Please select at least one contact to share with\.$/);
  });
});

describe('creator content decider: shuffles', () => {
  test('shuffles with the seed of the command', () => {
    spec.given([registered]).when(shuffle(SATURDAY)).then([{ type: 'MatchesShuffled', data: { userId: 'u1', seed: 42, shuffledAt: SATURDAY } }]);
  });

  test('rejects a shuffle beyond the daily Free allowance, and allows it the next day or for Premium', () => {
    const today = [shuffled(SATURDAY), shuffled(SATURDAY), shuffled('2026-11-21T23:00:00.000Z')];
    spec.given(today).when(shuffle('2026-11-21T23:59:00.000Z')).thenThrows(QuotaExceededError, /^No shuffles left today\./);
    spec.given(today).when(shuffle('2026-11-22T00:00:00.000Z')).then([{ type: 'MatchesShuffled', data: { userId: 'u1', seed: 42, shuffledAt: '2026-11-22T00:00:00.000Z' } }]);
    spec.given(today).when(shuffle(SATURDAY, true)).then([{ type: 'MatchesShuffled', data: { userId: 'u1', seed: 42, shuffledAt: SATURDAY } }]);
    assert.equal(remainingShuffles(fold(creatorContentDecider, today as UserEvent[]), SATURDAY), 0);
    assert.equal(remainingShuffles(fold(creatorContentDecider, today as UserEvent[]), '2026-11-22T00:00:00.000Z'), 3);
  });

  test('ignores events of the stream it does not know', () => {
    const state = fold(creatorContentDecider, [
      registered,
      { type: 'NotificationRead', data: { userId: 'u1', notificationId: 'n1', readAt: SATURDAY } },
      { type: 'SomethingNew', data: {} } as unknown as UserEvent,
    ]);
    assert.deepEqual(state, creatorContentDecider.initialState());
  });
});

describe('creator content decider: long streams', () => {
  test('folding 100,000 events stays linear: contents and quota windows are updated in place', () => {
    const day = (i: number) => new Date(Date.parse(SATURDAY) + Math.floor(i / 150) * 86_400_000).toISOString();
    const events = (i: number): UserEvent =>
      i % 3 === 0 ? submitted(`c${i}`, day(i)) : i % 3 === 1 ? shared(`s${i}`, day(i)) : shuffled(day(i));
    const state = foldInPlace(creatorContentDecider, LONG_STREAM, events, (s) => [s.contents, s.submissions, s.shares, s.shuffles]);
    assert.equal(state.contents.size, Math.ceil(LONG_STREAM / 3));
    // Only the latest window is kept: the books of earlier days are closed.
    const last = day(LONG_STREAM - 1);
    assert.equal(state.shares.window, new Date(Date.parse(last.slice(0, 10))).toISOString());
    assert.ok(state.shares.count <= 50);
  });
});
