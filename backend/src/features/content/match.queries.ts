/**
 * Match candidates from the `contents` read model. Bounded work per request whatever the size of the
 * store: candidates are fetched by the requester's categories and interests (an indexed `$in`), newest
 * first, in growing time windows until enough are found, and capped; the scoring is pure (match-scoring.ts).
 */
import { HIDDEN_STATUSES, normalizeCategories } from '@crossfeed/domain/rules/content-types.ts';
import { MATCHED_ITEMS } from '@crossfeed/domain/rules/limits.ts';
import type { Filter } from '@crossfeed/platform/read-store/read-store.port.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { SHARES, type ShareDoc } from '@crossfeed/projections/shares/shares.projection.ts';
import type { UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { SHUFFLE_POOL, rankMatches, shuffleMatches, type MatchCandidate, type MatchProfile } from './match-scoring.ts';

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

type Candidate = ContentDoc & MatchCandidate;

export function matchProfile(user: UserDoc): MatchProfile {
  return {
    categories: new Set(normalizeCategories(user.profile?.categories ?? user.categories ?? [])),
    interests: new Set(normalizeCategories(user.profile?.interests ?? [])),
  };
}

const asCandidate = (doc: ContentDoc): Candidate => ({
  ...doc,
  id: doc._id,
  userId: doc.user_id,
  shareCount: doc.share_count,
  requiredShares: doc.required_shares,
  createdAt: doc.created_at,
});

/** Newest visible content of other creators (in `terms` when given), in growing windows up to the cap. */
async function newestVisible(ctx: ApiContext, userId: string, terms: readonly string[], now: string): Promise<ContentDoc[]> {
  const contents = ctx.readStore.collection<ContentDoc>(CONTENTS);
  let found: ContentDoc[] = [];
  for (const days of WINDOWS_DAYS) {
    // Key order matters to the memory store: the time bound rejects cheaply, `categories` uses its index.
    const filter: Filter = {};
    if (days !== null) filter.created_at = { $gte: new Date(Date.parse(now) - days * DAY_MS).toISOString() };
    if (terms.length > 0) filter.categories = { $in: [...terms] };
    Object.assign(filter, { deleted: false, status: { $nin: [...HIDDEN_STATUSES] }, user_id: { $ne: userId } });
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
async function candidates(ctx: ApiContext, user: UserDoc, profile: MatchProfile, now: string): Promise<Candidate[]> {
  const terms = [...new Set([...profile.categories, ...profile.interests])];
  const byId = new Map<string, ContentDoc>();
  if (terms.length > 0) for (const doc of await newestVisible(ctx, user._id, terms, now)) byId.set(doc._id, doc);
  if (byId.size < CANDIDATE_TARGET) {
    for (const doc of await newestVisible(ctx, user._id, [], now)) {
      if (byId.size >= CANDIDATE_CAP) break;
      if (!byId.has(doc._id)) byId.set(doc._id, doc);
    }
  }
  if (byId.size === 0) return [];

  const shares = await ctx.readStore
    .collection<ShareDoc>(SHARES)
    .find({ sharer_id: user._id, content_id: { $in: [...byId.keys()] } }, { projection: { content_id: 1 } });
  const sharedCount = new Map<string, number>();
  for (const share of shares) sharedCount.set(share.content_id, (sharedCount.get(share.content_id) ?? 0) + 1);
  return [...byId.values()]
    .filter((doc) => (sharedCount.get(doc._id) ?? 0) < doc.required_shares)
    .map(asCandidate);
}

/** Each creator's share_count + short_link_clicks over their visible content. */
async function creatorTotals(ctx: ApiContext, creatorIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await ctx.readStore.collection<ContentDoc>(CONTENTS).aggregate<{ _id: string; total: number }>([
    { $match: { user_id: { $in: [...creatorIds] }, deleted: false } },
    { $group: { _id: '$user_id', total: { $sum: { $add: ['$share_count', '$short_link_clicks'] } } } },
  ]);
  return new Map(rows.map((row) => [row._id, row.total]));
}

/** All candidates, best first for the requested order. */
export async function rankedCandidates(ctx: ApiContext, user: UserDoc, now: string, options: MatchOptions): Promise<ContentDoc[]> {
  const profile = matchProfile(user);
  const found = await candidates(ctx, user, profile, now);
  const totals = options.topPerformers ? await creatorTotals(ctx, [...new Set(found.map((c) => c.user_id))]) : undefined;
  return rankMatches(found, profile, now, { order: options.ranked ? 'ranked' : 'default', creatorTotals: totals });
}

/** GET /content/match: the top MATCHED_ITEMS. */
export async function findMatches(ctx: ApiContext, user: UserDoc, now: string, options: MatchOptions): Promise<ContentDoc[]> {
  return (await rankedCandidates(ctx, user, now, options)).slice(0, MATCHED_ITEMS);
}

/** POST /content/shuffle: other matches than the current top ones when there are enough, drawn by the seed. */
export async function findShuffledMatches(ctx: ApiContext, user: UserDoc, now: string, seed: number): Promise<ContentDoc[]> {
  const ranked = await rankedCandidates(ctx, user, now, { ranked: false, topPerformers: false });
  return shuffleMatches(ranked, seed);
}
