/** Password reset, waitlist confirmation and waitlist entry link e-mails: the processors on their own (idempotence, guards). */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { UnrecoverableJobError, type Job } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { passwordResetToken, passwordResetTokenHash, signingSecret } from '@crossfeed/platform/security/derived-tokens.ts';
import { startTestApp, type Session, type TestApp } from '@crossfeed/backend/testing/test-app.ts';
import { passwordResetEmailProcessor, passwordResetEmailRoute, type PasswordResetEmailJob } from './password-reset-email.processor.ts';
import { waitlistEntryLinkEmailProcessor, waitlistEntryLinkEmailRoute } from './waitlist-entry-link-email.processor.ts';

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

  test('a user the read models do not hold (gone since the request) is not e-mailed, and the job finishes without a retry', async () => {
    const run = passwordResetEmailProcessor({ config: app.ctx.config, readStore: app.ctx.readStore, mailer: app.ctx.mailer });
    const before = (await app.outbox()).length;
    assert.deepEqual(await run(jobOf(resetJob({ userId: 'no-such-user' }))), { sent: false, reason: 'no user' });
    assert.equal((await app.outbox()).length, before);
  });

  test('a request recorded without requestId starts no job; ids are derived from the event id', () => {
    const event = { id: 'e1', type: 'PasswordResetRequested', data: { userId: 'u', tokenHash: 'h', expiresAt: 'x', requestedAt: 'x' } };
    assert.deepEqual(passwordResetEmailRoute.jobs(event as never), []);
    const [spec] = passwordResetEmailRoute.jobs({ ...event, data: { ...event.data, requestId: 'r' } } as never);
    assert.equal(spec?.jobId, 'password-reset-email-e1');
    assert.ok(!spec?.jobId.includes(':'));
  });
});

describe('waitlist entry link e-mail (the holder of a looked-up address gets a link to the entry)', () => {
  test('e-mails the address the entry joined with, once per request; a request older than an hour (a replay) is not sent', async () => {
    const email = `Linked.${process.pid}@example.org`;
    const joined = await app.request('POST', '/api/waitlist/signup', { json: { email, referred_by: null } });
    assert.equal(joined.status, 200, joined.text);
    const run = waitlistEntryLinkEmailProcessor({ config: app.ctx.config, readStore: app.ctx.readStore, mailer: app.ctx.mailer });
    const job = (requestedAt: string, eventId = `evt-${Math.random()}`) => jobOf({ eventId, emailKey: email.toLowerCase(), requestedAt });
    const mails = async () => (await app.outbox()).filter((mail) => mail.to.includes(email));

    const fresh = job(new Date().toISOString(), 'evt-fresh');
    assert.deepEqual(await run(fresh), { sent: true });
    assert.deepEqual(await run(fresh), { sent: true }, 'a retried job sends under the same Message-ID');
    assert.equal((await mails()).length, 1);
    assert.match((await mails())[0]!.text, /\/api\/waitlist\/confirm\?/);

    assert.deepEqual(await run(job(new Date(Date.now() - 2 * 3600 * 1000).toISOString())), { sent: false });
    assert.equal((await mails()).length, 1);
    await assert.rejects(run(jobOf({ emailKey: 'x' })), UnrecoverableJobError);
  });

  test('routes each request event to one job with an id derived from the event', () => {
    const event = { id: 'e1', type: 'WaitlistEntryLinkRequested', data: { emailKey: 'a@example.org', requestedAt: '2026-11-28T10:00:00.000Z' } };
    const jobs = waitlistEntryLinkEmailRoute.jobs(event as never);
    assert.deepEqual(jobs.map((j) => [j.queue, j.jobId, j.data]), [['waitlist-entry-link-email', 'waitlist-entry-link-e1', { eventId: 'e1', emailKey: 'a@example.org', requestedAt: '2026-11-28T10:00:00.000Z' }]]);
  });
});
