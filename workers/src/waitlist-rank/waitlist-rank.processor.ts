/**
 * `waitlist-rank`: recomputes every waitlist entry's rank into `waitlist_ranks` when someone joins or a
 * referral is credited. rank orders entries by (join position − referrals), ties to the one with more referrals, then
 * join order, so each referral moves the referrer up one place (past the entry just above); ranks 1-100 are lifetime free, others one month (SPEC §4, §9).
 * The whole list is recomputed from the `waitlist` read model, so a job run twice writes the same ranks.
 * The ranks are written in pages, one read-store batch (one transaction) each: MongoDB aborts a transaction
 * older than 60 s (transactionLifetimeLimitSeconds), so one transaction over a large waitlist never commits.
 * Between pages, readers may see some ranks new and some old; the job's next run (or retry) converges.
 * Before writing, it compares with the ranks written last time and adds the webhook events of the ranks that
 * moved, in one bulk add (issue 26; nothing for an unchanged entry).
 */
import { waitlistTier } from '@crossfeed/domain/rules/waitlist.ts';
import type { RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { Job, JobQueue, WorkerHandle } from '@crossfeed/platform/jobs/job-queue.port.ts';
import type { ReadStore, WriteOp } from '@crossfeed/platform/read-store/read-store.port.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import { WAITLIST, type WaitlistDoc } from '@crossfeed/projections/waitlist/waitlist.projection.ts';
import { jobRoute, type JobSpec } from '../dispatch/job-routes.ts';
import type { WorkerDeps } from '../registry.ts';
import { enqueueFanout, webhookEvent, webhookEventId } from '../webhooks/webhook-events.route.ts';
import { WAITLIST_RANKS, type WaitlistRankDoc } from './waitlist-ranks.model.ts';

export const WAITLIST_RANK_QUEUE = 'waitlist-rank';
export const WAITLIST_RANK_SCHEDULER = 'waitlist-rank-nightly';
export const WAITLIST_RANK_PATTERN = '15 2 * * *';

const recompute = (event: RecordedEvent): JobSpec[] => [{ queue: WAITLIST_RANK_QUEUE, name: 'recompute', data: {}, jobId: `waitlist-rank-${event.id}` }];

export const waitlistRankRoute = jobRoute({ WaitlistJoined: recompute, WaitlistReferralCredited: recompute });

export interface RankedEntry {
  id: string;
  position: number;
  referrals: number;
  rank: number;
}

/** Pure ranking: entries in join order (position 1 first) with their referrals. */
export function rankEntries(entries: readonly { id: string; referrals: number }[]): RankedEntry[] {
  return entries
    .map((entry, index) => ({ id: entry.id, position: index + 1, referrals: entry.referrals, rank: 0 }))
    .sort((a, b) => a.position - a.referrals - (b.position - b.referrals) || b.referrals - a.referrals || a.position - b.position)
    .map((entry, index) => ({ ...entry, rank: index + 1 }));
}

/** Rank writes per read-store batch: each is a short transaction, whatever the waitlist's length. */
export const RANK_WRITES_PER_BATCH = 500;

export async function recomputeRanks(readStore: ReadStore, now: string, writesPerBatch = RANK_WRITES_PER_BATCH): Promise<RankedEntry[]> {
  const ranked = await rankWaitlist(readStore);
  await writeRanks(readStore, ranked, now, writesPerBatch);
  return ranked;
}

/** Every entry's rank, from the `waitlist` read model. */
async function rankWaitlist(readStore: ReadStore): Promise<RankedEntry[]> {
  const docs = await readStore
    .collection<WaitlistDoc>(WAITLIST)
    .find({}, { projection: { _id: 1, referrals: 1, joined_position: 1 }, sort: { joined_position: 1 } });
  return rankEntries(docs.map((doc) => ({ id: doc._id, referrals: doc.referrals ?? 0 })));
}

async function writeRanks(readStore: ReadStore, ranked: readonly RankedEntry[], now: string, writesPerBatch: number): Promise<void> {
  const ops: WriteOp[] = ranked.map((entry) => {
    const fields: Omit<WaitlistRankDoc, '_id'> = {
      rank: entry.rank,
      position: entry.position,
      referrals: entry.referrals,
      tier: waitlistTier(entry.rank).tier,
      updated_at: now,
    };
    return { op: 'upsert', collection: WAITLIST_RANKS, filter: { _id: entry.id }, update: { $set: fields } };
  });
  for (let start = 0; start < ops.length; start += writesPerBatch) await readStore.applyBatch(ops.slice(start, start + writesPerBatch));
}

/**
 * The webhook events of the ranks that moved (issue 26): `waitlist.rank_changed` to the founders, and
 * `waitlist.position_changed` to the account whose confirmed e-mail is the entry's. An entry ranked for the
 * first time (just joined, or the ranks rebuilt) tells nothing. Ids are of the computation (the job), the
 * entry and its new rank: a retry of the job sends nothing twice.
 */
async function rankWebhooks(readStore: ReadStore, jobId: string, previous: ReadonlyMap<string, number>, ranked: readonly RankedEntry[], now: string): Promise<JobSpec[]> {
  const moved = ranked.filter((entry) => previous.has(entry.id) && previous.get(entry.id) !== entry.rank);
  if (moved.length === 0) return [];
  const accounts = await readStore
    .collection<UserDoc>(USERS)
    .find({ email: { $in: moved.map((entry) => entry.id) }, email_confirmed: true }, { projection: { _id: 1, email: 1 } });
  const accountOf = new Map(accounts.map((account) => [account.email, account._id]));
  return moved.flatMap((entry) => {
    const change = { rank: entry.rank, previous_rank: previous.get(entry.id) ?? entry.rank, position: entry.position, referrals: entry.referrals, tier: waitlistTier(entry.rank).tier, changed_at: now };
    const founders = webhookEvent({ founders: true }, 'waitlist.rank_changed', webhookEventId('waitlist.rank_changed', jobId, entry.id, entry.rank), now, { email: entry.id, ...change });
    const userId = accountOf.get(entry.id);
    if (userId === undefined) return [founders];
    return [founders, webhookEvent({ userId }, 'waitlist.position_changed', webhookEventId('waitlist.position_changed', jobId, entry.id, entry.rank), now, change)];
  });
}

export function waitlistRankProcessor(deps: Pick<WorkerDeps, 'readStore'> & { jobQueue: Pick<JobQueue, 'addBulk'> }, clock: () => Date = () => new Date()) {
  return async (job: Job<unknown>): Promise<{ ranked: number }> => {
    const now = clock().toISOString();
    const { readStore } = deps;
    const [previousDocs, ranked] = await Promise.all([
      readStore.collection<WaitlistRankDoc>(WAITLIST_RANKS).find({}, { projection: { _id: 1, rank: 1 } }),
      rankWaitlist(readStore),
    ]);
    const previous = new Map(previousDocs.map((doc) => [doc._id, doc.rank]));
    // Enqueued before the ranks are written: a crash in between finds the same changes on the retry.
    await enqueueFanout(deps, await rankWebhooks(readStore, job.id, previous, ranked, now));
    await writeRanks(readStore, ranked, now, RANK_WRITES_PER_BATCH);
    await job.updateProgress({ percent: 100, done: ranked.length, total: ranked.length });
    return { ranked: ranked.length };
  };
}

export function startWaitlistRank(deps: WorkerDeps): WorkerHandle {
  const handle = deps.jobQueue.process(WAITLIST_RANK_QUEUE, waitlistRankProcessor(deps), { concurrency: 1 });
  deps.jobQueue
    .upsertScheduler(WAITLIST_RANK_QUEUE, WAITLIST_RANK_SCHEDULER, { pattern: WAITLIST_RANK_PATTERN }, { name: 'recompute', data: {} })
    .catch((error: unknown) => deps.logger.error({ err: error }, 'waitlist-rank: scheduling failed'));
  return handle;
}
