import { z } from 'zod';
import { API_TOKEN_SCOPES, type ApiTokenScope } from '../rules/api-token-scopes.ts';
import type { DomainEvent } from '../shared/decider.ts';
import type { EventSchemas } from '../shared/event-schemas.ts';

/**
 * Events of the `api-tokens-{userId}` stream (issue 26): a creator's personal API tokens. The secret itself is
 * never written anywhere: only its SHA-256 (hex) and its first characters, to recognise it in a list.
 */

export type ApiTokenIssued = DomainEvent<
  'ApiTokenIssued',
  {
    tokenId: string;
    userId: string;
    name: string;
    scopes: ApiTokenScope[];
    /** Hex SHA-256 of the whole secret (`cf_…`): what a request's bearer token is looked up by. */
    hash: string;
    /** The secret's first 7 characters (`cf_ab12`), shown in the list. */
    hint: string;
    issuedAt: string;
  }
>;
export type ApiTokenRevoked = DomainEvent<'ApiTokenRevoked', { tokenId: string; userId: string; revokedAt: string }>;
/** The token was used; appended at most once a minute per token, so "last used" is true to the minute. */
export type ApiTokenUsed = DomainEvent<'ApiTokenUsed', { tokenId: string; userId: string; usedAt: string }>;

export type ApiTokenEvent = ApiTokenIssued | ApiTokenRevoked | ApiTokenUsed;

/** What each event's data must be, checked at append (domain/src/event-schemas.ts). */
export const apiTokenEventSchemas = {
  ApiTokenIssued: z.object({
    tokenId: z.string(),
    userId: z.string(),
    name: z.string(),
    scopes: z.array(z.enum(API_TOKEN_SCOPES)),
    hash: z.string().regex(/^[0-9a-f]{64}$/),
    hint: z.string(),
    issuedAt: z.string(),
  }),
  ApiTokenRevoked: z.object({ tokenId: z.string(), userId: z.string(), revokedAt: z.string() }),
  ApiTokenUsed: z.object({ tokenId: z.string(), userId: z.string(), usedAt: z.string() }),
} satisfies EventSchemas<ApiTokenEvent>;
