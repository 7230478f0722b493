/**
 * A registration appends once, on the account's stream; the referral code it drew is reserved afterwards by
 * a job of its UserRegistered, which assigns another code on the rare clash.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually } from '@crossfeed/backend/testing/eventually.ts';
import { startTestApp, type Session, type TestApp } from '@crossfeed/backend/testing/test-app.ts';
import { emailKey, userStream, waitlistStream } from '@crossfeed/domain/shared/streams.ts';
import { waitlistDecider } from '@crossfeed/domain/waitlist/waitlist.decider.ts';
import { handleCommand } from '@crossfeed/platform/commands/command-handler.ts';
import type { Job } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { claimName, randomReferralCode, reservationOwner } from '@crossfeed/platform/reservations/reservations.ts';
import { referralCodeProcessor, referralCodeRoute } from './referral-code.processor.ts';
import { referralCreditProcessor } from './referral-credit.processor.ts';

let app: TestApp;
before(async () => {
  app = await startTestApp();
});
after(() => app.close());

const jobOf = (data: unknown): Job<unknown> => ({ id: 'j', queue: 'q', name: 'n', data, attemptsMade: 0, progress: 0, updateProgress: async () => undefined });
const eventsOf = (userId: string) => app.ctx.eventStore.readStream(userStream(userId));
/** The job the dispatcher would enqueue for the account's UserRegistered (none when there is nothing to reserve). */
async function registrationJobs(userId: string) {
  const registered = (await eventsOf(userId)).find((event) => event.type === 'UserRegistered');
  assert.ok(registered);
  return referralCodeRoute.jobs(registered);
}
const codeShown = async (session: Session) => (await app.request('GET', '/auth/me', { token: session.token })).body.referral_code as string;

let drawn = 0;
/** Codes a test forces the processor to draw (the format of real ones: 8 characters without look-alikes). */
const forcedCode = () => `FRESH${String(++drawn).padStart(3, '2')}`.replace(/[01]/g, '9').slice(0, 8);

