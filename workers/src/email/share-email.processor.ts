/**
 * Share e-mails: on `ContentShared`, one e-mail per contact the share reached, each with that contact's own
 * tracked link `${PUBLIC_URL}/links/{code}?c={contactId}` and an unsubscribe link (docs/exchange.md).
 *
 * Each e-mail is first recorded on the person's mailbox stream (`RecordShareEmail`), where the suppression
 * list and the network-wide daily cap are decided again, one after the other with any unsubscribe of the
 * same address; only then is it handed to the mailer. So:
 * - an e-mail the mailbox refuses (the person unsubscribed or bounced meanwhile, the day's cap filled up) is
 *   not sent, and its credit is taken back (`WithdrawShareCredit`); so is one whose content was removed or
 *   held by moderation, or whose contact the sharer deleted;
 * - a retried job finds what it already recorded and does not send it again; the record lives in the event
 *   log, so a read-model rebuild cannot send anything twice;
 * - a temporary mailer failure undoes the record (`ReleaseShareEmail`) and fails the job, whose retry sends
 *   what is left; a permanent one (SMTP 5xx) is a hard bounce of the address, which takes the credit back.
 * A crash between the record and the send loses that one e-mail rather than risk sending it twice.
 *
 * A share older than `SHARE_EMAIL_MAX_AGE_DAYS` is never e-mailed: its job can only be a replay of the log
 * (a dispatcher position lost with a read-model file), and the mailbox streams remember deliveries for 30
 * days only, so it would otherwise be sent again.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { contentLinksDecider, SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH } from '@crossfeed/domain/content/content-links.decider.ts';
import type { CreateShortLink } from '@crossfeed/domain/content/content-links.commands.ts';
import type { ContentEvent } from '@crossfeed/domain/content/content.events.ts';
import { DeliveryRefused, mailboxDecider } from '@crossfeed/domain/mailboxes/mailbox.decider.ts';
import type { NameReserved } from '@crossfeed/domain/reservations/reservation.events.ts';
import { normalizedEmail } from '@crossfeed/domain/rules/email-identity.ts';
import { fold } from '@crossfeed/domain/shared/decider.ts';
import { contentStream, mailboxStream, reservationStream, userStream } from '@crossfeed/domain/shared/streams.ts';
import { creatorContentDecider } from '@crossfeed/domain/users/creator-content.decider.ts';
import type { ContentShared, CreditWithdrawalReason } from '@crossfeed/domain/users/user.events.ts';
import { handleCommand } from '@crossfeed/platform/commands/command-handler.ts';
import { WrongExpectedVersion } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { EventStore } from '@crossfeed/platform/event-store/event-store.port.ts';
import { UnrecoverableJobError } from '@crossfeed/platform/jobs/job-queue.port.ts';
import type { Job, WorkerHandle } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { PermanentDeliveryError } from '@crossfeed/platform/mail/mailer.port.ts';
import { CONTACTS, type ContactDoc } from '@crossfeed/projections/contacts/contacts.projection.ts';
import { isModerationHidden } from '@crossfeed/projections/contents/content-visibility.ts';
import { CONTENTS, type ContentDoc } from '@crossfeed/projections/contents/contents.projection.ts';
import type { JobRoute } from '../dispatch/job-routes.ts';
import type { WorkerDeps } from '../registry.ts';
import { loadShareEmailContext, shareEmailMessage, trackedLink, type ShareEmailContext } from './share-email-message.ts';

export const SHARE_EMAIL_QUEUE = 'share-email';

export type ShareEmailJob = ContentShared['data'];

export interface ShareEmailResult {
  sent: number;
  alreadySent: number;
  /** Not sent, credit taken back: the mailbox refused (suppressed, capped), the content or contact is gone. */
  notSent: number;
  /** Refused at send for good (SMTP 5xx): recorded as a hard bounce. */
  bounced: number;
  /** Not looked at: the share is older than `SHARE_EMAIL_MAX_AGE_DAYS` (a replay of the log). */
  tooOld: number;
}

/** How old a share may be and still be e-mailed (the job queue keeps finished jobs, and dedupes them, as long). */
export const SHARE_EMAIL_MAX_AGE_DAYS = 7;

