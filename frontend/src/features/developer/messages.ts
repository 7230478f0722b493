import type { ApiTokenScope } from '@crossfeed/domain/rules/api-token-scopes.ts';
import type { WebhookEventType } from '@crossfeed/domain/webhooks/webhook-event-types.ts';

export const API_TOKENS_TITLE = 'API tokens';
export const WEBHOOKS_TITLE = 'Webhooks';

/** Where the generated API reference is served (issue 26, item 1). */
export const API_DOCS_PATH = '/docs/api';

export const SECRET_ONCE = 'Copy it now: you will not see it again.';
export const SECRET_COPIED = 'Copied.';
export const SECRET_COPY_FAILED = 'Could not copy: select the text and copy it yourself.';

export const NO_API_TOKENS = 'No API tokens yet.';
export const API_TOKENS_FETCH_FAILED = 'Failed to fetch your API tokens.';
export const API_TOKEN_CREATE_FAILED = 'Failed to create the token.';
export const API_TOKEN_REVOKE_FAILED = 'Failed to revoke the token.';
export const API_TOKEN_REVOKED = 'Token revoked.';

export const NO_WEBHOOKS = 'No endpoints yet.';
export const WEBHOOKS_FETCH_FAILED = 'Failed to fetch your webhook endpoints.';
export const WEBHOOK_CREATE_FAILED = 'Failed to add the endpoint.';
export const WEBHOOK_DELETE_FAILED = 'Failed to delete the endpoint.';
export const WEBHOOK_DELETED = 'Endpoint deleted.';
export const WEBHOOK_ROTATE_FAILED = 'Failed to rotate the signing secret.';
export const WEBHOOK_TEST_FAILED = 'Failed to send the test event.';
export const WEBHOOK_TEST_SENT = 'Test event sent.';
export const NO_DELIVERIES = 'No deliveries yet.';
export const DELIVERIES_FETCH_FAILED = 'Failed to fetch the delivery log.';
export const DELIVERY_RESEND_FAILED = 'Failed to resend the event.';
export const DELIVERY_RESENT = 'Event sent again.';

/** What a Free user reads instead of the form. */
export const WEBHOOKS_PREMIUM = 'Webhooks are a Premium feature.';
export const WEBHOOKS_PITCH =
  'A webhook posts a signed JSON message to your own server the moment something happens: an item is released, a match completes, a share is delivered, a link is clicked, a conversion is recorded. Use it to post to Discord, fill a spreadsheet or update your CRM.';

/** One plain-English line per scope, beside its checkbox. */
export const SCOPE_HINTS: Record<ApiTokenScope, string> = {
  'content:read': 'Read your content and its status.',
  'content:write': 'Add, edit and release your content.',
  'contacts:read': 'Read your contacts.',
  'contacts:write': 'Add, change and remove contacts.',
  'analytics:read': 'Read clicks, conversions and other analytics.',
  webhooks: 'Manage your webhook endpoints.',
};

/** One plain-English line per event, beside its checkbox. */
export const EVENT_HINTS: Record<WebhookEventType, string> = {
  'content.released': 'An item of yours is released.',
  'content.status_changed': 'A moderator approves or removes an item.',
  'match.completed': 'A match is completed.',
  'share.delivered': 'A share e-mail is delivered.',
  'share.bounced': 'A share e-mail bounces.',
  'link.clicked': 'A person clicks one of your links.',
  'conversion.recorded': 'A conversion is recorded.',
  'contact.unsubscribed': 'A contact unsubscribes.',
  'waitlist.position_changed': 'Your waitlist position changes.',
  'waitlist.joined': 'Someone joins the waitlist.',
  'waitlist.confirmed': 'Someone confirms their waitlist e-mail.',
  'waitlist.rank_changed': 'A waitlist rank changes.',
};
