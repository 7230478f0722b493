/**
 * Account confirmation e-mails: on `UserRegistered`, e-mails the link that confirms the address
 * (`${PUBLIC_URL}/auth/confirm-email?user=...&token=...`, an HMAC of the user id and the address: only the
 * e-mailed link confirms, checked by GET /auth/confirm-email). An ADMIN_EMAILS account becomes admin only
 * through that link (or the operator's `npm run admin -- grant`).
 *
 * Idempotent: the mailer's `messageId` is `account-confirm-{userId}`, so a job run twice sends one e-mail;
 * an address already confirmed gets none.
 */
import { UnrecoverableJobError, type Job, type WorkerHandle } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { accountConfirmationLink, accountConfirmationSecret, signingSecret } from '@crossfeed/platform/security/derived-tokens.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import { jobRoute } from '../dispatch/job-routes.ts';
import type { WorkerDeps } from '../registry.ts';

export const ACCOUNT_CONFIRMATION_EMAIL_QUEUE = 'account-confirmation-email';
export const ACCOUNT_CONFIRMATION_SUBJECT = 'Confirm your Crossfeed e-mail address';

export interface AccountConfirmationEmailJob {
  userId: string;
  username: string;
  email: string;
}

export const accountConfirmationEmailRoute = jobRoute({
  UserRegistered: (event) => {
    const { userId, username, email } = event.data;
    const data: AccountConfirmationEmailJob = { userId, username, email };
    return [
      {
        queue: ACCOUNT_CONFIRMATION_EMAIL_QUEUE,
        name: 'send-account-confirmation',
        data,
        jobId: `account-confirmation-email-${event.id}`,
      },
    ];
  },
});

export function accountConfirmationText(username: string, link: string): string {
  return [
    `Hello ${username},`,
    '',
    'Welcome to Crossfeed. Please confirm your e-mail address by opening this link:',
    '',
    link,
    '',
    'If you did not create a Crossfeed account, ignore this e-mail.',
  ].join('\n');
}

function isConfirmationJob(data: unknown): data is AccountConfirmationEmailJob {
  const d = data as Partial<AccountConfirmationEmailJob> | null;
  return typeof d === 'object' && d !== null && typeof d.userId === 'string' && typeof d.username === 'string' && typeof d.email === 'string';
}

export function accountConfirmationEmailProcessor(deps: Pick<WorkerDeps, 'config' | 'readStore' | 'mailer'> & Partial<Pick<WorkerDeps, 'logger'>>) {
  const { config, readStore, mailer, logger } = deps;
  const key = accountConfirmationSecret(signingSecret(config));
  return async (job: Job<unknown>): Promise<{ sent: boolean }> => {
    const data = job.data;
    if (!isConfirmationJob(data)) throw new UnrecoverableJobError('account confirmation job without a valid UserRegistered payload');
    const user = await readStore.collection<UserDoc>(USERS).findOne({ _id: data.userId }, { projection: { email_confirmed: 1 } });
    // The read models are past the registration (the dispatcher waits for them): a user not there is gone.
    if (!user) {
      logger?.debug({ userId: data.userId }, 'account confirmation not sent: the user is gone');
      return { sent: false };
    }
    if (user.email_confirmed) return { sent: false };
    await mailer.send({
      to: data.email,
      subject: ACCOUNT_CONFIRMATION_SUBJECT,
      text: accountConfirmationText(data.username, accountConfirmationLink(config.PUBLIC_URL, key, data.userId, data.email)),
      messageId: `account-confirm-${data.userId}`,
    });
    return { sent: true };
  };
}

export function startAccountConfirmationEmailWorker(deps: WorkerDeps): WorkerHandle {
  return deps.jobQueue.process(ACCOUNT_CONFIRMATION_EMAIL_QUEUE, accountConfirmationEmailProcessor(deps), { concurrency: 4 });
}
