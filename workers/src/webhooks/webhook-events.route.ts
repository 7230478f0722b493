/**
 * Which facts of the log become which webhook events, for whom, with what `data` (issue 26; the table is in
 * docs/webhook-events.md). The dispatcher follows the log and enqueues these jobs with ids derived from the
 * event, and keeps its place with the jobs, so a restart or a read-model rebuild never sends a fact twice.
 *
 * Most events carry all their webhook needs: they become fan-out jobs at once (`webhookEventsRoute`). Two need
 * a read model, which a route may not read: a released content's url (`ContentReleased` names the content,
 * not its address) and the contacts an unsubscribe concerns (a mailbox is a person; each creator who has
 * them as a contact hears of their own contact). Those go through the `webhook-events` queue, whose
 * processor reads and then enqueues the fan-out jobs (a job runs after the read models passed its event).
 * Waitlist ranks are not events: the waitlist-rank worker adds their jobs (waitlist-rank.processor.ts).
 *
 * Each envelope's `id` is a UUID v5 of the fact and its type (and the receiving contact where one fact
 * reaches several creators), so it is stable across retries and unique per fact and audience.
 */
import { createHash } from 'node:crypto';
import type { LinkClicked, ConversionRecorded, ContentStatusChanged, ContentRemovedByAdmin } from '@crossfeed/domain/content/content.events.ts';
import type { MailboxUnsubscribed, ShareEmailSent } from '@crossfeed/domain/mailboxes/mailbox.events.ts';
import type { ContentReleased, MatchCompleted, ReleaseReason, ShareCreditWithdrawn } from '@crossfeed/domain/users/user.events.ts';
import type { WaitlistEmailConfirmed, WaitlistJoined } from '@crossfeed/domain/waitlist/waitlist.events.ts';
import type { WebhookEventType } from '@crossfeed/domain/webhooks/webhook-event-types.ts';
import type { WebhookPayload } from '@crossfeed/domain/webhooks/webhook-payloads.ts';
import { UnrecoverableJobError, type Job, type JobQueue, type WorkerHandle } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { CONTACTS, type ContactDoc } from '@crossfeed/projections/contacts/contacts.projection.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { jobRoute, type JobSpec, type Recorded } from '../dispatch/job-routes.ts';
import type { WorkerDeps } from '../registry.ts';
import { webhookFanoutJob, WEBHOOK_FANOUT_QUEUE, type WebhookAudience } from './webhook-fanout-job.ts';

/** The queue of the facts whose webhook needs a read model first (a released content's url, unsubscribed contacts). */
export const WEBHOOK_EVENTS_QUEUE = 'webhook-events';

/** The namespace of the envelopes' UUID v5 ids (any fixed UUID; never change it, receivers dedupe on the ids). */
const WEBHOOK_ID_NAMESPACE = Buffer.from('3f0d6c52a9e14b7c8d2e5f60718293a4', 'hex');

/**
 * A UUID v5 (RFC 9562) of `parts`: the same fact, type and receiver always give the same id, and different
 * ones a different id. The parts are ids and type names, which never contain the separator.
 */
