import { createHash } from 'node:crypto';
import type { RequestHandler, Request } from 'express';
import { API_TOKEN_USE_RECORD_INTERVAL_MS } from '@crossfeed/domain/api-tokens/api-token.rules.ts';
import { apiTokenDecider } from '@crossfeed/domain/api-tokens/api-token.decider.ts';
import { API_TOKEN_PREFIX, type ApiTokenScope } from '@crossfeed/domain/rules/api-token-scopes.ts';
import { MESSAGES } from '@crossfeed/domain/rules/validation.ts';
import { apiTokensStream } from '@crossfeed/domain/shared/streams.ts';
import { handleCommand } from '@crossfeed/platform/commands/command-handler.ts';
import { API_TOKENS, type ApiTokenDoc } from '@crossfeed/projections/api-tokens/api-tokens.projection.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import type { ApiContext } from '../api/api-context.ts';
import { tokenScopeFor } from '../api/token-scopes.ts';
import { HttpError } from '../http/http-error.ts';
import { tokenVersionOf } from './tokens.ts';
import { cachedVerifier } from './verified-tokens.ts';

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in user (the `users` read model document), set by `requireAuth`. */
    user?: UserDoc;
    /** Set when the caller signed in with a personal API token rather than a session (issue 26). */
    apiToken?: { id: string; scopes: readonly ApiTokenScope[] };
  }
}

export const INVALID_TOKEN = 'Invalid or expired token.';
export const READ_MODELS_NOT_READY = 'The server is getting its data ready. Please try again in a moment.';
/** Seconds a client waits before it asks again while the read models are not whole. */
export const NOT_READY_RETRY_AFTER_SECONDS = 2;
export const SESSION_REVOKED = 'Your session has ended because the password was changed. Please log in again.';

