/** Password reset and waitlist confirmation e-mails: the processors on their own (idempotence, guards). */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { UnrecoverableJobError, type Job } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { passwordResetToken, passwordResetTokenHash, signingSecret } from '@crossfeed/platform/security/derived-tokens.ts';
import { startTestApp, type Session, type TestApp } from '@crossfeed/backend/testing/test-app.ts';
import { passwordResetEmailProcessor, passwordResetEmailRoute, type PasswordResetEmailJob } from './password-reset-email.processor.ts';

let app: TestApp;
let user: Session;
before(async () => {
  app = await startTestApp({ PUBLIC_URL: 'https://crossfeed.example' });
  user = await app.register();
});
after(() => app.close());

const jobOf = (data: unknown): Job<unknown> => ({ id: 'j', queue: 'q', name: 'n', data, attemptsMade: 0, progress: 0, updateProgress: async () => undefined });

function resetJob(overrides: Partial<PasswordResetEmailJob> = {}): PasswordResetEmailJob {
  const requestId = `req-${Math.random().toString(36).slice(2)}`;
  const token = passwordResetToken(signingSecret(app.ctx.config), requestId);
  return {
    eventId: `evt-${requestId}`,
    userId: user.user.id,
    requestId,
    tokenHash: passwordResetTokenHash(token),
    expiresAt: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
    ...overrides,
  };
}

describe('password reset e-mail processor', () => {
  test('sends the derived link once, however often the job runs', async () => {
    const run = passwordResetEmailProcessor({ config: app.ctx.config, readStore: app.ctx.readStore, mailer: app.ctx.mailer });
    const data = resetJob();
    assert.deepEqual(await run(jobOf(data)), { sent: true });
    assert.deepEqual(await run(jobOf(data)), { sent: true });
    const mails = (await app.outbox()).filter((mail) => mail.to.includes(user.user.email));
    assert.equal(mails.length, 1);
    const token = passwordResetToken(signingSecret(app.ctx.config), data.requestId);
    assert.ok(mails[0]?.text.includes(`https://crossfeed.example/reset-password?token=${token}`), mails[0]?.text);
  });

  test('skips an expired request, refuses a token hash from another secret and a bad payload', async () => {
    const run = passwordResetEmailProcessor({ config: app.ctx.config, readStore: app.ctx.readStore, mailer: app.ctx.mailer });
    assert.deepEqual(await run(jobOf(resetJob({ expiresAt: new Date(Date.now() - 1000).toISOString() }))), { sent: false, reason: 'expired' });
    await assert.rejects(run(jobOf(resetJob({ tokenHash: passwordResetTokenHash('from-another-secret') }))), UnrecoverableJobError);
    await assert.rejects(run(jobOf({ userId: 'x' })), UnrecoverableJobError);
  });

  test('a request recorded without requestId starts no job; ids are derived from the event id', () => {
    const event = { id: 'e1', type: 'PasswordResetRequested', data: { userId: 'u', tokenHash: 'h', expiresAt: 'x', requestedAt: 'x' } };
    assert.deepEqual(passwordResetEmailRoute.jobs(event as never), []);
    const [spec] = passwordResetEmailRoute.jobs({ ...event, data: { ...event.data, requestId: 'r' } } as never);
    assert.equal(spec?.jobId, 'password-reset-email-e1');
    assert.ok(!spec?.jobId.includes(':'));
  });
});
