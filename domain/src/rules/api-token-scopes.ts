/**
 * What a personal API token may be given (issue 26): each scope opens a family of routes
 * (backend/src/api/token-scopes.ts says which). A token never reaches admin routes or account settings.
 */
export const API_TOKEN_SCOPES = ['content:read', 'content:write', 'contacts:read', 'contacts:write', 'analytics:read', 'webhooks'] as const;

export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const isApiTokenScope = (value: unknown): value is ApiTokenScope => (API_TOKEN_SCOPES as readonly unknown[]).includes(value);

/** The prefix every token's secret starts with, so a leaked one is recognisable (and told from a session JWT). */
export const API_TOKEN_PREFIX = 'cf_';
