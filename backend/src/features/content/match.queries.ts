/**
 * Match candidates from the matching worker's `match_pools` (bounded: the requester's categories' pools,
 * at most a few hundred entries scored), confirmed against `contents` before answering; while the pools
 * are not built yet, from the `contents` read model directly: Bounded work per request whatever the size of the
 * store: candidates are fetched by the requester's categories and interests (an indexed `$in`), newest
 * first, in growing time windows until enough are found, and capped; the scoring is pure (match-scoring.ts).
 */
import { creatorEngagement } from '@crossfeed/projections/contents/verified-engagement.ts';
import { normalizeCategories } from '@crossfeed/domain/rules/content-types.ts';
import { MATCH_POOL_FILTER, TOP_PERFORMER_POOL_FILTER } from '@crossfeed/projections/contents/content-visibility.ts';
import { inMatchPools, inTopPerformerPools, type ContentVisibilityFields } from '@crossfeed/domain/rules/content-visibility.ts';
import { MATCHED_ITEMS } from '@crossfeed/domain/rules/limits.ts';
import type { Filter } from '@crossfeed/platform/read-store/read-store.port.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { deliveredBySharer } from '@crossfeed/projections/match-progress/match-progress.queries.ts';
import { matchCompleted } from '@crossfeed/domain/rules/share-progress.ts';
import type { UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import {
  ALL_POOL,
  MATCH_POOL_STATE,
  MATCH_POOLS,
  POOL_STATE_ID,
  poolsOfShape,
  topPool,
  type MatchPoolDoc,
  type MatchPoolStateDoc,
  type PoolEntry,
} from '@crossfeed/workers/matching/match-pools.model.ts';
import type { ApiContext } from '../../api/api-context.ts';
import {
  SHUFFLE_POOL,
  rankBasis,
  rankMatches,
  shuffleMatches,
  type MatchCandidate,
  type MatchProfile,
  type RankBasis,
  type RankOptions,
} from './match-scoring.ts';

/** Time windows tried in turn (days; null: no bound) until enough candidates are found. */
const WINDOWS_DAYS = [7, 30, 180, null] as const;
/** Enough candidates to fill the matches, a shuffle pool and what the exclusions remove. */
const CANDIDATE_TARGET = MATCHED_ITEMS + SHUFFLE_POOL + 20;
/** At most this many candidates are scored per request. */
const CANDIDATE_CAP = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface MatchOptions {
  ranked: boolean;
  topPerformers: boolean;
}

/** A match as answered: the content and, under a Premium filter, the number that ranked it. */
export interface Match {
  doc: ContentDoc;
  basis: RankBasis | null;
}

/**
 * Who may be matched: the match pools' content (released, still collecting shares), or for Top performers
 * also content that reached its required shares (domain/src/rules/content-visibility.ts).
 */
const candidateRule = (options: MatchOptions): ((doc: ContentVisibilityFields) => boolean) =>
  options.topPerformers ? inTopPerformerPools : inMatchPools;
const candidateFilter = (options: MatchOptions): Filter => (options.topPerformers ? TOP_PERFORMER_POOL_FILTER : MATCH_POOL_FILTER);
const rankOptions = (options: MatchOptions, creatorTotals: ReadonlyMap<string, number> | undefined): RankOptions => ({
  order: options.ranked ? 'ranked' : 'default',
  creatorTotals: options.topPerformers ? creatorTotals : undefined,
});

type Candidate = ContentDoc & MatchCandidate;

export function matchProfile(user: UserDoc): MatchProfile {
  return {
    categories: new Set(normalizeCategories(user.profile?.categories ?? user.categories ?? [])),
    interests: new Set(normalizeCategories(user.profile?.interests ?? [])),
    contentType: user.profile?.content_type ?? null,
  };
}

const asCandidate = (doc: ContentDoc): Candidate => ({
  ...doc,
  id: doc._id,
  userId: doc.user_id,
  shareCount: doc.share_count,
  requiredShares: doc.required_shares,
  createdAt: doc.created_at,
  contentType: doc.content_type,
});

/** Newest visible content of other creators (in `terms` when given), in growing windows up to the cap. */
async function newestVisible(ctx: ApiContext, userId: string, terms: readonly string[], now: string, options: MatchOptions): Promise<ContentDoc[]> {
  const contents = ctx.readStore.collection<ContentDoc>(CONTENTS);
  let found: ContentDoc[] = [];
  for (const days of WINDOWS_DAYS) {
    // Key order matters to the memory store: the time bound rejects cheaply, `categories` uses its index.
    const filter: Filter = {};
    if (days !== null) filter.created_at = { $gte: new Date(Date.parse(now) - days * DAY_MS).toISOString() };
    if (terms.length > 0) filter.categories = { $in: [...terms] };
    Object.assign(filter, { ...candidateFilter(options), user_id: { $ne: userId } });
    found = await contents.find(filter, { sort: { created_at: -1 }, limit: CANDIDATE_CAP });
    if (found.length >= CANDIDATE_TARGET) break;
  }
  return found;
}

/**
 * The requester's candidates: other creators' visible content, related to their profile first, topped up
 * with the newest other content when too little is related; without content they already shared up to its
 * required share count.
 */
async function candidates(ctx: ApiContext, user: UserDoc, profile: MatchProfile, now: string, options: MatchOptions): Promise<Candidate[]> {
  const terms = [...new Set([...profile.categories, ...profile.interests])];
  const byId = new Map<string, ContentDoc>();
  if (terms.length > 0) for (const doc of await newestVisible(ctx, user._id, terms, now, options)) byId.set(doc._id, doc);
  if (byId.size < CANDIDATE_TARGET) {
    for (const doc of await newestVisible(ctx, user._id, [], now, options)) {
      if (byId.size >= CANDIDATE_CAP) break;
      if (!byId.has(doc._id)) byId.set(doc._id, doc);
    }
  }
  if (byId.size === 0) return [];

  const delivered = await deliveredBySharer(ctx.readStore, user._id, [...byId.keys()]);
  return [...byId.values()].filter((doc) => !matchCompleted(delivered.get(doc._id) ?? 0, doc.required_shares)).map(asCandidate);
}

/** All candidates from `contents`, best first for the requested order (while the pools are not built). */
async function rankedFromContents(ctx: ApiContext, user: UserDoc, now: string, options: MatchOptions): Promise<Match[]> {
  const profile = matchProfile(user);
  const found = await candidates(ctx, user, profile, now, options);
  const totals = options.topPerformers ? await creatorEngagement(ctx.readStore, found.map((c) => c.user_id)) : undefined;
  const rank = rankOptions(options, totals);
  return rankMatches(found, profile, now, rank).map((doc) => ({ doc, basis: rankBasis(doc, profile, rank) }));
}

/**
 * Pools as last read, per read store, while `match_pool_state.version` stays the same (one small read per
 * request checks it). Entries are shared between requests: never mutated here.
 */
interface PoolCache {
  version: number;
  pools: Map<string, readonly PoolEntry[]>;
}
const poolCaches = new WeakMap<object, PoolCache>();

/** The pools by id (missing ones empty), or undefined while the worker has not built them. */
async function readPools(ctx: ApiContext, ids: readonly string[]): Promise<Map<string, readonly PoolEntry[]> | undefined> {
  const state = await ctx.readStore.collection<MatchPoolStateDoc>(MATCH_POOL_STATE).findOne({ _id: POOL_STATE_ID });
  if (!state || !poolsOfShape(state)) return undefined;
  let cache = poolCaches.get(ctx.readStore);
  if (!cache || cache.version !== state.version) poolCaches.set(ctx.readStore, (cache = { version: state.version, pools: new Map() }));
  const missing = ids.filter((id) => !cache.pools.has(id));
  if (missing.length > 0) {
    const docs = await ctx.readStore.collection<MatchPoolDoc>(MATCH_POOLS).find({ _id: { $in: missing } });
    // Only cache what was read under this version (a write in between starts a new cache next request).
    const current = cache;
    for (const id of missing) current.pools.set(id, docs.find((doc) => doc._id === id)?.entries ?? []);
  }
  return new Map(ids.map((id) => [id, cache.pools.get(id) ?? []]));
}

/**
 * A requester's ranking, kept while nothing it depends on changed: the pools' version, the requester's
 * terms and filters. Freshness drifts with time, so a ranking is also dropped after a minute (the
 * freshness half-life is a week). Winners are still checked against `contents` on every request.
 */
interface RankedMemo {
  version: number;
  key: string;
  at: number;
  ranked: RankedEntry[];
}
type RankedEntry = PoolEntry & { basis: RankBasis | null };
const RANKED_MEMO_TTL_MS = 60_000;
const RANKED_MEMO_MAX = 10_000;
const rankedMemos = new WeakMap<object, Map<string, RankedMemo>>();

function memoFor(ctx: ApiContext): Map<string, RankedMemo> {
  let memos = rankedMemos.get(ctx.readStore);
  if (!memos) rankedMemos.set(ctx.readStore, (memos = new Map()));
  return memos;
}

/**
 * The requester's pool entries, best first, each with the number that ranked it: their terms' pools merged
 * (topped up from ALL_POOL when too few relate; the Top performer pools for Top performers), without their
 * own content. What they already shared up to its required count is left out
 * as the winners are read (`liveDocs`), from their shares of those few contents only: reading all of a
 * creator's shares on every request grew with their history. `undefined` while no pool is built.
 */
async function rankedFromPools(ctx: ApiContext, user: UserDoc, now: string, options: MatchOptions): Promise<RankedEntry[] | undefined> {
  const profile = matchProfile(user);
  const terms = [...new Set([...profile.categories, ...profile.interests])];
  const poolOf = (term: string) => (options.topPerformers ? topPool(term) : term);
  const pools = await readPools(ctx, [...terms, ALL_POOL].map(poolOf));
  if (!pools) return undefined;
  const version = poolCaches.get(ctx.readStore)!.version;
  const key = `${options.ranked}|${options.topPerformers}|${terms.join('|')}`;
  const memos = memoFor(ctx);
  const memo = memos.get(user._id);
  if (memo && memo.version === version && memo.key === key && Date.now() - memo.at < RANKED_MEMO_TTL_MS) return memo.ranked;
  const byId = new Map<string, PoolEntry>();
  const add = (entries: readonly PoolEntry[]) => {
    for (const entry of entries) if (entry.userId !== user._id && !byId.has(entry.id)) byId.set(entry.id, entry);
  };
  for (const term of terms) add(pools.get(poolOf(term)) ?? []);
  if (byId.size < CANDIDATE_TARGET) add(pools.get(poolOf(ALL_POOL)) ?? []);
  if (byId.size === 0) return [];
  const found = [...byId.values()];
  const rank = rankOptions(options, options.topPerformers ? creatorPerformance(found) : undefined);
  const ranked = rankMatches(found, profile, now, rank).map((entry) => ({ ...entry, basis: rankBasis(entry, profile, rank) }));
  memos.delete(user._id);
  if (memos.size >= RANKED_MEMO_MAX) memos.delete(memos.keys().next().value!);
  memos.set(user._id, { version, key, at: Date.now(), ranked });
  return ranked;
}

/** Each creator's performance as the freshest of their entries has it. */
function creatorPerformance(entries: readonly PoolEntry[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const entry of entries) totals.set(entry.userId, Math.max(totals.get(entry.userId) ?? 0, entry.creatorPerformance));
  return totals;
}


/**
 * The first `count` entries (in order) whose content is still a candidate (`candidateRule`), as `contents` has them now (the pools
 * may lag a moderation, a deletion or an edit by a moment), and that the requester has not already shared
 * up to its required count. Reads the `count` first, then twice what is still missing at a time.
 */
async function liveDocs(ctx: ApiContext, userId: string, entries: readonly RankedEntry[], count: number, options: MatchOptions): Promise<Match[]> {
  const out: Match[] = [];
  const isCandidate = candidateRule(options);
  const contents = ctx.readStore.collection<ContentDoc>(CONTENTS);
  for (let start = 0; start < entries.length && out.length < count; ) {
    const batch = entries.slice(start, start + (start === 0 ? count : (count - out.length) * 2));
    const ids = batch.map((entry) => entry.id);
    start += ids.length;
    const [docs, delivered] = await Promise.all([contents.find({ _id: { $in: ids } }), deliveredBySharer(ctx.readStore, userId, ids)]);
    const byId = new Map(docs.map((doc) => [doc._id, doc]));
    for (const { id, basis } of batch) {
      const doc = byId.get(id);
      const shown = doc && isCandidate(doc) && doc.user_id !== userId && !matchCompleted(delivered.get(id) ?? 0, doc.required_shares);
      if (shown && out.length < count) out.push({ doc, basis });
    }
  }
  return out;
}

/** GET /content/match: the top MATCHED_ITEMS, each with the number that ranked it under a Premium filter. */
export async function findMatches(ctx: ApiContext, user: UserDoc, now: string, options: MatchOptions): Promise<Match[]> {
  const pooled = await rankedFromPools(ctx, user, now, options);
  if (pooled === undefined) return (await rankedFromContents(ctx, user, now, options)).slice(0, MATCHED_ITEMS);
  return liveDocs(ctx, user._id, pooled, MATCHED_ITEMS, options);
}

/** POST /content/shuffle: other matches than the current top ones when there are enough, drawn by the seed. */
export async function findShuffledMatches(ctx: ApiContext, user: UserDoc, now: string, seed: number): Promise<ContentDoc[]> {
  const options = { ranked: false, topPerformers: false };
  const pooled = await rankedFromPools(ctx, user, now, options);
  const ranked = pooled === undefined ? await rankedFromContents(ctx, user, now, options) : await liveDocs(ctx, user._id, pooled, MATCHED_ITEMS + SHUFFLE_POOL, options);
  return shuffleMatches(ranked.map((match) => match.doc), seed);
}
