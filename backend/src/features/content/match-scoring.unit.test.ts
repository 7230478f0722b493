import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MATCH_WEIGHTS,
  freshness,
  matchScore,
  rankMatches,
  seededShuffle,
  shareNeed,
  shuffleMatches,
  type MatchCandidate,
  type MatchProfile,
} from './match-scoring.ts';

const NOW = '2026-11-21T12:00:00.000Z';
const profile: MatchProfile = { categories: new Set(['technology', 'art']), interests: new Set(['web development']) };

const candidate = (id: string, overrides: Partial<MatchCandidate> = {}): MatchCandidate => ({
  id,
  userId: `creator-${id}`,
  categories: ['technology'],
  shareCount: 0,
  requiredShares: 5,
  createdAt: NOW,
  ...overrides,
});

describe('match scoring', () => {
  test('keeps exposure and freshness below one overlap, so overlap always decides first', () => {
    const smallestOverlap = Math.min(MATCH_WEIGHTS.categoryOverlap, MATCH_WEIGHTS.interestOverlap, MATCH_WEIGHTS.relevant);
    assert.ok(MATCH_WEIGHTS.shareNeed + MATCH_WEIGHTS.freshness < smallestOverlap);
    const oldButRelated = candidate('a', { createdAt: '2025-01-01T00:00:00.000Z', shareCount: 4 });
    const freshUnrelated = candidate('b', { categories: ['cooking'] });
    assert.ok(matchScore(oldButRelated, profile, NOW, 'default') > matchScore(freshUnrelated, profile, NOW, 'default'));
  });

  test('grades overlap with categories and interests when ranked, and only counts relevance otherwise', () => {
    const one = candidate('one', { categories: ['technology'] });
    const three = candidate('three', { categories: ['Technology', 'art', 'web development'] });
    assert.equal(matchScore(three, profile, NOW, 'ranked') - matchScore(one, profile, NOW, 'ranked'), 10 + 6);
    assert.equal(matchScore(three, profile, NOW, 'default'), matchScore(one, profile, NOW, 'default'));
  });

  test('prefers content further from its required shares, then fresher content', () => {
    assert.equal(shareNeed(candidate('x', { shareCount: 0 })), 1);
    assert.equal(shareNeed(candidate('x', { shareCount: 5 })), 0);
    assert.equal(shareNeed(candidate('x', { shareCount: 9 })), 0);
    assert.equal(freshness(candidate('x', { createdAt: '2026-11-14T12:00:00.000Z' }), NOW), 0.5);
    const ranked = rankMatches(
      [
        candidate('half-way', { shareCount: 3 }),
        candidate('old', { createdAt: '2026-10-01T00:00:00.000Z' }),
        candidate('new'),
      ],
      profile,
      NOW,
      { order: 'default' },
    );
    assert.deepEqual(ranked.map((c) => c.id), ['new', 'old', 'half-way']);
  });

  test('orders related top performers by their creator totals first; unrelated content only tops them up', () => {
    const ranked = rankMatches(
      [
        candidate('best-match', { categories: ['technology', 'art'] }),
        candidate('related-star', { userId: 'related-star', categories: ['art'] }),
        candidate('star', { userId: 'star', categories: ['cooking'] }),
      ],
      profile,
      NOW,
      { order: 'ranked', creatorTotals: new Map([['star', 40], ['related-star', 10]]) },
    );
    assert.deepEqual(ranked.map((c) => c.id), ['related-star', 'best-match', 'star']);
  });

  test('breaks ties by newest, then id, so the order is stable', () => {
    const ranked = rankMatches([candidate('b'), candidate('a'), candidate('c')], profile, NOW, { order: 'default' });
    assert.deepEqual(ranked.map((c) => c.id), ['a', 'b', 'c']);
  });
});

describe('shuffle', () => {
  const ranked = Array.from({ length: 12 }, (_, i) => `m${i}`);

  test('is deterministic for a seed and shuffles differently for another seed', () => {
    assert.deepEqual(seededShuffle(ranked, 7), seededShuffle(ranked, 7));
    assert.notDeepEqual(seededShuffle(ranked, 7), seededShuffle(ranked, 8));
    assert.deepEqual([...seededShuffle(ranked, 7)].sort(), [...ranked].sort());
  });

  test('draws a set other than the current top 4 when enough remain', () => {
    for (const seed of [1, 2, 3, 99]) {
      const shuffled = shuffleMatches(ranked, seed);
      assert.equal(shuffled.length, 4);
      assert.equal(new Set(shuffled).size, 4);
      assert.deepEqual(shuffled.filter((id) => ['m0', 'm1', 'm2', 'm3'].includes(id)), []);
    }
  });

  test('tops up from the current matches when too few others remain', () => {
    const shuffled = shuffleMatches(['m0', 'm1', 'm2', 'm3', 'm4', 'm5'], 5);
    assert.equal(shuffled.length, 4);
    assert.deepEqual(shuffled.slice(0, 2).sort(), ['m4', 'm5']);
    assert.deepEqual(shuffleMatches(['only'], 5), ['only']);
    assert.deepEqual(shuffleMatches([], 5), []);
  });
});
