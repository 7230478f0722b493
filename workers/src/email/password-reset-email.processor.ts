/**
 * Password reset e-mails: on `PasswordResetRequested`, e-mails `${PUBLIC_URL}/reset-password?token=...` to
 * the account's address. The token is never stored: it is derived from the event's `requestId` and the
 * signing secret (platform/src/security/derived-tokens.ts); the event only keeps its hash, checked here so a
 * secret mismatch between the API and the workers fails loudly instead of mailing a dead link.
 *
 * Idempotent: the mailer's `messageId` is the event id, so a job run twice sends one e-mail. Events without
 * `requestId` (recorded before the workers sent these e-mails) start no job.
 */
import { UnrecoverableJobError } from '@crossfeed/platform/jobs/job-queue.port.ts';
import type { Job, WorkerHandle } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { passwordResetToken, passwordResetTokenHash, signingSecret } from '@crossfeed/platform/security/derived-tokens.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import { jobRoute } from '../dispatch/job-routes.ts';
import type { WorkerDeps } from '../registry.ts';

export const PASSWORD_RESET_EMAIL_QUEUE = 'password-reset-email';

export interface PasswordResetEmailJob {
  eventId: string;
  userId: string;
  requestId: string;
  tokenHash: string;
  expiresAt: string;
}

export type PasswordResetEmailResult = { sent: true } | { sent: false; reason: 'expired' | 'no user' };

export const passwordResetEmailRoute = jobRoute({
  PasswordResetRequested: (event) => {
    const { userId, requestId, tokenHash, expiresAt } = event.data;
    // Requests recorded before `requestId` existed had their e-mail sent by the API.
    if (requestId === undefined) return [];
    const job: PasswordResetEmailJob = { eventId: event.id, userId, requestId, tokenHash, expiresAt };
    return [
      {
        queue: PASSWORD_RESET_EMAIL_QUEUE,
        name: 'send-password-reset',
        data: job,
        jobId: `password-reset-email-${event.id}`,
      },
    ];
  },
});

export function passwordResetEmailText(username: string, link: string): string {
  return [
    `Hello ${username},`,
    '',
    'Someone asked to reset the password of your Crossfeed account. To choose a new password, open this link:',
    '',
    link,
    '',
    'The link is valid for 1 hour and can be used once. If you did not ask for it, ignore this e-mail.',
  ].join('\n');
}

function isResetJob(data: unknown): data is PasswordResetEmailJob {
  const d = data as Partial<PasswordResetEmailJob> | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    typeof d.eventId === 'string' &&
    typeof d.userId === 'string' &&
    typeof d.requestId === 'string' &&
    typeof d.tokenHash === 'string' &&
    typeof d.expiresAt === 'string'
  );
}

export function passwordResetEmailProcessor(
  deps: Pick<WorkerDeps, 'config' | 'readStore' | 'mailer'> & Partial<Pick<WorkerDeps, 'logger'>>,
  now: () => Date = () => new Date(),
) {
  const { config, readStore, mailer, logger } = deps;
  const secret = signingSecret(config);
  return async (job: Job<unknown>): Promise<PasswordResetEmailResult> => {
    const data = job.data;
    if (!isResetJob(data)) throw new UnrecoverableJobError('password reset e-mail job without a valid PasswordResetRequested payload');
    // A link that can no longer work is not worth sending (a backlog after an outage).
    if (data.expiresAt <= now().toISOString()) return { sent: false, reason: 'expired' };
    const token = passwordResetToken(secret, data.requestId);
    if (passwordResetTokenHash(token) !== data.tokenHash) {
      throw new UnrecoverableJobError('password reset token does not match the event: the workers and the API use different secrets (JWT_SECRET)');
    }
    const user = await readStore.collection<UserDoc>(USERS).findOne({ _id: data.userId });
    // The read models are past the request (the dispatcher waits for them): a user not there is gone.
    if (!user) {
      logger?.debug({ userId: data.userId }, 'password reset e-mail not sent: the user is gone');
      return { sent: false, reason: 'no user' };
    }
    const link = `${config.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`;
    await mailer.send({
      to: user.email,
      subject: 'Reset your Crossfeed password',
      text: passwordResetEmailText(user.username, link),
      messageId: data.eventId,
    });
    return { sent: true };
  };
}

export function startPasswordResetEmailWorker(deps: WorkerDeps): WorkerHandle {
  return deps.jobQueue.process(PASSWORD_RESET_EMAIL_QUEUE, passwordResetEmailProcessor(deps), { concurrency: 4 });
}
