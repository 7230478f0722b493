import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fold } from '../shared/decider.ts';
import { ConflictError, ForbiddenError, NotFoundError, QuotaExceededError, ValidationError } from '../shared/errors.ts';
import { BATCH_ITEMS_MAX } from '../rules/limits.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { BatchContentAction, CreditDelivery, DeleteContent, EditContent, PauseContent, ReleaseQueuedContent, ResumeContent, ShareContent, ShareTarget, ShuffleMatches, SubmitContent, WithdrawShareCredit } from './creator-content.commands.ts';
import { creatorContentDecider, mailboxesHoldingSends, matchProgress, reachOf, remainingShuffles, sendWindowOf, submissionInfo } from './creator-content.decider.ts';
import type { ContentPaused, ContentReleased, ContentShared, MatchCompleted, ContentSubmitted, MatchesShuffled, ShareCreditGranted, ShareCreditWithdrawn, UserEvent, UserRegistered } from './user.events.ts';
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

const contact = (id: string, email = `${id}@example.com`, name = `Name ${id}`): ShareTarget => ({ contactId: id, name, email });

const share = (shareId: string, now: string, overrides: Partial<ShareContent['data']> & { contactIds?: string[] } = {}): ShareContent => {
  const { contactIds = ['k1', 'k2'], ...rest } = overrides;
  return {
    type: 'ShareContent',
    data: {
      shareId,
      contentId: 'other-content',
      contentOwnerId: 'u2',
      contentTitle: 'Their post',
      sharerId: 'u1',
      sharerUsername: 'ada',
      sharerEmail: 'ada@example.com',
      contacts: contactIds.map((id) => contact(id)),
      contentLive: true,
      requiredShares: 5,
      mailboxes: {},
      addressDailyCap: 3,
      emailBudget: 100,
      heldBouncedContacts: 0,
      note: null,
      isPremium: false,
      now,
      ...rest,
    },
  };
};

/** What a share decides: `contactIds` e-mailed (mailboxes `${id}@example.com`), all counted unless `credit` says less. */
const shared = (shareId: string, at: string, overrides: Partial<ContentShared['data']> = {}): ContentShared => {
  const contactIds = overrides.contactIds ?? ['k1', 'k2'];
  return {
    type: 'ContentShared',
    data: {
      shareId,
      contentId: 'other-content',
      contentOwnerId: 'u2',
      contentTitle: 'Their post',
      sharerId: 'u1',
      sharerUsername: 'ada',
      contactIds,
      mailboxes: contactIds.map((id) => `${id}@example.com`),
      credit: contactIds.length,
      skipped: [],
      note: null,
      sharedAt: at,
      ...overrides,
    },
  };
};

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
  test('shares another creator content with the unique contacts, each a person reached', () => {
    spec
      .given([registered])
      .when(share('s1', SATURDAY, { contactIds: ['k1', 'k2', 'k1'] }))
      .then([shared('s1', SATURDAY)]);
  });

  test('rejects a fourth share on the same UTC day for a Free user', () => {
    spec
      .given([shared('s1', '2026-11-21T00:00:00.000Z', { contentId: 'x1' }), shared('s2', SATURDAY, { contentId: 'x2' }), shared('s3', SATURDAY, { contentId: 'x3' })])
      .when(share('s4', '2026-11-21T23:59:59.999Z'))
      .thenThrows(QuotaExceededError, /^Daily share limit reached\. Upgrade to premium for unlimited sharing\.$/);
  });

  test('allows shares again on the next UTC day', () => {
    spec
      .given([shared('s1', SATURDAY, { contentId: 'x1' }), shared('s2', SATURDAY, { contentId: 'x2' }), shared('s3', '2026-11-21T23:59:59.999Z', { contentId: 'x3' })])
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

  test('carries a personal note of at most 280 characters without control characters', () => {
    spec.given([]).when(share('s1', SATURDAY, { note: 'Worth your time.' })).then([shared('s1', SATURDAY, { note: 'Worth your time.' })]);
    spec.given([]).when(share('s1', SATURDAY, { note: 'x'.repeat(281) })).thenThrows(ValidationError, /at most 280 characters/);
    spec.given([]).when(share('s1', SATURDAY, { note: 'Hi\r\nBcc: x@evil.test' })).thenThrows(ValidationError, /control characters/);
  });

  test('counts toward no match when the content is not live (queued, paused or held): refused, nothing appended', () => {
    spec.given([]).when(share('s1', SATURDAY, { contentLive: false })).thenThrows(ConflictError, /not live in the exchange/);
  });
});

