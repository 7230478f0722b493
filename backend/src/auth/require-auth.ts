import type { RequestHandler, Request } from 'express';
import { MESSAGES } from '@crossfeed/domain/rules/validation.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import type { ApiContext } from '../api/api-context.ts';
import { HttpError } from '../http/http-error.ts';
import { tokenVersionOf } from './tokens.ts';
import { cachedVerifier } from './verified-tokens.ts';

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in user (the `users` read model document), set by `requireAuth`. */
    user?: UserDoc;
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

/** 401 `{ detail }` without a valid, unexpired, unrevoked token for an existing user. */
export function requireAuth(ctx: ApiContext): RequestHandler {
  const authenticate = tokenAuthenticator(ctx);
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (!token) throw new HttpError(401, 'Not authenticated.');
    req.user = await authenticate(token);
    next();
  };
}

/** Admin rights are decided by the server (SPEC §6): 403 for everyone else. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user?.is_admin) throw new HttpError(403, MESSAGES.adminsOnly);
  next();
};

/** The signed-in user; only for handlers mounted after `requireAuth`. */
export function currentUser(req: Request): UserDoc {
  if (!req.user) throw new HttpError(401, 'Not authenticated.');
  return req.user;
}
