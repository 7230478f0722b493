import type { ApiTokenScope } from '@crossfeed/domain/rules/api-token-scopes.ts';
import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import { defineProjection } from '../projection.ts';

export const API_TOKENS = 'api_tokens';

/** One personal API token (issue 26): its owner's list, and the lookup of a request's bearer token by hash. */
export interface ApiTokenDoc extends Doc {
  user_id: string;
  name: string;
  scopes: ApiTokenScope[];
  /** Hex SHA-256 of the secret; the secret itself is never stored. */
  hash: string;
  hint: string;
  created_at: string;
  /** The last recorded use (at most a minute stale), or null. */
  last_used_at: string | null;
  revoked_at: string | null;
}

/** The `api_tokens` read model. Every write is a `$set` of values the event holds, so replaying one changes nothing. */
export const apiTokensProjection = defineProjection({
  name: 'api-tokens',
  version: 1,
  collections: {
    [API_TOKENS]: [
      // Each authenticated request with a token looks it up by the secret's hash.
      { key: { hash: 1 } },
      // GET /api/tokens: the owner's, newest first.
      { key: { user_id: 1, created_at: -1 } },
    ],
  },
  handlers: {
    ApiTokenIssued: ({ data }) => [
      {
        op: 'upsert',
        collection: API_TOKENS,
        id: data.tokenId,
        update: {
          $set: {
            user_id: data.userId,
            name: data.name,
            scopes: data.scopes,
            hash: data.hash,
            hint: data.hint,
            created_at: data.issuedAt,
            last_used_at: null,
            revoked_at: null,
          },
        },
      },
    ],
    ApiTokenRevoked: ({ data }) => [{ op: 'update', collection: API_TOKENS, id: data.tokenId, update: { $set: { revoked_at: data.revokedAt } } }],
    ApiTokenUsed: ({ data }) => [{ op: 'update', collection: API_TOKENS, id: data.tokenId, update: { $set: { last_used_at: data.usedAt } } }],
  },
});
