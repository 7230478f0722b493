import type { ApiTokenScope } from '@crossfeed/domain/rules/api-token-scopes.ts';
import { api } from '@/lib/api-client';

// Local shapes of the token routes (issue 26, item 2) until domain/src/api/api-tokens.dto.ts holds them.

/** A token as GET /api/tokens lists it: never its secret, only a hint of it. */
export type ApiToken = {
  id: string;
  name: string;
  scopes: ApiTokenScope[];
  /** A few characters of the secret, so the person can tell their tokens apart. */
  hint: string;
  created_at: string;
  last_used_at: string | null;
};

/** POST /api/tokens' answer: the one time the secret (`cf_…`) is shown. */
export type CreatedApiToken = Omit<ApiToken, 'last_used_at'> & { token: string };

/** The signed-in user's tokens in the query cache, read while the window shows. */
export const API_TOKENS_KEY = ['api-tokens'] as const;

/** GET /api/tokens: the user's tokens (a login session only, never a token). */
export function getApiTokens(signal?: AbortSignal): Promise<ApiToken[]> {
  return api.get<ApiToken[]>('/api/tokens', { signal });
}

/** POST /api/tokens { name, scopes } → 201 with the secret. */
export function createApiToken(body: { name: string; scopes: ApiTokenScope[] }): Promise<CreatedApiToken> {
  return api.post<CreatedApiToken>('/api/tokens', body);
}

/** DELETE /api/tokens/{id} → 204: the token stops working at once. */
export function revokeApiToken(id: string): Promise<void> {
  return api.delete<void>(`/api/tokens/${encodeURIComponent(id)}`);
}
