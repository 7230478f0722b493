import { z } from 'zod';
import type { DomainEvent } from '../shared/decider.ts';
import type { EventSchemas } from '../shared/event-schemas.ts';

/**
 * Events of the `webhooks-{userId}` stream (issue 26): a creator's webhook endpoints. No secret is ever
 * recorded: an endpoint's signing secret is derived from its id and `secretVersion` with a server key
 * (platform/src/security/derived-tokens.ts), so a rotation (a new version) ends the old secret at once.
 */

/** A new endpoint, subscribed to `events`; `founder` when it takes founder (whole-waitlist) events, which only an admin may add. */
export type WebhookEndpointAdded = DomainEvent<
  'WebhookEndpointAdded',
  { endpointId: string; userId: string; url: string; events: string[]; founder: boolean; addedAt: string }
>;
export type WebhookEndpointRemoved = DomainEvent<'WebhookEndpointRemoved', { endpointId: string; userId: string; removedAt: string }>;
/** The endpoint's secret is now the one of `secretVersion` (the first is version 1). */
export type WebhookSecretRotated = DomainEvent<'WebhookSecretRotated', { endpointId: string; userId: string; secretVersion: number; rotatedAt: string }>;
/** Deliveries stopped: every one failed for 3 days. `url` names it in the owner's notification. */
export type WebhookEndpointDisabled = DomainEvent<'WebhookEndpointDisabled', { endpointId: string; userId: string; url: string; reason: string; disabledAt: string }>;

export type WebhookEvent = WebhookEndpointAdded | WebhookEndpointRemoved | WebhookSecretRotated | WebhookEndpointDisabled;

/** What each event's data must be, checked at append (domain/src/event-schemas.ts). */
export const webhookEventSchemas = {
  WebhookEndpointAdded: z.object({ endpointId: z.string(), userId: z.string(), url: z.string(), events: z.array(z.string()), founder: z.boolean(), addedAt: z.string() }),
  WebhookEndpointRemoved: z.object({ endpointId: z.string(), userId: z.string(), removedAt: z.string() }),
  WebhookSecretRotated: z.object({ endpointId: z.string(), userId: z.string(), secretVersion: z.number().int().positive(), rotatedAt: z.string() }),
  WebhookEndpointDisabled: z.object({ endpointId: z.string(), userId: z.string(), url: z.string(), reason: z.string(), disabledAt: z.string() }),
} satisfies EventSchemas<WebhookEvent>;
