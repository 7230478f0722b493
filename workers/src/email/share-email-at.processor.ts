/**
 * "Send at the best time" (Premium, SPEC §6 auto-scheduling; docs/exchange.md): a deferred share's e-mails
 * each go at their contact's busiest hour of clicks (people's only), else at 09:00 in the sharer's time zone
 * (domain/src/rules/best-send-time.ts). The share e-mail job schedules one delayed job per contact here
 * (ids from the share and the contact, so a second scheduling changes nothing); each sends its e-mail as an
 * immediate share does (share-delivery.ts) and, once it went, counts the person (`CreditDelivery`), which may
 * complete the match and release the sharer's queued item then.
 */
import { bestSendTime } from '@crossfeed/domain/rules/best-send-time.ts';
import { isEventOf } from '@crossfeed/domain/events.ts';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import { creatorContentDecider } from '@crossfeed/domain/users/creator-content.decider.ts';
import { handleCommand } from '@crossfeed/platform/commands/command-handler.ts';
import { UnrecoverableJobError, type Job, type JobQueue, type WorkerHandle } from '@crossfeed/platform/jobs/job-queue.port.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { CONTACT_HOURS, type ContactHoursDoc } from '@crossfeed/projections/contact-hours/contact-hours.projection.ts';
import { CONTACTS, type ContactDoc } from '@crossfeed/projections/contacts/contacts.projection.ts';
import { isVisibleToOthers } from '@crossfeed/domain/rules/content-visibility.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import type { WorkerDeps } from '../registry.ts';
import { shareDelivery, type Delivery, type ShareEmailJob } from './share-delivery.ts';
import { ensureShareLink } from './share-link.ts';
import { loadShareEmailContext } from './share-email-message.ts';
import { givesWayToRequests } from '@crossfeed/platform/foreground.ts';

export const SHARE_EMAIL_AT_QUEUE = 'share-email-at';

interface ShareEmailAtJob {
  share: ShareEmailJob;
  contactId: string;
  mailbox: string;
  sendAt: string;
}

export const shareEmailAtJobId = (shareId: string, contactId: string): string => `share-at-${shareId}-${contactId}`;

/** One delayed job per e-mail of a deferred share, each due at its contact's best time. Returns how many. */
export async function scheduleBestTimeEmails(
  deps: { readStore: ReadStore; jobQueue: JobQueue },
  share: ShareEmailJob,
  deliveries: readonly Delivery[],
  now: Date,
): Promise<number> {
  const hours = await deps.readStore.collection<ContactHoursDoc>(CONTACT_HOURS).find({ _id: { $in: deliveries.map((delivery) => delivery.contactId) } });
  const byContact = new Map(hours.map((doc) => [doc._id, doc as unknown as Record<string, number>]));
  const timeZone = share.deferred?.timeZone ?? 'UTC';
  const jobs = deliveries.map((delivery) => {
    const sendAt = bestSendTime(now.toISOString(), byContact.get(delivery.contactId), timeZone);
    const data: ShareEmailAtJob = { share, contactId: delivery.contactId, mailbox: delivery.mailbox, sendAt };
    return {
      name: 'send-share-email-at',
      data,
      options: { jobId: shareEmailAtJobId(share.shareId, delivery.contactId), delay: Math.max(0, Date.parse(sendAt) - now.getTime()) },
    };
  });
  await deps.jobQueue.addBulk(SHARE_EMAIL_AT_QUEUE, jobs);
  return jobs.length;
}

const isAtJob = (value: unknown): value is ShareEmailAtJob => {
  const job = value as Partial<ShareEmailAtJob> | null;
  return typeof job?.contactId === 'string' && typeof job.mailbox === 'string' && typeof job.share?.shareId === 'string' && typeof job.share.contentId === 'string';
};

export function shareEmailAtProcessor(deps: Pick<WorkerDeps, 'config' | 'eventStore' | 'readStore' | 'mailer'>, now: () => Date = () => new Date()) {
  const { eventStore, readStore } = deps;
  const { deliver, withdraw } = shareDelivery(deps, now);
  return async (job: Job<unknown>): Promise<{ outcome: string; counted: boolean }> => {
    if (!isAtJob(job.data)) throw new UnrecoverableJobError('share e-mail at the best time without its share and contact');
    const { share, contactId, mailbox } = job.data;
    const contact = await readStore.collection<ContactDoc>(CONTACTS).findOne({ _id: contactId, user_id: share.sharerId });
    const delivery: Delivery = { contactId, mailbox, contact };
    // The one visibility rule (domain/src/rules/content-visibility.ts), checked when the e-mail goes: nothing
    // about content removed or held.
    const content = await readStore.collection<ContentDoc>(CONTENTS).findOne({ _id: share.contentId });
    const shortCode = content && isVisibleToOthers(content) ? await ensureShareLink(eventStore, share, now) : null;
    if (!content || !shortCode) {
      await withdraw(share, delivery, 'content_unavailable');
      return { outcome: 'not_sent', counted: false };
    }
    const context = await loadShareEmailContext(readStore, { sharer: share.sharerId, content, sharerUsername: share.sharerUsername });
    // The job notes when it starts sending and when the e-mail went: a try after a crash in between sends it
    // again under the same Message-ID (share-delivery.ts); one after the send only counts the person.
    const stage = typeof job.progress === 'object' ? job.progress.stage : undefined;
    if (stage === undefined) await job.updateProgress({ stage: 'sending' });
    const outcome = await deliver(share, delivery, context, shortCode, { inFlight: stage === 'sending' });
    if (outcome === 'sent') await job.updateProgress({ stage: 'sent' });
    if (outcome !== 'sent' && outcome !== 'already_sent') return { outcome, counted: false };
    // It went: the person counts now (once: a retry after a crash finds it counted).
    const { events } = await handleCommand(eventStore, creatorContentDecider, userStream(share.sharerId), {
      type: 'CreditDelivery',
      data: {
        shareId: share.shareId,
        contentId: share.contentId,
        contentOwnerId: share.contentOwnerId,
        contentTitle: share.contentTitle,
        sharerId: share.sharerId,
        contactId,
        mailbox,
        requiredShares: content.required_shares,
        sharedAt: share.sharedAt,
        now: now().toISOString(),
      },
    }, { metadata: { userId: share.sharerId, causationId: share.shareId } });
    return { outcome, counted: events.filter(isEventOf('ShareCreditGranted')).some((event) => event.data.credit > 0) };
  };
}

export function startShareEmailAtWorker(deps: WorkerDeps): WorkerHandle {
  return deps.jobQueue.process(SHARE_EMAIL_AT_QUEUE, givesWayToRequests(shareEmailAtProcessor(deps)), { concurrency: 4 });
}