/** E-mails of one share handled at once: enough to keep SMTP busy, few enough to leave the event loop to requests. */
const SEND_CONCURRENCY = 4;

export const shareEmailRoute: JobRoute = {
  eventTypes: new Set(['ContentShared']),
  jobs: (event) => [{ queue: SHARE_EMAIL_QUEUE, name: 'send-share-emails', data: event.data, jobId: `share-email-${event.id}` }],
};

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

const randomShortCode = (): string =>
  Array.from({ length: SHORT_CODE_LENGTH }, () => SHORT_CODE_ALPHABET[randomInt(SHORT_CODE_ALPHABET.length)]).join('');

/**
 * The content's short link for sharing: its first link, or a new one created for sharing (a reserved code,
 * appended under the stream's expected revision: a concurrent job's link wins and is reused).
 * Null when the content was removed.
 */
export async function ensureShareLink(eventStore: EventStore, data: ShareEmailJob, now: () => Date): Promise<string | null> {
  const stream = contentStream(data.contentId);
  for (let attempt = 1; ; attempt++) {
    const recorded = await eventStore.readStream(stream);
    const state = fold(contentLinksDecider, recorded as unknown as ContentEvent[]);
    if (state.removed) return null;
    const existing = state.shortCodes[0];
    if (existing) return existing;

    const shortCode = await reserveCode(eventStore, data.contentId, now);
    const command: CreateShortLink = {
      type: 'CreateShortLink',
      data: {
        contentId: data.contentId,
        ownerId: data.contentOwnerId,
        shortCode,
        requesterId: data.sharerId,
        isPremium: false,
        now: now().toISOString(),
        purpose: 'share',
      },
    };
    const events = contentLinksDecider.decide(command, state);
    const last = recorded.at(-1);
    try {
      await eventStore.append(
        stream,
        events.map(({ type, data: eventData }) => ({ type, data: eventData, metadata: { userId: data.sharerId, causationId: data.shareId } })),
        { expectedRevision: last ? last.revision : 'no_stream' },
      );
      return shortCode;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion) || attempt >= 5) throw error;
    }
  }
}

async function reserveCode(eventStore: EventStore, contentId: string, now: () => Date): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const code = randomShortCode();
    const reserved: NameReserved = {
      type: 'NameReserved',
      data: { kind: 'short-code', key: code, ownerId: `content:${contentId}`, reservedAt: now().toISOString() },
    };
    try {
      await eventStore.append(reservationStream('short-code', code), [{ id: randomUUID(), ...reserved }], { expectedRevision: 'no_stream' });
      return code;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion) || attempt >= 8) throw error;
    }
  }
}

/** One e-mail of the share: the contact, their mailbox, and the contact as the sharer keeps it (null: deleted). */
interface Delivery {
  contactId: string;
  mailbox: string;
  contact: ContactDoc | null;
}

type Outcome = 'sent' | 'already_sent' | 'not_sent' | 'bounced';

