/**
 * Match scoring: pure functions over candidate contents and the requester's profile, with every weight in
 * `MATCH_WEIGHTS`. No I/O, no clock (the time comes in), no randomness (the shuffle takes a seed), so a
 * worker can precompute matches with the same code.
 */
import { MATCHED_ITEMS } from './limits.ts';

export const MATCH_WEIGHTS = {
  /** Per content category that is one of the requester's profile categories. */
  categoryOverlap: 10,
  /** Per content category that is one of the requester's interests. */
  interestOverlap: 6,
  /** Unranked matching: any overlap at all (relevance is a yes/no, not a grade). */
  relevant: 10,
  /** Times the fraction of the required shares still missing (0..1): content far from its goal gets exposure. */
  shareNeed: 3,
  /** Times 0.5^(age / FRESHNESS_HALF_LIFE_DAYS) (0..1). */
  freshness: 1,
  /** The content type is the requester's profile content type. */
  contentType: 0.25,
  /** Times the creator's audience score / 100 (0..1; nothing while the score is unknown). */
  audience: 0.5,
  /** Premium "Priority Matching": content of a Premium creator. */
  priority: 1,
} as const;
/**
 * Everything but overlap together stays below the smallest overlap weight, so one more overlap of the same
 * kind (category, or interest) always outranks all the other components together. Mixed kinds are weighed:
 * two interest overlaps can rank below one category overlap with strong other components. After overlap
 * come the distance from the required shares, Priority Matching, freshness, audience and type.
 */
export const FRESHNESS_HALF_LIFE_DAYS = 7;
/** Candidates a shuffle draws from after the current top items. */
export const SHUFFLE_POOL = 24;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface MatchCandidate {
  id: string;
  userId: string;
  categories: readonly string[];
  shareCount: number;
  requiredShares: number;
  createdAt: string;
  /** `Date.parse(createdAt)` when the caller has it (saves the parse per scoring). */
  createdAtMs?: number;
  contentType?: string;
  /** The creator's audience score (0..100), null or absent while unknown. */
  creatorAudienceScore?: number | null;
  /** The creator is Premium (Priority Matching). */
  creatorPremium?: boolean;
}

export interface MatchProfile {
  /** Lowercase. */
  categories: ReadonlySet<string>;
  /** Lowercase. */
  interests: ReadonlySet<string>;
  /** The requester's profile content type, when known. */
  contentType?: string | null;
}

export type MatchOrder = 'default' | 'ranked';

export function overlap(candidate: MatchCandidate, profile: MatchProfile): { categories: number; interests: number } {
  let categories = 0;
  let interests = 0;
  for (const category of new Set(candidate.categories.map((value) => value.toLowerCase()))) {
    if (profile.categories.has(category)) categories++;
    if (profile.interests.has(category)) interests++;
  }
  return { categories, interests };
}

export function shareNeed(candidate: MatchCandidate): number {
  if (candidate.requiredShares <= 0) return 0;
  return Math.min(1, Math.max(0, (candidate.requiredShares - candidate.shareCount) / candidate.requiredShares));
}

let lastNow = '';
let lastNowMs = Number.NaN;
/** `Date.parse(now)`, remembered for the last `now` (a ranking scores hundreds of candidates at one time). */
function parseNow(now: string): number {
  if (now !== lastNow) {
    lastNow = now;
    lastNowMs = Date.parse(now);
  }
  return lastNowMs;
}

export function freshness(candidate: MatchCandidate, now: string): number {
  const createdMs = candidate.createdAtMs ?? Date.parse(candidate.createdAt);
  const ageDays = Math.max(0, (parseNow(now) - createdMs) / DAY_MS);
  return Number.isFinite(ageDays) ? 0.5 ** (ageDays / FRESHNESS_HALF_LIFE_DAYS) : 0;
}

export function audience(candidate: MatchCandidate): number {
  const score = candidate.creatorAudienceScore;
  if (score === null || score === undefined || !Number.isFinite(score)) return 0;
  return Math.min(1, Math.max(0, score / 100));
}

/**
 * The part of the score that does not depend on the requester: exposure for content far from its
 * required shares, freshness, the creator's audience score and Priority Matching. The matching worker
 * orders its pools by it; `matchScore` adds the requester's overlap and content type.
 */
