/**
 * `scheduled-action`: runs a creator's scheduled share or release at its time (auto-scheduling, Premium).
 *
 * - The dispatcher enqueues one delayed job per `ShareScheduled` / `ReleaseScheduled`, with the schedule's id
 *   as job id, so a restart or a second enqueue never runs it twice. The embedded queue keeps delayed jobs in
 *   its SQLite file and BullMQ keeps them in Redis: a restart does not lose them. On start the worker also
 *   re-enqueues every schedule the read model shows as not run (a no-op for jobs already queued).
 * - When it fires, the job first claims the schedule (`ScheduleStarted` on `schedules-{userId}`): a schedule
 *   cancelled before that is left alone, and once claimed it can no longer be cancelled.
 * - It then runs the SAME creator-content command as the HTTP route (`ShareContent`, or `ReleaseQueuedContent`)
 *   on the user's stream, so every rule is checked as it stands at run time: delivered shares, the per-contact
 *   daily cap, the Free daily share limit, the content still shareable, the item still queued, a credit banked.
 *   A refusal is an outcome (`failed` with the rule's message), not a job failure.
 * - `ScheduleRan` records the outcome once; the notifications projection turns it into the owner's
 *   notification (and the push reactor into a realtime `notification`).
 */
import { creatorContentDecider, mailboxesHoldingSends } from '@crossfeed/domain/users/creator-content.decider.ts';
import { isPremiumActive } from '@crossfeed/domain/rules/premium.ts';
import { scheduleDecider } from '@crossfeed/domain/schedules/schedule.decider.ts';
import type { ReleaseScheduled, ScheduleKind, ScheduleOutcome } from '@crossfeed/domain/schedules/schedule.events.ts';
import { ConflictError, DomainError, NotFoundError } from '@crossfeed/domain/shared/errors.ts';
import { schedulesStream, userStream } from '@crossfeed/domain/shared/streams.ts';
import type { ContentShared } from '@crossfeed/domain/users/user.events.ts';
import { commandHandlerFor, handleCommand } from '@crossfeed/platform/commands/command-handler.ts';
import { emailBudgetsOf } from '@crossfeed/platform/config/config.ts';
import type { EventMetadata } from '@crossfeed/platform/event-store/event-store.port.ts';
import { UnrecoverableJobError, type Job, type WorkerHandle } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { CONTACTS, type ContactDoc } from '@crossfeed/projections/contacts/contacts.projection.ts';
import { isLive, isRemoved, isShareable } from '@crossfeed/domain/rules/content-visibility.ts';
import { loadShareInputs, shareTargetOf } from '@crossfeed/projections/sharing/share-inputs.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { SCHEDULES, type ScheduleDoc } from '@crossfeed/projections/schedules/schedules.projection.ts';
import { SHARES, type ShareDoc } from '@crossfeed/projections/shares/shares.projection.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import { jobRoute, type JobSpec } from '../dispatch/job-routes.ts';
import type { WorkerDeps } from '../registry.ts';

export const SCHEDULED_ACTION_QUEUE = 'scheduled-action';

export const SCHEDULE_RUN_MESSAGES = {
  contentGone: 'The content is no longer available.',
  backInQueue: 'No release credit yet: the item is back in your queue and is released when you complete a match.',
  contactsGone: 'The selected contacts no longer exist.',
  userGone: 'Your account is not available.',
} as const;

export interface ScheduledActionJob {
  scheduleId: string;
  userId: string;
  kind: ScheduleKind;
  contentId: string;
  /** Empty for a release. */
  contactIds: string[];
  runAt: string;
}

export type ScheduledActionResult =
  | { ran: true; outcome: ScheduleOutcome; reason: string | null; reached: number }
  | { ran: false; reason: string };

/** The job of a schedule: the id is the schedule's, so one schedule never has two jobs. */
export const scheduledActionJobId = (scheduleId: string): string => `schedule-${scheduleId}`;

/** One job per schedule: its id is the schedule's, its delay the time left until it is due. */
export function scheduledActionJob(data: ScheduledActionJob, nowMs: number = Date.now()): JobSpec {
  return {
    queue: SCHEDULED_ACTION_QUEUE,
    name: `scheduled-${data.kind}`,
    data,
    jobId: scheduledActionJobId(data.scheduleId),
    // A refusal is an outcome, not a failure: retries cover only store hiccups (the read models are past the
    // schedule's event before its job is enqueued).
    options: { delay: Math.max(0, Date.parse(data.runAt) - nowMs), attempts: 5, backoffMs: 1000 },
  };
}

