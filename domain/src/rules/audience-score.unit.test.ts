import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { contactScore, creatorScore, publicCreatorParts, type CreatorScoreInputs } from './audience-score.ts';

const nothing: CreatorScoreInputs = {
  contents: 0, completionSum: 0, shares: 0, requiredShares: 0, countedClicks: 0, humanClicks: 0, conversions: 0, contacts: 0, engagedContacts: 0,
};

describe('creator score', () => {
  test('a creator with nothing scores 0 and every part says why', () => {
    const { score, parts } = creatorScore(nothing);
    assert.equal(score, 0);
    assert.deepEqual(parts.map((part) => [part.key, part.points, part.max]), [
      ['share_completion', 0, 40], ['clicks_per_share', 0, 30], ['conversions_per_share', 0, 20], ['contact_engagement', 0, 10],
    ]);
    assert.equal(parts[0]?.detail, 'You have no content in the exchange yet.');
    assert.equal(parts[3]?.detail, 'You have no contacts yet.');
  });

  test('adds the parts: completion 75 %, 1 click per share, 1 verified conversion on 6 shares, half the contacts engaged', () => {
    const { score, parts } = creatorScore({
      contents: 2, completionSum: 1.5, shares: 6, requiredShares: 8, countedClicks: 6, humanClicks: 9, conversions: 1, contacts: 4, engagedContacts: 2,
    });
    assert.deepEqual(parts.map((part) => part.points), [30, 15, 16.7, 5]);
    assert.equal(score, 66.7);
    assert.equal(parts[0]?.detail, 'Your 2 items received 6 of the 8 shares they ask for (75% complete on average).');
    assert.equal(parts[1]?.detail, "6 clicks by people on 6 shares (9 clicks in all; a visitor's repeat clicks on one day count once): 1 per share; full points at 2.");
    assert.equal(parts[2]?.detail, '1 verified conversion on 6 shares: 0.17 per share; full points at 0.2. Only conversions your site reports after a counted click count.');
    assert.equal(parts[3]?.detail, '2 of your 4 contacts clicked a link sent to them.');
  });

  test('each part stops at its maximum and the total at 100', () => {
    const { score, parts } = creatorScore({
      contents: 1, completionSum: 1, shares: 1, requiredShares: 1, countedClicks: 50, humanClicks: 50, conversions: 50, contacts: 1, engagedContacts: 1,
    });
    assert.deepEqual(parts.map((part) => part.points), [40, 30, 20, 10]);
    assert.equal(score, 100);
  });
});

test('clicks forged on someone else\'s link never lower their score: no part falls when clicks rise', () => {
  const base = { contents: 3, completionSum: 2, shares: 10, requiredShares: 15, humanClicks: 0, conversions: 2, contacts: 5, engagedContacts: 2 };
  let previous = -1;
  for (let countedClicks = 0; countedClicks <= 400; countedClicks += 20) {
    const { score } = creatorScore({ ...base, countedClicks, humanClicks: countedClicks });
    assert.ok(score >= previous, `${countedClicks} clicks: ${score} < ${previous}`);
    previous = score;
  }
});

test('others see the same points without the creator\'s own counts', () => {
  const { parts } = creatorScore({
    contents: 2, completionSum: 1.5, shares: 6, requiredShares: 8, countedClicks: 6, humanClicks: 9, conversions: 1, contacts: 4, engagedContacts: 2,
  });
  const shown = publicCreatorParts(parts);
  assert.deepEqual(shown.map((part) => part.points), parts.map((part) => part.points));
  assert.equal(shown[3]?.label, 'Their contacts who click');
  assert.ok(shown.every((part) => !/\d+ of your/.test(part.detail) && !part.detail.includes('4 contacts')));
});

describe('contact score', () => {
  test('a contact who never clicked scores 0', () => {
    const { score, parts } = contactScore({ clickDays: 0, clicks: 0, conversions: 0 });
    assert.equal(score, 0);
    assert.equal(parts[0]?.detail, 'No clicks yet.');
  });

  test('three clicks on one day count as one day: 20 points', () => {
    const { score, parts } = contactScore({ clickDays: 1, clicks: 3, conversions: 0 });
    assert.equal(score, 20);
    assert.equal(parts[0]?.detail, '1 day with a click (3 clicks in all; more clicks on one day count once). 20 points a day.');
  });

  test('click days stop at 60 points, conversions at 40', () => {
    assert.deepEqual(contactScore({ clickDays: 7, clicks: 9, conversions: 1 }).parts.map((part) => part.points), [60, 20]);
    assert.equal(contactScore({ clickDays: 7, clicks: 9, conversions: 5 }).score, 100);
  });
});
