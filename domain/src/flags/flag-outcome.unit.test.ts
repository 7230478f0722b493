import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FLAG_OUTCOME_MESSAGES, isFlagOutcome, isOutcomeRequiredDetail, outcomeNeeded } from './flag-outcome.ts';

const content = (moderation_status: string | null, deleted = false) => ({ deleted, status: 'active', moderation_status });

describe('flag outcome rule', () => {
  test('asks for an outcome when the deletion leaves flagged or under-review content without an open flag', () => {
    assert.equal(outcomeNeeded(content('under_review'), 0), true);
    assert.equal(outcomeNeeded(content('flagged'), 0), true);
  });

  test('does not ask while other open flags remain', () => {
    assert.equal(outcomeNeeded(content('under_review'), 1), false);
  });

  test('does not ask for content no admin is reviewing, nor for removed content', () => {
    for (const status of [null, 'approved', 'deleted']) assert.equal(outcomeNeeded(content(status), 0), false, String(status));
    assert.equal(outcomeNeeded(content('under_review', true), 0), false);
  });

  test('knows its outcomes and its 409 details', () => {
    assert.equal(isFlagOutcome('approve'), true);
    assert.equal(isFlagOutcome('keep'), true);
    assert.equal(isFlagOutcome('approved'), false);
    assert.equal(isOutcomeRequiredDetail(FLAG_OUTCOME_MESSAGES.required), true);
    assert.equal(isOutcomeRequiredDetail(FLAG_OUTCOME_MESSAGES.requiredBulk), true);
    assert.equal(isOutcomeRequiredDetail('Flag not found.'), false);
  });
});