const scheduleJob = (kind: ScheduleKind, data: ReleaseScheduled['data'], contactIds: string[]): JobSpec[] => [
  scheduledActionJob({ scheduleId: data.scheduleId, userId: data.userId, kind, contentId: data.contentId, contactIds, runAt: data.runAt }),
];

export const scheduledActionRoute = jobRoute({
  ShareScheduled: (event) => scheduleJob('share', event.data, event.data.contactIds),
  ReleaseScheduled: (event) => scheduleJob('release', event.data, []),
});

function isScheduledActionJob(data: unknown): data is ScheduledActionJob {
  const d = data as Partial<ScheduledActionJob> | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    typeof d.scheduleId === 'string' &&
    typeof d.userId === 'string' &&
    (d.kind === 'share' || d.kind === 'release') &&
    typeof d.contentId === 'string' &&
    Array.isArray(d.contactIds)
  );
}

type Outcome = { outcome: ScheduleOutcome; reason: string | null; reached: number };
const failed = (reason: string): Outcome => ({ outcome: 'failed', reason, reached: 0 });

/** Runs the share through the creator-content decider, as POST /content/{id}/share does. */
async function runShare(deps: Pick<WorkerDeps, 'eventStore' | 'readStore' | 'config'>, data: ScheduledActionJob, now: string, metadata: EventMetadata): Promise<Outcome> {
  const { eventStore, readStore, config } = deps;
  // Retried after the share was appended: the share (its id is the schedule's) is the outcome.
  const done = await readStore.collection<ShareDoc>(SHARES).findOne({ _id: data.scheduleId });
  if (done) return { outcome: 'ok', reason: null, reached: done.contact_ids.length };

  const user = await readStore.collection<UserDoc>(USERS).findOne({ _id: data.userId });
  if (!user) return failed(SCHEDULE_RUN_MESSAGES.userGone);
  const content = await readStore.collection<ContentDoc>(CONTENTS).findOne({ _id: data.contentId });
  if (!content || !isShareable(content)) return failed(SCHEDULE_RUN_MESSAGES.contentGone);
  // Contacts deleted since scheduling are left out; the rest are shared with.
  const contacts = await readStore.collection<ContactDoc>(CONTACTS).find({ _id: { $in: data.contactIds }, user_id: data.userId });
  if (contacts.length === 0) return failed(SCHEDULE_RUN_MESSAGES.contactsGone);
  const holdingMailboxes = await commandHandlerFor(eventStore).query(creatorContentDecider, userStream(data.userId), mailboxesHoldingSends);
  const inputs = await loadShareInputs(readStore, { sharer: user, emails: contacts.map((contact) => contact.email), holdingMailboxes, now, budgets: emailBudgetsOf(config) });
  const { events } = await handleCommand(
    eventStore,
    creatorContentDecider,
    userStream(data.userId),
    {
      type: 'ShareContent',
      data: {
        shareId: data.scheduleId,
        contentId: content._id,
        contentOwnerId: content.user_id,
        contentTitle: content.title,
        sharerId: data.userId,
        sharerUsername: user.username,
        sharerEmail: user.email,
        contacts: contacts.map(shareTargetOf),
        contentLive: isLive(content),
        requiredShares: content.required_shares,
        addressDailyCap: config.MAX_EMAILS_PER_ADDRESS_PER_DAY,
        ...inputs,
        note: null,
        isPremium: isPremiumActive(user, now),
        now,
      },
    },
    { metadata },
  );
  const shared = events.find((event): event is ContentShared => event.type === 'ContentShared');
  return { outcome: 'ok', reason: null, reached: shared?.data.contactIds.length ?? 0 };
}

/** Releases the queued item on a banked credit, through the creator-content decider. */
async function runRelease(deps: Pick<WorkerDeps, 'eventStore' | 'readStore'>, data: ScheduledActionJob, now: string, metadata: EventMetadata): Promise<Outcome> {
  const content = await deps.readStore.collection<ContentDoc>(CONTENTS).findOne({ _id: data.contentId, user_id: data.userId });
  if (!content || isRemoved(content)) return failed(SCHEDULE_RUN_MESSAGES.contentGone);
  const { events } = await handleCommand(
    deps.eventStore,
    creatorContentDecider,
    userStream(data.userId),
    { type: 'ReleaseQueuedContent', data: { contentId: data.contentId, userId: data.userId, now } },
    { metadata },
  );
  // Without a banked credit the held item only went back into the queue: the owner is told so.
  if (!events.some((event) => event.type === 'ContentReleased')) return failed(SCHEDULE_RUN_MESSAGES.backInQueue);
  return { outcome: 'ok', reason: null, reached: 0 };
}

