/**
 * Share e-mails: on `ContentShared`, one e-mail per selected contact, each carrying that contact's own
 * tracked link `${PUBLIC_URL}/links/{code}?c={contactId}` so clicks are attributed per contact.
 *
 * Idempotent (a job may run twice, two shares may race):
 * - the short link is the content's first one, or one created for sharing (`purpose: 'share'`: no Premium
 *   needed) under the content stream's expected revision, so concurrent jobs end up reusing one link;
 * - `share_emails` (`${contentId}:${contactId}`) is claimed by the share before sending and marked sent
 *   after: a contact never gets the same content twice, whichever share asks;
 * - `share_email_quota` (`${contactId}:${day}`) holds the contents e-mailed to a contact that day, claimed
 *   atomically below `SHARE_EMAILS_PER_CONTACT_PER_DAY`; past the cap the contact is skipped (and may still
 *   get the content on another day's share);
 * - the mailer's `messageId` is the same key, so a crash between sending and marking does not resend.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { contentLinksDecider, SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH } from '@crossfeed/domain/content/content-links.decider.ts';
import type { CreateShortLink } from '@crossfeed/domain/content/content-links.commands.ts';
import type { ContentEvent } from '@crossfeed/domain/content/content.events.ts';
import type { NameReserved } from '@crossfeed/domain/reservations/reservation.events.ts';
import { fold } from '@crossfeed/domain/shared/decider.ts';
import { contentStream, reservationStream } from '@crossfeed/domain/shared/streams.ts';
import type { ContentShared } from '@crossfeed/domain/users/user.events.ts';
import { WrongExpectedVersion } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { EventStore } from '@crossfeed/platform/event-store/event-store.port.ts';
import { UnrecoverableJobError } from '@crossfeed/platform/jobs/job-queue.port.ts';
import type { Job, WorkerHandle } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { DuplicateKeyError } from '@crossfeed/platform/read-store/read-store.port.ts';
import type { Doc, ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { CONTACTS, type ContactDoc } from '@crossfeed/projections/contacts/contacts.projection.ts';
import { CONTENTS } from '@crossfeed/projections/contents/contents.projection.ts';
import type { JobRoute } from '../dispatch/job-routes.ts';
import type { WorkerDeps } from '../registry.ts';

export const SHARE_EMAIL_QUEUE = 'share-email';
export const SHARE_EMAILS = 'share_emails';
export const SHARE_EMAIL_QUOTA = 'share_email_quota';

export type ShareEmailJob = ContentShared['data'];

/** One `share_emails` document: a content e-mailed (or being e-mailed) to a contact. */
export interface ShareEmailDoc extends Doc {
  content_id: string;
  contact_id: string;
  share_id: string;
  status: 'claimed' | 'sent';
  sent_at?: string;
}

interface QuotaDoc extends Doc {
  content_ids: string[];
  count: number;
}

export interface ShareEmailResult {
  sent: number;
  alreadySent: number;
  overDailyCap: number;
  unknownContacts: number;
}

export const shareEmailRoute: JobRoute = {
  eventTypes: new Set(['ContentShared']),
  jobs: (event) => [{ queue: SHARE_EMAIL_QUEUE, name: 'send-share-emails', data: event.data, jobId: `share-email-${event.id}` }],
};

export const shareEmailSubject = (sharer: string, title: string): string => `${sharer} thinks you'll like "${title}"`;

export function shareEmailText(contactName: string, sharer: string, title: string, link: string): string {
  return [
    `Hi ${contactName},`,
    '',
    `${sharer} thinks you'll like "${title}":`,
    link,
    '',
    `You are receiving this because ${sharer} shared it with you on Crossfeed.`,
  ].join('\n');
}

/** The UTC day of an ISO timestamp. */
const dayOf = (iso: string): string => iso.slice(0, 10);

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

/** Claims `${contentId}:${contactId}` for this share; false when another share holds it or it was sent. */
async function claimContact(readStore: ReadStore, data: ShareEmailJob, contactId: string): Promise<boolean> {
  const emails = readStore.collection<ShareEmailDoc>(SHARE_EMAILS);
  const key = `${data.contentId}:${contactId}`;
  try {
    await emails.upsert(
      { _id: key },
      { $setOnInsert: { content_id: data.contentId, contact_id: contactId, share_id: data.shareId, status: 'claimed' } },
    );
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
  }
  const claim = await emails.findOne({ _id: key });
  return claim?.share_id === data.shareId && claim.status === 'claimed';
}

