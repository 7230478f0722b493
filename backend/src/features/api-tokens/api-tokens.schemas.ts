import { z } from 'zod';
import { API_TOKEN_MESSAGES, API_TOKEN_NAME_MAX } from '@crossfeed/domain/api-tokens/api-token.rules.ts';
import { API_TOKEN_SCOPES } from '@crossfeed/domain/rules/api-token-scopes.ts';

/**
 * POST /api/tokens: a name and the scopes the token opens. The decider keeps the rules (trimmed name of 1 to
 * 50 characters, known scopes, deduplicated, at least one); this schema refuses anything else in the body.
 */
export const CreateApiTokenBody = z.strictObject({
  name: z.string({ error: API_TOKEN_MESSAGES.nameRequired }).trim().min(1, API_TOKEN_MESSAGES.nameRequired).max(API_TOKEN_NAME_MAX, API_TOKEN_MESSAGES.nameTooLong),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, { error: API_TOKEN_MESSAGES.unknownScope }), { error: API_TOKEN_MESSAGES.scopesRequired })
    .min(1, API_TOKEN_MESSAGES.scopesRequired)
    .max(API_TOKEN_SCOPES.length * 4)
    .describe(`The scopes the token opens: ${API_TOKEN_SCOPES.join(', ')}.`),
});

export type CreateApiTokenBodyInput = z.infer<typeof CreateApiTokenBody>;