export function bearerToken(req: Request): string | undefined {
  const header = req.get('authorization');
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * The user a session token belongs to: valid, unexpired, for an existing user, and issued at the user's
 * current token version (a password change or reset revokes every earlier token). 401 otherwise; 503 with
 * `Retry-After` when the user is not found while the read models are not whole (issue 23, finding 5).
 */
export function tokenAuthenticator(ctx: ApiContext): (token: string) => Promise<UserDoc> {
  const verify = cachedVerifier(ctx.tokens);
  return async (token) => {
    let claims;
    try {
      claims = await verify(token);
    } catch {
      throw new HttpError(401, INVALID_TOKEN);
    }
    const user = await ctx.readStore.collection<UserDoc>(USERS).findOne({ _id: claims.userId });
    if (!user) {
      // A signed token for a user the read models do not hold yet (a rebuild under way) is not a bad session.
      if (!ctx.readModelsReady()) throw new HttpError(503, READ_MODELS_NOT_READY, { 'Retry-After': String(NOT_READY_RETRY_AFTER_SECONDS) });
      throw new HttpError(401, INVALID_TOKEN);
    }
    if (claims.tokenVersion !== tokenVersionOf(user)) throw new HttpError(401, SESSION_REVOKED);
    return user;
  };
}

export const API_TOKEN_REFUSALS = {
  invalid: 'Invalid or revoked API token.',
  routeClosed: 'This API token cannot call this route.',
  lacksScope: (scope: ApiTokenScope): string => `This API token lacks the '${scope}' scope.`,
  tooMany: 'Too many requests with this API token.',
  adminRoute: 'API tokens cannot call admin routes.',
} as const;

/** Hex SHA-256 of a personal API token's whole secret: all the server keeps of it, and what it is looked up by. */
export const hashApiTokenSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** Per API context: when this process last recorded each token's use (tokenId → ms). */
const recordedUses = new WeakMap<ApiContext, Map<string, number>>();

/**
 * Appends `ApiTokenUsed` when this process has not recorded a use of the token for a minute (the decider
 * decides again, so several API nodes still write at most one a minute). Fire-and-forget: the request does
 * not wait for it, a failure is logged.
 */
function recordUse(ctx: ApiContext, token: ApiTokenDoc): void {
  let uses = recordedUses.get(ctx);
  if (!uses) {
    uses = new Map();
    recordedUses.set(ctx, uses);
  }
  const now = ctx.clock();
  const last = uses.get(token._id);
  if (last !== undefined && now.getTime() - last < API_TOKEN_USE_RECORD_INTERVAL_MS) return;
  uses.set(token._id, now.getTime());
  const command = { type: 'RecordApiTokenUse' as const, data: { tokenId: token._id, userId: token.user_id, now: now.toISOString() } };
  handleCommand(ctx.eventStore, apiTokenDecider, apiTokensStream(token.user_id), command, { metadata: { userId: token.user_id } }).catch((error: unknown) => {
    uses.delete(token._id);
    ctx.logger.warn({ err: error, tokenId: token._id }, 'could not record an API token use');
  });
}

/** The Express route path the request matched; undefined in a middleware mounted without a route (`router.use`). */
function routePath(req: Request): string | undefined {
  const route: unknown = req.route;
  return route && typeof route === 'object' && 'path' in route && typeof route.path === 'string' ? route.path : undefined;
}

/**
 * The user a personal API token (`cf_…`) acts for on the route being called: a live token (looked up by the
 * hash of the secret; a revoked one is 401 at once), within its rate limit (429 with `Retry-After`), whose
 * scopes open this route (backend/src/api/token-scopes.ts; a route the table does not list, or a middleware
 * mounted without a route, is 403 for every token), for an existing user (the same 401/503 rules as a session).
 */
export function apiTokenAuthenticator(ctx: ApiContext): (secret: string, req: Request) => Promise<{ user: UserDoc; token: ApiTokenDoc }> {
  return async (secret, req) => {
    const hash = hashApiTokenSecret(secret);
    const token = await ctx.readStore.collection<ApiTokenDoc>(API_TOKENS).findOne({ hash });
    // Found by the hash of the secret: equal hashes are the only match, so there is nothing further to compare.
    if (!token || token.revoked_at !== null) {
      if (!token && !ctx.readModelsReady()) throw new HttpError(503, READ_MODELS_NOT_READY, { 'Retry-After': String(NOT_READY_RETRY_AFTER_SECONDS) });
      throw new HttpError(401, API_TOKEN_REFUSALS.invalid);
    }
    const wait = await ctx.throttles.apiTokenRequests.take(token._id);
    if (wait > 0) throw new HttpError(429, `${API_TOKEN_REFUSALS.tooMany} Please try again in ${wait} second${wait === 1 ? '' : 's'}.`, { 'Retry-After': String(wait) });
    // A HEAD is Express's GET route answered without a body: it needs what the GET needs.
    const path = routePath(req);
    const scope = path === undefined ? undefined : tokenScopeFor(req.method === 'HEAD' ? 'GET' : req.method, path);
    if (!scope) throw new HttpError(403, API_TOKEN_REFUSALS.routeClosed);
    if (!token.scopes.includes(scope)) throw new HttpError(403, API_TOKEN_REFUSALS.lacksScope(scope));
    const user = await ctx.readStore.collection<UserDoc>(USERS).findOne({ _id: token.user_id });
    if (!user) {
      if (!ctx.readModelsReady()) throw new HttpError(503, READ_MODELS_NOT_READY, { 'Retry-After': String(NOT_READY_RETRY_AFTER_SECONDS) });
      throw new HttpError(401, API_TOKEN_REFUSALS.invalid);
    }
    recordUse(ctx, token);
    return { user, token };
  };
}

/**
 * 401 `{ detail }` without a valid, unexpired, unrevoked session token for an existing user, or a personal API
 * token (`Bearer cf_…`) whose scopes open this route (`apiTokenAuthenticator`).
 */
export function requireAuth(ctx: ApiContext): RequestHandler {
  const authenticate = tokenAuthenticator(ctx);
  const authenticateApiToken = apiTokenAuthenticator(ctx);
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (!token) throw new HttpError(401, 'Not authenticated.');
    if (token.startsWith(API_TOKEN_PREFIX)) {
      const found = await authenticateApiToken(token, req);
      req.user = found.user;
      req.apiToken = { id: found.token._id, scopes: found.token.scopes };
    } else {
      req.user = await authenticate(token);
    }
    next();
  };
}

/** Admin rights are decided by the server (SPEC §6): 403 for everyone else, and for any API token, an admin's too. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (req.apiToken) throw new HttpError(403, API_TOKEN_REFUSALS.adminRoute);
  if (!req.user?.is_admin) throw new HttpError(403, MESSAGES.adminsOnly);
  next();
};

/** The signed-in user; only for handlers mounted after `requireAuth`. */
export function currentUser(req: Request): UserDoc {
  if (!req.user) throw new HttpError(401, 'Not authenticated.');
  return req.user;
}