describe('creator content decider: a share is a person reached', () => {
  const DAY2 = '2026-11-22T10:00:00.000Z';
  const completed = (at: string, releasedContentId: string | null = null): MatchCompleted => ({
    type: 'MatchCompleted',
    data: { sharerId: 'u1', contentId: 'other-content', contentOwnerId: 'u2', contentTitle: 'Their post', requiredShares: 5, releasedContentId, completedAt: at },
  });
  const history = [submitted('old', SATURDAY), queued('mine', SATURDAY)];
  const five = ['k1', 'k2', 'k3', 'k4', 'k5'];

  test('one share to five new people completes a match of 5 and releases the pending item: a Free creator on day one', () => {
    spec
      .given(history)
      .when(share('s1', SATURDAY, { contactIds: five }))
      .then([shared('s1', SATURDAY, { contactIds: five }), completed(SATURDAY, 'mine'), released('mine', SATURDAY, 'match_completed', 'other-content')]);
  });

  test('counts what the match still needs: one person, then four more in one press, is 5 of 5', () => {
    const first = shared('s1', SATURDAY, { contactIds: ['k1'] });
    assert.deepEqual(matchProgress(fold(creatorContentDecider, [first] as UserEvent[]), 'other-content', 5), { delivered: 1, required: 5, completed: false });
    spec
      .given([...history, first])
      .when(share('s2', SATURDAY, { contactIds: ['k2', 'k3', 'k4', 'k5', 'k6', 'k7'], isPremium: true }))
      .then([
        shared('s2', SATURDAY, { contactIds: ['k2', 'k3', 'k4', 'k5', 'k6', 'k7'], credit: 4 }),
        completed(SATURDAY, 'mine'),
        released('mine', SATURDAY, 'match_completed', 'other-content'),
      ]);
    const after = fold(creatorContentDecider, [
      ...history,
      first,
      shared('s2', SATURDAY, { contactIds: ['k2', 'k3', 'k4', 'k5', 'k6', 'k7'], credit: 4 }),
      completed(SATURDAY, 'mine'),
    ] as UserEvent[]);
    assert.deepEqual(matchProgress(after, 'other-content', 5), { delivered: 5, required: 5, completed: true });
    // Past completion a share still reaches people, and counts nothing.
    spec.given([...history, first, shared('s2', SATURDAY, { contactIds: ['k2', 'k3', 'k4', 'k5'], credit: 4 }), completed(SATURDAY, 'mine')])
      .when(share('s3', DAY2, { contactIds: ['k8'] }))
      .then([shared('s3', DAY2, { contactIds: ['k8'], credit: 0 })]);
  });

  test('keys "already reached" by the mailbox: a deleted and re-added contact, a +tag or a Gmail-dots copy is the same person', () => {
    const gmail = shared('s1', SATURDAY, { contactIds: ['k1'], mailboxes: ['ada.reader@gmail.com'.replace('.', '')] });
    spec
      .given([gmail])
      .when(
        share('s2', SATURDAY, {
          contacts: [contact('new-id', 'A.da.Reader+1@Gmail.com'), contact('k2')],
        }),
      )
      .then([shared('s2', SATURDAY, { contactIds: ['k2'], skipped: [{ contactId: 'new-id', reason: 'already_shared' }] })]);
    // Two copies of one mailbox in one selection: the second is skipped.
    spec
      .given([])
      .when(share('s1', SATURDAY, { contacts: [contact('a', 'me+0@gmail.com'), contact('b', 'm.e+1@gmail.com'), contact('c', 'M.E@googlemail.com')] }))
      .then([
        shared('s1', SATURDAY, {
          contactIds: ['a'],
          mailboxes: ['me@gmail.com'],
          skipped: [{ contactId: 'b', reason: 'duplicate_address' }, { contactId: 'c', reason: 'duplicate_address' }],
        }),
      ]);
  });

  test('a throwaway or made-up domain, or the sharer\'s own address in any copy, earns nothing and is not sent', () => {
    spec
      .given([])
      .when(
        share('s1', SATURDAY, {
          sharerEmail: 'Ada.Sharer@gmail.com',
          contacts: [
            contact('t1', 'x@mailinator.com'),
            contact('t2', 'x@fake.invalid'),
            contact('t3', 'x@site.test'),
            contact('t4', 'adasharer+alt@gmail.com'),
            contact('ok', 'reader@example.com'),
          ],
        }),
      )
      .then([
        shared('s1', SATURDAY, {
          contactIds: ['ok'],
          mailboxes: ['reader@example.com'],
          skipped: [
            { contactId: 't1', reason: 'throwaway_address' },
            { contactId: 't2', reason: 'throwaway_address' },
            { contactId: 't3', reason: 'throwaway_address' },
            { contactId: 't4', reason: 'own_address' },
          ],
        }),
      ]);
  });

  test('an unsubscribed or bounced mailbox, or one that had its Crossfeed e-mails today from any creator, is skipped', () => {
    spec
      .given([])
      .when(
        share('s1', SATURDAY, {
          contactIds: ['k1', 'k2', 'k3', 'k4'],
          mailboxes: {
            'k1@example.com': { suppressed: 'unsubscribed', sentToday: 0 },
            'k2@example.com': { suppressed: 'bounced', sentToday: 0 },
            'k3@example.com': { suppressed: null, sentToday: 3 },
          },
        }),
      )
      .then([
        shared('s1', SATURDAY, {
          contactIds: ['k4'],
          skipped: [
            { contactId: 'k1', reason: 'unsubscribed' },
            { contactId: 'k2', reason: 'bounced' },
            { contactId: 'k3', reason: 'daily_limit' },
          ],
        }),
      ]);
  });

  test("this sharer's own e-mails of the day count toward the address cap even before the read model has them", () => {
    const three = ['x1', 'x2', 'x3'].map((contentId, i) => shared(`s${i}`, SATURDAY, { contentId, contactIds: ['k1'] }));
    spec
      .given(three)
      .when(share('s4', SATURDAY, { contentId: 'x4', contactIds: ['k1', 'k2'], isPremium: true }))
      .then([shared('s4', SATURDAY, { contentId: 'x4', contactIds: ['k2'], skipped: [{ contactId: 'k1', reason: 'daily_limit' }] })]);
    spec.given(three).when(share('s4', DAY2, { contentId: 'x4', contactIds: ['k1'] })).then([shared('s4', DAY2, { contentId: 'x4', contactIds: ['k1'] })]);
    const state = fold(creatorContentDecider, three as UserEvent[]);
    const context = { contentId: 'x4', sharerEmail: 'ada@example.com', mailboxes: {}, addressDailyCap: 3, now: SATURDAY };
    assert.equal(reachOf(state, context, { email: 'k1@example.com' }), 'daily_limit');
    assert.equal(reachOf(state, { ...context, now: DAY2 }, { email: 'k1@example.com' }), 'available');
    assert.equal(reachOf(state, { ...context, contentId: 'x1', now: DAY2 }, { email: 'K1@Example.com' }), 'already_shared');
  });

  test("a contact the sharer's imported list marks as gone is never reached, whatever else holds", () => {
    const context = { contentId: 'x4', sharerEmail: 'ada@example.com', mailboxes: {}, addressDailyCap: 3, now: SATURDAY };
    const state = creatorContentDecider.initialState();
    assert.equal(reachOf(state, context, { email: 'k1@example.com', listStatus: 'unsubscribed' }), 'unsubscribed');
    assert.equal(reachOf(state, context, { email: 'k1@example.com', listStatus: 'bounced' }), 'bounced');
    assert.equal(reachOf(state, context, { email: 'k1@example.com', listStatus: 'suppressed' }), 'suppressed');
    assert.equal(reachOf(state, context, { email: 'k1@example.com', listStatus: null }), 'available');
  });

  test("e-mails at most the account's daily budget: the rest are skipped with their reason", () => {
    const earlier = shared('s1', SATURDAY, { contentId: 'x1', contactIds: ['k1', 'k2', 'k3'] });
    spec
      .given([earlier])
      .when(share('s2', SATURDAY, { contactIds: ['k4', 'k5', 'k6'], emailBudget: 5 }))
      .then([shared('s2', SATURDAY, { contactIds: ['k4', 'k5'], skipped: [{ contactId: 'k6', reason: 'email_budget' }] })]);
    spec.given([earlier]).when(share('s2', DAY2, { contactIds: ['k4', 'k5', 'k6'], emailBudget: 5 })).then([shared('s2', DAY2, { contactIds: ['k4', 'k5', 'k6'] })]);
  });

  test('refuses with 409 a share that reaches nobody, naming each contact and why, and appends nothing', () => {
    spec
      .given([shared('s1', SATURDAY, { contactIds: ['k1', 'k2'] })])
      .when(share('s2', SATURDAY, { contacts: [contact('k1', 'k1@example.com', 'Grace'), contact('k2', 'k2@example.com', 'Alan'), contact('k3', 'k3@fake.invalid', 'Bot')] }))
      .thenThrows(ConflictError, /^This share would reach no one new: Grace, Alan \(already received this content\); Bot \(a throwaway or made-up address\)\.$/);
  });

  test('reads a log written before the per-person rule: each old share was one delivered share of its contacts', () => {
    const old = (shareId: string, contactIds: string[]): ContentShared => ({
      type: 'ContentShared',
      data: { shareId, contentId: 'other-content', contentOwnerId: 'u2', contentTitle: 'Their post', sharerId: 'u1', sharerUsername: 'ada', contactIds, sharedAt: SATURDAY },
    });
    const state = fold(creatorContentDecider, [...history, old('s1', ['k1', 'k2']), old('s2', ['k3'])] as UserEvent[]);
    assert.deepEqual(matchProgress(state, 'other-content', 5), { delivered: 2, required: 5, completed: false });
    // The per-person rule then counts people: three more complete the match.
    spec
      .given([...history, old('s1', ['k1', 'k2']), old('s2', ['k3'])])
      .when(share('s3', DAY2, { contactIds: ['k4', 'k5', 'k6', 'k7'], isPremium: true }))
      .then([shared('s3', DAY2, { contactIds: ['k4', 'k5', 'k6', 'k7'], credit: 3 }), completed(DAY2, 'mine'), released('mine', DAY2, 'match_completed', 'other-content')]);
  });
});

