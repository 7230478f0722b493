import { describe, test } from 'node:test';
import { NotFoundError } from '../shared/errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { CreditReferral, JoinWaitlist, RequestWaitlistEntryLink } from './waitlist.commands.ts';
import type { WaitlistEmailConfirmed, WaitlistEntryLinkRequested, WaitlistJoined, WaitlistReferralCredited } from './waitlist.events.ts';
import { waitlistDecider } from './waitlist.decider.ts';
import { LONG_STREAM, foldInPlace } from '../testing/linear-fold.ts';
import assert from 'node:assert/strict';

const now = '2026-11-21T10:00:00.000Z';
const join = (referralCode = 'ABCD2345'): JoinWaitlist => ({
  type: 'JoinWaitlist',
  data: { emailKey: 'ada@example.com', email: ' Ada@Example.com ', referralCode, referredBy: 'ZZZZ9999', now },
});
const joined: WaitlistJoined = {
  type: 'WaitlistJoined',
  data: { emailKey: 'ada@example.com', email: 'Ada@Example.com', referralCode: 'ABCD2345', referredBy: 'ZZZZ9999', joinedAt: now },
};
const confirmed: WaitlistEmailConfirmed = { type: 'WaitlistEmailConfirmed', data: { emailKey: 'ada@example.com', confirmedAt: now } };
const credit = (referredEmailKey: string): CreditReferral => ({
  type: 'CreditReferral',
  data: { emailKey: 'ada@example.com', referredEmailKey, now },
});
const credited = (referredEmailKey: string): WaitlistReferralCredited => ({
  type: 'WaitlistReferralCredited',
  data: { emailKey: 'ada@example.com', referredEmailKey, creditedAt: now },
});

const minutesLater = (minutes: number): string => new Date(Date.parse(now) + minutes * 60_000).toISOString();
const requestLink = (at: string): RequestWaitlistEntryLink => ({ type: 'RequestWaitlistEntryLink', data: { emailKey: 'ada@example.com', now: at } });
const linkRequested = (at: string): WaitlistEntryLinkRequested => ({ type: 'WaitlistEntryLinkRequested', data: { emailKey: 'ada@example.com', requestedAt: at } });

describe('waitlist decider: a link to the entry, e-mailed to its holder', () => {
  test("within 10 minutes of the join (whose e-mail is the link) nothing; after, one link per 10 minutes", () => {
    const spec = deciderSpec(waitlistDecider);
    spec.given([joined]).when(requestLink(minutesLater(9))).then([]);
    spec.given([joined]).when(requestLink(minutesLater(10))).then([linkRequested(minutesLater(10))]);
    spec.given([joined, linkRequested(minutesLater(10))]).when(requestLink(minutesLater(19))).then([]);
    spec.given([joined, linkRequested(minutesLater(10))]).when(requestLink(minutesLater(21))).then([linkRequested(minutesLater(21))]);
  });

  test('an address not on the list has no entry to link', () => {
    deciderSpec(waitlistDecider).given([]).when(requestLink(now)).thenThrows(NotFoundError);
  });
});

describe('waitlist decider', () => {
  test('joins the waitlist with the reserved referral code', () => {
    deciderSpec(waitlistDecider).given([]).when(join()).then([joined]);
  });

  test('joining twice decides nothing: one position per email', () => {
    deciderSpec(waitlistDecider).given([joined]).when(join('OTHER234')).then([]);
  });

  test('confirms the email once', () => {
    deciderSpec(waitlistDecider).given([joined]).when({ type: 'ConfirmWaitlistEmail', data: { emailKey: 'ada@example.com', now } }).then([confirmed]);
    deciderSpec(waitlistDecider)
      .given([joined, confirmed])
      .when({ type: 'ConfirmWaitlistEmail', data: { emailKey: 'ada@example.com', now } })
      .then([]);
  });

  test('cannot confirm an email that is not on the list', () => {
    deciderSpec(waitlistDecider)
      .given([])
      .when({ type: 'ConfirmWaitlistEmail', data: { emailKey: 'ada@example.com', now } })
      .thenThrows(NotFoundError, /not on the waitlist/);
  });

  test('credits a referral once per referred email', () => {
    deciderSpec(waitlistDecider).given([joined]).when(credit('bob@example.com')).then([credited('bob@example.com')]);
    deciderSpec(waitlistDecider).given([joined, credited('bob@example.com')]).when(credit('bob@example.com')).then([]);
    deciderSpec(waitlistDecider)
      .given([joined, credited('bob@example.com')])
      .when(credit('cy@example.com'))
      .then([credited('cy@example.com')]);
  });

  test('credits at most the monthly cap in one calendar month, and again in the next', () => {
    const capped = (referredEmailKey: string, at = now): CreditReferral => ({
      type: 'CreditReferral',
      data: { emailKey: 'ada@example.com', referredEmailKey, now: at, monthlyCap: 2 },
    });
    const given = [joined, credited('a@example.com'), credited('b@example.com')];
    deciderSpec(waitlistDecider).given(given).when(capped('c@example.com')).then([]);
    const nextMonth = '2026-12-01T00:00:00.000Z';
    deciderSpec(waitlistDecider)
      .given(given)
      .when(capped('c@example.com', nextMonth))
      .then([{ type: 'WaitlistReferralCredited', data: { emailKey: 'ada@example.com', referredEmailKey: 'c@example.com', creditedAt: nextMonth } }]);
  });

  test('never credits a self-referral', () => {
    deciderSpec(waitlistDecider).given([joined]).when(credit('ada@example.com')).then([]);
  });

  test('cannot credit an entry that is not on the list', () => {
    deciderSpec(waitlistDecider).given([]).when(credit('bob@example.com')).thenThrows(NotFoundError);
  });
});

describe('waitlist decider: long streams', () => {
  test('folding 100,000 events stays linear: the credited referrals are updated in place', () => {
    const state = foldInPlace(
      waitlistDecider,
      LONG_STREAM,
      (i) => (i === 0 ? joined : credited(`friend${i}@example.com`)),
      (s) => (s.joined ? [s.credited] : []),
    );
    assert.ok(state.joined && state.credited.size === LONG_STREAM - 1);
  });
});
