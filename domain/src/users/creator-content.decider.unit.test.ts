import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fold } from '../shared/decider.ts';
import { ConflictError, ForbiddenError, NotFoundError, QuotaExceededError, ValidationError } from '../shared/errors.ts';
import { BATCH_ITEMS_MAX } from '../rules/limits.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { BatchContentAction, DeleteContent, EditContent, PauseContent, ReleaseQueuedContent, ResumeContent, ShareContent, ShuffleMatches, SubmitContent } from './creator-content.commands.ts';
import { creatorContentDecider, matchProgress, remainingShuffles, shareTargetState, submissionInfo } from './creator-content.decider.ts';
import type { ContentPaused, ContentReleased, ContentShared, MatchCompleted, ContentSubmitted, MatchesShuffled, UserEvent, UserRegistered } from './user.events.ts';
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
/** As the exchange submits: queued, released by a `ContentReleased` when a credit allows. */
const queued = (contentId: string, at: string): ContentSubmitted => ({ type: 'ContentSubmitted', data: { ...submitted(contentId, at).data, queued: true } });
const released = (contentId: string, at: string, reason: ContentReleased['data']['reason'], matchContentId?: string): ContentReleased => ({
  type: 'ContentReleased',
  data: { contentId, userId: 'u1', contentTitle: 'My post', reason, ...(matchContentId !== undefined && { matchContentId }), releasedAt: at },
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
    requiredShares: 5,
    contactDailyCap: 3,
    isPremium: false,
    now,
    ...overrides,
  },
});

const shared = (shareId: string, at: string, overrides: Partial<ContentShared['data']> = {}): ContentShared => ({
  type: 'ContentShared',
  data: {
    shareId,
    contentId: 'other-content',
    contentOwnerId: 'u2',
    contentTitle: 'Their post',
    sharerId: 'u1',
    sharerUsername: 'ada',
    contactIds: ['k1', 'k2'],
    skipped: [],
    sharedAt: at,
    ...overrides,
  },
});

const shuffle = (now: string, isPremium = false): ShuffleMatches => ({ type: 'ShuffleMatches', data: { userId: 'u1', seed: 42, isPremium, now } });
const shuffled = (at: string): MatchesShuffled => ({ type: 'MatchesShuffled', data: { userId: 'u1', seed: 7, shuffledAt: at } });

const spec = deciderSpec(creatorContentDecider);