describe('creator content decider: sent at the best time (Premium)', () => {
  const LATER = '2026-11-21T20:00:00.000Z';
  const deferred = (contactIds: string[]) => shared('s1', SATURDAY, { contactIds, credit: 0, deferred: { timeZone: 'Europe/Paris' } });
  const deliver = (k: string): CreditDelivery => ({
    type: 'CreditDelivery',
    data: { shareId: 's1', contentId: 'other-content', contentOwnerId: 'u2', contentTitle: 'Their post', sharerId: 'u1', contactId: k, mailbox: `${k}@example.com`, requiredShares: 5, sharedAt: SATURDAY, now: LATER },
  });
  const granted = (k: string, credit = 1): ShareCreditGranted => ({
    type: 'ShareCreditGranted',
    data: { shareId: 's1', contentId: 'other-content', contentOwnerId: 'u2', contentTitle: 'Their post', sharerId: 'u1', contactId: k, mailbox: `${k}@example.com`, credit, sharedAt: SATURDAY, grantedAt: LATER },
  });
  const five = ['k1', 'k2', 'k3', 'k4', 'k5'];

  test('is Premium only; the share counts nobody yet and keeps the time zone for its e-mails', () => {
    spec.given([]).when(share('s1', SATURDAY, { sendAt: 'best_time', timeZone: 'Europe/Paris' })).thenThrows(ForbiddenError, /Premium feature/);
    spec.given([]).when(share('s1', SATURDAY, { contactIds: five, sendAt: 'best_time', timeZone: 'Europe/Paris', isPremium: true })).then([deferred(five)]);
  });

  test('each person counts when their e-mail goes, once; the fifth completes the match and releases the queued item', () => {
    const history = [queued('mine', SATURDAY), deferred(five), granted('k1'), granted('k2'), granted('k3'), granted('k4')];
    assert.deepEqual(matchProgress(fold(creatorContentDecider, history as UserEvent[]), 'other-content', 5), { delivered: 4, required: 5, completed: false });
    spec.given(history).when(deliver('k4')).then([]);
    spec
      .given(history)
      .when(deliver('k5'))
      .then([
        granted('k5'),
        { type: 'MatchCompleted', data: { sharerId: 'u1', contentId: 'other-content', contentOwnerId: 'u2', contentTitle: 'Their post', requiredShares: 5, releasedContentId: 'mine', completedAt: LATER } },
        { type: 'ContentReleased', data: { contentId: 'mine', userId: 'u1', contentTitle: 'My post', reason: 'match_completed', matchContentId: 'other-content', releasedAt: LATER } },
      ]);
  });

  test('an e-mail that never went frees the person for a later share; an immediate share needs no delivery credit', () => {
    const notSent: ShareCreditWithdrawn = {
      type: 'ShareCreditWithdrawn',
      data: { shareId: 's1', contentId: 'other-content', contentOwnerId: 'u2', contentTitle: 'Their post', sharerId: 'u1', contactId: 'k1', contactName: null, mailbox: 'k1@example.com', reason: 'daily_limit', credit: 0, sharedAt: SATURDAY, withdrawnAt: LATER },
    };
    spec.given([deferred(['k1']), notSent]).when(deliver('k1')).then([]);
    spec.given([deferred(['k1']), notSent]).when(share('s2', '2026-11-22T10:00:00.000Z', { contactIds: ['k1'], isPremium: true })).then([shared('s2', '2026-11-22T10:00:00.000Z', { contactIds: ['k1'] })]);
    spec.given([shared('s1', SATURDAY, { contactIds: ['k1'] })]).when(deliver('k1')).then([]);
  });
});