export function baseScore(candidate: MatchCandidate, now: string): number {
  return (
    shareNeed(candidate) * MATCH_WEIGHTS.shareNeed +
    freshness(candidate, now) * MATCH_WEIGHTS.freshness +
    audience(candidate) * MATCH_WEIGHTS.audience +
    (candidate.creatorPremium ? MATCH_WEIGHTS.priority : 0)
  );
}

/**
 * `ranked` (Premium "Ranked content"): graded by how many categories overlap the profile's categories
 * and interests. `default` (interest-based matching): relevant content first, then exposure and freshness.
 */
export function matchScore(candidate: MatchCandidate, profile: MatchProfile, now: string, order: MatchOrder): number {
  const { categories, interests } = overlap(candidate, profile);
  const relevance =
    order === 'ranked'
      ? categories * MATCH_WEIGHTS.categoryOverlap + interests * MATCH_WEIGHTS.interestOverlap
      : categories + interests > 0
        ? MATCH_WEIGHTS.relevant
        : 0;
  const sameType =
    profile.contentType && candidate.contentType && profile.contentType.toLowerCase() === candidate.contentType.toLowerCase()
      ? MATCH_WEIGHTS.contentType
      : 0;
  return relevance + sameType + baseScore(candidate, now);
}

export interface RankOptions {
  order: MatchOrder;
  /**
   * Premium "Top performers": among content related to the requester (any overlap; unrelated content only
   * tops the list up), the creators' verified engagement orders first.
   */
  creatorTotals?: ReadonlyMap<string, number>;
}

const isRelated = (candidate: MatchCandidate, profile: MatchProfile): boolean => {
  const { categories, interests } = overlap(candidate, profile);
  return categories + interests > 0;
};

/**
 * The number a Premium filter ranked an item by, as the workspace shows it: `engagement`, the creator's
 * verified engagement (Top performers order related content by it first); `overlap`, how many of the requester's categories
 * and interests the item shares (Ranked content grades by it, a category weighing more than an interest).
 * Null for the standard order, which shows none.
 */
export type RankBasis =
  | { kind: 'engagement'; value: number }
  | { kind: 'overlap'; value: number; categories: number; interests: number };

export function rankBasis(candidate: MatchCandidate, profile: MatchProfile, options: RankOptions): RankBasis | null {
  if (options.creatorTotals) return { kind: 'engagement', value: options.creatorTotals.get(candidate.userId) ?? 0 };
  if (options.order !== 'ranked') return null;
  const { categories, interests } = overlap(candidate, profile);
  return { kind: 'overlap', value: categories + interests, categories, interests };
}

/** Candidates best first; ties broken by newest, then id, so the order is stable. */
export function rankMatches<C extends MatchCandidate>(candidates: readonly C[], profile: MatchProfile, now: string, options: RankOptions): C[] {
  const scored = candidates.map((candidate) => ({
    candidate,
    related: options.creatorTotals && isRelated(candidate, profile) ? 1 : 0,
    performance: options.creatorTotals?.get(candidate.userId) ?? 0,
    score: matchScore(candidate, profile, now, options.order),
  }));
  scored.sort(
    (a, b) =>
      b.related - a.related ||
      (options.creatorTotals ? b.performance - a.performance : 0) ||
      b.score - a.score ||
      (a.candidate.createdAt < b.candidate.createdAt ? 1 : a.candidate.createdAt > b.candidate.createdAt ? -1 : 0) ||
      (a.candidate.id < b.candidate.id ? -1 : a.candidate.id > b.candidate.id ? 1 : 0),
  );
  return scored.map(({ candidate }) => candidate);
}

/** mulberry32: a small deterministic PRNG in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * A shuffle: `count` items other than the current top `count` of `ranked` when enough remain (drawn from
 * the next `SHUFFLE_POOL`, so they stay relevant), topped up from the current ones otherwise.
 */
export function shuffleMatches<T>(ranked: readonly T[], seed: number, count = MATCHED_ITEMS): T[] {
  const current = ranked.slice(0, count);
  const pool = seededShuffle(ranked.slice(count, count + SHUFFLE_POOL), seed);
  if (pool.length >= count) return pool.slice(0, count);
  return [...pool, ...seededShuffle(current, seed ^ 0x5bd1e995)].slice(0, count);
}
