import type { ApiTokenScope } from '@crossfeed/domain/rules/api-token-scopes.ts';
import type { ApiTokenDto, CreatedApiTokenDto } from '@crossfeed/domain/api/api-tokens.dto.ts';
import { api } from '@/lib/api-client';

/** A token as GET /api/tokens lists it (never its secret, only a hint of it), and POST's one-time answer. */
export type ApiToken = ApiTokenDto;
export type CreatedApiToken = CreatedApiTokenDto;

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
