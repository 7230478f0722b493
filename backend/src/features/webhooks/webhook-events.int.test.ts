import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { WEBHOOK_PAYLOAD_SCHEMAS } from '@crossfeed/domain/webhooks/webhook-payloads.ts';
import type { RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import { jobsFor } from '@crossfeed/workers/dispatch/dispatcher.ts';
import { WEBHOOK_FANOUT_QUEUE, type WebhookFanoutJob } from '@crossfeed/workers/webhooks/webhook-fanout-job.ts';
import { WEBHOOK_EVENTS_QUEUE, webhookEventsProcessor, webhookEventsRoute } from '@crossfeed/workers/webhooks/webhook-events.route.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { addContacts, submitContent } from '../content/content.fixtures.ts';

/**
 * The webhook events of facts made over HTTP (docs/webhook-events.md): the route and its resolving processor
 * read the events the real commands recorded, so a change of an event's shape shows here.
 */
let app: TestApp;
before(async () => {
  app = await startTestApp({}, { workers: true });
});
after(() => app.close());

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

async function wholeLog(): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (let batch = await app.ctx.eventStore.readAll({ limit: 1000 }); batch.length > 0; batch = await app.ctx.eventStore.readAll({ fromPosition: batch.at(-1)!.position, limit: 1000 })) {
    events.push(...batch.filter((event) => event.position !== events.at(-1)?.position));
    if (batch.length < 1000) break;
  }
  return events;
}

/** Every webhook event the log's facts make, the resolving queue's included, checked against their schemas. */
async function webhookEvents(): Promise<WebhookFanoutJob[]> {
  const fanouts: WebhookFanoutJob[] = [];
  const collect = (data: unknown) => {
    const job = data as WebhookFanoutJob;
    assert.ok(WEBHOOK_PAYLOAD_SCHEMAS[job.event.type].strict().safeParse(job.event.data).success, JSON.stringify(job.event));
    fanouts.push(job);
  };
  const byQueue = jobsFor([webhookEventsRoute], await wholeLog());
  for (const spec of byQueue.get(WEBHOOK_FANOUT_QUEUE) ?? []) collect(spec.data);
  const processor = webhookEventsProcessor({
    readStore: app.ctx.readStore,
    jobQueue: {
      addBulk: async (queue, jobs) => {
        assert.equal(queue, WEBHOOK_FANOUT_QUEUE);
        for (const job of jobs) collect(job.data);
        return jobs.map(() => 'id');
      },
    },
  });
  for (const spec of byQueue.get(WEBHOOK_EVENTS_QUEUE) ?? []) {
    await processor({ id: spec.jobId, queue: spec.queue, name: spec.name, data: spec.data, attemptsMade: 0, progress: 0, updateProgress: async () => undefined });
  }
  return fanouts;
}

const of = (fanouts: readonly WebhookFanoutJob[], userId: string, type: string) =>
  fanouts.filter((fanout) => 'userId' in fanout.audience && fanout.audience.userId === userId && fanout.event.type === type).map((fanout) => fanout.event);

test('a match completed over HTTP: the sharer hears of the match, each delivered share and the release (with its url); the owner hears of a person’s click, not a bot’s', async () => {
  const ada = await app.register();
  const grace = await app.register();
  await app.grantPremium(ada.user.id);
  await app.grantPremium(grace.user.id);
  const contacts = await addContacts(app, ada, 5);
  const first = await submitContent(app, ada, { title: 'Ada first', url: 'https://example.com/ada-first' });
  const second = await submitContent(app, ada, { title: 'Ada second', url: 'https://example.com/ada-second' });
  const target = await submitContent(app, grace, { title: 'Grace first' });
  for (const contactId of contacts) {
    const shared = await app.request('POST', `/content/${target.id}/share/`, { token: ada.token, json: { contact_ids: [contactId] } });
    assert.equal(shared.status, 200, shared.text);
  }
  const link = await app.request('POST', '/links/', { token: grace.token, json: { content_id: target.id } });
  assert.equal(link.status, 201, link.text);
  const code: string = link.body.short_code;
  await app.request('GET', `/links/${code}?c=${contacts[0]}`, { headers: { 'user-agent': BROWSER } });
  await app.request('GET', `/links/${code}`, { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } });
  await app.settleJobs();

  const fanouts = await webhookEvents();
  const [match, ...moreMatches] = of(fanouts, ada.user.id, 'match.completed');
  assert.equal(moreMatches.length, 0);
  assert.deepEqual({ ...match?.data, completed_at: undefined }, { content_id: target.id, title: 'Grace first', required_shares: 5, released_content_id: second.id, completed_at: undefined });

  const released = of(fanouts, ada.user.id, 'content.released').map((event) => event.data);
  assert.deepEqual(
    released.map(({ released_at: _at, ...rest }) => rest),
    [
      { content_id: first.id, title: 'Ada first', url: 'https://example.com/ada-first', reason: 'first_item', matched_content_id: null },
      { content_id: second.id, title: 'Ada second', url: 'https://example.com/ada-second', reason: 'match_completed', matched_content_id: target.id },
    ],
  );

  const delivered = of(fanouts, ada.user.id, 'share.delivered').map((event) => event.data.contact_id);
  assert.deepEqual([...delivered].sort(), [...contacts].sort());

  const clicks = of(fanouts, grace.user.id, 'link.clicked');
  assert.equal(clicks.length, 1, 'the bot’s click tells no one');
  // Ada's contact clicked: Grace is not told who.
  assert.deepEqual({ ...clicks[0]?.data, clicked_at: undefined }, { content_id: target.id, short_code: code, contact_id: null, unique: true, clicked_at: undefined });
  assert.deepEqual(of(fanouts, grace.user.id, 'share.delivered'), [], 'the owner hears nothing of the sharer’s e-mails');

  // The same log gives the same ids.
  const again = await webhookEvents();
  assert.deepEqual(
    again.map((fanout) => fanout.event.id),
    fanouts.map((fanout) => fanout.event.id),
  );
});
