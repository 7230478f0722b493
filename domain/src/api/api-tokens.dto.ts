import { z } from 'zod';
import { API_TOKEN_SCOPES } from '../rules/api-token-scopes.ts';

/** One personal API token as its owner's list shows it (GET /api/tokens): never its secret nor its hash. */
export const ApiTokenDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  hint: z.string().describe("The secret's first characters (cf_ab12), to tell tokens apart."),
  created_at: z.string(),
  last_used_at: z.string().nullable().describe('When the token was last used, to the minute; null when never.'),
});
export type ApiTokenDto = z.infer<typeof ApiTokenDtoSchema>;

/** The answer to POST /api/tokens: the only time the secret (`token`, `cf_` + 43 base64url characters) is shown. */
export const CreatedApiTokenDtoSchema = ApiTokenDtoSchema.omit({ last_used_at: true }).extend({
  token: z.string().describe('The whole secret, shown this once: send it as `Authorization: Bearer <token>`.'),
});
export type CreatedApiTokenDto = z.infer<typeof CreatedApiTokenDtoSchema>;
