/**
 * The matching worker: keeps `match_pools` (match-pools.model.ts) current from content and creator events,
 * and rebuilds every pool on a schedule and at start when the pools are missing. Every job recomputes
 * from the read models, so running one twice writes the same pools (idempotent).
 */
import { creatorEngagement } from '@crossfeed/projections/contents/verified-engagement.ts';
import { normalizeCategories } from '@crossfeed/domain/rules/content-types.ts';
import { MATCH_POOL_FILTER, TOP_PERFORMER_POOL_FILTER } from '@crossfeed/projections/contents/content-visibility.ts';
import { inMatchPools, inTopPerformerPools, type ContentVisibilityFields } from '@crossfeed/domain/rules/content-visibility.ts';
import { baseScore } from '@crossfeed/domain/rules/match-scoring.ts';
import type { MatchesChangedPush } from '@crossfeed/domain/api/realtime-events.ts';
import type { RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import { CREATORS_ROOM } from '@crossfeed/platform/realtime/realtime.port.ts';
import { push } from '@crossfeed/projections/realtime/push-reactor.ts';
import { UnrecoverableJobError, type Job, type WorkerHandle } from '@crossfeed/platform/jobs/job-queue.port.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { audienceScoresOf } from '@crossfeed/projections/audience-scores/audience-scores.queries.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import { jobRoute, type JobSpec } from '../dispatch/job-routes.ts';
import type { WorkerDeps } from '../registry.ts';
import {
  ALL_POOL,
  MATCH_POOL_STATE,
  MATCH_POOLS,
  POOL_SIZE,
  POOL_STATE_ID,
  POOLS_SHAPE,
  isTopPool,
  poolTerm,
  poolsOfShape,
  topPool,
  type MatchPoolDoc,
  type MatchPoolStateDoc,
  type PoolEntry,
} from './match-pools.model.ts';
import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';
import { givesWayToRequests } from '@crossfeed/platform/foreground.ts';

export const MATCHING_QUEUE = 'matching';
/**
 * A share only moves its content's share count, and so its place in the pools a little: those refreshes are
 * bulk work, in a queue of their own that gives way to requests (platform/src/foreground.ts), while a new,
 * released, edited or removed item reaches the pools at once.
 */
export const MATCHING_RESCORE_QUEUE = 'matching-rescore';
export const REBUILD_SCHEDULER = 'matching-nightly-rebuild';
/** Every night at 03:00 UTC: freshness, audience scores and click totals move without events. */
export const REBUILD_PATTERN = '0 3 * * *';

export interface ContentMatchingJob {
  contentId: string;
  /** The content was deleted or removed by an admin: it leaves every pool. */
  removed?: boolean;
  status?: string;
}

/** One job per event, its id derived from the event id. */
const contentJob = (
  event: RecordedEvent<string, { contentId: string }>,
  change: Omit<ContentMatchingJob, 'contentId'> = {},
  queue = MATCHING_QUEUE,
): JobSpec[] => [{ queue, name: 'refresh-content', data: { contentId: event.data.contentId, ...change } satisfies ContentMatchingJob, jobId: `matching-${event.id}` }];
const creatorJob = (event: RecordedEvent<string, { userId: string }>): JobSpec[] => [
  { queue: MATCHING_QUEUE, name: 'refresh-creator', data: { userId: event.data.userId }, jobId: `matching-${event.id}` },
];

/** Content and creator events → matching jobs. */
export const matchingRoute = jobRoute({
  ContentSubmitted: (event) => contentJob(event),
  ContentEdited: (event) => contentJob(event),
  ContentReleased: (event) => contentJob(event),
  ContentPaused: (event) => contentJob(event),
  ContentResumed: (event) => contentJob(event),
  ContentDeleted: (event) => contentJob(event, { removed: true }),
  ContentRemovedByAdmin: (event) => contentJob(event, { removed: true }),
  ContentStatusChanged: (event) => contentJob(event, { status: event.data.status }),
  // A share only moves its content a little in the pools: bulk work that gives way to requests.
  ContentShared: (event) => contentJob(event, {}, MATCHING_RESCORE_QUEUE),
  ProfileCreated: creatorJob,
  ProfileUpdated: creatorJob,
  PremiumStarted: creatorJob,
  PremiumEnded: creatorJob,
});

const byBase = (a: PoolEntry, b: PoolEntry): number =>
  b.base - a.base || (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** Top performer pools: the creator's verified engagement first, then as the match pools. */
const byPerformance = (a: PoolEntry, b: PoolEntry): number => b.creatorPerformance - a.creatorPerformance || byBase(a, b);
const orderOf = (poolId: string) => (isTopPool(poolId) ? byPerformance : byBase);

/** Which kinds of pool a content belongs in (domain/src/rules/content-visibility.ts). */
interface Membership {
  match: boolean;
  top: boolean;
}
const membershipOf = (doc: ContentVisibilityFields): Membership => ({ match: inMatchPools(doc), top: inTopPerformerPools(doc) });

/** The ids of the pools an entry belongs in: its categories' and ALL_POOL, of each kind it is in. */
function poolIdsOf(entry: PoolEntry, membership: Membership): string[] {
  const terms = [...entry.categories, ALL_POOL];
  return [...(membership.match ? terms : []), ...(membership.top ? terms.map(topPool) : [])];
}

interface Creator {
  audienceScore: number | null;
  premium: boolean;
  performance: number;
}


/** Creators' fields for the entries: audience score, Premium, verified engagement over visible content. */
async function loadCreators(store: ReadStore, userIds: readonly string[] | 'all', now: string): Promise<Map<string, Creator>> {
  const ids = userIds === 'all' ? undefined : [...new Set(userIds)];
  const users = await store
    .collection<UserDoc>(USERS)
    .find(ids ? { _id: { $in: ids } } : {}, { projection: { _id: 1, is_premium: 1, premium_until: 1 } });
  const performance = await creatorEngagement(store, ids ?? 'all');
  const byUser = new Map(users.map((user) => [user._id, user]));
  // The one audience score (written by the audience-score worker), never the profile's field.
  const scores = await audienceScoresOf(store, ids ?? 'all');
  const out = new Map<string, Creator>();
  for (const id of ids ?? [...new Set([...byUser.keys(), ...performance.keys()])]) {
    const user = byUser.get(id);
    out.set(id, { audienceScore: scores.get(id) ?? null, premium: isPremiumActive(user, now), performance: performance.get(id) ?? 0 });
  }
  return out;
}

export function poolEntry(doc: ContentDoc, creator: Creator | undefined, now: string): PoolEntry {
  const entry: PoolEntry = {
    id: doc._id,
    userId: doc.user_id,
    categories: normalizeCategories(doc.categories),
    contentType: doc.content_type,
    shareCount: doc.share_count,
    requiredShares: doc.required_shares,
    createdAt: doc.created_at,
    createdAtMs: Date.parse(doc.created_at),
    creatorAudienceScore: creator?.audienceScore ?? null,
    creatorPremium: creator?.premium ?? false,
    creatorPerformance: creator?.performance ?? 0,
    base: 0,
  };
  entry.base = baseScore(entry, now);
  return entry;
}

async function writePool(store: ReadStore, id: string, entries: PoolEntry[], now: string): Promise<void> {
  await store.collection<MatchPoolDoc>(MATCH_POOLS).upsert({ _id: id }, { $set: { entries, updated_at: now } });
}

/** After pool writes: readers' caches are stale from here on; `built` marks the pools built. */
async function bumpVersion(store: ReadStore, now: string, built = false): Promise<void> {
  const update: Record<string, unknown> = { $inc: { version: 1 } };
  if (built) update.$set = { built_at: now, shape: POOLS_SHAPE };
  else update.$setOnInsert = { built_at: null };
  await store.collection<MatchPoolStateDoc>(MATCH_POOL_STATE).upsert({ _id: POOL_STATE_ID }, update);
}

/** The best POOL_SIZE contents of a pool (a category's or all, of either kind), computed from `contents`. */
async function computePool(store: ReadStore, id: string, now: string): Promise<PoolEntry[]> {
  const filter: Record<string, unknown> = { ...(isTopPool(id) ? TOP_PERFORMER_POOL_FILTER : MATCH_POOL_FILTER) };
  const term = poolTerm(id);
  if (term !== ALL_POOL) filter.categories = term;
  const docs = await store.collection<ContentDoc>(CONTENTS).find(filter);
  const creators = await loadCreators(store, docs.map((doc) => doc.user_id), now);
  return docs.map((doc) => poolEntry(doc, creators.get(doc.user_id), now)).sort(orderOf(id)).slice(0, POOL_SIZE);
}

/** Rebuilds every pool from `contents` (one scan), removing pools of categories no content has any more. */
export async function rebuildPools(store: ReadStore, now: string, progress?: (percent: number) => Promise<void>): Promise<{ pools: number; contents: number }> {
  const docs = (await store.collection<ContentDoc>(CONTENTS).find({ deleted: false })).filter(inTopPerformerPools);
  await progress?.(20);
  const creators = await loadCreators(store, 'all', now);
  await progress?.(40);
  const pools = new Map<string, PoolEntry[]>([[ALL_POOL, []], [topPool(ALL_POOL), []]]);
  for (const doc of docs) {
    const entry = poolEntry(doc, creators.get(doc.user_id), now);
    for (const id of poolIdsOf(entry, membershipOf(doc))) {
      let pool = pools.get(id);
      if (!pool) pools.set(id, (pool = []));
      pool.push(entry);
    }
  }
  await progress?.(60);
  const collection = store.collection<MatchPoolDoc>(MATCH_POOLS);
  // ALL_POOL last: the state's `built_at` (set after it) tells the API the pools are built.
  const ids = [...pools.keys()].filter((id) => id !== ALL_POOL);
  for (const id of [...ids, ALL_POOL]) await writePool(store, id, pools.get(id)!.sort(orderOf(id)).slice(0, POOL_SIZE), now);
  const stale = (await collection.find({}, { projection: { _id: 1 } })).map((doc) => doc._id).filter((id) => !pools.has(id));
  if (stale.length > 0) await collection.deleteMany({ _id: { $in: stale } });
  await bumpVersion(store, now, true);
  await progress?.(100);
  return { pools: pools.size, contents: docs.length };
}

/**
 * One content changed: its entry leaves every pool holding it and enters, in each pool's order, the match
 * pools of its categories and ALL_POOL while `active`, their Top performer pools while `active` or
 * `shared` (all while visible). A pool that lost an entry and ran short is recomputed.
 */
export async function refreshContent(
  store: ReadStore,
  job: ContentMatchingJob,
  now: string,
): Promise<{ pools: number; entered?: MatchesChangedPush; missing?: true }> {
  const doc = await store.collection<ContentDoc>(CONTENTS).findOne({ _id: job.contentId });
  // The read models are past the job's event (the dispatcher waits for them): content that is not there was
  // deleted since, or never made; it leaves every pool as removed content does.
  const missing = !doc && !job.removed;
  // The status the event set counts as the content's.
  const membership: Membership =
    doc && !job.removed ? membershipOf(job.status ? { ...doc, moderation_status: job.status } : doc) : { match: false, top: false };
  const collection = store.collection<MatchPoolDoc>(MATCH_POOLS);
  if (!(await poolsBuilt(store))) return { pools: 0, ...(missing && { missing }) }; // The rebuild will see it.
  const holding = await collection.find({ 'entries.id': job.contentId });
  const entry = doc && membership.top ? poolEntry(doc, (await loadCreators(store, [doc.user_id], now)).get(doc.user_id), now) : undefined;
  const belongs = new Set(entry ? poolIdsOf(entry, membership) : []);
  const targets = new Set([...holding.map((pool) => pool._id), ...belongs]);
  let written = 0;
  // A match pool (not a top performer one) that holds the content now and did not before.
  let entered = false;
  for (const id of targets) {
    const pool = holding.find((candidate) => candidate._id === id) ?? (await collection.findOne({ _id: id }));
    const before = pool?.entries ?? [];
    let entries = before.filter((candidate) => candidate.id !== job.contentId);
    const lost = entries.length < before.length;
    const enters = entry !== undefined && belongs.has(id);
    if (enters) entries = [...entries, entry].sort(orderOf(id)).slice(0, POOL_SIZE);
    if (enters && !lost && !isTopPool(id) && entries.some((candidate) => candidate.id === job.contentId)) entered = true;
    if (lost && !enters && before.length >= POOL_SIZE) entries = await computePool(store, id, now);
    if (entries.length === 0 && id !== ALL_POOL && id !== topPool(ALL_POOL)) await collection.deleteOne({ _id: id });
    else await writePool(store, id, entries, now);
    written++;
  }
  if (written > 0) await bumpVersion(store, now);
  // The creator's totals moved (a share): their other entries follow.
  if (doc) await refreshCreator(store, doc.user_id, now);
  if (entered && entry) return { pools: written, entered: { content_id: entry.id, categories: [...entry.categories], user_id: entry.userId } };
  return { pools: written, ...(missing && { missing }) };
}

/** A creator's Premium, audience score or totals changed: their entries in every pool are rescored. */
export async function refreshCreator(store: ReadStore, userId: string, now: string): Promise<{ pools: number }> {
  const collection = store.collection<MatchPoolDoc>(MATCH_POOLS);
  const pools = await collection.find({ 'entries.userId': userId });
  if (pools.length === 0) return { pools: 0 };
  const creator = (await loadCreators(store, [userId], now)).get(userId);
  for (const pool of pools) {
    const entries = pool.entries
      .map((entry) => {
        if (entry.userId !== userId) return entry;
        const next: PoolEntry = {
          ...entry,
          creatorAudienceScore: creator?.audienceScore ?? null,
          creatorPremium: creator?.premium ?? false,
          creatorPerformance: creator?.performance ?? 0,
        };
        next.base = baseScore(next, now);
        return next;
      })
      .sort(orderOf(pool._id));
    await writePool(store, pool._id, entries, now);
  }
  await bumpVersion(store, now);
  return { pools: pools.length };
}

export async function poolsBuilt(store: ReadStore): Promise<boolean> {
  return poolsOfShape(await store.collection<MatchPoolStateDoc>(MATCH_POOL_STATE).findOne({ _id: POOL_STATE_ID }));
}

/**
 * `realtime`: when content enters the match pools, every signed-in tab hears `matches:changed` (to
 * `creators`) and the ones it may concern fetch their matches again, so a released item reaches other
 * creators' match lists without a reload.
 */
export function matchingProcessor(deps: Pick<WorkerDeps, 'readStore'> & Partial<Pick<WorkerDeps, 'realtime' | 'logger'>>, clock: () => Date = () => new Date()) {
  return async (job: Job<unknown>): Promise<unknown> => {
    const now = clock().toISOString();
    const data = (job.data ?? {}) as Record<string, unknown>;
    switch (job.name) {
      case 'rebuild':
        return rebuildPools(deps.readStore, now, (percent) => job.updateProgress(percent));
      case 'refresh-content':
        if (typeof data.contentId !== 'string' || !data.contentId) throw new UnrecoverableJobError('refresh-content needs a contentId');
      {
        const result = await refreshContent(
          deps.readStore,
          { contentId: data.contentId, removed: data.removed === true, status: typeof data.status === 'string' ? data.status : undefined },
          now,
        );
        if (result.entered && deps.realtime) push(deps.realtime, CREATORS_ROOM, 'matches:changed', result.entered);
        if (result.missing) deps.logger?.debug({ contentId: data.contentId }, 'matching: the content is gone; it left every pool');
        return result;
      }
      case 'refresh-creator':
        if (typeof data.userId !== 'string' || !data.userId) throw new UnrecoverableJobError('refresh-creator needs a userId');
        return refreshCreator(deps.readStore, data.userId, now);
      default:
        throw new UnrecoverableJobError(`Unknown matching job ${job.name}`);
    }
  };
}

/**
 * Starts the matching processor (one at a time: pools are read-modify-write), upserts the nightly
 * rebuild and enqueues a rebuild now when the pools are missing.
 */
export function startMatching(deps: WorkerDeps): WorkerHandle {
  const handle = deps.jobQueue.process(MATCHING_QUEUE, matchingProcessor(deps), { concurrency: 1 });
  const rescores = deps.jobQueue.process(MATCHING_RESCORE_QUEUE, givesWayToRequests(matchingProcessor(deps)), { concurrency: 1 });
  void (async () => {
    await deps.jobQueue.upsertScheduler(MATCHING_QUEUE, REBUILD_SCHEDULER, { pattern: REBUILD_PATTERN }, { name: 'rebuild', data: {} });
    if (!(await poolsBuilt(deps.readStore))) await deps.jobQueue.add(MATCHING_QUEUE, 'rebuild', {});
  })().catch((error: unknown) => deps.logger.error({ err: error }, 'matching: scheduling the pool rebuild failed'));
  return { close: async () => { await Promise.all([handle.close(), rescores.close()]); } };
}
