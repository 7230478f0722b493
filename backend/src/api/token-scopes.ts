import type { ApiTokenScope } from '@crossfeed/domain/rules/api-token-scopes.ts';

/**
 * The one table of what a personal API token reaches (issue 26): `METHOD route` (the Express route path as the
 * router declares it) → the scope it needs. A route not listed here answers a token with 403, whatever its
 * scopes: admin routes and account settings (password, profile, tokens, billing, referrals) are never listed.
 * The OpenAPI document's security requirements and the token middleware both read this table.
 */
export const TOKEN_ROUTE_SCOPES: Readonly<Record<string, ApiTokenScope>> = {
  // content:read
  'GET /content': 'content:read',
  'GET /content/:id': 'content:read',
  'GET /content/match': 'content:read',
  'GET /content/shuffles/remaining': 'content:read',
  'GET /content/shares/sent': 'content:read',
  'GET /content/:id/share-summary': 'content:read',
  'GET /content/:id/share-targets': 'content:read',
  'GET /api/users/submission-info': 'content:read',
  'GET /search': 'content:read',
  'GET /search/remaining': 'content:read',
  'GET /workspace': 'content:read',
  'GET /schedules': 'content:read',
  // content:write
  'POST /content': 'content:write',
  'POST /content/batch': 'content:write',
  'PUT /content/:id': 'content:write',
  'DELETE /content/:id': 'content:write',
  'POST /content/:id/pause': 'content:write',
  'POST /content/:id/resume': 'content:write',
  'POST /content/:id/share': 'content:write',
  'POST /content/:id/share-preview': 'content:write',
  'POST /content/:id/enhance': 'content:write',
  'POST /content/shuffle': 'content:write',
  'POST /links': 'content:write',
  'PUT /workspace': 'content:write',
  'POST /workspace/reset': 'content:write',
  'POST /schedules': 'content:write',
  'DELETE /schedules/:id': 'content:write',
  // contacts:read
  'GET /contacts': 'contacts:read',
  'GET /contacts/export.csv': 'contacts:read',
  'GET /audience': 'contacts:read',
  'GET /audience/:id': 'contacts:read',
  // contacts:write
  'POST /contacts': 'contacts:write',
  'POST /contacts/bulk': 'contacts:write',
  'POST /contacts/batch-delete': 'contacts:write',
  'DELETE /contacts/:id': 'contacts:write',
  'POST /audience': 'contacts:write',
  'PUT /audience/:id': 'contacts:write',
  'DELETE /audience/:id': 'contacts:write',
  // analytics:read
  'POST /analytics': 'analytics:read',
  'GET /analytics/user/:id': 'analytics:read',
  'GET /analytics/content/:id/daily': 'analytics:read',
  'GET /analytics/content/:id/daily.csv': 'analytics:read',
  'GET /analytics/content/:id/sharers.csv': 'analytics:read',
  'GET /analytics/audience/categories': 'analytics:read',
  'GET /analytics/audience/overlap': 'analytics:read',
  'GET /content/:id/attribution': 'analytics:read',
  'GET /content/:id/conversion-snippet': 'analytics:read',
  'GET /conversions': 'analytics:read',
  'GET /conversions/content/metrics': 'analytics:read',
  // webhooks
  'GET /api/webhooks': 'webhooks',
  'POST /api/webhooks': 'webhooks',
  'DELETE /api/webhooks/:id': 'webhooks',
  'POST /api/webhooks/:id/rotate-secret': 'webhooks',
  'POST /api/webhooks/:id/test': 'webhooks',
  'GET /api/webhooks/:id/deliveries': 'webhooks',
  'POST /api/webhooks/:id/deliveries/:deliveryId/resend': 'webhooks',
};

/** The scope a token needs for a route, or undefined when no token may call it. */
export const tokenScopeFor = (method: string, route: string): ApiTokenScope | undefined => TOKEN_ROUTE_SCOPES[`${method.toUpperCase()} ${route}`];