describe('the referral code of a registration', () => {
  test('is shown at once and reserved for the account by a job of its UserRegistered, not by the request', async () => {
    const session = await app.register();
    const code = session.user.referral_code as string;
    assert.match(code, /^[A-Z2-9]{8}$/);
    assert.equal(await codeShown(session), code);
    // One append in the request: the registration, on the account's stream; no reservation yet.
    assert.deepEqual((await eventsOf(session.user.id)).map((event) => event.type), ['UserRegistered']);
    assert.equal(await reservationOwner(app.ctx.eventStore, 'referral-code', code), undefined);

    const jobs = await registrationJobs(session.user.id);
    assert.equal(jobs.length, 1);
    assert.match(jobs[0]!.jobId, /^referral-code-/);
    const run = referralCodeProcessor({ eventStore: app.ctx.eventStore, logger: app.ctx.logger });
    assert.deepEqual(await run(jobOf(jobs[0]!.data)), { referralCode: code, reassigned: false });
    assert.equal(await reservationOwner(app.ctx.eventStore, 'referral-code', code), `user:${session.user.id}`);
    // Run again (a retry): nothing changes.
    assert.deepEqual(await run(jobOf(jobs[0]!.data)), { referralCode: code, reassigned: false });
    assert.deepEqual((await eventsOf(session.user.id)).map((event) => event.type), ['UserRegistered']);
  });

  test('taken by someone else in the meantime: the account is assigned a fresh reserved code, once', async () => {
    const session = await app.register();
    const code = session.user.referral_code as string;
    const other = 'waitlist:someone-else@example.com';
    assert.ok((await claimName(app.ctx.eventStore, { kind: 'referral-code', key: code, ownerId: other, at: new Date().toISOString() })).claimed);

    const [job] = await registrationJobs(session.user.id);
    assert.ok(job);
    const fresh = forcedCode();
    const run = referralCodeProcessor({ eventStore: app.ctx.eventStore, logger: app.ctx.logger }, () => fresh);
    assert.deepEqual(await run(jobOf(job.data)), { referralCode: fresh, reassigned: true });
    assert.equal(await reservationOwner(app.ctx.eventStore, 'referral-code', fresh), `user:${session.user.id}`);
    assert.equal(await reservationOwner(app.ctx.eventStore, 'referral-code', code), other);
    await eventually(async () => assert.equal(await codeShown(session), fresh));
    // The public referral lookup finds the account by its new code.
    const referral = await app.request('POST', '/api/waitlist/referral', { json: { referral_code: fresh } });
    assert.equal(referral.status, 200, referral.text);
    assert.equal(referral.body.referral_code, fresh);

    // A retry of the same job assigns nothing more.
    const again = referralCodeProcessor({ eventStore: app.ctx.eventStore, logger: app.ctx.logger }, forcedCode);
    assert.deepEqual(await again(jobOf(job.data)), { referralCode: fresh, reassigned: false });
    const assigned = (await eventsOf(session.user.id)).filter((event) => event.type === 'ReferralCodeAssigned');
    assert.deepEqual(
      assigned.map((event) => event.data),
      [{ userId: session.user.id, referralCode: fresh, replaces: code, assignedAt: (assigned[0]!.data as { assignedAt: string }).assignedAt }],
    );
    assert.equal(await codeShown(session), fresh);
  });

  test('until its job has run, the code is the account\'s: a friend who joins with it and confirms credits the account', async () => {
    const session = await app.register();
    const code = session.user.referral_code as string;
    assert.equal(await reservationOwner(app.ctx.eventStore, 'referral-code', code), undefined);
    const friend = `friend${++drawn}x${process.pid}@gmail.com`;
    const joined = await app.request('POST', '/api/waitlist/signup', { json: { email: friend, referred_by: code } });
    assert.equal(joined.status, 200, joined.text);
    const key = emailKey(friend);
    const confirmedAt = new Date().toISOString();
    await handleCommand(app.ctx.eventStore, waitlistDecider, waitlistStream(key), { type: 'ConfirmWaitlistEmail', data: { emailKey: key, now: confirmedAt } });

    const credit = referralCreditProcessor({ eventStore: app.ctx.eventStore, readStore: app.ctx.readStore, logger: app.ctx.logger });
    assert.deepEqual(await credit(jobOf({ eventId: `confirmed-${key}`, emailKey: key, confirmedAt })), { credited: true, referrer: `user:${session.user.id}` });
  });

  test('an account registered with its waitlist entry\'s code (a log from before the carry-over joined the registration) keeps it when the job runs on a replay', async () => {
    const userId = `old${++drawn}x${process.pid}`;
    const email = `${userId}@example.com`;
    const code = randomReferralCode();
    const at = new Date().toISOString();
    assert.ok((await claimName(app.ctx.eventStore, { kind: 'referral-code', key: code, ownerId: `waitlist:${email}`, at })).claimed);
    const registered = { userId, username: userId, email, passwordHash: 'hash', isAdmin: false, referralCode: code, registeredAt: at };
    const carried = { userId, emailKey: email, position: 300, tier: 'one_month', referralCode: code, monthFreeGranted: false, carriedAt: at };
    await app.ctx.eventStore.append(
      userStream(userId),
      [
        { type: 'UserRegistered', data: registered },
        { type: 'WaitlistTierCarriedOver', data: carried },
      ],
      { expectedRevision: 'no_stream' },
    );

    const [job] = await registrationJobs(userId);
    assert.ok(job);
    let draws = 0;
    const run = referralCodeProcessor({ eventStore: app.ctx.eventStore, logger: app.ctx.logger }, () => {
      draws++;
      return forcedCode();
    });
    assert.deepEqual(await run(jobOf(job.data)), { referralCode: code, reassigned: false });
    assert.equal(draws, 0, 'no fresh code is drawn, so none is left reserved for nothing');
    assert.equal(await reservationOwner(app.ctx.eventStore, 'referral-code', code), `waitlist:${email}`);
    assert.deepEqual((await eventsOf(userId)).map((event) => event.type), ['UserRegistered', 'WaitlistTierCarriedOver']);
  });

  test('a job without a valid payload is refused for good', async () => {
    const run = referralCodeProcessor({ eventStore: app.ctx.eventStore, logger: app.ctx.logger });
    await assert.rejects(run(jobOf({ userId: 'u1' })), /valid UserRegistered payload/);
  });
});
