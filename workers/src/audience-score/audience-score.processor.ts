/**
 * `audience-score`: a creator's 0-100 audience score and its parts, by the rule in
 * domain/src/rules/audience-score.ts, into the worker-owned `audience_scores` read model
 * (projections/src/audience-scores/). Read it through `audienceScoreOf` only.
 *
 * The inputs come from read models: `contents` (delivered shares, counted clicks, verified conversions),
 * `contacts` and `link_engagement` (per contact, content and UTC day: the contacts who clicked a link
 * Crossfeed e-mailed them). Jobs recompute from scratch, so running one twice writes the same document. Runs nightly
 * for everyone and after each ContentShared / LinkClicked / ConversionRecorded for the content's owner and
 * for the sharer whose contact clicked. A changed score asks matching to rescore the creator's entries.
 */
import { creatorScore, type CreatorScoreInputs } from '@crossfeed/domain/rules/audience-score.ts';
import type { RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import { UnrecoverableJobError, type Job, type WorkerHandle } from '@crossfeed/platform/jobs/job-queue.port.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { AUDIENCE_SCORES, type AudienceScoreDoc } from '@crossfeed/projections/audience-scores/audience-scores.model.ts';
import { contactEngagementOf, countedClicksOf } from '@crossfeed/projections/audience-scores/audience-scores.queries.ts';
import { CONTACTS, type ContactDoc } from '@crossfeed/projections/contacts/contacts.projection.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import { loadUserDto } from '@crossfeed/projections/users/user.dto.ts';
import { userRoom } from '@crossfeed/platform/realtime/realtime.port.ts';
import { jobRoute, type JobSpec } from '../dispatch/job-routes.ts';
import { MATCHING_QUEUE } from '../matching/matching.processor.ts';
import type { WorkerDeps } from '../registry.ts';
import { givesWayToRequests } from '@crossfeed/platform/foreground.ts';

export const AUDIENCE_SCORE_QUEUE = 'audience-score';
export const AUDIENCE_SCORE_SCHEDULER = 'audience-score-nightly';
/** Every night at 02:30 UTC. */
export const AUDIENCE_SCORE_PATTERN = '30 2 * * *';

export type AudienceScoreJob = { userId: string } | { all: true };

/** One job per creator whose score the event moves, the first one's id derived from the event id alone. */
function scoreJobs(event: RecordedEvent, ...userIds: (string | null | undefined)[]): JobSpec[] {
  return [...new Set(userIds.filter((userId): userId is string => typeof userId === 'string' && userId !== ''))].map((userId, index) => ({
    queue: AUDIENCE_SCORE_QUEUE,
    name: 'score-user',
    data: { userId },
    jobId: index === 0 ? `audience-score-${event.id}` : `audience-score-${event.id}-${index}`,
  }));
}

/** Whose score an event moves: the content's owner, and the creator whose contact clicked or converted. */
export const audienceScoreRoute = jobRoute({
  ContentShared: (event) => scoreJobs(event, event.data.contentOwnerId),
  LinkClicked: (event) => scoreJobs(event, event.data.ownerId, event.data.sharerId),
  ConversionRecorded: (event) => scoreJobs(event, event.data.ownerId, event.data.sharerId),
});

/** The rule's inputs for one creator, from the read models. */
export async function creatorScoreInputs(readStore: ReadStore, userId: string): Promise<CreatorScoreInputs> {
  const contents = await readStore
    .collection<ContentDoc>(CONTENTS)
    .find(
      { user_id: userId, deleted: false, status: { $ne: 'deleted' } },
      { projection: { share_count: 1, required_shares: 1, short_link_clicks: 1, unique_clicks: 1, verified_conversions: 1 } },
    );
  const contacts = await readStore.collection<ContactDoc>(CONTACTS).find({ user_id: userId }, { projection: { _id: 1 } });

  const input: CreatorScoreInputs = {
    contents: contents.length, completionSum: 0, shares: 0, requiredShares: 0, countedClicks: 0, humanClicks: 0, conversions: 0,
    contacts: contacts.length, engagedContacts: 0,
  };
  for (const doc of contents) {
    input.shares += doc.share_count;
    input.requiredShares += doc.required_shares;
    input.humanClicks += doc.short_link_clicks;
    input.countedClicks += countedClicksOf(doc);
    // Self-reported conversions are the owner's to see, never scored.
    input.conversions += doc.verified_conversions ?? 0;
    input.completionSum += doc.required_shares > 0 ? Math.min(1, doc.share_count / doc.required_shares) : 1;
  }
  const engagement = await contactEngagementOf(readStore, contacts.map((contact) => contact._id));
  input.engagedContacts = [...engagement.values()].filter((entry) => entry.clickDays > 0).length;
  return input;
}

/** Computes one creator's document. */
export async function computeAudienceScore(stores: { readStore: ReadStore }, userId: string, now: string): Promise<AudienceScoreDoc> {
  const input = await creatorScoreInputs(stores.readStore, userId);
  const { score, parts } = creatorScore(input);
  return {
    _id: userId,
    score,
    parts,
    totals: {
      contents: input.contents,
      shares: input.shares,
      required_shares: input.requiredShares,
      human_clicks: input.humanClicks,
      counted_clicks: input.countedClicks,
      conversions: input.conversions,
      contacts: input.contacts,
      engaged_contacts: input.engagedContacts,
    },
    updated_at: now,
  };
}

type ScoreDeps = Pick<WorkerDeps, 'readStore'> & Partial<Pick<WorkerDeps, 'jobQueue' | 'realtime'>>;

/** Writes the document; when the score changed, matching rescores the creator's entries (a job, idempotent). */
async function writeScore(deps: ScoreDeps, doc: AudienceScoreDoc): Promise<void> {
  const { _id, ...fields } = doc;
  const collection = deps.readStore.collection<AudienceScoreDoc>(AUDIENCE_SCORES);
  const previous = await collection.findOne({ _id }, { projection: { score: 1 } });
  await collection.upsert({ _id }, { $set: fields, $unset: { components: '', contacts: '' } });
  if (previous?.score === doc.score) return;
  if (deps.jobQueue) {
    await deps.jobQueue.add(MATCHING_QUEUE, 'refresh-creator', { userId: _id }, { jobId: `matching-score-${_id}-${Date.parse(doc.updated_at)}` });
  }
  if (deps.realtime) {
    // The creator's open Profile shows the new score at once.
    const user = await deps.readStore.collection<UserDoc>(USERS).findOne({ _id });
    if (user) deps.realtime.emit(userRoom(_id), 'user:updated', await loadUserDto(deps.readStore, user));
  }
}

/** A job's data is read as stored (a job of an older release may differ): one creator, or everyone. */
const isOneCreatorJob = (data: unknown): data is { userId: string } =>
  typeof data === 'object' && data !== null && 'userId' in data && typeof data.userId === 'string' && data.userId !== '';
const isEveryoneJob = (data: unknown): data is { all: true } => typeof data === 'object' && data !== null && 'all' in data && data.all === true;

export function audienceScoreProcessor(deps: ScoreDeps, clock: () => Date = () => new Date()) {
  return async (job: Job<AudienceScoreJob>): Promise<{ scored: number }> => {
    const now = clock().toISOString();
    const data: unknown = job.data;
    if (isOneCreatorJob(data)) {
      await writeScore(deps, await computeAudienceScore(deps, data.userId, now));
      return { scored: 1 };
    }
    if (!isEveryoneJob(data)) throw new UnrecoverableJobError('audience-score needs { userId } or { all: true }');
    const users = await deps.readStore.collection<UserDoc>(USERS).find({}, { projection: { _id: 1 }, sort: { _id: 1 } });
    const startedAt = performance.now();
    for (const [index, user] of users.entries()) {
      await writeScore(deps, await computeAudienceScore(deps, user._id, now));
      const done = index + 1;
      if (done % 50 === 0 || done === users.length) {
        const seconds = (performance.now() - startedAt) / 1000;
        const rate = seconds > 0 ? done / seconds : 0;
        await job.updateProgress({
          percent: Math.round((done / users.length) * 100),
          done,
          total: users.length,
          users_per_second: Math.round(rate),
          eta_seconds: rate > 0 ? Math.round((users.length - done) / rate) : null,
        });
      }
    }
    return { scored: users.length };
  };
}

export function startAudienceScore(deps: WorkerDeps): WorkerHandle {
  const handle = deps.jobQueue.process(AUDIENCE_SCORE_QUEUE, givesWayToRequests(audienceScoreProcessor(deps)), { concurrency: 1 });
  deps.jobQueue
    .upsertScheduler(AUDIENCE_SCORE_QUEUE, AUDIENCE_SCORE_SCHEDULER, { pattern: AUDIENCE_SCORE_PATTERN }, { name: 'score-all', data: { all: true } })
    .catch((error: unknown) => deps.logger.error({ err: error }, 'audience-score: scheduling failed'));
  return handle;
}
