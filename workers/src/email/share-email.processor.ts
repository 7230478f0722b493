/**
 * Share e-mails: on `ContentShared`, one e-mail per contact the share reached, each with that contact's own
 * tracked link `${PUBLIC_URL}/links/{code}?c={contactId}` and an unsubscribe link (docs/exchange.md).
 *
 * Each e-mail is first recorded on the person's mailbox stream (`RecordShareEmail`), where the suppression
 * list and the network-wide daily cap are decided again, one after the other with any unsubscribe of the
 * same address; only then is it handed to the mailer. So:
 * - an e-mail the mailbox refuses (the person unsubscribed or bounced meanwhile, the day's cap filled up) is
 *   not sent, and its credit is taken back (`WithdrawShareCredit`); so is one whose content was removed or
 *   held by moderation (the visibility rule is read again before every batch of `SEND_CONCURRENCY` e-mails,
 *   so content moderated while its e-mails go out stops the rest), or whose contact the sharer deleted;
 * - a retried job finds what it already recorded and does not send it again; the record lives in the event
 *   log, so a read-model rebuild cannot send anything twice; the job's progress (`handled`) says which of
 *   the recorded e-mails its last try had finished, so those it was sending when its worker died go again
 *   under the same Message-ID (share-delivery.ts), and a SIGKILL loses none;
 * - a temporary mailer failure undoes the record (`ReleaseShareEmail`) and fails the job, whose retry sends
 *   what is left; a permanent one (SMTP 5xx) is a hard bounce of the address, which takes the credit back.
 *
 * A share older than `SHARE_EMAIL_MAX_AGE_DAYS` is never e-mailed: its job can only be a replay of the log
 * (a dispatcher position lost with a read-model file), and the mailbox streams remember deliveries for 30
 * days only, so it would otherwise be sent again.
 */
import { isVisibleToOthers } from '@crossfeed/domain/rules/content-visibility.ts';
import { normalizedEmail } from '@crossfeed/domain/rules/email-identity.ts';
import { UnrecoverableJobError } from '@crossfeed/platform/jobs/job-queue.port.ts';
import type { Job, WorkerHandle } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { CONTACTS, type ContactDoc } from '@crossfeed/projections/contacts/contacts.projection.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import { jobRoute } from '../dispatch/job-routes.ts';
import type { WorkerDeps } from '../registry.ts';
import { loadShareEmailContext } from './share-email-message.ts';
import { ensureShareLink } from './share-link.ts';
import { shareDelivery, type Delivery, type ShareEmailJob } from './share-delivery.ts';
import { scheduleBestTimeEmails } from './share-email-at.processor.ts';
import { givesWayToRequests } from '@crossfeed/platform/foreground.ts';

export const SHARE_EMAIL_QUEUE = 'share-email';

export type { ShareEmailJob };

export interface ShareEmailResult {
  sent: number;
  alreadySent: number;
  /** Not sent, credit taken back: the mailbox refused (suppressed, capped), the content or contact is gone. */
  notSent: number;
  /** Refused at send for good (SMTP 5xx): recorded as a hard bounce. */
  bounced: number;
  /** Not looked at: the share is older than `SHARE_EMAIL_MAX_AGE_DAYS` (a replay of the log). */
  tooOld: number;
  /** Sent at the best time (a deferred share): one delayed job each, counted when it goes. */
  scheduled?: number;
}

/** How old a share may be and still be e-mailed (the job queue keeps finished jobs, and dedupes them, as long). */
export const SHARE_EMAIL_MAX_AGE_DAYS = 7;

/** E-mails of one share handled at once: enough to keep SMTP busy, few enough to leave the event loop to requests. */
const SEND_CONCURRENCY = 4;

export const shareEmailRoute = jobRoute({
  ContentShared: (event) => [{ queue: SHARE_EMAIL_QUEUE, name: 'send-share-emails', data: event.data satisfies ShareEmailJob, jobId: `share-email-${event.id}` }],
});

function isShareJob(data: unknown): data is ShareEmailJob {
  const d = data as Partial<ShareEmailJob> | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    typeof d.shareId === 'string' &&
    typeof d.contentId === 'string' &&
    typeof d.contentOwnerId === 'string' &&
    typeof d.sharerId === 'string' &&
    typeof d.sharedAt === 'string' &&
    Array.isArray(d.contactIds)
  );
}

/**
 * Where a job that ran before resumes: how many e-mails its earlier tries finished (their last progress
 * report); undefined for a job on its first run.
 */
function resumePoint(progress: Job['progress']): number | undefined {
  const handled = typeof progress === 'object' ? progress.handled : undefined;
  return typeof handled === 'number' && Number.isInteger(handled) && handled >= 0 ? handled : undefined;
}