/** Takes one of the contact's e-mails of the day for this content (again true on a retry). */
async function claimDailySlot(readStore: ReadStore, data: ShareEmailJob, contactId: string, cap: number): Promise<boolean> {
  const quota = readStore.collection<QuotaDoc>(SHARE_EMAIL_QUOTA);
  const key = `${contactId}:${dayOf(data.sharedAt)}`;
  try {
    await quota.upsert({ _id: key }, { $setOnInsert: { content_ids: [], count: 0 } });
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
  }
  await quota.updateOne(
    { _id: key, content_ids: { $ne: data.contentId }, count: { $lt: cap } },
    { $push: { content_ids: data.contentId }, $inc: { count: 1 } },
  );
  const doc = await quota.findOne({ _id: key });
  return doc?.content_ids.includes(data.contentId) ?? false;
}

export function shareEmailProcessor(deps: Pick<WorkerDeps, 'config' | 'eventStore' | 'readStore' | 'mailer' | 'logger'>, now: () => Date = () => new Date()) {
  const { config, eventStore, readStore, mailer, logger } = deps;
  return async (job: Job<unknown>): Promise<ShareEmailResult> => {
    const data = job.data;
    if (!isShareJob(data)) throw new UnrecoverableJobError('share e-mail job without a valid ContentShared payload');
    const result: ShareEmailResult = { sent: 0, alreadySent: 0, overDailyCap: 0, unknownContacts: 0 };

    const contactIds = [...new Set(data.contactIds.filter((id): id is string => typeof id === 'string'))];
    const contacts = await readStore.collection<ContactDoc>(CONTACTS).find({ _id: { $in: contactIds }, user_id: data.sharerId });
    result.unknownContacts = contactIds.length - contacts.length;
    const sent = await readStore
      .collection<ShareEmailDoc>(SHARE_EMAILS)
      .find({ _id: { $in: contacts.map((contact) => `${data.contentId}:${contact._id}`) }, status: 'sent' });
    const alreadySent = new Set(sent.map((doc) => doc.contact_id));
    result.alreadySent = alreadySent.size;
    const pending = contacts.filter((contact) => !alreadySent.has(contact._id));
    if (pending.length === 0) return result;

    const content = await readStore.collection(CONTENTS).findOne({ _id: data.contentId, deleted: { $ne: true } });
    const shortCode = content ? await ensureShareLink(eventStore, data, now) : null;
    if (!shortCode) {
      logger.info({ contentId: data.contentId }, 'share e-mails: the content is gone; nothing sent');
      return result;
    }

    const title = typeof content?.title === 'string' && content.title ? content.title : data.contentTitle;
    const cap = config.SHARE_EMAILS_PER_CONTACT_PER_DAY;
    let done = 0;
    for (const contact of pending) {
      if (!(await claimContact(readStore, data, contact._id))) {
        result.alreadySent += 1;
      } else if (!(await claimDailySlot(readStore, data, contact._id, cap))) {
        result.overDailyCap += 1;
        // Released, so a share on another day may still send this content to this contact.
        await readStore
          .collection(SHARE_EMAILS)
          .deleteOne({ _id: `${data.contentId}:${contact._id}`, share_id: data.shareId, status: 'claimed' });
      } else {
        const link = `${config.PUBLIC_URL}/links/${shortCode}?c=${encodeURIComponent(contact._id)}`;
        await mailer.send({
          to: contact.email,
          subject: shareEmailSubject(data.sharerUsername, title),
          text: shareEmailText(contact.name, data.sharerUsername, title, link),
          messageId: `share-${data.contentId}-${contact._id}`,
        });
        await readStore
          .collection<ShareEmailDoc>(SHARE_EMAILS)
          .updateOne({ _id: `${data.contentId}:${contact._id}` }, { $set: { status: 'sent', sent_at: now().toISOString() } });
        result.sent += 1;
      }
      done += 1;
      await job.updateProgress(Math.round((done / pending.length) * 100));
    }
    if (result.overDailyCap > 0) logger.info({ contentId: data.contentId, skipped: result.overDailyCap }, 'share e-mails: daily cap reached for some contacts');
    return result;
  };
}

export function startShareEmailWorker(deps: WorkerDeps): WorkerHandle {
  return deps.jobQueue.process(SHARE_EMAIL_QUEUE, shareEmailProcessor(deps), { concurrency: 4 });
}