export function webhookEventId(...parts: readonly (string | number)[]): string {
  const hash = createHash('sha1').update(WEBHOOK_ID_NAMESPACE).update(parts.join('\u0000')).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The fan-out job of one webhook event, its `data` typed by its type. */
export function webhookEvent<Type extends WebhookEventType>(
  audience: WebhookAudience,
  type: Type,
  id: string,
  createdAt: string,
  data: WebhookPayload<Type>,
): JobSpec {
  return webhookFanoutJob(audience, { id, type, created_at: createdAt, data });
}

const RELEASE_REASONS: Record<ReleaseReason, WebhookPayload<'content.released'>['reason']> = {
  starting_credit: 'first_item',
  match_completed: 'match_completed',
  banked_credit: 'banked_credit',
};

/** A contact a click or a conversion names is told only to the creator whose contact it is. */
const ownContact = (data: { contactId: string | null; sharerId?: string | null | undefined; ownerId: string }): string | null =>
  data.contactId !== null && data.sharerId === data.ownerId ? data.contactId : null;

const creator = (userId: string): WebhookAudience => ({ userId });
const FOUNDERS: WebhookAudience = { founders: true };

/** A fact that needs a read model before it becomes webhook events (the `webhook-events` queue's job). */
export type WebhookEventsJob =
  | { type: 'ContentReleased'; eventId: string; data: ContentReleased['data'] }
  | { type: 'MailboxUnsubscribed'; eventId: string; data: MailboxUnsubscribed['data'] };

const resolveRelease = (event: Recorded<ContentReleased>): JobSpec[] => [
  { queue: WEBHOOK_EVENTS_QUEUE, name: 'resolve', data: { type: event.type, eventId: event.id, data: event.data } satisfies WebhookEventsJob, jobId: `webhook-events-${event.id}` },
];
const resolveUnsubscribe = (event: Recorded<MailboxUnsubscribed>): JobSpec[] => [
  { queue: WEBHOOK_EVENTS_QUEUE, name: 'resolve', data: { type: event.type, eventId: event.id, data: event.data } satisfies WebhookEventsJob, jobId: `webhook-events-${event.id}` },
];

function statusChanged(event: Recorded<ContentStatusChanged>): JobSpec[] {
  const { data } = event;
  return [
    webhookEvent(creator(data.ownerId), 'content.status_changed', webhookEventId(event.id, 'content.status_changed'), data.changedAt, {
      content_id: data.contentId,
      title: data.contentTitle,
      status: data.status,
      previous_status: data.previousStatus,
      reason: data.reason ?? null,
      changed_at: data.changedAt,
    }),
  ];
}

function removedByAdmin(event: Recorded<ContentRemovedByAdmin>): JobSpec[] {
  const { data } = event;
  return [
    webhookEvent(creator(data.ownerId), 'content.status_changed', webhookEventId(event.id, 'content.status_changed'), data.removedAt, {
      content_id: data.contentId,
      title: data.contentTitle,
      status: 'deleted',
      previous_status: null,
      reason: data.reason ?? null,
      changed_at: data.removedAt,
    }),
  ];
}

function matchCompleted(event: Recorded<MatchCompleted>): JobSpec[] {
  const { data } = event;
  return [
    webhookEvent(creator(data.sharerId), 'match.completed', webhookEventId(event.id, 'match.completed'), data.completedAt, {
      content_id: data.contentId,
      title: data.contentTitle,
      required_shares: data.requiredShares,
      released_content_id: data.releasedContentId,
      completed_at: data.completedAt,
    }),
  ];
}

/**
 * One share e-mail reached a mailbox. Its id is of the share and the contact, not of the event: an e-mail the
 * mailer could not take for now is released and recorded again by the retry, and is still one delivery.
 */
function shareDelivered(event: Recorded<ShareEmailSent>): JobSpec[] {
  const { data } = event;
  return [
    webhookEvent(creator(data.sharerId), 'share.delivered', webhookEventId('share.delivered', data.shareId, data.contactId), data.sentAt, {
      share_id: data.shareId,
      content_id: data.contentId,
      contact_id: data.contactId,
      delivered_at: data.sentAt,
    }),
  ];
}

/** A bounce took a share's credit back; a complaint (marked as spam) or an e-mail never sent is not a bounce. */
function shareBounced(event: Recorded<ShareCreditWithdrawn>): JobSpec[] {
  const { data } = event;
  if (data.reason !== 'bounced') return [];
  return [
    webhookEvent(creator(data.sharerId), 'share.bounced', webhookEventId(event.id, 'share.bounced'), data.withdrawnAt, {
      share_id: data.shareId,
      content_id: data.contentId,
      contact_id: data.contactId,
      credit_withdrawn: data.credit,
      bounced_at: data.withdrawnAt,
    }),
  ];
}

/** A person's click (bots are recorded, marked, and tell no one). */
function linkClicked(event: Recorded<LinkClicked>): JobSpec[] {
  const { data } = event;
  if (!data.human) return [];
  return [
    webhookEvent(creator(data.ownerId), 'link.clicked', webhookEventId(event.id, 'link.clicked'), data.clickedAt, {
      content_id: data.contentId,
      short_code: data.shortCode,
      contact_id: ownContact(data),
      unique: data.unique ?? null,
      clicked_at: data.clickedAt,
    }),
  ];
}

function conversionRecorded(event: Recorded<ConversionRecorded>): JobSpec[] {
  const { data } = event;
  return [
    webhookEvent(creator(data.ownerId), 'conversion.recorded', webhookEventId(event.id, 'conversion.recorded'), data.recordedAt, {
      conversion_id: data.conversionId,
      content_id: data.contentId,
      short_code: data.shortCode,
      contact_id: ownContact(data),
      kind: data.kind,
      value: data.value,
      verified: data.verified ?? false,
      recorded_at: data.recordedAt,
    }),
  ];
}

function waitlistJoined(event: Recorded<WaitlistJoined>): JobSpec[] {
  const { data } = event;
  return [
    webhookEvent(FOUNDERS, 'waitlist.joined', webhookEventId(event.id, 'waitlist.joined'), data.joinedAt, {
      email: data.email,
      referral_code: data.referralCode,
      referred_by: data.referredBy,
      joined_at: data.joinedAt,
    }),
  ];
}

function waitlistConfirmed(event: Recorded<WaitlistEmailConfirmed>): JobSpec[] {
  const { data } = event;
  return [
    webhookEvent(FOUNDERS, 'waitlist.confirmed', webhookEventId(event.id, 'waitlist.confirmed'), data.confirmedAt, {
      email: data.emailKey,
      confirmed_at: data.confirmedAt,
    }),
  ];
}

export const webhookEventsRoute = jobRoute({
  ContentReleased: resolveRelease,
  ContentStatusChanged: statusChanged,
  ContentRemovedByAdmin: removedByAdmin,
  MatchCompleted: matchCompleted,
  ShareEmailSent: shareDelivered,
  ShareCreditWithdrawn: shareBounced,
  LinkClicked: linkClicked,
  ConversionRecorded: conversionRecorded,
  MailboxUnsubscribed: resolveUnsubscribe,
  WaitlistJoined: waitlistJoined,
  WaitlistEmailConfirmed: waitlistConfirmed,
});

const isWebhookEventsJob = (value: unknown): value is WebhookEventsJob => {
  const job = value as Partial<WebhookEventsJob> | null;
  if (typeof job?.eventId !== 'string' || typeof job.data !== 'object' || job.data === null) return false;
  if (job.type === 'ContentReleased') return typeof job.data.contentId === 'string' && typeof job.data.userId === 'string';
  return job.type === 'MailboxUnsubscribed' && typeof job.data.mailbox === 'string';
};

/** A released content's event, with its address from the contents read model (none: the content is gone). */
async function contentReleased(deps: Pick<WorkerDeps, 'readStore'>, eventId: string, data: ContentReleased['data']): Promise<JobSpec[]> {
  const content = await deps.readStore.collection<ContentDoc>(CONTENTS).findOne({ _id: data.contentId }, { projection: { url: 1, user_id: 1 } });
  if (!content || content.user_id !== data.userId) return [];
  return [
    webhookEvent(creator(data.userId), 'content.released', webhookEventId(eventId, 'content.released'), data.releasedAt, {
      content_id: data.contentId,
      title: data.contentTitle,
      url: content.url,
      reason: RELEASE_REASONS[data.reason],
      matched_content_id: data.matchContentId ?? null,
      released_at: data.releasedAt,
    }),
  ];
}

/**
 * Every contact the unsubscribe concerns, each told to the creator whose contact it is: from one sharer,
 * that sharer's contacts at the mailbox; from all Crossfeed e-mail, every creator's.
 */
async function contactUnsubscribed(deps: Pick<WorkerDeps, 'readStore'>, eventId: string, data: MailboxUnsubscribed['data']): Promise<JobSpec[]> {
  const fromSharer = data.scope === 'sharer' && data.sharerId !== null;
  const filter = fromSharer ? { user_id: data.sharerId, mailbox_key: data.mailbox } : { mailbox_key: data.mailbox };
  const contacts = await deps.readStore.collection<ContactDoc>(CONTACTS).find(filter, { projection: { user_id: 1, email: 1 } });
  return contacts.map((contact) =>
    webhookEvent(creator(contact.user_id), 'contact.unsubscribed', webhookEventId(eventId, 'contact.unsubscribed', contact._id), data.unsubscribedAt, {
      contact_id: contact._id,
      email: contact.email,
      scope: fromSharer ? 'creator' : 'all',
      unsubscribed_at: data.unsubscribedAt,
    }),
  );
}

/** Reads what the fact's webhook needs, then enqueues its fan-out jobs (their ids make a retry a no-op). */
export function webhookEventsProcessor(deps: Pick<WorkerDeps, 'readStore'> & { jobQueue: Pick<JobQueue, 'addBulk'> }) {
  return async (job: Job<unknown>): Promise<{ events: number }> => {
    if (!isWebhookEventsJob(job.data)) throw new UnrecoverableJobError('webhook events job without a fact');
    const fact = job.data;
    const specs = fact.type === 'ContentReleased' ? await contentReleased(deps, fact.eventId, fact.data) : await contactUnsubscribed(deps, fact.eventId, fact.data);
    await enqueueFanout(deps, specs);
    return { events: specs.length };
  };
}

/** Adds fan-out jobs in one bulk write (a no-op for ids already added). */
export async function enqueueFanout(deps: { jobQueue: Pick<JobQueue, 'addBulk'> }, specs: readonly JobSpec[]): Promise<void> {
  if (specs.length === 0) return;
  await deps.jobQueue.addBulk(
    WEBHOOK_FANOUT_QUEUE,
    specs.map((spec) => ({ name: spec.name, data: spec.data, options: { ...spec.options, jobId: spec.jobId } })),
  );
}

export function startWebhookEventsWorker(deps: WorkerDeps): WorkerHandle {
  return deps.jobQueue.process(WEBHOOK_EVENTS_QUEUE, webhookEventsProcessor(deps), { concurrency: 2 });
}
