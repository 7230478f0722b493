import type { RequestHandler, Request } from 'express';
import { MESSAGES } from '@crossfeed/domain/rules/validation.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import type { ApiContext } from '../api/api-context.ts';
import { HttpError } from '../http/http-error.ts';
import { cachedVerifier } from './verified-tokens.ts';

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in user (the `users` read model document), set by `requireAuth`. */
    user?: UserDoc;
  }
}

function bearerToken(req: Request): string | undefined {
  const header = req.get('authorization');
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** 401 `{ detail }` without a valid, unexpired token for an existing user. */
export function requireAuth(ctx: ApiContext): RequestHandler {
  const verify = cachedVerifier(ctx.tokens);
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (!token) throw new HttpError(401, 'Not authenticated.');
    let userId: string;
    try {
      ({ userId } = await verify(token));
    } catch {
      throw new HttpError(401, 'Invalid or expired token.');
    }
    const user = await ctx.readStore.collection<UserDoc>(USERS).findOne({ _id: userId });
    if (!user) throw new HttpError(401, 'Invalid or expired token.');
    req.user = user;
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
