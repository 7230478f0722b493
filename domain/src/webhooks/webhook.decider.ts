import { webhookUrlReason } from '../rules/webhook-address.ts';
import { premiumFeatureMessage } from '../rules/tier-features.ts';
import type { Decider } from '../shared/decider.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors.ts';
import type { WebhookCommand } from './webhook.commands.ts';
import type { WebhookEvent } from './webhook.events.ts';
import { isFounderWebhookEventType, isWebhookEventType, WEBHOOK_EVENTS } from './webhook-event-types.ts';

/**
 * A creator's webhook endpoints, decided on `webhooks-{userId}` (one stream per user, so the cap holds under
 * concurrent requests). The rules: Premium (or an admin) to add one, founder events for admins only, at most
 * `WEBHOOK_ENDPOINTS_MAX` endpoints, one or more known events, a safe URL (rules/webhook-address.ts).
 */

export const WEBHOOK_ENDPOINTS_MAX = 10;
/** An endpoint whose deliveries all failed this long (since its last success) is disabled. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 3;

export const WEBHOOK_MESSAGES = {
  premiumOnly: premiumFeatureMessage('Webhooks'),
  founderOnly: 'Only admins can subscribe to the waitlist events (waitlist.joined, waitlist.confirmed, waitlist.rank_changed).',
  tooMany: `You already have ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints. Delete one to add another.`,
  noEvents: 'Choose at least one event.',
  unknownEvent: (event: string) => `Unknown event "${event}". Known events: ${WEBHOOK_EVENTS.join(', ')}.`,
  notFound: 'Webhook endpoint not found.',
  disabled: 'This webhook endpoint is disabled. Delete it and add it again to receive events.',
  idUsed: 'This endpoint id is already used.',
} as const;

/** Who may have webhook endpoints: a Premium account or an admin (the founders). */
export const mayUseWebhooks = (isPremium: boolean, isAdmin: boolean): boolean => isPremium || isAdmin;

export function assertMayUseWebhooks(isPremium: boolean, isAdmin: boolean): void {
  if (!mayUseWebhooks(isPremium, isAdmin)) throw new ForbiddenError(WEBHOOK_MESSAGES.premiumOnly);
}

export type WebhookEndpointStatus = 'active' | 'disabled';

export interface WebhookEndpointEntry {
  url: string;
  status: WebhookEndpointStatus;
  secretVersion: number;
}

export interface WebhookState {
  /** The user's endpoints that are not removed, by id (updated in place). */
  endpoints: Map<string, WebhookEndpointEntry>;
  /** Every id ever used on the stream (a removed id is not reused). */
  usedIds: Set<string>;
}

function existing(state: WebhookState, endpointId: string): WebhookEndpointEntry {
  const entry = state.endpoints.get(endpointId);
  if (!entry) throw new NotFoundError(WEBHOOK_MESSAGES.notFound);
  return entry;
}

/** The subscribed events, deduplicated, in the catalogue's order; throws on none or an unknown one. */
export function webhookEventsOf(events: readonly string[], isAdmin: boolean): string[] {
  const unknown = events.find((event) => !isWebhookEventType(event));
  if (unknown !== undefined) throw new ValidationError(WEBHOOK_MESSAGES.unknownEvent(unknown));
  if (events.length === 0) throw new ValidationError(WEBHOOK_MESSAGES.noEvents);
  if (!isAdmin && events.some(isFounderWebhookEventType)) throw new ForbiddenError(WEBHOOK_MESSAGES.founderOnly);
  return WEBHOOK_EVENTS.filter((event) => events.includes(event));
}

export const webhookDecider: Decider<WebhookState, WebhookCommand, WebhookEvent> = {
  initialState: () => ({ endpoints: new Map(), usedIds: new Set() }),

  evolve(state, event) {
    switch (event.type) {
      case 'WebhookEndpointAdded':
        state.endpoints.set(event.data.endpointId, { url: event.data.url, status: 'active', secretVersion: 1 });
        state.usedIds.add(event.data.endpointId);
        return state;
      case 'WebhookEndpointRemoved':
        state.endpoints.delete(event.data.endpointId);
        return state;
      case 'WebhookSecretRotated': {
        const entry = state.endpoints.get(event.data.endpointId);
        if (entry) entry.secretVersion = event.data.secretVersion;
        return state;
      }
      case 'WebhookEndpointDisabled': {
        const entry = state.endpoints.get(event.data.endpointId);
        if (entry) entry.status = 'disabled';
        return state;
      }
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'AddWebhookEndpoint': {
        const { endpointId, userId, url, isPremium, isAdmin, allowLoopbackHttp, now } = command.data;
        assertMayUseWebhooks(isPremium, isAdmin);
        if (!endpointId || !userId) throw new ValidationError('endpointId and userId are required.');
        if (state.usedIds.has(endpointId)) throw new ValidationError(WEBHOOK_MESSAGES.idUsed);
        const reason = webhookUrlReason(url, { allowLoopbackHttp });
        if (reason !== null) throw new ValidationError(reason);
        const events = webhookEventsOf(command.data.events, isAdmin);
        if (state.endpoints.size >= WEBHOOK_ENDPOINTS_MAX) throw new ConflictError(WEBHOOK_MESSAGES.tooMany);
        return [{ type: 'WebhookEndpointAdded', data: { endpointId, userId, url, events, founder: events.some(isFounderWebhookEventType), addedAt: now } }];
      }
      case 'RemoveWebhookEndpoint': {
        const { endpointId, userId, now } = command.data;
        existing(state, endpointId);
        return [{ type: 'WebhookEndpointRemoved', data: { endpointId, userId, removedAt: now } }];
      }
      case 'RotateWebhookSecret': {
        const { endpointId, userId, now } = command.data;
        const entry = existing(state, endpointId);
        return [{ type: 'WebhookSecretRotated', data: { endpointId, userId, secretVersion: entry.secretVersion + 1, rotatedAt: now } }];
      }
      case 'DisableWebhookEndpoint': {
        const { endpointId, userId, reason, now } = command.data;
        const entry = existing(state, endpointId);
        // Disabled once: a second failing delivery changes nothing.
        if (entry.status === 'disabled') return [];
        return [{ type: 'WebhookEndpointDisabled', data: { endpointId, userId, url: entry.url, reason, disabledAt: now } }];
      }
    }
  },
};
