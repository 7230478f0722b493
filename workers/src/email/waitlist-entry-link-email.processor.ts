/**
 * The e-mail that hands a waitlist entry back to the holder of its mailbox (issue 23, finding 7): a lookup by
 * address answers only the position, and on `WaitlistEntryLinkRequested` (decided on the entry's stream, at
 * most one per `WAITLIST_ENTRY_LINK_WINDOW_MS`) the entry's own address gets a link to it. The link is the
 * confirmation link (GET /api/waitlist/confirm): for an unconfirmed entry it confirms the spot; for a confirmed
 * one it changes nothing; either way it hands the waitlist page the entry's token and claim, so the page reads
 * the full entry from GET /api/waitlist/me.
 *
 * Idempotent: the mailer's `messageId` is the event's. A request older than an hour is a replay of the log
 * (a dispatcher position lost with a read-model file): nobody is waiting for it, and it is not sent.
 */
import { UnrecoverableJobError, type Job, type WorkerHandle } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { signingSecret, waitlistConfirmationLink, waitlistSecret } from '@crossfeed/platform/security/derived-tokens.ts';
import { WAITLIST, type WaitlistDoc } from '@crossfeed/projections/waitlist/waitlist.projection.ts';
import { jobRoute } from '../dispatch/job-routes.ts';
import type { WorkerDeps } from '../registry.ts';
import { WAITLIST_CONFIRMATION_SUBJECT, waitlistConfirmationText } from './waitlist-confirmation-email.processor.ts';

export const WAITLIST_ENTRY_LINK_EMAIL_QUEUE = 'waitlist-entry-link-email';
export const ENTRY_LINK_SUBJECT = 'Your spot on the Crossfeed waitlist';
/** A request older than this is a replay of the log, not someone waiting for the e-mail. */
const MAX_AGE_MS = 60 * 60 * 1000;

interface EntryLinkJob {
  eventId: string;
  emailKey: string;
  requestedAt: string;
}

export const waitlistEntryLinkEmailRoute = jobRoute({
  WaitlistEntryLinkRequested: (event) => {
    const { emailKey, requestedAt } = event.data;
    const data: EntryLinkJob = { eventId: event.id, emailKey, requestedAt };
    return [{ queue: WAITLIST_ENTRY_LINK_EMAIL_QUEUE, name: 'send-waitlist-entry-link', data, jobId: `waitlist-entry-link-${event.id}` }];
  },
});

export function entryLinkText(position: number, link: string, referralLink: string): string {
  return [
    `You are number ${position} on the Crossfeed waitlist. Your email is confirmed.`,
    '',
    'Open your entry (your referral link, referrals and position):',
    link,
    '',
    `Move up by sharing your referral link: ${referralLink}`,
    '',
    'You get this e-mail because someone asked for your position with this address. If it was not you, ignore it.',
  ].join('\n');
}

function isEntryLinkJob(data: unknown): data is EntryLinkJob {
  const d = data as Partial<EntryLinkJob> | null;
  return typeof d === 'object' && d !== null && typeof d.eventId === 'string' && typeof d.emailKey === 'string' && typeof d.requestedAt === 'string';
}

export function waitlistEntryLinkEmailProcessor(
  deps: Pick<WorkerDeps, 'config' | 'readStore' | 'mailer'> & Partial<Pick<WorkerDeps, 'logger'>>,
  now: () => Date = () => new Date(),
) {
  const { config, readStore, mailer, logger } = deps;
  const key = waitlistSecret(signingSecret(config));
  return async (job: Job<unknown>): Promise<{ sent: boolean }> => {
    const data = job.data;
    if (!isEntryLinkJob(data)) throw new UnrecoverableJobError('waitlist entry link job without a valid WaitlistEntryLinkRequested payload');
    if (now().getTime() - Date.parse(data.requestedAt) > MAX_AGE_MS) return { sent: false };
    const waitlist = readStore.collection<WaitlistDoc>(WAITLIST);
    const doc = await waitlist.findOne({ _id: data.emailKey });
    // The read models are past the request (the dispatcher waits for them): an entry not there is gone.
    if (!doc) {
      logger?.debug({ emailKey: data.emailKey }, 'waitlist entry link not sent: the entry is gone');
      return { sent: false };
    }
    const position = await waitlist.count({ joined_position: { $lte: doc.joined_position } });
    // To the address the entry joined with, whatever spelling was typed.
    const link = waitlistConfirmationLink(config.PUBLIC_URL, key, doc.email, doc._id);
    const referralLink = `${config.PUBLIC_URL}/waitlist?ref=${encodeURIComponent(doc.referral_code)}`;
    const message = doc.confirmed
      ? { subject: ENTRY_LINK_SUBJECT, text: entryLinkText(position, link, referralLink) }
      : { subject: WAITLIST_CONFIRMATION_SUBJECT, text: waitlistConfirmationText(position, link, referralLink) };
    await mailer.send({ to: doc.email, ...message, messageId: `waitlist-entry-link-${data.eventId}` });
    return { sent: true };
  };
}

export function startWaitlistEntryLinkEmailWorker(deps: WorkerDeps): WorkerHandle {
  return deps.jobQueue.process(WAITLIST_ENTRY_LINK_EMAIL_QUEUE, waitlistEntryLinkEmailProcessor(deps), { concurrency: 2 });
}
