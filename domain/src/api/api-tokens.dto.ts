import { z } from 'zod';
import { API_TOKEN_SCOPES, type ApiTokenScope } from '../rules/api-token-scopes.ts';

/** One personal API token as its owner's list shows it (GET /api/tokens): never its secret nor its hash. */
export interface ApiTokenDto {
  id: string;
  name: string;
  scopes: ApiTokenScope[];
  /** The secret's first characters (`cf_ab12`), to tell tokens apart. */
  hint: string;
  created_at: string;
  /** When the token was last used, to the minute; null when never. */
  last_used_at: string | null;
}

/** The answer to POST /api/tokens: the only time the secret (`token`) is shown. */
export interface CreatedApiTokenDto {
  id: string;
  name: string;
  scopes: ApiTokenScope[];
  /** The whole secret, `cf_` + 43 base64url characters: send it as `Authorization: Bearer <token>`. */
  token: string;
  hint: string;
  created_at: string;
}

/** ApiTokenDto's schema: what the OpenAPI document says GET /api/tokens answers. */
export const ApiTokenDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  hint: z.string().describe("The secret's first characters (cf_ab12), to tell tokens apart."),
  created_at: z.string(),
  last_used_at: z.string().nullable().describe('When the token was last used, to the minute; null when never.'),
}) satisfies z.ZodType<ApiTokenDto>;

/** CreatedApiTokenDto's schema: what POST /api/tokens answers. */
export const CreatedApiTokenDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  token: z.string().describe('The whole secret, shown this once: send it as `Authorization: Bearer <token>`.'),
  hint: z.string(),
  created_at: z.string(),
}) satisfies z.ZodType<CreatedApiTokenDto>;
