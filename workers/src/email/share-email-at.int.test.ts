/** "Send at the best time" (Premium): each e-mail goes at its contact's best hour and counts when it goes. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { addContacts, submitContent, submitPromoted } from '@crossfeed/backend/features/content/content.fixtures.ts';
import { settle } from '@crossfeed/backend/api/execute.ts';
import { startTestApp, type Session, type TestApp } from '@crossfeed/backend/testing/test-app.ts';
import type { LinkClicked } from '@crossfeed/domain/content/content.events.ts';
import { contentStream } from '@crossfeed/domain/shared/streams.ts';
import type { Job } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { readOutbox } from '@crossfeed/platform/mail/file-mailer.ts';
import { SHARE_EMAIL_AT_QUEUE, shareEmailAtJobId, shareEmailAtProcessor } from './share-email-at.processor.ts';

let app: TestApp;
before(async () => {
  app = await startTestApp({}, { workers: true });
});
after(() => app.close());

async function premium(contacts: number): Promise<{ session: Session; contacts: string[] }> {
  const session = await app.register();
  await app.grantPremium(session.user.id);
  await app.confirmEmail(session);
  return { session, contacts: await addContacts(app, session, contacts) };
}

/** A person's click on the sharer's link at `at` (as the short-link route records it). */
async function clickedAt(contentId: string, ownerId: string, contactId: string, sharerId: string, at: string): Promise<void> {
  const click: LinkClicked = {
    type: 'LinkClicked',
    data: { contentId, ownerId, shortCode: 'abc', contactId, sharerId, human: true, botReason: null, clickedAt: at },
  };
  const { position } = await app.ctx.eventStore.append(contentStream(contentId), [click], { expectedRevision: 'any' });
  await settle(app.ctx, position);
}

describe('send at the best time (Premium)', () => {
  test('is Premium only', async () => {
    const owner = await app.register();
    const item = await submitPromoted(app, owner);
    const free = await app.register();
    const [contact] = await addContacts(app, free, 1);
    const refused = await app.request('POST', `/content/${item.id}/share/`, { token: free.token, json: { contact_ids: [contact], send_at: 'best_time' } });
    assert.equal(refused.status, 403, refused.text);
    assert.match(refused.body.detail, /Premium feature/);
  });

  test('each e-mail waits for its contact’s busiest hour (09:00 in the sharer’s zone without clicks) and counts when it goes', async () => {
    const owner = await app.register();
    const matched = await submitContent(app, owner, { title: 'Best time' });
    const { session, contacts } = await premium(5);
    await submitContent(app, session, { title: 'Mine first' });
    const queued = await submitContent(app, session, { title: 'Mine queued' });
    const other = await submitPromoted(app, owner, { title: 'Earlier post' });
    // Hours far from the clock's, so no e-mail falls due while the test runs (at 20:xx UTC a fixed 20:00 did).
    const hourNow = new Date().getUTCHours();
    const clickHour = (hourNow + 12) % 24;
    // 09:00 in the sharer's zone: 09:00 UTC, or 00:00 UTC in Tokyo when the clock is near 09:00 UTC.
    const [timeZone, morningUtc] = Math.abs(hourNow - 9) <= 2 ? ['Asia/Tokyo', 0] : ['UTC', 9];
    // The first contact clicked in the same hour (UTC) on two days.
    const hh = String(clickHour).padStart(2, '0');
    for (const at of [`2026-11-20T${hh}:05:00.000Z`, `2026-11-21T${hh}:40:00.000Z`]) await clickedAt(other.id, owner.user.id, contacts[0]!, session.user.id, at);

    const response = await app.request('POST', `/content/${matched.id}/share/`, {
      token: session.token,
      json: { contact_ids: contacts, send_at: 'best_time', time_zone: timeZone },
    });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.counted, 0);
    assert.deepEqual(response.body.reached.map((contact: { reason: string }) => contact.reason), ['scheduled', 'scheduled', 'scheduled', 'scheduled', 'scheduled']);
    assert.deepEqual(response.body.match, { delivered: 0, required: 5, completed: false });
    await app.settleJobs();

    const shareId = (await app.request('GET', '/content/shares/sent', { token: session.token })).body[0].id as string;
    const jobs = [];
    for (const contactId of contacts) {
      const job = await app.jobQueue.getJob<{ sendAt: string }>(SHARE_EMAIL_AT_QUEUE, shareEmailAtJobId(shareId, contactId));
      assert.ok(job, `a job for ${contactId}`);
      assert.equal(job.state, 'delayed');
      jobs.push(job);
    }
    assert.equal(new Date(jobs[0]!.data.sendAt).getUTCHours(), clickHour, 'the busiest hour of the first contact');
    for (const job of jobs.slice(1)) assert.equal(new Date(job.data.sendAt).getUTCHours(), morningUtc);
    for (const job of jobs) assert.ok(Date.parse(job.data.sendAt) > Date.now(), 'each e-mail waits');
    assert.equal((await readOutbox(path.join(app.dataDir, 'mail'))).filter((mail) => mail.subject.includes('Best time')).length, 0, 'nothing sent yet');

    // The hours come: each job sends its e-mail and counts its person; the fifth completes the match.
    const run = shareEmailAtProcessor({ config: app.ctx.config, eventStore: app.ctx.eventStore, readStore: app.ctx.readStore, mailer: app.ctx.mailer });
    for (const [i, job] of jobs.entries()) {
      const result = await run({ id: job.id, queue: SHARE_EMAIL_AT_QUEUE, name: job.name, data: job.data, attemptsMade: 0, progress: 0, updateProgress: async () => undefined } as Job<unknown>);
      assert.deepEqual(result, { outcome: 'sent', counted: true }, `job ${i}`);
    }
    // A second run of one of them sends and counts nothing more.
    const again = await run({ id: jobs[0]!.id, queue: SHARE_EMAIL_AT_QUEUE, name: 'x', data: jobs[0]!.data, attemptsMade: 1, progress: 0, updateProgress: async () => undefined } as Job<unknown>);
    assert.deepEqual(again, { outcome: 'already_sent', counted: false });
    await app.settleJobs();

    assert.equal((await readOutbox(path.join(app.dataDir, 'mail'))).filter((mail) => mail.subject.includes('Best time')).length, 5);
    const content = await app.request('GET', `/content/${matched.id}/`, { token: owner.token });
    assert.equal(content.body.share_count, 5);
    const mine = await app.request('GET', `/content/${queued.id}/`, { token: session.token });
    assert.equal(mine.body.status, 'active', 'the match completed when the fifth e-mail went, releasing the queued item');
    const sent = await app.request('GET', `/content/shares/sent?content_id=${matched.id}`, { token: session.token });
    assert.equal(sent.body[0].counted, 5);
  });
});