describe('creator content decider: submissions', () => {
  test('submits content with the default required shares, trimmed texts and the command time', () => {
    spec.given([registered]).when(submit('c1', SATURDAY)).then([queued('c1', SATURDAY), released('c1', SATURDAY, 'starting_credit')]);
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
      .then([queued('c4', NEXT_MONDAY)]);
  });

  test('lets a Premium user submit without a weekly limit', () => {
    const many = ['a', 'b', 'c', 'd', 'e'].map((id) => submitted(id, SATURDAY));
    spec.given(many).when(submit('f', SATURDAY, true)).then([queued('f', SATURDAY)]);
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
      .given([shared('s1', SATURDAY), shared('s2', SATURDAY, { contentId: 'x2' }), shared('s3', '2026-11-21T23:59:59.999Z', { contentId: 'x3' })])
      .when(share('s4', '2026-11-22T00:00:00.000Z', { contentId: 'x4' }))
      .then([shared('s4', '2026-11-22T00:00:00.000Z', { contentId: 'x4' })]);
  });

  test('lets a Premium user share without a daily limit', () => {
    spec
      .given(['x1', 'x2', 'x3', 'x4'].map((contentId, i) => shared(`s${i}`, SATURDAY, { contentId, contactIds: [`k${i}`] })))
      .when(share('s5', SATURDAY, { isPremium: true, contactIds: ['k9'] }))
      .then([shared('s5', SATURDAY, { contactIds: ['k9'] })]);
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

describe('creator content decider: the exchange', () => {
  const DAY2 = '2026-11-22T10:00:00.000Z';
  const DAY3 = '2026-11-23T10:00:00.000Z';
  const completed = (at: string, releasedContentId: string | null = null): MatchCompleted => ({
    type: 'MatchCompleted',
    data: { sharerId: 'u1', contentId: 'other-content', contentOwnerId: 'u2', contentTitle: 'Their post', requiredShares: 5, releasedContentId, completedAt: at },
  });
  /** Four delivered shares of `other-content`, each to a new contact, over two days. */
  const fourDelivered = [
    shared('s1', SATURDAY, { contactIds: ['k1'] }),
    shared('s2', SATURDAY, { contactIds: ['k2'] }),
    shared('s3', DAY2, { contactIds: ['k3'] }),
    shared('s4', DAY2, { contactIds: ['k4'] }),
  ];
  const pause = (contentId: string, now: string): PauseContent => ({ type: 'PauseContent', data: { contentId, userId: 'u1', now } });
  const resume = (contentId: string, now: string): ResumeContent => ({ type: 'ResumeContent', data: { contentId, userId: 'u1', now } });

  test('releases the first item at once on the starting credit and queues the next ones as pending', () => {
    const first = [queued('c1', SATURDAY), released('c1', SATURDAY, 'starting_credit')];
    spec.given([registered]).when(submit('c1', SATURDAY)).then(first);
    spec.given([registered, ...first]).when(submit('c2', SATURDAY)).then([queued('c2', SATURDAY)]);
  });

  test('reads a log written before the exchange: its content was active at once and used the starting credit', () => {
    const state = fold(creatorContentDecider, [submitted('old', SATURDAY)] as UserEvent[]);
    assert.equal(state.contents.get('old')?.released, true);
    assert.equal(state.pending.size, 0);
    spec.given([submitted('old', SATURDAY)]).when(submit('c2', DAY2)).then([queued('c2', DAY2)]);
  });

  test('counts a share that reaches a new contact as one delivered share and skips the contacts already reached', () => {
    spec
      .given([shared('s1', SATURDAY, { contactIds: ['k1'] })])
      .when(share('s2', SATURDAY, { contactIds: ['k1', 'k2'] }))
      .then([shared('s2', SATURDAY, { contactIds: ['k2'], skipped: [{ contactId: 'k1', reason: 'already_shared' }] })]);
  });

  test('refuses with 409 a share that reaches nobody new, naming the contacts, and appends nothing', () => {
    spec
      .given([shared('s1', SATURDAY, { contactIds: ['k1', 'k2'] })])
      .when(share('s2', SATURDAY, { contactIds: ['k1', 'k2'], contactNames: { k1: 'Grace', k2: 'Alan' } }))
      .thenThrows(ConflictError, /^This share would reach no one new: Grace, Alan already received this content\.$/);
  });

  test('skips a contact who reached the daily cap and lets the same contact in again the next UTC day', () => {
    const three = ['x1', 'x2', 'x3'].map((contentId, i) => shared(`s${i}`, SATURDAY, { contentId, contactIds: ['k1'] }));
    spec
      .given(three)
      .when(share('s4', SATURDAY, { contentId: 'x4', contactIds: ['k1', 'k2'], isPremium: true }))
      .then([shared('s4', SATURDAY, { contentId: 'x4', contactIds: ['k2'], skipped: [{ contactId: 'k1', reason: 'daily_limit' }] })]);
    spec
      .given(three)
      .when(share('s4', SATURDAY, { contentId: 'x4', contactIds: ['k1'], contactNames: { k1: 'Grace' }, isPremium: true }))
      .thenThrows(ConflictError, /Grace already received 3 shares today/);
    spec
      .given(three)
      .when(share('s4', DAY2, { contentId: 'x4', contactIds: ['k1'] }))
      .then([shared('s4', DAY2, { contentId: 'x4', contactIds: ['k1'] })]);
    const state = fold(creatorContentDecider, three as UserEvent[]);
    assert.equal(shareTargetState(state, 'x1', 'k1', DAY2, 3), 'already_shared');
    assert.equal(shareTargetState(state, 'x4', 'k1', SATURDAY, 3), 'daily_limit');
    assert.equal(shareTargetState(state, 'x4', 'k1', DAY2, 3), 'available');
  });

  test('completing a match releases the oldest pending item', () => {
    const history = [submitted('old', SATURDAY), queued('c2', SATURDAY), queued('c3', DAY2), ...fourDelivered];
    spec
      .given(history)
      .when(share('s5', DAY3, { contactIds: ['k5'] }))
      .then([shared('s5', DAY3, { contactIds: ['k5'] }), completed(DAY3, 'c2'), released('c2', DAY3, 'match_completed', 'other-content')]);
    assert.deepEqual(matchProgress(fold(creatorContentDecider, history as UserEvent[]), 'other-content', 5), { delivered: 4, required: 5, completed: false });
  });

  test('completing a match releases the pending item the sharer chose; another id is refused', () => {
    const history = [submitted('old', SATURDAY), queued('c2', SATURDAY), queued('c3', DAY2), ...fourDelivered];
    spec
      .given(history)
      .when(share('s5', DAY3, { contactIds: ['k5'], releaseContentId: 'c3' }))
      .then([shared('s5', DAY3, { contactIds: ['k5'] }), completed(DAY3, 'c3'), released('c3', DAY3, 'match_completed', 'other-content')]);
    spec.given(history).when(share('s5', DAY3, { contactIds: ['k5'], releaseContentId: 'old' })).thenThrows(ValidationError, /not waiting in your queue/);
  });

  test('a completed match is completed once: later shares of the same content earn nothing more', () => {
    const history = [submitted('old', SATURDAY), queued('c2', SATURDAY), ...fourDelivered, shared('s5', DAY3, { contactIds: ['k5'] }), completed(DAY3, 'c2'), released('c2', DAY3, 'match_completed', 'other-content'), queued('c3', DAY3)];
    spec
      .given(history)
      .when(share('s6', DAY3, { contactIds: ['k6'], isPremium: true }))
      .then([shared('s6', DAY3, { contactIds: ['k6'] })]);
  });

  test('banks the credit of a match completed with nothing pending: the next submission is released at once', () => {
    const history = [submitted('old', SATURDAY), ...fourDelivered];
    spec.given(history).when(share('s5', DAY3, { contactIds: ['k5'] })).then([shared('s5', DAY3, { contactIds: ['k5'] }), completed(DAY3)]);
    const banked = [...history, shared('s5', DAY3, { contactIds: ['k5'] }), completed(DAY3)];
    assert.equal(fold(creatorContentDecider, banked as UserEvent[]).credits, 1);
    spec.given(banked).when(submit('c2', DAY3)).then([queued('c2', DAY3), released('c2', DAY3, 'banked_credit')]);
    const spent = [...banked, queued('c2', DAY3), released('c2', DAY3, 'banked_credit')];
    spec.given(spent).when(submit('c3', DAY3)).then([queued('c3', DAY3)]);
  });

  test('the owner pauses and resumes an item; a paused pending item is not released, a resumed one queues again', () => {
    const history = [submitted('old', SATURDAY), queued('c2', SATURDAY)];
    spec.given(history).when(pause('c2', SATURDAY)).then([{ type: 'ContentPaused', data: { contentId: 'c2', userId: 'u1', pausedAt: SATURDAY } }]);
    const paused = [...history, { type: 'ContentPaused', data: { contentId: 'c2', userId: 'u1', pausedAt: SATURDAY } } as UserEvent];
    // Pausing twice, or resuming what is not paused, changes nothing.
    spec.given(paused).when(pause('c2', DAY2)).then([]);
    spec.given(history).when(resume('c2', DAY2)).then([]);
    // A match completed while c2 is paused banks the credit...
    spec.given([...paused, ...fourDelivered]).when(share('s5', DAY3, { contactIds: ['k5'] })).then([shared('s5', DAY3, { contactIds: ['k5'] }), completed(DAY3)]);
    // ...which releases c2 as soon as it is resumed.
    const banked = [...paused, ...fourDelivered, shared('s5', DAY3, { contactIds: ['k5'] }), completed(DAY3)];
    spec
      .given(banked)
      .when(resume('c2', DAY3))
      .then([{ type: 'ContentResumed', data: { contentId: 'c2', userId: 'u1', released: false, resumedAt: DAY3 } }, released('c2', DAY3, 'banked_credit')]);
    spec
      .given(paused)
      .when(resume('c2', DAY2))
      .then([{ type: 'ContentResumed', data: { contentId: 'c2', userId: 'u1', released: false, resumedAt: DAY2 } }]);
    spec.given([submitted('old', SATURDAY)]).when(pause('old', DAY2)).then([{ type: 'ContentPaused', data: { contentId: 'old', userId: 'u1', pausedAt: DAY2 } }]);
    spec.given([registered]).when(pause('someone-elses', DAY2)).thenThrows(NotFoundError);
  });
});

describe('creator content decider: long streams', () => {
  test('folding 100,000 events stays linear: contents and quota windows are updated in place', () => {
    const day = (i: number) => new Date(Date.parse(SATURDAY) + Math.floor(i / 150) * 86_400_000).toISOString();
    // Submissions (queued, some released), shares to new contacts of a few contents, completed matches, pauses, shuffles.
    const events = (i: number): UserEvent => {
      switch (i % 6) {
        case 0: return queued(`c${i}`, day(i));
        case 1: return shared(`s${i}`, day(i), { contentId: `x${i % 60}`, contactIds: [`k${i}`] });
        case 2: return released(`c${i - 2}`, day(i), 'match_completed', `x${i % 60}`);
        case 3: return { type: 'MatchCompleted', data: { sharerId: 'u1', contentId: `x${i}`, contentOwnerId: 'u2', contentTitle: 't', requiredShares: 5, releasedContentId: null, completedAt: day(i) } };
        case 4: return { type: 'ContentPaused', data: { contentId: `c${i - 4}`, userId: 'u1', pausedAt: day(i) } };
        default: return shuffled(day(i));
      }
    };
    const state = foldInPlace(creatorContentDecider, LONG_STREAM, events, (s) => [
      s.contents, s.submissions, s.shares, s.shuffles, s.pending, s.reached, s.delivered, s.completed, s.contactsToday, s.contactsToday.counts,
    ]);
    assert.equal(state.contents.size, Math.ceil(LONG_STREAM / 6));
    // The per-contact day closes with the day: only the latest day's contacts are kept.
    assert.ok(state.contactsToday.counts.size <= 30);
    // Only the latest window is kept: the books of earlier days are closed.
    const last = day(LONG_STREAM - 1);
    assert.equal(state.shares.window, new Date(Date.parse(last.slice(0, 10))).toISOString());
    assert.ok(state.shares.count <= 50);
  });
});

describe('creator content decider: batch actions (Premium)', () => {
  const NOW = '2026-11-23T10:00:00.000Z';
  const batch = (action: 'pause' | 'resume' | 'delete', contentIds: string[], isPremium = true): BatchContentAction => ({
    type: 'BatchContentAction',
    data: { action, contentIds, userId: 'u1', isPremium, now: NOW },
  });
  const pausedEvent = (contentId: string, at = NOW): UserEvent => ({ type: 'ContentPaused', data: { contentId, userId: 'u1', pausedAt: at } });
  const three = [submitted('a', SATURDAY), submitted('b', SATURDAY), submitted('c', SATURDAY)];

  test('pauses every selected item in one decision; an item already paused is left as it is', () => {
    spec
      .given([...three, pausedEvent('b', SATURDAY)])
      .when(batch('pause', ['a', 'b', 'c']))
      .then([pausedEvent('a'), pausedEvent('c')]);
  });

  test('resumes the paused items; queued ones spend the banked credits one by one', () => {
    const completed: MatchCompleted = {
      type: 'MatchCompleted',
      data: { sharerId: 'u1', contentId: 'x', contentOwnerId: 'u2', contentTitle: 'T', requiredShares: 5, releasedContentId: null, completedAt: SATURDAY },
    };
    const history: UserEvent[] = [submitted('old', SATURDAY), queued('q1', SATURDAY), queued('q2', SATURDAY), pausedEvent('q1', SATURDAY), pausedEvent('q2', SATURDAY), completed];
    spec
      .given(history)
      .when(batch('resume', ['q1', 'q2', 'old']))
      .then([
        { type: 'ContentResumed', data: { contentId: 'q1', userId: 'u1', released: false, resumedAt: NOW } },
        { type: 'ContentReleased', data: { contentId: 'q1', userId: 'u1', contentTitle: 'My post', reason: 'banked_credit', releasedAt: NOW } },
        { type: 'ContentResumed', data: { contentId: 'q2', userId: 'u1', released: false, resumedAt: NOW } },
      ]);
  });

  test('deletes every selected item, repeats counted once', () => {
    spec
      .given(three)
      .when(batch('delete', ['a', 'c', 'a']))
      .then([
        { type: 'ContentDeleted', data: { contentId: 'a', userId: 'u1', deletedAt: NOW } },
        { type: 'ContentDeleted', data: { contentId: 'c', userId: 'u1', deletedAt: NOW } },
      ]);
  });

  test('one unknown, foreign or deleted id refuses the whole batch and names every failing id', () => {
    const deleted: UserEvent = { type: 'ContentDeleted', data: { contentId: 'c', userId: 'u1', deletedAt: SATURDAY } };
    spec
      .given([...three, deleted])
      .when(batch('delete', ['a', 'someone-elses', 'c']))
      .thenThrows(NotFoundError, /^Nothing was changed: these items were not found: someone-elses, c\.$/);
    spec.given(three).when(batch('pause', ['a', 'nope'])).thenThrows(NotFoundError, /this item was not found: nope\./);
  });

  test('is Premium only, needs at least one id and at most 100', () => {
    spec.given(three).when(batch('pause', ['a'], false)).thenThrows(ForbiddenError, /Premium feature/);
    spec.given(three).when(batch('pause', [])).thenThrows(ValidationError, /at least one/);
    const many = Array.from({ length: BATCH_ITEMS_MAX + 1 }, (_, i) => `id${i}`);
    spec.given(three).when(batch('delete', many)).thenThrows(ValidationError, /at most 100 items/);
  });
});

describe('creator content: a scheduled release of a queued item', () => {
  const release = (contentId: string): ReleaseQueuedContent => ({ type: 'ReleaseQueuedContent', data: { contentId, userId: 'u1', now: SATURDAY } });
  const first = queued('c1', SATURDAY);
  const credit: MatchCompleted = {
    type: 'MatchCompleted',
    data: { sharerId: 'u1', contentId: 'm1', contentOwnerId: 'u2', contentTitle: 'Theirs', requiredShares: 5, releasedContentId: null, completedAt: SATURDAY },
  };
  const paused = (contentId: string): ContentPaused => ({ type: 'ContentPaused', data: { contentId, userId: 'u1', pausedAt: SATURDAY } });

  test('releases a paused queued item on a banked credit (resumed, then released)', () => {
    const spec = deciderSpec(creatorContentDecider);
    spec
      .given([registered, first, released('c1', SATURDAY, 'starting_credit'), queued('c2', SATURDAY), paused('c2'), credit])
      .when(release('c2'))
      .then([
        { type: 'ContentResumed', data: { contentId: 'c2', userId: 'u1', released: false, resumedAt: SATURDAY } },
        { type: 'ContentReleased', data: { contentId: 'c2', userId: 'u1', contentTitle: 'My post', reason: 'banked_credit', releasedAt: SATURDAY } },
      ]);
  });

  test('refuses without a banked credit, for an item already live, and for unknown content', () => {
    const spec = deciderSpec(creatorContentDecider);
    spec.given([registered, first, released('c1', SATURDAY, 'starting_credit'), queued('c2', SATURDAY)]).when(release('c2')).thenThrows(ConflictError, /No release credit/);
    // Held back (paused) without a credit: it goes back into the queue, where the next match releases it.
    spec
      .given([registered, first, released('c1', SATURDAY, 'starting_credit'), queued('c2', SATURDAY), paused('c2')])
      .when(release('c2'))
      .then([{ type: 'ContentResumed', data: { contentId: 'c2', userId: 'u1', released: false, resumedAt: SATURDAY } }]);
    spec.given([registered, first, released('c1', SATURDAY, 'starting_credit'), credit]).when(release('c1')).thenThrows(ConflictError, /already live/);
    spec.given([registered]).when(release('nope')).thenThrows(NotFoundError, /Content not found/);
  });

  test('spends the credit: a second release has none left', () => {
    const events: UserEvent[] = [registered, first, released('c1', SATURDAY, 'starting_credit'), queued('c2', SATURDAY), paused('c2'), queued('c3', SATURDAY), paused('c3'), credit];
    const state = fold(creatorContentDecider, events);
    for (const event of creatorContentDecider.decide(release('c2'), state)) creatorContentDecider.evolve(state, event);
    assert.deepEqual(
      creatorContentDecider.decide(release('c3'), state).map((event) => event.type),
      ['ContentResumed'],
    );
  });
});
