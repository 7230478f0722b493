import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FREE_FEATURES, PREMIUM_FEATURES, PREMIUM_ONLY_FEATURES, tierHasFeature } from './tier-features.ts';

describe('tier features (SPEC §2 Pricing)', () => {
  test('the lists are the SPEC\'s, in its order', () => {
    assert.deepEqual([...FREE_FEATURES], ['Content Sharing', 'Basic Analytics', 'Content Discovery', 'Audience Score', 'Limited Match Shuffles']);
    assert.equal(PREMIUM_FEATURES.length, 11);
  });

  test('the upsell sells only what Free lacks: never Content Discovery or Audience Score', () => {
    assert.ok(!PREMIUM_ONLY_FEATURES.includes('Content Discovery'));
    assert.ok(!PREMIUM_ONLY_FEATURES.includes('Audience Score'));
    assert.ok(PREMIUM_ONLY_FEATURES.includes('Contact Quality Scoring'));
    assert.ok(PREMIUM_ONLY_FEATURES.includes('Custom Link Tracking'));
  });

  test('the server\'s checks read the same table', () => {
    assert.equal(tierHasFeature(false, 'Custom Link Tracking'), false);
    assert.equal(tierHasFeature(true, 'Custom Link Tracking'), true);
    assert.equal(tierHasFeature(false, 'Contact Quality Scoring'), false);
    assert.equal(tierHasFeature(false, 'Audience Score'), true);
    assert.equal(tierHasFeature(true, 'Content Discovery'), true);
  });
});
