/**
 * Waitlist confirmation e-mails: on `WaitlistJoined`, e-mails the entry's position, the confirmation link
 * (`${PUBLIC_URL}/api/waitlist/confirm?email=...&token=...`, an HMAC of the email key: the link confirms the
 * spot, checked by GET /api/waitlist/confirm) and the entry's referral link.
 *
 * Idempotent: the mailer's `messageId` is `waitlist-confirm-{emailKey}` (an email joins once), so a job run
 * twice sends one e-mail.
 */
import { UnrecoverableJobError } from '@crossfeed/platform/jobs/job-queue.port.ts';
import type { Job, WorkerHandle } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { signingSecret, waitlistConfirmationLink, waitlistSecret } from '@crossfeed/platform/security/derived-tokens.ts';
import { WAITLIST, type WaitlistDoc } from '@crossfeed/projections/waitlist/waitlist.projection.ts';
import type { WaitlistJoined } from '@crossfeed/domain/waitlist/waitlist.events.ts';
import { jobRoute } from '../dispatch/job-routes.ts';
import type { WorkerDeps } from '../registry.ts';

export const WAITLIST_CONFIRMATION_EMAIL_QUEUE = 'waitlist-confirmation-email';

export type WaitlistConfirmationEmailJob = Pick<WaitlistJoined['data'], 'emailKey' | 'email' | 'referralCode'>;

export const waitlistConfirmationEmailRoute = jobRoute({
  WaitlistJoined: (event) => {
    const { emailKey, email, referralCode } = event.data;
    const data: WaitlistConfirmationEmailJob = { emailKey, email, referralCode };
    return [
      {
        queue: WAITLIST_CONFIRMATION_EMAIL_QUEUE,
        name: 'send-waitlist-confirmation',
        data,
        jobId: `waitlist-confirmation-email-${event.id}`,
      },
    ];
  },
});

export const WAITLIST_CONFIRMATION_SUBJECT = 'Confirm your spot on the Crossfeed waitlist';

export function waitlistConfirmationText(position: number, confirmLink: string, referralLink: string): string {
  return [
    `You are number ${position} on the Crossfeed waitlist.`,
    '',
    'Confirm your email to secure your position:',
    confirmLink,
    '',
    `Move up by sharing your referral link: ${referralLink}`,
  ].join('\n');
}

function isConfirmationJob(data: unknown): data is WaitlistConfirmationEmailJob {
  const d = data as Partial<WaitlistConfirmationEmailJob> | null;
  return typeof d === 'object' && d !== null && typeof d.emailKey === 'string' && typeof d.email === 'string' && typeof d.referralCode === 'string';
}

export function waitlistConfirmationEmailProcessor(deps: Pick<WorkerDeps, 'config' | 'readStore' | 'mailer'> & Partial<Pick<WorkerDeps, 'logger'>>) {
  const { config, readStore, mailer, logger } = deps;
  const key = waitlistSecret(signingSecret(config));
  return async (job: Job<unknown>): Promise<{ sent: boolean }> => {
    const data = job.data;
    if (!isConfirmationJob(data)) throw new UnrecoverableJobError('waitlist confirmation job without a valid WaitlistJoined payload');
    const waitlist = readStore.collection<WaitlistDoc>(WAITLIST);
    const doc = await waitlist.findOne({ _id: data.emailKey });
    // The read models are past the join (the dispatcher waits for them): an entry not there is gone.
    if (!doc) {
      logger?.debug({ emailKey: data.emailKey }, 'waitlist confirmation not sent: the entry is gone');
      return { sent: false };
    }
    // Already confirmed (a late retry): the link would do nothing new.
    if (doc.confirmed) return { sent: false };
    const position = await waitlist.count({ joined_position: { $lte: doc.joined_position } });
    const confirmLink = waitlistConfirmationLink(config.PUBLIC_URL, key, data.email, data.emailKey);
    const referralLink = `${config.PUBLIC_URL}/waitlist?ref=${encodeURIComponent(data.referralCode)}`;
    await mailer.send({
      to: data.email,
      subject: WAITLIST_CONFIRMATION_SUBJECT,
      text: waitlistConfirmationText(position, confirmLink, referralLink),
      messageId: `waitlist-confirm-${data.emailKey}`,
    });
    return { sent: true };
  };
}

export function startWaitlistConfirmationEmailWorker(deps: WorkerDeps): WorkerHandle {
  return deps.jobQueue.process(WAITLIST_CONFIRMATION_EMAIL_QUEUE, waitlistConfirmationEmailProcessor(deps), { concurrency: 4 });
}
