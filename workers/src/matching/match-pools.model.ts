/**
 * The `match_pools` read model, written only by the matching worker (DESIGN §3: derived data goes into
 * the workers' own read models) and read by GET /content/match and POST /content/shuffle.
 *
 * One document per content category (`_id`: the lowercase category) plus `ALL_POOL` over every category:
 * the best `POOL_SIZE` visible contents by the requester-independent part of the score (`baseScore`),
 * each with the fields the scoring needs. The `ALL_POOL` document also marks the pools as built: while it
 * is missing, the API falls back to querying `contents`.
 */
import type { MatchCandidate } from '@crossfeed/domain/rules/match-scoring.ts';
import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';

export const MATCH_POOLS = 'match_pools';
/** The pool over every category (categories are words; none starts with `*`). */
export const ALL_POOL = '*all';
/**
 * Premium "Top performers" pools, one per category plus one over all (`topPool(ALL_POOL)`): released content
 * whether still collecting shares or already `shared` (`inTopPerformerPools`), best first by the creator's
 * verified engagement, then `base`. The match pools above hold `active` content only.
 */
export const TOP_POOL_PREFIX = '*top:';
export const topPool = (id: string): string => `${TOP_POOL_PREFIX}${id}`;
export const isTopPool = (id: string): boolean => id.startsWith(TOP_POOL_PREFIX);
/** A match pool's id from a top performer pool's id (and back with `topPool`). */
export const poolTerm = (id: string): string => (isTopPool(id) ? id.slice(TOP_POOL_PREFIX.length) : id);
/** Entries kept per pool: enough for the top 4, a shuffle's 24 and what a requester's exclusions remove. */
export const POOL_SIZE = 100;

export interface PoolEntry extends MatchCandidate {
  createdAtMs: number;
  contentType: string;
  creatorAudienceScore: number | null;
  creatorPremium: boolean;
  /** The creator's verified engagement over their visible content (Premium "Top performers"; verified-engagement.ts). */
  creatorPerformance: number;
  /** `baseScore` when the entry was written: the pool's order. */
  base: number;
}

export interface MatchPoolDoc extends Doc {
  /** Best first by `base`, then newest, then id. */
  entries: PoolEntry[];
  updated_at: string;
}

/**
 * `match_pool_state`: one document (`_id`: POOL_STATE_ID) whose `version` grows with every pool write, so an
 * API process may keep the pools it read until the version moves; `built_at` is set by the first rebuild
 * (until then the API falls back to querying `contents`).
 */
export const MATCH_POOL_STATE = 'match_pool_state';
export const POOL_STATE_ID = 'pools';

export interface MatchPoolStateDoc extends Doc {
  version: number;
  built_at: string | null;
  /** The pools' layout the last rebuild wrote (POOLS_SHAPE); pools of another shape count as not built. */
  shape?: number;
}

/**
 * The pools' layout: 2 added the Top performer pools. A worker finding another shape rebuilds at start and
 * the API answers from `contents` meanwhile.
 */
export const POOLS_SHAPE = 2;
export const poolsOfShape = (state: MatchPoolStateDoc | null): boolean => !!state?.built_at && state.shape === POOLS_SHAPE;