export function shareEmailProcessor(deps: Pick<WorkerDeps, 'config' | 'eventStore' | 'readStore' | 'mailer' | 'logger'>, now: () => Date = () => new Date()) {
  const { config, eventStore, readStore, mailer, logger } = deps;

  /** Takes back the credit of an e-mail that did not reach its person (idempotent on the sharer's stream). */
  const withdraw = async (data: ShareEmailJob, delivery: Delivery, reason: CreditWithdrawalReason): Promise<void> => {
    await handleCommand(eventStore, creatorContentDecider, userStream(data.sharerId), {
      type: 'WithdrawShareCredit',
      data: {
        shareId: data.shareId,
        contentId: data.contentId,
        contentOwnerId: data.contentOwnerId,
        contentTitle: data.contentTitle,
        sharerId: data.sharerId,
        contactId: delivery.contactId,
        contactName: delivery.contact?.name ?? null,
        mailbox: delivery.mailbox,
        reason,
        sharedAt: data.sharedAt,
        now: now().toISOString(),
      },
    }, { metadata: { userId: data.sharerId, causationId: data.shareId } });
  };

  const deliver = async (data: ShareEmailJob, delivery: Delivery, context: ShareEmailContext, shortCode: string): Promise<Outcome> => {
    const contact = delivery.contact;
    if (!contact) {
      await withdraw(data, delivery, 'contact_removed');
      return 'not_sent';
    }
    const stream = mailboxStream(delivery.mailbox);
    const metadata = { userId: data.sharerId, causationId: data.shareId };
    let recorded: boolean;
    try {
      const { events } = await handleCommand(eventStore, mailboxDecider, stream, {
        type: 'RecordShareEmail',
        data: {
          mailbox: delivery.mailbox,
          dailyCap: config.MAX_EMAILS_PER_ADDRESS_PER_DAY,
          shareId: data.shareId,
          sharerId: data.sharerId,
          contentId: data.contentId,
          contentOwnerId: data.contentOwnerId,
          contactId: contact._id,
          sentAt: data.sharedAt,
        },
      }, { metadata });
      recorded = events.length > 0;
    } catch (error) {
      if (!(error instanceof DeliveryRefused)) throw error;
      await withdraw(data, delivery, error.reason === 'daily_limit' ? 'daily_limit' : 'suppressed');
      return 'not_sent';
    }
    if (!recorded) return 'already_sent';

    const message = shareEmailMessage(config, context, { contactId: contact._id, name: contact.name, email: contact.email }, {
      shareId: data.shareId,
      note: data.note ?? null,
      link: trackedLink(config, shortCode, contact._id),
    });
    try {
      await mailer.send(message);
      return 'sent';
    } catch (error) {
      if (error instanceof PermanentDeliveryError) {
        // The relay refused the address for good: a hard bounce, which takes back this e-mail's credit.
        await handleCommand(eventStore, mailboxDecider, stream, {
          type: 'RecordMailFailure',
          data: { mailbox: delivery.mailbox, kind: 'hard_bounce', source: 'smtp', now: now().toISOString() },
        }, { metadata });
        return 'bounced';
      }
      // For now only: undone, so the job's retry records and sends it again.
      await handleCommand(eventStore, mailboxDecider, stream, {
        type: 'ReleaseShareEmail',
        data: { mailbox: delivery.mailbox, shareId: data.shareId, now: now().toISOString() },
      }, { metadata });
      throw error;
    }
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

    // The one visibility rule: nothing is e-mailed about content removed or held by moderation (checked per job,
    // before every e-mail of it).
    const content = await readStore.collection<ContentDoc>(CONTENTS).findOne({ _id: data.contentId });
    const shortCode = content && !content.deleted && !isModerationHidden(content) ? await ensureShareLink(eventStore, data, now) : null;
    if (!content || !shortCode) {
      logger.info({ contentId: data.contentId }, 'share e-mails: the content is gone or held; nothing sent, credit taken back');
      for (const delivery of deliveries) await withdraw(data, delivery, 'content_unavailable');
      result.notSent = deliveries.length;
      return result;
    }
    const context = await loadShareEmailContext(readStore, { sharer: data.sharerId, content, sharerUsername: data.sharerUsername });

    let done = 0;
    for (let start = 0; start < deliveries.length; start += SEND_CONCURRENCY) {
      const batch = deliveries.slice(start, start + SEND_CONCURRENCY);
      const outcomes = await Promise.all(batch.map((delivery) => deliver(data, delivery, context, shortCode)));
      for (const outcome of outcomes) {
        if (outcome === 'sent') result.sent += 1;
        else if (outcome === 'already_sent') result.alreadySent += 1;
        else if (outcome === 'bounced') result.bounced += 1;
        else result.notSent += 1;
      }
      done += batch.length;
      await job.updateProgress(Math.round((done / deliveries.length) * 100));
    }
    if (result.notSent > 0) logger.info({ contentId: data.contentId, notSent: result.notSent }, 'share e-mails: some were not sent; their credit was taken back');
    return result;
  };
}

export function startShareEmailWorker(deps: WorkerDeps): WorkerHandle {
  return deps.jobQueue.process(SHARE_EMAIL_QUEUE, shareEmailProcessor(deps), { concurrency: 4 });
}
