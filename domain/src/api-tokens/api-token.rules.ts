import { API_TOKEN_PREFIX, API_TOKEN_SCOPES } from '../rules/api-token-scopes.ts';

/** The limits of personal API tokens (issue 26), read by the decider, the routes, the middleware and the docs. */
export const API_TOKEN_NAME_MAX = 50;
/** Live (not revoked) tokens a user may hold. */
export const API_TOKENS_LIVE_MAX = 20;
/** Requests one token may make per minute before it is answered 429. */
export const API_TOKEN_REQUESTS_PER_MINUTE = 120;
/** A use is recorded (ApiTokenUsed) at most this often per token. */
export const API_TOKEN_USE_RECORD_INTERVAL_MS = 60_000;
/** How many characters of the secret are kept to show in the list (`cf_` and four more). */
export const API_TOKEN_HINT_LENGTH = 7;

export const API_TOKEN_MESSAGES = {
  nameRequired: 'Give the token a name.',
  nameTooLong: `The token's name can be at most ${API_TOKEN_NAME_MAX} characters.`,
  scopesRequired: 'Choose at least one scope.',
  unknownScope: `Unknown scope. The scopes are: ${API_TOKEN_SCOPES.join(', ')}.`,
  tooMany: `You already have ${API_TOKENS_LIVE_MAX} API tokens. Revoke one before you create another.`,
  notFound: 'API token not found.',
  idUsed: 'This token id is already used.',
  badSecret: `A token's hash must be a hex SHA-256 and its hint the first ${API_TOKEN_HINT_LENGTH} characters of a '${API_TOKEN_PREFIX}' secret.`,
} as const;
