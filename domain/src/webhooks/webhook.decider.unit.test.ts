import { describe, test } from 'node:test';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { AddWebhookEndpoint } from './webhook.commands.ts';
import { WEBHOOK_ENDPOINTS_MAX, webhookDecider } from './webhook.decider.ts';
import type { WebhookEndpointAdded, WebhookEndpointDisabled, WebhookEndpointRemoved, WebhookSecretRotated } from './webhook.events.ts';

const NOW = '2026-11-29T03:00:00.000Z';
const spec = deciderSpec(webhookDecider);

const add = (overrides: Partial<AddWebhookEndpoint['data']> = {}): AddWebhookEndpoint => ({
  type: 'AddWebhookEndpoint',
  data: { endpointId: 'e1', userId: 'u1', url: 'https://hooks.example.com/in', events: ['match.completed'], isPremium: true, isAdmin: false, allowLoopbackHttp: false, now: NOW, ...overrides },
});
const added = (endpointId = 'e1', overrides: Partial<WebhookEndpointAdded['data']> = {}): WebhookEndpointAdded => ({
  type: 'WebhookEndpointAdded',
  data: { endpointId, userId: 'u1', url: 'https://hooks.example.com/in', events: ['match.completed'], founder: false, addedAt: NOW, ...overrides },
});
const removed = (endpointId = 'e1'): WebhookEndpointRemoved => ({ type: 'WebhookEndpointRemoved', data: { endpointId, userId: 'u1', removedAt: NOW } });
const rotated = (secretVersion: number): WebhookSecretRotated => ({ type: 'WebhookSecretRotated', data: { endpointId: 'e1', userId: 'u1', secretVersion, rotatedAt: NOW } });
const disabled = (reason = 'Every delivery failed for 3 days.'): WebhookEndpointDisabled => ({
  type: 'WebhookEndpointDisabled',
  data: { endpointId: 'e1', userId: 'u1', url: 'https://hooks.example.com/in', reason, disabledAt: NOW },
});

describe('webhook decider: adding an endpoint', () => {
  test('a Premium user adds one; the events are deduplicated, in the catalogue’s order', () => {
    spec
      .given([])
      .when(add({ events: ['link.clicked', 'match.completed', 'link.clicked'] }))
      .then([added('e1', { events: ['match.completed', 'link.clicked'] })]);
  });

  test('a Free user is refused with the Premium message; an admin may add one without Premium', () => {
    spec.given([]).when(add({ isPremium: false })).thenThrows(ForbiddenError, /Webhooks is a Premium feature/);
    spec.given([]).when(add({ isPremium: false, isAdmin: true })).then([added()]);
  });

  test('founder events are for admins only, and make the endpoint a founder endpoint', () => {
    spec.given([]).when(add({ events: ['waitlist.joined'] })).thenThrows(ForbiddenError, /Only admins/);
    spec
      .given([])
      .when(add({ isAdmin: true, events: ['waitlist.joined', 'match.completed'] }))
      .then([added('e1', { events: ['match.completed', 'waitlist.joined'], founder: true })]);
  });

  test('no event, or an unknown one, is refused', () => {
    spec.given([]).when(add({ events: [] })).thenThrows(ValidationError, /at least one event/);
    spec.given([]).when(add({ events: ['match.completed', 'webhook.test'] })).thenThrows(ValidationError, /Unknown event "webhook.test"/);
  });

  test('unsafe URLs are refused with the reason; a loopback receiver only when allowed (not production)', () => {
    spec.given([]).when(add({ url: 'http://hooks.example.com/in' })).thenThrows(ValidationError, /https/);
    spec.given([]).when(add({ url: 'https://10.0.0.1/in' })).thenThrows(ValidationError, /not to a local, private or internal address/);
    spec.given([]).when(add({ url: 'https://169.254.169.254/' })).thenThrows(ValidationError, /private/);
    spec.given([]).when(add({ url: 'https://me:pw@hooks.example.com/' })).thenThrows(ValidationError, /user name or password/);
    spec.given([]).when(add({ url: `https://hooks.example.com/${'x'.repeat(2100)}` })).thenThrows(ValidationError, /2048/);
    spec.given([]).when(add({ url: 'http://127.0.0.1:9000/in' })).thenThrows(ValidationError, /private/);
    spec.given([]).when(add({ url: 'http://127.0.0.1:9000/in', allowLoopbackHttp: true })).then([added('e1', { url: 'http://127.0.0.1:9000/in' })]);
  });

  test(`at most ${WEBHOOK_ENDPOINTS_MAX} endpoints; a removed one frees a place; an id is never reused`, () => {
    const full = Array.from({ length: WEBHOOK_ENDPOINTS_MAX }, (_, i) => added(`w${i}`));
    spec.given(full).when(add()).thenThrows(ConflictError, /already have 10 webhook endpoints/);
    spec.given([...full, removed('w3')]).when(add()).then([added()]);
    spec.given([added(), removed()]).when(add()).thenThrows(ValidationError, /already used/);
  });
});

describe('webhook decider: removing, rotating, disabling', () => {
  test('removes an endpoint; an unknown or removed one is not found', () => {
    spec.given([added()]).when({ type: 'RemoveWebhookEndpoint', data: { endpointId: 'e1', userId: 'u1', now: NOW } }).then([removed()]);
    spec.given([added(), removed()]).when({ type: 'RemoveWebhookEndpoint', data: { endpointId: 'e1', userId: 'u1', now: NOW } }).thenThrows(NotFoundError);
    spec.given([]).when({ type: 'RemoveWebhookEndpoint', data: { endpointId: 'e9', userId: 'u1', now: NOW } }).thenThrows(NotFoundError);
  });

  test('rotation bumps the secret version each time', () => {
    const rotate = { type: 'RotateWebhookSecret' as const, data: { endpointId: 'e1', userId: 'u1', now: NOW } };
    spec.given([added()]).when(rotate).then([rotated(2)]);
    spec.given([added(), rotated(2), rotated(3)]).when(rotate).then([rotated(4)]);
    spec.given([added(), removed()]).when(rotate).thenThrows(NotFoundError);
  });

  test('disables once, naming the url and the reason', () => {
    const disable = { type: 'DisableWebhookEndpoint' as const, data: { endpointId: 'e1', userId: 'u1', reason: 'Every delivery failed for 3 days.', now: NOW } };
    spec.given([added()]).when(disable).then([disabled()]);
    spec.given([added(), disabled()]).when(disable).then([]);
    spec.given([added(), removed()]).when(disable).thenThrows(NotFoundError);
  });
});