describe('creator content decider: bounces and credit taken back', () => {
  const DAY2 = '2026-11-22T10:00:00.000Z';
  const withdraw = (mailbox: string, reason: WithdrawShareCredit['data']['reason'], contentId = 'other-content'): WithdrawShareCredit => ({
    type: 'WithdrawShareCredit',
    data: { shareId: 's1', contentId, contentOwnerId: 'u2', contentTitle: 'Their post', sharerId: 'u1', contactId: 'k1', contactName: 'Grace', mailbox, reason, sharedAt: SATURDAY, now: DAY2 },
  });
  const withdrawn = (mailbox: string, reason: ShareCreditWithdrawn['data']['reason'], credit: number, contentId = 'other-content'): ShareCreditWithdrawn => ({
    type: 'ShareCreditWithdrawn',
    data: { shareId: 's1', contentId, contentOwnerId: 'u2', contentTitle: 'Their post', sharerId: 'u1', contactId: 'k1', contactName: 'Grace', mailbox, reason, credit, sharedAt: SATURDAY, withdrawnAt: DAY2 },
  });

  test('a hard bounce takes back the credit of the share that reached the address, once', () => {
    const given = [shared('s1', SATURDAY, { contactIds: ['k1', 'k2'] })];
    spec.given(given).when(withdraw('k1@example.com', 'bounced')).then([withdrawn('k1@example.com', 'bounced', 1)]);
    const after = [...given, withdrawn('k1@example.com', 'bounced', 1)];
    assert.deepEqual(matchProgress(fold(creatorContentDecider, after as UserEvent[]), 'other-content', 5), { delivered: 1, required: 5, completed: false });
    spec.given(after).when(withdraw('k1@example.com', 'bounced')).then([]);
    spec.given(after).when(withdraw('k1@example.com', 'complained')).then([]);
    // Bounced stays reached: the address is not tried again.
    spec.given(after).when(share('s2', DAY2, { contactIds: ['k1'] })).thenThrows(ConflictError, /already received this content/);
  });

  test('a completed match stays completed when a bounce takes a credit back', () => {
    const given = [
      queued('mine', SATURDAY),
      shared('s1', SATURDAY, { contactIds: ['k1', 'k2', 'k3', 'k4', 'k5'] }),
      { type: 'MatchCompleted', data: { sharerId: 'u1', contentId: 'other-content', contentOwnerId: 'u2', contentTitle: 'Their post', requiredShares: 5, releasedContentId: 'mine', completedAt: SATURDAY } } as MatchCompleted,
      withdrawn('k1@example.com', 'bounced', 1),
    ];
    const state = fold(creatorContentDecider, given as UserEvent[]);
    assert.equal(matchProgress(state, 'other-content', 5).completed, true);
    // A new person brings it back to 5 of 5 without a second completion.
    spec.given(given).when(share('s2', DAY2, { contactIds: ['k6'] })).then([shared('s2', DAY2, { contactIds: ['k6'], credit: 0 })]);
  });

  test('an e-mail never sent (suppressed or capped meanwhile) gives its credit back and leaves the person reachable later', () => {
    const given = [shared('s1', SATURDAY, { contactIds: ['k1'] })];
    spec.given(given).when(withdraw('k1@example.com', 'daily_limit')).then([withdrawn('k1@example.com', 'daily_limit', 1)]);
    const after = [...given, withdrawn('k1@example.com', 'daily_limit', 1)];
    spec.given(after).when(withdraw('k1@example.com', 'daily_limit')).then([]);
    spec.given(after).when(share('s2', DAY2, { contactIds: ['k1'] })).then([shared('s2', DAY2, { contactIds: ['k1'] })]);
  });

  test('nothing to take back for a mailbox the share never reached', () => {
    spec.given([shared('s1', SATURDAY, { contactIds: ['k1'] })]).when(withdraw('other@example.com', 'bounced')).then([]);
  });

  test('pauses sharing while bounces and complaints pass 5% of the last sends and the bounced contacts are kept', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `r${i}`);
    const bounced = [
      shared('s1', SATURDAY, { contentId: 'x1', contactIds: twenty, credit: 5 }),
      withdrawn('r0@example.com', 'bounced', 1, 'x1'),
      withdrawn('r1@example.com', 'complained', 1, 'x1'),
    ];
    const state = fold(creatorContentDecider, bounced as UserEvent[]);
    assert.deepEqual(sendWindowOf(state), { sends: 20, bad: 2 });
    assert.deepEqual(mailboxesHoldingSends(state).sort(), ['r0@example.com', 'r1@example.com']);
    // Under the limit no contact holds sending back, so a share need not count them.
    assert.deepEqual(mailboxesHoldingSends(fold(creatorContentDecider, bounced.slice(0, 2) as UserEvent[])), []);
    spec.given(bounced).when(share('s2', DAY2, { heldBouncedContacts: 2 })).thenThrows(ForbiddenError, /^Sharing is paused: 2 of your last 20 e-mails bounced or were marked as spam\. Remove the 2 contacts marked Bounced/);
    // Once those contacts are removed, sharing goes on.
    spec.given(bounced).when(share('s2', DAY2, { heldBouncedContacts: 0 })).then([shared('s2', DAY2)]);
    // One bad e-mail in 20 is 5%: not past it.
    spec.given(bounced.slice(0, 2)).when(share('s2', DAY2, { heldBouncedContacts: 1 })).then([shared('s2', DAY2)]);
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
    spec.given(history).when(share('s5', DAY3, { contactIds: ['k5'], releaseContentId: 'old' })).thenThrows(ValidationError, /is not Pending \(waiting for release\)/);
  });

  test('a completed match is completed once: later shares of the same content earn nothing more', () => {
    const history = [submitted('old', SATURDAY), queued('c2', SATURDAY), ...fourDelivered, shared('s5', DAY3, { contactIds: ['k5'] }), completed(DAY3, 'c2'), released('c2', DAY3, 'match_completed', 'other-content'), queued('c3', DAY3)];
    spec
      .given(history)
      .when(share('s6', DAY3, { contactIds: ['k6'], isPremium: true }))
      .then([shared('s6', DAY3, { contactIds: ['k6'], credit: 0 })]);
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
      s.contents, s.submissions, s.shares, s.shuffles, s.pending, s.reached, s.credited, s.completed, s.mailboxesToday, s.mailboxesToday.counts,
      s.emailsToday, s.sends, s.sends.mailboxes, s.sends.bad, s.badMailboxes, s.awaiting,
    ]);
    assert.equal(state.contents.size, Math.ceil(LONG_STREAM / 6));
    // The per-mailbox day closes with the day: only the latest day's mailboxes are kept.
    assert.ok(state.mailboxesToday.counts.size <= 30);
    // The bounce window keeps the last 200 e-mails only.
    assert.equal(state.sends.mailboxes.length, 200);
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
