/**
 * `audience-score`: a creator's 0-100 audience score and each of their contacts' 0-100 scores, from
 * measured signals only, into the worker-owned `audience_scores` read model (audience-scores.model.ts):
 *
 * - share completion (40 pts): mean over the creator's live contents of min(1, share_count / required_shares);
 * - human clicks per share (30 pts): human short-link clicks / shares, full marks at 2 per share;
 * - conversion rate (20 pts): conversions / human clicks, full marks at 10 %;
 * - contact engagement (10 pts): share of the creator's contacts with at least one human click.
 *
 * A contact scores 25 per human click and 50 per conversion attributed to it, capped at 100. Clicks per
 * contact are not in any read model, so they are counted from the contents' streams (`LinkClicked.contactId`).
 * Jobs recompute from scratch, so running one twice writes the same document. Runs nightly for everyone
 * and after each ContentShared / LinkClicked / ConversionRecorded for the content's owner.
 */
import { contentStream } from '@crossfeed/domain/shared/streams.ts';
import type { EventStore, RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import { UnrecoverableJobError, type Job, type WorkerHandle } from '@crossfeed/platform/jobs/job-queue.port.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { CONTACTS, type ContactDoc } from '@crossfeed/projections/contacts/contacts.projection.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import type { JobRoute } from '../dispatch/job-routes.ts';
import type { WorkerDeps } from '../registry.ts';
import { AUDIENCE_SCORES, type AudienceScoreDoc, type ScoreComponent } from './audience-scores.model.ts';

export const AUDIENCE_SCORE_QUEUE = 'audience-score';
export const AUDIENCE_SCORE_SCHEDULER = 'audience-score-nightly';
/** Every night at 02:30 UTC. */
export const AUDIENCE_SCORE_PATTERN = '30 2 * * *';

export const WEIGHTS = { share_completion: 40, human_clicks_per_share: 30, conversion_rate: 20, contact_engagement: 10 } as const;
export const CLICKS_PER_SHARE_TARGET = 2;
export const CONVERSION_RATE_TARGET = 0.1;
export const CONTACT_POINTS_PER_CLICK = 25;
export const CONTACT_POINTS_PER_CONVERSION = 50;

export type AudienceScoreJob = { userId: string } | { all: true };

const OWNER_FIELD: Record<string, string> = { ContentShared: 'contentOwnerId', LinkClicked: 'ownerId', ConversionRecorded: 'ownerId' };

/** A share, a click or a conversion on a creator's content moves that creator's score. */
export const audienceScoreRoute: JobRoute = {
  eventTypes: new Set(Object.keys(OWNER_FIELD)),
  jobs(event: RecordedEvent) {
    const field = OWNER_FIELD[event.type];
    const userId = field ? (event.data as Record<string, unknown>)[field] : undefined;
    if (typeof userId !== 'string' || !userId) return [];
    return [{ queue: AUDIENCE_SCORE_QUEUE, name: 'score-user', data: { userId }, jobId: `audience-score-${event.id}` }];
  },
};

const round1 = (value: number): number => Math.round(value * 10) / 10;
const component = (value: number, ratio: number, max: number): ScoreComponent => ({
  value: Math.round(value * 1000) / 1000,
  points: round1(Math.min(1, Math.max(0, ratio)) * max),
  max,
});

/** Computes one creator's document from the read models and their contents' streams. */
export async function computeAudienceScore(
  stores: { readStore: ReadStore; eventStore: EventStore },
  userId: string,
  now: string,
): Promise<AudienceScoreDoc> {
  const contents = await stores.readStore
    .collection<ContentDoc>(CONTENTS)
    .find({ user_id: userId, deleted: false, status: { $ne: 'deleted' } });
  const contacts = await stores.readStore.collection<ContactDoc>(CONTACTS).find({ user_id: userId }, { projection: { _id: 1 } });

  let shares = 0;
  let required = 0;
  let humanClicks = 0;
  let conversions = 0;
  let completion = 0;
  const contactClicks = new Map<string, number>();
  const contactConversions = new Map<string, number>();
  for (const doc of contents) {
    shares += doc.share_count;
    required += doc.required_shares;
    humanClicks += doc.short_link_clicks;
    conversions += doc.conversions_count;
    completion += doc.required_shares > 0 ? Math.min(1, doc.share_count / doc.required_shares) : 1;
    if (contacts.length === 0) continue;
    for (const event of await stores.eventStore.readStream(contentStream(doc._id))) {
      const data = event.data as { contactId?: string | null; human?: boolean };
      if (!data.contactId) continue;
      if (event.type === 'LinkClicked' && data.human === true) contactClicks.set(data.contactId, (contactClicks.get(data.contactId) ?? 0) + 1);
      if (event.type === 'ConversionRecorded') contactConversions.set(data.contactId, (contactConversions.get(data.contactId) ?? 0) + 1);
    }
  }

  const scores: Record<string, number> = {};
  let engaged = 0;
  for (const contact of contacts) {
    const clicks = contactClicks.get(contact._id) ?? 0;
    if (clicks > 0) engaged += 1;
    scores[contact._id] = Math.min(100, clicks * CONTACT_POINTS_PER_CLICK + (contactConversions.get(contact._id) ?? 0) * CONTACT_POINTS_PER_CONVERSION);
  }

  const shareCompletion = contents.length ? completion / contents.length : 0;
  const clicksPerShare = shares ? humanClicks / shares : 0;
  const conversionRate = humanClicks ? conversions / humanClicks : 0;
  const engagement = contacts.length ? engaged / contacts.length : 0;
  const components = {
    share_completion: component(shareCompletion, shareCompletion, WEIGHTS.share_completion),
    human_clicks_per_share: component(clicksPerShare, clicksPerShare / CLICKS_PER_SHARE_TARGET, WEIGHTS.human_clicks_per_share),
    conversion_rate: component(conversionRate, conversionRate / CONVERSION_RATE_TARGET, WEIGHTS.conversion_rate),
    contact_engagement: component(engagement, engagement, WEIGHTS.contact_engagement),
  };
  const score = round1(Object.values(components).reduce((sum, part) => sum + part.points, 0));
  return {
    _id: userId,
    score: Math.min(100, score),
    components,
    totals: { contents: contents.length, shares, required_shares: required, human_clicks: humanClicks, conversions, contacts: contacts.length, engaged_contacts: engaged },
    contacts: scores,
    updated_at: now,
  };
}

async function writeScore(readStore: ReadStore, doc: AudienceScoreDoc): Promise<void> {
  const { _id, ...fields } = doc;
  await readStore.collection<AudienceScoreDoc>(AUDIENCE_SCORES).upsert({ _id }, { $set: fields });
}

export function audienceScoreProcessor(deps: Pick<WorkerDeps, 'readStore' | 'eventStore'>, clock: () => Date = () => new Date()) {
  return async (job: Job<AudienceScoreJob>): Promise<{ scored: number }> => {
    const now = clock().toISOString();
    const data = job.data as Partial<{ userId: unknown; all: unknown }> | null;
    if (data && typeof data.userId === 'string' && data.userId) {
      await writeScore(deps.readStore, await computeAudienceScore(deps, data.userId, now));
      return { scored: 1 };
    }
    if (!data || data.all !== true) throw new UnrecoverableJobError('audience-score needs { userId } or { all: true }');
    const users = await deps.readStore.collection<UserDoc>(USERS).find({}, { projection: { _id: 1 }, sort: { _id: 1 } });
    const startedAt = performance.now();
    for (const [index, user] of users.entries()) {
      await writeScore(deps.readStore, await computeAudienceScore(deps, user._id, now));
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
  const handle = deps.jobQueue.process(AUDIENCE_SCORE_QUEUE, audienceScoreProcessor(deps), { concurrency: 1 });
  deps.jobQueue
    .upsertScheduler(AUDIENCE_SCORE_QUEUE, AUDIENCE_SCORE_SCHEDULER, { pattern: AUDIENCE_SCORE_PATTERN }, { name: 'score-all', data: { all: true } })
    .catch((error: unknown) => deps.logger.error({ err: error }, 'audience-score: scheduling failed'));
  return handle;
}
