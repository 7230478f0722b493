import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fold } from '../shared/decider.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { LONG_STREAM, foldInPlace } from '../testing/linear-fold.ts';
import type { RecordMailFailure, RecordShareEmail, UnsubscribeMailbox } from './mailbox.commands.ts';
import { DeliveryRefused, mailboxDecider, suppressionOf } from './mailbox.decider.ts';
import type { MailboxDelivery, MailboxEvent, ShareEmailSent } from './mailbox.events.ts';

const MAILBOX = 'reader@example.com';
const DAY1 = '2026-11-21T10:00:00.000Z';
const DAY2 = '2026-11-22T10:00:00.000Z';

const delivery = (shareId: string, sentAt = DAY1, sharerId = 'u1'): MailboxDelivery => ({
  shareId,
  sharerId,
  contentId: `content-${shareId}`,
  contentOwnerId: 'owner',
  contactId: `contact-${shareId}`,
  sentAt,
});
const record = (shareId: string, sentAt = DAY1, sharerId = 'u1', dailyCap = 3): RecordShareEmail => ({
  type: 'RecordShareEmail',
  data: { mailbox: MAILBOX, dailyCap, ...delivery(shareId, sentAt, sharerId) },
});
const sent = (shareId: string, sentAt = DAY1, sharerId = 'u1'): ShareEmailSent => ({
  type: 'ShareEmailSent',
  data: { mailbox: MAILBOX, ...delivery(shareId, sentAt, sharerId) },
});
const unsubscribe = (scope: 'all' | 'sharer', sharerId: string | null = null): UnsubscribeMailbox => ({
  type: 'UnsubscribeMailbox',
  data: { mailbox: MAILBOX, scope, sharerId, source: scope === 'all' ? 'one_click' : 'link', now: DAY1 },
});
const failure = (kind: RecordMailFailure['data']['kind'], now = DAY2): RecordMailFailure => ({
  type: 'RecordMailFailure',
  data: { mailbox: MAILBOX, kind, source: 'relay', now },
});

const spec = deciderSpec(mailboxDecider);
const refusedFor = (reason: string) => (error: unknown) => error instanceof DeliveryRefused && error.reason === reason;

describe('mailbox decider: share e-mails', () => {
  test('records a share e-mail, once per share', () => {
    spec.given([]).when(record('s1')).then([sent('s1')]);
    spec.given([sent('s1')]).when(record('s1')).then([]);
  });

  test('a released record (the mailer failed for now) is recorded again by the retry, and gives its slot back', () => {
    const released: MailboxEvent = { type: 'ShareEmailReleased', data: { mailbox: MAILBOX, shareId: 's1', releasedAt: DAY1 } };
    spec.given([sent('s1')]).when({ type: 'ReleaseShareEmail', data: { mailbox: MAILBOX, shareId: 's1', now: DAY1 } }).then([released]);
    spec.given([sent('s1'), released]).when({ type: 'ReleaseShareEmail', data: { mailbox: MAILBOX, shareId: 's1', now: DAY1 } }).then([]);
    spec.given([sent('s1'), released]).when(record('s1')).then([sent('s1')]);
    const full = [sent('s1'), sent('s2'), sent('s3'), released];
    spec.given(full).when(record('s4')).then([sent('s4')]);
  });

  test('refuses the e-mail past the daily cap of the address, from every creator, and takes it again the next UTC day', () => {
    const three = [sent('s1', DAY1, 'u1'), sent('s2', DAY1, 'u2'), sent('s3', DAY1, 'u3')];
    assert.throws(() => mailboxDecider.decide(record('s4', DAY1, 'u4'), fold(mailboxDecider, three)), refusedFor('daily_limit'));
    spec.given(three).when(record('s4', DAY2, 'u4')).then([sent('s4', DAY2, 'u4')]);
  });

  test('refuses every creator after "stop all", and only that sharer after "stop e-mails from them"', () => {
    const all = mailboxDecider.decide(unsubscribe('all'), mailboxDecider.initialState());
    assert.throws(() => mailboxDecider.decide(record('s1', DAY1, 'u9'), fold(mailboxDecider, all)), refusedFor('unsubscribed'));
    const one = mailboxDecider.decide(unsubscribe('sharer', 'u1'), mailboxDecider.initialState());
    assert.throws(() => mailboxDecider.decide(record('s1', DAY1, 'u1'), fold(mailboxDecider, one)), refusedFor('unsubscribed'));
    spec.given(one).when(record('s2', DAY1, 'u2')).then([sent('s2', DAY1, 'u2')]);
    assert.equal(suppressionOf(fold(mailboxDecider, one), 'u1'), 'unsubscribed');
    assert.equal(suppressionOf(fold(mailboxDecider, one), 'u2'), null);
  });

  test('an unsubscribe is recorded once; "stop all" covers every sharer', () => {
    spec.given([]).when(unsubscribe('all')).then([
      { type: 'MailboxUnsubscribed', data: { mailbox: MAILBOX, scope: 'all', sharerId: null, source: 'one_click', unsubscribedAt: DAY1 } },
    ]);
    const all: MailboxEvent[] = [{ type: 'MailboxUnsubscribed', data: { mailbox: MAILBOX, scope: 'all', sharerId: null, source: 'one_click', unsubscribedAt: DAY1 } }];
    spec.given(all).when(unsubscribe('all')).then([]);
    spec.given(all).when(unsubscribe('sharer', 'u1')).then([]);
  });
});

describe('mailbox decider: bounces and complaints', () => {
  test('a hard bounce suppresses the address and names the share e-mails of the last 30 days, whose credit is taken back', () => {
    const old = sent('s0', '2026-10-01T10:00:00.000Z');
    spec
      .given([old, sent('s1'), sent('s2', DAY1, 'u2')])
      .when(failure('hard_bounce'))
      .then([{ type: 'MailboxBounced', data: { mailbox: MAILBOX, source: 'relay', deliveries: [delivery('s1'), delivery('s2', DAY1, 'u2')], bouncedAt: DAY2 } }]);
    const bounced: MailboxEvent[] = [sent('s1'), { type: 'MailboxBounced', data: { mailbox: MAILBOX, source: 'relay', deliveries: [], bouncedAt: DAY2 } }];
    assert.throws(() => mailboxDecider.decide(record('s5', DAY2, 'u7'), fold(mailboxDecider, bounced)), refusedFor('bounced'));
    spec.given(bounced).when(failure('hard_bounce')).then([]);
  });

  test('a complaint suppresses the address and takes back the credit of the e-mail complained about (the latest)', () => {
    spec
      .given([sent('s1'), sent('s2', DAY1, 'u2')])
      .when(failure('complaint'))
      .then([{ type: 'MailboxComplained', data: { mailbox: MAILBOX, source: 'relay', deliveries: [delivery('s2', DAY1, 'u2')], complainedAt: DAY2 } }]);
  });

  test('a soft bounce changes nothing', () => {
    spec.given([sent('s1')]).when(failure('soft_bounce')).then([]);
  });
});

describe('mailbox decider: long streams', () => {
  test('folding 100,000 e-mails keeps only the last 30 days of deliveries, updated in place', () => {
    const start = Date.parse('2020-01-01T00:00:00.000Z');
    const state = foldInPlace(mailboxDecider, LONG_STREAM, (i) => sent(`s${i}`, new Date(start + i * 8 * 3600 * 1000).toISOString()), (s) => [s.recent, s.unsubscribedFrom]);
    assert.ok(state.recent.size <= 91, `kept ${state.recent.size}`);
  });
});
