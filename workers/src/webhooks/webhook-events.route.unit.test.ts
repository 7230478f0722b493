import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DomainEventType, EventOf } from '@crossfeed/domain/events.ts';
import { WEBHOOK_EVENTS, type WebhookEventType } from '@crossfeed/domain/webhooks/webhook-event-types.ts';
import { WEBHOOK_PAYLOAD_SCHEMAS } from '@crossfeed/domain/webhooks/webhook-payloads.ts';
import type { RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { JobSpec } from '../dispatch/job-routes.ts';
import { WEBHOOK_FANOUT_QUEUE, type WebhookFanoutJob } from './webhook-fanout-job.ts';
import { WEBHOOK_EVENTS_QUEUE, webhookEventId, webhookEventsRoute } from './webhook-events.route.ts';

const AT = '2026-11-29T03:00:00.000Z';
let seq = 0;

/** A log event as the dispatcher hands it to routes. */
function recorded<Type extends DomainEventType>(type: Type, data: EventOf<Type>['data'], id = `event-${++seq}`): RecordedEvent {
  return { id, type, stream: 'test-stream', revision: 0n, position: String(seq).padStart(20, '0'), data, metadata: {}, createdAt: AT };
}

/** The fan-out jobs of an event, each checked against its type's payload schema and the envelope's shape. */
function fanouts(event: RecordedEvent): (WebhookFanoutJob & { jobId: string })[] {
  return webhookEventsRoute.jobs(event).map((spec: JobSpec) => {
    assert.equal(spec.queue, WEBHOOK_FANOUT_QUEUE);
    const job = spec.data as WebhookFanoutJob;
    assert.equal(spec.jobId, `webhook-fanout-${job.event.id}`);
    assert.match(job.event.id, /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.ok(!Number.isNaN(Date.parse(job.event.created_at)));
    // Strict: a payload carries exactly the documented fields.
    const parsed = WEBHOOK_PAYLOAD_SCHEMAS[job.event.type].strict().safeParse(job.event.data);
    assert.ok(parsed.success, `${job.event.type}: ${JSON.stringify(parsed.error?.issues)}`);
    return { ...job, jobId: spec.jobId };
  });
}

const one = (event: RecordedEvent) => {
  const jobs = fanouts(event);
  assert.equal(jobs.length, 1, `one webhook event for ${event.type}`);
  return jobs[0]!;
};

const delivery = { shareId: 'share-1', contentId: 'content-9', contentOwnerId: 'owner-1', contentTitle: 'Owner post', sharerId: 'sharer-1', contactId: 'contact-7', mailbox: 'reader@example.com', sharedAt: AT };

test('a completed match tells the sharer: the content shared, its title, the shares it needed and when', () => {
  const job = one(
    recorded('MatchCompleted', { sharerId: 'sharer-1', contentId: 'content-9', contentOwnerId: 'owner-1', contentTitle: 'Owner post', requiredShares: 5, releasedContentId: 'content-2', completedAt: AT }),
  );
  assert.deepEqual(job.audience, { userId: 'sharer-1' });
  assert.equal(job.event.type, 'match.completed');
  assert.deepEqual(job.event.data, { content_id: 'content-9', title: 'Owner post', required_shares: 5, released_content_id: 'content-2', completed_at: AT });
  assert.equal(job.event.created_at, AT);
});

test('a release is resolved through the webhook-events queue (its url is in the contents read model)', () => {
  const event = recorded('ContentReleased', { contentId: 'content-2', userId: 'sharer-1', contentTitle: 'Mine', reason: 'match_completed', matchContentId: 'content-9', releasedAt: AT });
  const [spec, ...rest] = webhookEventsRoute.jobs(event);
  assert.equal(rest.length, 0);
  assert.equal(spec?.queue, WEBHOOK_EVENTS_QUEUE);
  assert.equal(spec?.jobId, `webhook-events-${event.id}`);
  assert.deepEqual(spec?.data, { type: 'ContentReleased', eventId: event.id, data: event.data });
});

test('an unsubscribe is resolved through the webhook-events queue (which creators have the person as a contact)', () => {
  const event = recorded('MailboxUnsubscribed', { mailbox: 'reader@example.com', scope: 'all', sharerId: null, source: 'link', unsubscribedAt: AT });
  const [spec, ...rest] = webhookEventsRoute.jobs(event);
  assert.equal(rest.length, 0);
  assert.equal(spec?.queue, WEBHOOK_EVENTS_QUEUE);
  assert.deepEqual(spec?.data, { type: 'MailboxUnsubscribed', eventId: event.id, data: event.data });
});

test('a moderation decision tells the owner the old and new status and the reason; an admin removal is status deleted', () => {
  const changed = one(
    recorded('ContentStatusChanged', { contentId: 'content-9', ownerId: 'owner-1', contentTitle: 'Owner post', status: 'approved', previousStatus: 'under_review', changedBy: 'admin-1', changedAt: AT }),
  );
  assert.deepEqual(changed.audience, { userId: 'owner-1' });
  assert.equal(changed.event.type, 'content.status_changed');
  assert.deepEqual(changed.event.data, { content_id: 'content-9', title: 'Owner post', status: 'approved', previous_status: 'under_review', reason: null, changed_at: AT });

  const removed = one(recorded('ContentRemovedByAdmin', { contentId: 'content-9', ownerId: 'owner-1', contentTitle: 'Owner post', removedBy: 'admin-1', removedAt: AT, reason: 'Spam' }));
  assert.deepEqual(removed.audience, { userId: 'owner-1' });
  assert.deepEqual(removed.event.data, { content_id: 'content-9', title: 'Owner post', status: 'deleted', previous_status: null, reason: 'Spam', changed_at: AT });
});

test('a share e-mail sent tells the sharer (share, content, their contact); recorded again after a temporary failure, it is the same delivery', () => {
  const sent = { mailbox: 'reader@example.com', shareId: 'share-1', sharerId: 'sharer-1', contentId: 'content-9', contentOwnerId: 'owner-1', contactId: 'contact-7', sentAt: AT };
  const first = one(recorded('ShareEmailSent', sent));
  assert.deepEqual(first.audience, { userId: 'sharer-1' });
  assert.equal(first.event.type, 'share.delivered');
  assert.deepEqual(first.event.data, { share_id: 'share-1', content_id: 'content-9', contact_id: 'contact-7', delivered_at: AT });
  const again = one(recorded('ShareEmailSent', { ...sent, sentAt: '2026-11-29T03:01:00.000Z' }));
  assert.equal(again.event.id, first.event.id);
  const otherContact = one(recorded('ShareEmailSent', { ...sent, contactId: 'contact-8' }));
  assert.notEqual(otherContact.event.id, first.event.id);
});

test('a bounce that takes back a share’s credit tells the sharer; a complaint or an e-mail never sent is no share.bounced', () => {
  const bounced = one(recorded('ShareCreditWithdrawn', { ...delivery, contactName: 'Reader', reason: 'bounced', credit: 1, withdrawnAt: AT }));
  assert.deepEqual(bounced.audience, { userId: 'sharer-1' });
  assert.equal(bounced.event.type, 'share.bounced');
  assert.deepEqual(bounced.event.data, { share_id: 'share-1', content_id: 'content-9', contact_id: 'contact-7', credit_withdrawn: 1, bounced_at: AT });
  for (const reason of ['complained', 'suppressed', 'daily_limit', 'content_unavailable', 'contact_removed'] as const) {
    assert.deepEqual(fanouts(recorded('ShareCreditWithdrawn', { ...delivery, contactName: null, reason, credit: 1, withdrawnAt: AT })), [], reason);
  }
});

test('a person’s click tells the owner (no address, no one else’s contact); a bot’s click tells no one', () => {
  const click = { contentId: 'content-9', ownerId: 'owner-1', shortCode: 'abc123', contactId: 'contact-7', sharerId: 'sharer-1', human: true, botReason: null, clickedAt: AT, visitor: 'c:contact-7', unique: true };
  const human = one(recorded('LinkClicked', click));
  assert.deepEqual(human.audience, { userId: 'owner-1' });
  assert.equal(human.event.type, 'link.clicked');
  // The sharer's contact is not the owner's to know.
  assert.deepEqual(human.event.data, { content_id: 'content-9', short_code: 'abc123', contact_id: null, unique: true, clicked_at: AT });
  const ownContact = one(recorded('LinkClicked', { ...click, sharerId: 'owner-1' }));
  assert.equal(ownContact.event.data.contact_id, 'contact-7');
  const older = one(recorded('LinkClicked', { contentId: 'content-9', ownerId: 'owner-1', shortCode: 'abc123', contactId: 'contact-7', human: true, botReason: null, clickedAt: AT }));
  assert.deepEqual(older.event.data, { content_id: 'content-9', short_code: 'abc123', contact_id: null, unique: null, clicked_at: AT });

  assert.deepEqual(fanouts(recorded('LinkClicked', { ...click, human: false, botReason: 'user-agent' })), []);
});

test('a conversion tells the owner, naming the contact only when it is theirs', () => {
  const conversion = { conversionId: 'conv-1', contentId: 'content-9', ownerId: 'owner-1', contactId: 'contact-7', sharerId: 'sharer-1', shortCode: 'abc123', kind: 'signup', value: 12.5, recordedBy: 'pixel', recordedAt: AT, verified: true, visit: 'v@2026-11-29' };
  const job = one(recorded('ConversionRecorded', conversion));
  assert.deepEqual(job.audience, { userId: 'owner-1' });
  assert.equal(job.event.type, 'conversion.recorded');
  assert.deepEqual(job.event.data, { conversion_id: 'conv-1', content_id: 'content-9', short_code: 'abc123', contact_id: null, kind: 'signup', value: 12.5, verified: true, recorded_at: AT });
  const own = one(recorded('ConversionRecorded', { ...conversion, sharerId: 'owner-1', verified: undefined, shortCode: null }));
  assert.deepEqual([own.event.data.contact_id, own.event.data.verified, own.event.data.short_code], ['contact-7', false, null]);
});

test('a waitlist signup and its confirmation tell the founders', () => {
  const joined = one(recorded('WaitlistJoined', { emailKey: 'fan@example.com', email: 'Fan@Example.com', referralCode: 'FAN123', referredBy: 'ADA999', joinedAt: AT }));
  assert.deepEqual(joined.audience, { founders: true });
  assert.equal(joined.event.type, 'waitlist.joined');
  assert.deepEqual(joined.event.data, { email: 'Fan@Example.com', referral_code: 'FAN123', referred_by: 'ADA999', joined_at: AT });
  const confirmed = one(recorded('WaitlistEmailConfirmed', { emailKey: 'fan@example.com', confirmedAt: AT }));
  assert.deepEqual(confirmed.audience, { founders: true });
  assert.equal(confirmed.event.type, 'waitlist.confirmed');
  assert.deepEqual(confirmed.event.data, { email: 'fan@example.com', confirmed_at: AT });
});

test('ids are stable: the same log event gives the same envelope id and job id; another event or type another', () => {
  const data = { sharerId: 'sharer-1', contentId: 'content-9', contentOwnerId: 'owner-1', contentTitle: 'Owner post', requiredShares: 5, releasedContentId: null, completedAt: AT };
  const first = one(recorded('MatchCompleted', data, 'event-fixed'));
  const second = one(recorded('MatchCompleted', data, 'event-fixed'));
  assert.equal(first.event.id, second.event.id);
  assert.equal(first.jobId, second.jobId);
  assert.deepEqual(first, second);
  assert.notEqual(one(recorded('MatchCompleted', data, 'event-other')).event.id, first.event.id);
  assert.equal(first.event.id, webhookEventId('event-fixed', 'match.completed'));
  assert.notEqual(webhookEventId('event-fixed', 'match.completed'), webhookEventId('event-fixed', 'content.released'));
});

test('events no webhook is about start no job', () => {
  assert.ok(!webhookEventsRoute.eventTypes.has('ContentShared'));
  assert.ok(!webhookEventsRoute.eventTypes.has('MailboxComplained'));
  assert.deepEqual(webhookEventsRoute.jobs(recorded('TourCompleted', { userId: 'u', completedAt: AT })), []);
});

test('every webhook event type has a payload schema', () => {
  assert.deepEqual(Object.keys(WEBHOOK_PAYLOAD_SCHEMAS).sort(), [...WEBHOOK_EVENTS].sort());
  const types: readonly WebhookEventType[] = WEBHOOK_EVENTS;
  for (const type of types) assert.ok(WEBHOOK_PAYLOAD_SCHEMAS[type], type);
});
