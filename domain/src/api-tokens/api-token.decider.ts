import { API_TOKEN_PREFIX, isApiTokenScope, type ApiTokenScope } from '../rules/api-token-scopes.ts';
import type { Decider } from '../shared/decider.ts';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.ts';
import type { ApiTokenCommand, IssueApiToken } from './api-token.commands.ts';
import type { ApiTokenEvent } from './api-token.events.ts';
import { API_TOKEN_HINT_LENGTH, API_TOKEN_MESSAGES, API_TOKEN_NAME_MAX, API_TOKEN_USE_RECORD_INTERVAL_MS, API_TOKENS_LIVE_MAX } from './api-token.rules.ts';

/**
 * A creator's personal API tokens, decided on `api-tokens-{userId}` (one stream per user, so the cap on live
 * tokens holds under concurrent requests and a token can only be revoked on its owner's stream).
 */

export interface ApiTokenEntry {
  revoked: boolean;
  /** The last recorded use (ms), or null. */
  lastUsedMs: number | null;
}

export interface ApiTokenState {
  tokens: Map<string, ApiTokenEntry>;
  /** Tokens not revoked: the cap counts these. */
  live: number;
}

/** The name as kept: trimmed, 1 to 50 characters. */
export function apiTokenName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new ValidationError(API_TOKEN_MESSAGES.nameRequired);
  if (trimmed.length > API_TOKEN_NAME_MAX) throw new ValidationError(API_TOKEN_MESSAGES.nameTooLong);
  return trimmed;
}

/** The scopes as kept: known ones only, each once, at least one. */
export function apiTokenScopes(scopes: readonly string[]): ApiTokenScope[] {
  const kept: ApiTokenScope[] = [];
  for (const scope of scopes) {
    if (!isApiTokenScope(scope)) throw new ValidationError(API_TOKEN_MESSAGES.unknownScope);
    if (!kept.includes(scope)) kept.push(scope);
  }
  if (kept.length === 0) throw new ValidationError(API_TOKEN_MESSAGES.scopesRequired);
  return kept;
}

function issue(state: ApiTokenState, data: IssueApiToken['data']): ApiTokenEvent[] {
  const name = apiTokenName(data.name);
  const scopes = apiTokenScopes(data.scopes);
  if (!data.tokenId || !data.userId) throw new ValidationError('tokenId and userId are required.');
  if (!/^[0-9a-f]{64}$/.test(data.hash) || data.hint.length !== API_TOKEN_HINT_LENGTH || !data.hint.startsWith(API_TOKEN_PREFIX)) {
    throw new ValidationError(API_TOKEN_MESSAGES.badSecret);
  }
  if (state.tokens.has(data.tokenId)) throw new ValidationError(API_TOKEN_MESSAGES.idUsed);
  if (state.live >= API_TOKENS_LIVE_MAX) throw new ConflictError(API_TOKEN_MESSAGES.tooMany);
  const { tokenId, userId, hash, hint, now } = data;
  return [{ type: 'ApiTokenIssued', data: { tokenId, userId, name, scopes, hash, hint, issuedAt: now } }];
}

export const apiTokenDecider: Decider<ApiTokenState, ApiTokenCommand, ApiTokenEvent> = {
  initialState: () => ({ tokens: new Map(), live: 0 }),

  evolve(state, event) {
    switch (event.type) {
      case 'ApiTokenIssued':
        state.tokens.set(event.data.tokenId, { revoked: false, lastUsedMs: null });
        state.live += 1;
        return state;
      case 'ApiTokenRevoked': {
        const entry = state.tokens.get(event.data.tokenId);
        if (entry && !entry.revoked) {
          entry.revoked = true;
          state.live = Math.max(0, state.live - 1);
        }
        return state;
      }
      case 'ApiTokenUsed': {
        const entry = state.tokens.get(event.data.tokenId);
        if (entry) entry.lastUsedMs = Date.parse(event.data.usedAt);
        return state;
      }
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'IssueApiToken':
        return issue(state, command.data);
      case 'RevokeApiToken': {
        const { tokenId, userId, now } = command.data;
        const entry = state.tokens.get(tokenId);
        // Only tokens of this stream (the caller's own) are found; another user's id is unknown here.
        if (!entry) throw new NotFoundError(API_TOKEN_MESSAGES.notFound);
        // Revoking twice changes nothing.
        if (entry.revoked) return [];
        return [{ type: 'ApiTokenRevoked', data: { tokenId, userId, revokedAt: now } }];
      }
      case 'RecordApiTokenUse': {
        const { tokenId, userId, now } = command.data;
        const entry = state.tokens.get(tokenId);
        // A use that raced a revoke, or an unknown id, leaves nothing to record.
        if (!entry || entry.revoked) return [];
        if (entry.lastUsedMs !== null && Date.parse(now) - entry.lastUsedMs < API_TOKEN_USE_RECORD_INTERVAL_MS) return [];
        return [{ type: 'ApiTokenUsed', data: { tokenId, userId, usedAt: now } }];
      }
      default:
        return [];
    }
  },
};
