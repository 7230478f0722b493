import { z } from 'zod';
import { ApiTokenDtoSchema, CreatedApiTokenDtoSchema } from '@crossfeed/domain/api/api-tokens.dto.ts';
import { operations } from '../../api/openapi/operation.ts';
import { CreateApiTokenBody } from './api-tokens.schemas.ts';

const SESSION_ONLY = 'Only a signed-in session may call this: a personal API token is refused with 403, whatever its scopes.';

/** The operations of `api-tokens` as the OpenAPI document describes them (issue 26). */
export const apiTokensOperations = operations([
  {
    method: 'post',
    route: '/api/tokens',
    operationId: 'createApiToken',
    summary: 'Create a personal API token',
    description: `The answer's \`token\` is the secret, shown this once: the server keeps only its SHA-256. Send it as \`Authorization: Bearer cf_…\`; its scopes say which routes it opens. At most 20 live tokens per account (409 past that). ${SESSION_ONLY}`,
    tag: 'API tokens',
    access: 'session',
    body: CreateApiTokenBody,
    responses: { 201: { description: 'The new token with its secret.', schema: CreatedApiTokenDtoSchema } },
    errors: [400, 401, 403, 409, 413],
  },
  {
    method: 'get',
    route: '/api/tokens',
    operationId: 'listApiTokens',
    summary: "The caller's live API tokens",
    description: `Newest first, with when each was last used (to the minute). Never the secret nor its hash. ${SESSION_ONLY}`,
    tag: 'API tokens',
    access: 'session',
    responses: { 200: { description: 'The live tokens.', schema: z.array(ApiTokenDtoSchema) } },
    errors: [401, 403],
  },
  {
    method: 'delete',
    route: '/api/tokens/:id',
    operationId: 'revokeApiToken',
    summary: 'Revoke an API token',
    description: `The token is refused (401) from its very next request. Revoking one already revoked changes nothing; another user's token is answered 404. ${SESSION_ONLY}`,
    tag: 'API tokens',
    access: 'session',
    responses: { 204: { description: 'Revoked.' } },
    errors: [401, 403, 404],
  },
]);
