import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_EMAIL_BUDGETS, bounceRateTooHigh, dailyEmailBudget, isThrowawayAddress, shareCredit } from './share-credit.ts';

describe('share credit rules', () => {
  test('throwaway services and reserved domains can never be a reader; ordinary domains can', () => {
    for (const email of ['a@mailinator.com', 'a@sub.yopmail.com', 'a@fake.invalid', 'a@site.test', 'a@host.example', 'a@localhost', 'a@printer.local', 'a@bad.invalid.']) {
      assert.equal(isThrowawayAddress(email), true, email);
    }
    for (const email of ['a@gmail.com', 'a@example.com', 'a@e2e.example.com', 'a@company.co.uk']) assert.equal(isThrowawayAddress(email), false, email);
  });

  test('an event of the per-person rule counts its credit; an older one counts one delivered share', () => {
    assert.equal(shareCredit({ credit: 4 }), 4);
    assert.equal(shareCredit({ credit: 0 }), 0);
    assert.equal(shareCredit({}), 1);
  });

  test('the daily e-mail budget grows with the standing of the account', () => {
    const now = '2026-11-28T12:00:00.000Z';
    const budget = (emailConfirmed: boolean, registeredAt: string | null, isPremium = false) =>
      dailyEmailBudget({ emailConfirmed, registeredAt, isPremium }, now, DEFAULT_EMAIL_BUDGETS);
    assert.equal(budget(false, '2025-01-01T00:00:00.000Z', true), 5);
    assert.equal(budget(true, '2026-11-25T00:00:00.000Z', true), 25);
    assert.equal(budget(true, '2026-11-20T00:00:00.000Z'), 100);
    assert.equal(budget(true, '2026-11-20T00:00:00.000Z', true), 2000);
    assert.equal(budget(true, null), 100);
  });

  test('the bounce rate pauses sharing past 5% of at least 10 sends', () => {
    assert.equal(bounceRateTooHigh(9, 9), false);
    assert.equal(bounceRateTooHigh(10, 1), true);
    assert.equal(bounceRateTooHigh(20, 1), false);
    assert.equal(bounceRateTooHigh(200, 10), false);
    assert.equal(bounceRateTooHigh(200, 11), true);
  });
});