export function scheduledActionProcessor(deps: Pick<WorkerDeps, 'eventStore' | 'readStore' | 'config' | 'logger'>, clock: () => Date = () => new Date()) {
  const { eventStore, logger } = deps;
  return async (job: Job<unknown>): Promise<ScheduledActionResult> => {
    const data = job.data;
    if (!isScheduledActionJob(data)) throw new UnrecoverableJobError('scheduled action job without a valid schedule payload');
    const stream = schedulesStream(data.userId);
    const metadata: EventMetadata = { userId: data.userId, causationId: data.scheduleId, correlationId: data.scheduleId };

    try {
      await handleCommand(eventStore, scheduleDecider, stream, { type: 'StartSchedule', data: { scheduleId: data.scheduleId, userId: data.userId, now: clock().toISOString() } }, { metadata });
    } catch (error) {
      // Cancelled before it fired, or already run: nothing to do.
      if (error instanceof ConflictError) return { ran: false, reason: error.message };
      if (error instanceof NotFoundError) throw new UnrecoverableJobError(`schedule ${data.scheduleId} is not on ${stream}`);
      throw error;
    }

    const now = clock().toISOString();
    let result: Outcome;
    try {
      result = data.kind === 'share' ? await runShare(deps, data, now, metadata) : await runRelease(deps, data, now, metadata);
    } catch (error) {
      // A rule refused it at run time: that is the outcome the owner is told. Anything else is retried.
      if (!(error instanceof DomainError)) throw error;
      result = failed(error.message);
    }
    await handleCommand(
      eventStore,
      scheduleDecider,
      stream,
      { type: 'RecordScheduleRun', data: { scheduleId: data.scheduleId, userId: data.userId, ...result, now: clock().toISOString() } },
      { metadata },
    );
    if (result.outcome === 'failed') logger.info({ scheduleId: data.scheduleId, reason: result.reason }, 'scheduled action refused at run time');
    return { ran: true, ...result };
  };
}

const SWEEP_PAGE = 500;

/**
 * Enqueues again every schedule the read model shows as not run (scheduled, or claimed by a job that did not
 * finish). The job id is the schedule's, so a job already queued is not added twice; this only covers an
 * enqueue that was lost. Returns how many it offered to the queue.
 */
export async function requeueWaitingSchedules(deps: Pick<WorkerDeps, 'jobQueue' | 'readStore'>, nowMs: number = Date.now()): Promise<number> {
  const schedules = deps.readStore.collection<ScheduleDoc>(SCHEDULES);
  let offered = 0;
  for (let offset = 0; ; offset += SWEEP_PAGE) {
    const page = await schedules.find({ status: { $in: ['scheduled', 'running'] } }, { sort: { run_at: 1, _id: 1 }, skip: offset, limit: SWEEP_PAGE });
    if (page.length === 0) return offered;
    const jobs = page.map((doc) =>
      scheduledActionJob(
        { scheduleId: doc._id, userId: doc.user_id, kind: doc.kind, contentId: doc.content_id, contactIds: doc.contact_ids, runAt: doc.run_at },
        nowMs,
      ),
    );
    await deps.jobQueue.addBulk(
      SCHEDULED_ACTION_QUEUE,
      jobs.map((spec) => ({ name: spec.name, data: spec.data, options: { ...spec.options, jobId: spec.jobId } })),
    );
    offered += page.length;
    if (page.length < SWEEP_PAGE) return offered;
  }
}

export function startScheduledActionWorker(deps: WorkerDeps): WorkerHandle {
  const handle = deps.jobQueue.process(SCHEDULED_ACTION_QUEUE, scheduledActionProcessor(deps), { concurrency: 4 });
  // In the background: a start must not wait on the read store; a failure is logged and the dispatcher's jobs stand.
  requeueWaitingSchedules(deps).catch((error: unknown) => deps.logger.error({ err: error }, 'scheduled actions: re-enqueueing waiting schedules failed'));
  return handle;
}
