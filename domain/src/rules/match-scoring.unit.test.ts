import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  FRESHNESS_HALF_LIFE_DAYS,
  MATCH_WEIGHTS,
  audience,
  baseScore,
  freshness,
  matchScore,
  overlap,
  rankBasis,
  rankMatches,
  shareNeed,
  type MatchCandidate,
  type MatchOrder,
  type MatchProfile,
} from './match-scoring.ts';

const NOW = '2026-11-21T12:00:00.000Z';
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.parse(NOW) - days * DAY_MS).toISOString();
const ORDERS: readonly MatchOrder[] = ['default', 'ranked'];

const profile: MatchProfile = {
  categories: new Set(['technology', 'art']),
  interests: new Set(['web development', 'music']),
  contentType: 'Video',
};

const candidate = (overrides: Partial<MatchCandidate> = {}): MatchCandidate => ({
  id: 'c',
  userId: 'creator',
  categories: ['cooking'],
  shareCount: 5,
  requiredShares: 5,
  createdAt: daysAgo(365 * 10),
  ...overrides,
});

const close = (actual: number, expected: number, message?: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${message ?? ''} expected ${expected}, got ${actual}`);

describe('match scoring components', () => {
  test('the content type adds its weight only when it is the requester\'s (case-insensitive), in both orders', () => {
    for (const order of ORDERS) {
      const base = matchScore(candidate(), profile, NOW, order);
      close(matchScore(candidate({ contentType: 'video' }), profile, NOW, order) - base, MATCH_WEIGHTS.contentType, order);
      close(matchScore(candidate({ contentType: 'Article' }), profile, NOW, order), base, order);
      close(matchScore(candidate({ contentType: 'Video' }), { ...profile, contentType: null }, NOW, order), base, order);
      close(matchScore(candidate({ contentType: 'Video' }), { ...profile, contentType: undefined }, NOW, order), base, order);
    }
    // Not part of the requester-independent base.
    close(baseScore(candidate({ contentType: 'Video' }), NOW), baseScore(candidate(), NOW));
  });

  test('the creator\'s audience score: nothing while unknown (null, absent, NaN), score/100 of the weight once known', () => {
    assert.equal(audience(candidate({ creatorAudienceScore: null })), 0);
    assert.equal(audience(candidate()), 0);
    assert.equal(audience(candidate({ creatorAudienceScore: Number.NaN })), 0);
    assert.equal(audience(candidate({ creatorAudienceScore: 0 })), 0);
    assert.equal(audience(candidate({ creatorAudienceScore: 40 })), 0.4);
    assert.equal(audience(candidate({ creatorAudienceScore: 100 })), 1);
    assert.equal(audience(candidate({ creatorAudienceScore: 250 })), 1, 'clamped');
    assert.equal(audience(candidate({ creatorAudienceScore: -5 })), 0, 'clamped');

    const unknown = baseScore(candidate({ creatorAudienceScore: null }), NOW);
    close(baseScore(candidate({ creatorAudienceScore: 0 }), NOW), unknown, 'a known 0 counts like an unknown score');
    close(baseScore(candidate({ creatorAudienceScore: 80 }), NOW) - unknown, 0.8 * MATCH_WEIGHTS.audience);
    close(baseScore(candidate({ creatorAudienceScore: 100 }), NOW) - unknown, MATCH_WEIGHTS.audience);
    assert.ok(baseScore(candidate({ creatorAudienceScore: 60 }), NOW) > baseScore(candidate({ creatorAudienceScore: 59 }), NOW));
  });

  test('Premium Priority Matching adds the priority weight, and orders a Premium creator\'s content first among equals', () => {
    close(baseScore(candidate({ creatorPremium: true }), NOW) - baseScore(candidate({ creatorPremium: false }), NOW), MATCH_WEIGHTS.priority);
    close(baseScore(candidate({ creatorPremium: undefined }), NOW), baseScore(candidate({ creatorPremium: false }), NOW));
    const ranked = rankMatches(
      [candidate({ id: 'a-free', categories: ['art'] }), candidate({ id: 'z-premium', categories: ['art'], creatorPremium: true })],
      profile,
      NOW,
      { order: 'default' },
    );
    assert.deepEqual(ranked.map((c) => c.id), ['z-premium', 'a-free']);
  });

  test('the distance from the required shares: the missing fraction, clamped to 0..1, 0 without a goal', () => {
    assert.equal(shareNeed(candidate({ shareCount: 0, requiredShares: 4 })), 1);
    assert.equal(shareNeed(candidate({ shareCount: 1, requiredShares: 4 })), 0.75);
    assert.equal(shareNeed(candidate({ shareCount: 4, requiredShares: 4 })), 0);
    assert.equal(shareNeed(candidate({ shareCount: 9, requiredShares: 4 })), 0);
    assert.equal(shareNeed(candidate({ shareCount: 0, requiredShares: 0 })), 0);
    assert.equal(shareNeed(candidate({ shareCount: -3, requiredShares: 4 })), 1);
    const done = baseScore(candidate({ shareCount: 4, requiredShares: 4 }), NOW);
    close(baseScore(candidate({ shareCount: 1, requiredShares: 4 }), NOW) - done, 0.75 * MATCH_WEIGHTS.shareNeed);
    close(baseScore(candidate({ shareCount: 0, requiredShares: 4 }), NOW) - done, MATCH_WEIGHTS.shareNeed);
  });

  test('freshness halves every half-life, is 1 for new (or future-dated) content and 0 for an unreadable date', () => {
    assert.equal(freshness(candidate({ createdAt: NOW }), NOW), 1);
    assert.equal(freshness(candidate({ createdAt: daysAgo(-3) }), NOW), 1);
    assert.equal(freshness(candidate({ createdAt: daysAgo(FRESHNESS_HALF_LIFE_DAYS) }), NOW), 0.5);
    assert.equal(freshness(candidate({ createdAt: daysAgo(2 * FRESHNESS_HALF_LIFE_DAYS) }), NOW), 0.25);
    assert.equal(freshness(candidate({ createdAt: 'not a date' }), NOW), 0);
    // createdAtMs, when given, is what counts.
    assert.equal(freshness(candidate({ createdAt: NOW, createdAtMs: Date.parse(daysAgo(FRESHNESS_HALF_LIFE_DAYS)) }), NOW), 0.5);
    const week = baseScore(candidate({ createdAt: daysAgo(FRESHNESS_HALF_LIFE_DAYS) }), NOW);
    close(baseScore(candidate({ createdAt: NOW }), NOW) - week, 0.5 * MATCH_WEIGHTS.freshness);
    assert.ok(baseScore(candidate({ createdAt: daysAgo(1) }), NOW) > baseScore(candidate({ createdAt: daysAgo(2) }), NOW));
  });

  test('overlap counts distinct categories case-insensitively against the profile\'s categories and interests', () => {
    assert.deepEqual(overlap(candidate({ categories: ['Technology', 'technology', 'ART', 'Music', 'cooking'] }), profile), { categories: 2, interests: 1 });
    assert.deepEqual(overlap(candidate({ categories: [] }), profile), { categories: 0, interests: 0 });
  });
});

describe('baseScore and the per-requester part', () => {
  const rich = candidate({
    categories: ['technology', 'music', 'cooking'],
    contentType: 'video',
    shareCount: 1,
    requiredShares: 4,
    createdAt: daysAgo(3),
    creatorAudienceScore: 70,
    creatorPremium: true,
  });

  test('baseScore is exposure + freshness + audience + priority, whoever asks', () => {
    close(
      baseScore(rich, NOW),
      shareNeed(rich) * MATCH_WEIGHTS.shareNeed +
        freshness(rich, NOW) * MATCH_WEIGHTS.freshness +
        audience(rich) * MATCH_WEIGHTS.audience +
        MATCH_WEIGHTS.priority,
    );
  });

  test('matchScore is baseScore plus overlap and content type, which alone depend on the requester', () => {
    close(matchScore(rich, profile, NOW, 'ranked'), baseScore(rich, NOW) + MATCH_WEIGHTS.categoryOverlap + MATCH_WEIGHTS.interestOverlap + MATCH_WEIGHTS.contentType);
    close(matchScore(rich, profile, NOW, 'default'), baseScore(rich, NOW) + MATCH_WEIGHTS.relevant + MATCH_WEIGHTS.contentType);
    const stranger: MatchProfile = { categories: new Set(['sports']), interests: new Set(), contentType: 'podcast' };
    for (const order of ORDERS) close(matchScore(rich, stranger, NOW, order), baseScore(rich, NOW), `${order}: nothing per-requester`);
  });
});

describe('MATCH_WEIGHTS', () => {
  const weights = MATCH_WEIGHTS as unknown as Record<string, number>;
  const saved = { ...weights };
  afterEach(() => Object.assign(weights, saved));

  test('holds every weight: with all of them at 0 every score is 0, and each one scales only its own part', () => {
    const rich = candidate({ categories: ['technology', 'music'], contentType: 'video', shareCount: 0, createdAt: NOW, creatorAudienceScore: 100, creatorPremium: true });
    for (const key of Object.keys(weights)) weights[key] = 0;
    for (const order of ORDERS) assert.equal(matchScore(rich, profile, NOW, order), 0, order);
    assert.equal(baseScore(rich, NOW), 0);

    // With one weight at 1 (the others 0), the score is exactly that component's value for this candidate.
    const components: Record<string, [MatchOrder, number]> = {
      categoryOverlap: ['ranked', 1],
      interestOverlap: ['ranked', 1],
      relevant: ['default', 1],
      shareNeed: ['default', 1],
      freshness: ['default', 1],
      contentType: ['default', 1],
      audience: ['default', 1],
      priority: ['default', 1],
    };
    assert.deepEqual(Object.keys(components).sort(), Object.keys(weights).sort(), 'every weight is covered');
    for (const [key, [order, value]] of Object.entries(components)) {
      for (const other of Object.keys(weights)) weights[other] = 0;
      weights[key] = 1;
      close(matchScore(rich, profile, NOW, order), value, key);
      weights[key] = 7;
      close(matchScore(rich, profile, NOW, order), 7 * value, key);
    }
  });

  test('every non-overlap component together stays below the smallest overlap weight', () => {
    const smallestOverlap = Math.min(MATCH_WEIGHTS.categoryOverlap, MATCH_WEIGHTS.interestOverlap, MATCH_WEIGHTS.relevant);
    const nonOverlap = MATCH_WEIGHTS.shareNeed + MATCH_WEIGHTS.freshness + MATCH_WEIGHTS.contentType + MATCH_WEIGHTS.audience + MATCH_WEIGHTS.priority;
    assert.ok(nonOverlap < smallestOverlap, `${nonOverlap} must stay below ${smallestOverlap}`);

    // The best possible candidate without overlap loses to the weakest one with a single overlap.
    const bestUnrelated = candidate({ categories: ['cooking'], contentType: 'video', shareCount: 0, createdAt: NOW, creatorAudienceScore: 100, creatorPremium: true });
    const weakestRelated = candidate({ categories: ['music'], contentType: 'article', shareCount: 5, createdAt: daysAgo(3650), creatorAudienceScore: null, creatorPremium: false });
    for (const order of ORDERS) {
      assert.ok(matchScore(weakestRelated, profile, NOW, order) > matchScore(bestUnrelated, profile, NOW, order), order);
    }
    // In ranked order, one more overlap of the same kind beats everything else too.
    const twoOverlaps = candidate({ ...weakestRelated, categories: ['music', 'web development'] });
    const oneOverlapBest = candidate({ ...bestUnrelated, categories: ['music'] });
    assert.ok(matchScore(twoOverlaps, profile, NOW, 'ranked') > matchScore(oneOverlapBest, profile, NOW, 'ranked'));
  });
});

describe('rankBasis: the number a Premium filter ranked an item by', () => {
  test('Ranked content: the profile categories and interests the item shares, counted as the ranking counts them', () => {
    const item = candidate({ categories: ['Technology', 'art', 'music', 'cooking', 'technology'] });
    assert.deepEqual(rankBasis(item, profile, { order: 'ranked' }), { kind: 'overlap', value: 3, categories: 2, interests: 1 });
    assert.deepEqual(rankBasis(candidate(), profile, { order: 'ranked' }), { kind: 'overlap', value: 0, categories: 0, interests: 0 });
  });

  test("Top performers: the creator's verified engagement, 0 when unknown, whatever the order", () => {
    const creatorTotals = new Map([['creator', 42]]);
    for (const order of ORDERS) {
      assert.deepEqual(rankBasis(candidate(), profile, { order, creatorTotals }), { kind: 'engagement', value: 42 });
      assert.deepEqual(rankBasis(candidate({ userId: 'nobody' }), profile, { order, creatorTotals }), { kind: 'engagement', value: 0 });
    }
  });

  test('the standard order has no basis', () => {
    assert.equal(rankBasis(candidate({ categories: ['technology'] }), profile, { order: 'default' }), null);
  });

  test('ranked items come in the order of their overlap when only overlap differs', () => {
    const items = [candidate({ id: 'one', categories: ['art'] }), candidate({ id: 'two', categories: ['art', 'technology'] })];
    const ranked = rankMatches(items, profile, NOW, { order: 'ranked' });
    assert.deepEqual(ranked.map((item) => rankBasis(item, profile, { order: 'ranked' })?.value), [2, 1]);
  });

  test("Top performers: related content by its creator's reach first, unrelated content only after it", () => {
    const creatorTotals = new Map([['star', 1000], ['modest', 3], ['quiet', 0]]);
    const items = [
      candidate({ id: 'unrelated-star', userId: 'star', categories: ['cooking'] }),
      candidate({ id: 'related-quiet', userId: 'quiet', categories: ['technology', 'music'] }),
      candidate({ id: 'related-modest', userId: 'modest', categories: ['art'] }),
    ];
    const ranked = rankMatches(items, profile, NOW, { order: 'default', creatorTotals });
    assert.deepEqual(ranked.map((item) => item.id), ['related-modest', 'related-quiet', 'unrelated-star']);
  });
});