export function shareEmailProcessor(
  deps: Pick<WorkerDeps, 'config' | 'eventStore' | 'readStore' | 'mailer' | 'logger'> & Partial<Pick<WorkerDeps, 'jobQueue'>>,
  now: () => Date = () => new Date(),
) {
  const { eventStore, readStore, logger } = deps;
  const { deliver, withdraw } = shareDelivery(deps, now);

  /**
   * Takes back the credit of the e-mails from `from` on, none of which will go: the content is no longer
   * visible. Those before `from` were handled by this try or an earlier one and keep their outcome.
   */
  const withdrawRest = async (data: ShareEmailJob, deliveries: readonly Delivery[], from: number): Promise<number> => {
    const rest = deliveries.slice(from);
    for (const delivery of rest) await withdraw(data, delivery, 'content_unavailable');
    return rest.length;
  };

  return async (job: Job<unknown>): Promise<ShareEmailResult> => {
    const data = job.data;
    if (!isShareJob(data)) throw new UnrecoverableJobError('share e-mail job without a valid ContentShared payload');
    const result: ShareEmailResult = { sent: 0, alreadySent: 0, notSent: 0, bounced: 0, tooOld: 0 };
    if (data.contactIds.length === 0) return result;
    if (now().getTime() - Date.parse(data.sharedAt) > SHARE_EMAIL_MAX_AGE_DAYS * 24 * 3600 * 1000) {
      logger.warn({ shareId: data.shareId, sharedAt: data.sharedAt }, 'share e-mails: the share is too old to e-mail (a replay of the log?); nothing sent');
      result.tooOld = data.contactIds.length;
      return result;
    }

    const contacts = await readStore.collection<ContactDoc>(CONTACTS).find({ _id: { $in: data.contactIds }, user_id: data.sharerId });
    const byId = new Map(contacts.map((contact) => [contact._id, contact]));
    const deliveries: Delivery[] = data.contactIds.map((contactId, index) => {
      const contact = byId.get(contactId) ?? null;
      // Shares of the per-contact rule name no mailbox: the contact's address says it.
      const mailbox = data.mailboxes?.[index] ?? (contact ? normalizedEmail(contact.email) : `contact:${contactId}`);
      return { contactId, mailbox, contact };
    });

    // The one visibility rule (domain/src/rules/content-visibility.ts): nothing is e-mailed about content removed
    // or held by moderation. Checked here, then again before every batch of e-mails below.
    const readContent = (): Promise<ContentDoc | null> => readStore.collection<ContentDoc>(CONTENTS).findOne({ _id: data.contentId });
    const content = await readContent();
    const shortCode = content && isVisibleToOthers(content) ? await ensureShareLink(eventStore, data, now) : null;
    if (!content || !shortCode) {
      logger.info({ contentId: data.contentId }, 'share e-mails: the content is gone or held; nothing sent, credit taken back');
      for (const delivery of deliveries) await withdraw(data, delivery, 'content_unavailable');
      result.notSent = deliveries.length;
      return result;
    }
    if (data.deferred) {
      if (!deps.jobQueue) throw new Error('share e-mails at the best time need the job queue');
      result.scheduled = await scheduleBestTimeEmails({ readStore, jobQueue: deps.jobQueue }, data, deliveries, now());
      return result;
    }
    const context = await loadShareEmailContext(readStore, { sharer: data.sharerId, content, sharerUsername: data.sharerUsername });

    // The e-mails are handled in order, a few at a time; after each batch the job notes how many are done, so
    // a try that follows a crash re-sends (same Message-ID) only those its last try may have left in flight.
    // A job whose progress is still the queue's 0 never ran: what it finds recorded went before (a replay),
    // and nothing of it is in flight.
    const earlier = resumePoint(job.progress);
    if (earlier === undefined) await job.updateProgress({ percent: 0, handled: 0 });
    const inFlightFrom = earlier ?? deliveries.length;
    for (let start = 0; start < deliveries.length; start += SEND_CONCURRENCY) {
      // Content an admin holds (or its owner deletes) while its e-mails go out: the rest are not sent. One read
      // per batch, so the check costs a read per SEND_CONCURRENCY e-mails, not one per e-mail.
      if (start > 0) {
        const current = await readContent();
        if (!current || !isVisibleToOthers(current)) {
          result.notSent += await withdrawRest(data, deliveries, Math.max(start, earlier ?? 0));
          await job.updateProgress({ percent: 100, handled: deliveries.length });
          logger.info({ contentId: data.contentId, notSent: result.notSent }, 'share e-mails: the content was held or removed meanwhile; the rest not sent, credit taken back');
          return result;
        }
      }
      const batch = deliveries.slice(start, start + SEND_CONCURRENCY);
      const settled = await Promise.allSettled(batch.map((delivery, i) => deliver(data, delivery, context, shortCode, { inFlight: start + i >= inFlightFrom })));
      for (const outcome of settled) {
        if (outcome.status === 'rejected') continue;
        if (outcome.value === 'sent') result.sent += 1;
        else if (outcome.value === 'already_sent') result.alreadySent += 1;
        else if (outcome.value === 'bounced') result.bounced += 1;
        else result.notSent += 1;
      }
      // Every e-mail of the batch is now sent, refused, or released for the retry to record again.
      const handled = start + batch.length;
      if (handled > (earlier ?? 0)) await job.updateProgress({ percent: Math.round((handled / deliveries.length) * 100), handled });
      const failure = settled.find((outcome) => outcome.status === 'rejected');
      if (failure) throw failure.reason;
    }
    if (result.notSent > 0) logger.info({ contentId: data.contentId, notSent: result.notSent }, 'share e-mails: some were not sent; their credit was taken back');
    return result;
  };
}

export function startShareEmailWorker(deps: WorkerDeps): WorkerHandle {
  // Bulk mail gives way to the requests on the same event loop (platform/src/foreground.ts).
  return deps.jobQueue.process(SHARE_EMAIL_QUEUE, givesWayToRequests(shareEmailProcessor(deps)), { concurrency: 4 });
}
