import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LONG_STREAM, foldInPlace } from '../testing/linear-fold.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { GrantReferralReward } from './referral-rewards.commands.ts';
import type { ReferralRewardGranted } from './referral-rewards.events.ts';
import { referralRewardsDecider } from './referral-rewards.decider.ts';

const now = '2026-11-21T10:00:00.000Z';
const grant = (referredEmailKey: string, cap = 3): GrantReferralReward => ({
  type: 'GrantReferralReward',
  data: { referrerId: 'u1', referredEmailKey, cap, now },
});
const granted = (referredEmailKey: string): ReferralRewardGranted => ({
  type: 'ReferralRewardGranted',
  data: { referrerId: 'u1', referredEmailKey, month: '2026-11', grantedAt: now },
});

describe('referral rewards decider', () => {
  test('grants a reward for a referred person', () => {
    deciderSpec(referralRewardsDecider).given([]).when(grant('bob@example.com')).then([granted('bob@example.com')]);
  });

  test('grants one reward per referred person', () => {
    deciderSpec(referralRewardsDecider).given([granted('bob@example.com')]).when(grant('bob@example.com')).then([]);
  });

  test('grants nothing past the monthly cap', () => {
    const given = [granted('a@example.com'), granted('b@example.com'), granted('c@example.com')];
    deciderSpec(referralRewardsDecider).given(given).when(grant('d@example.com', 3)).then([]);
    deciderSpec(referralRewardsDecider).given(given).when(grant('d@example.com', 4)).then([granted('d@example.com')]);
  });
});

describe('referral rewards decider: long streams', () => {
  test('folding 100,000 events stays linear: the rewarded set is updated in place', () => {
    const state = foldInPlace(referralRewardsDecider, LONG_STREAM, (i) => granted(`p${i}@example.com`), (s) => [s.rewarded]);
    assert.equal(state.rewarded.size, LONG_STREAM);
  });
});
