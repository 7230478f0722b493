import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import { apiTokenDecider } from '@crossfeed/domain/api-tokens/api-token.decider.ts';
import { API_TOKEN_HINT_LENGTH, API_TOKEN_MESSAGES } from '@crossfeed/domain/api-tokens/api-token.rules.ts';
import type { ApiTokenDto, CreatedApiTokenDto } from '@crossfeed/domain/api/api-tokens.dto.ts';
import { API_TOKEN_PREFIX } from '@crossfeed/domain/rules/api-token-scopes.ts';
import { NotFoundError } from '@crossfeed/domain/shared/errors.ts';
import { apiTokensStream } from '@crossfeed/domain/shared/streams.ts';
import { API_TOKENS, type ApiTokenDoc } from '@crossfeed/projections/api-tokens/api-tokens.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute } from '../../api/execute.ts';
import { currentUser, hashApiTokenSecret, requireAuth } from '../../auth/require-auth.ts';
import { parseInput } from '../../http/validate.ts';
import { CreateApiTokenBody } from './api-tokens.schemas.ts';


/** A new secret: the prefix and 32 random bytes, base64url (43 characters). */
export const newApiTokenSecret = (): string => `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

const toApiTokenDto = (doc: ApiTokenDoc): ApiTokenDto => ({
  id: doc._id,
  name: doc.name,
  scopes: doc.scopes,
  hint: doc.hint,
  created_at: doc.created_at,
  last_used_at: doc.last_used_at,
});

/**
 * Issue 26: personal API tokens (Profile → API tokens). Create one (its secret is shown once; the server keeps
 * only its SHA-256), list the caller's live ones, revoke one. Only a session may call these: a token cannot
 * mint or revoke tokens (its route is not in backend/src/api/token-scopes.ts, so `requireAuth` answers 403).
 */
export function apiTokenRoutes(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireAuth(ctx);
  const tokens = () => ctx.readStore.collection<ApiTokenDoc>(API_TOKENS);
  router.post('/api/tokens', auth, async (req, res) => {
    const user = currentUser(req);
    const body = parseInput(CreateApiTokenBody, req.body ?? {});
    const secret = newApiTokenSecret();
    const tokenId = ctx.newId();
    const now = ctx.clock().toISOString();
    await execute(
      ctx,
      apiTokenDecider,
      apiTokensStream(user._id),
      { type: 'IssueApiToken', data: { tokenId, userId: user._id, name: body.name, scopes: body.scopes, hash: hashApiTokenSecret(secret), hint: secret.slice(0, API_TOKEN_HINT_LENGTH), now } },
      { userId: user._id },
    );
    const doc = await tokens().findOne({ _id: tokenId, user_id: user._id });
    if (!doc) throw new Error('the api_tokens read model did not include a new token');
    const created: CreatedApiTokenDto = { id: doc._id, name: doc.name, scopes: doc.scopes, token: secret, hint: doc.hint, created_at: doc.created_at };
    res.status(201).json(created);
  });

  router.get('/api/tokens', auth, async (req, res) => {
    const user = currentUser(req);
    const docs = await tokens().find({ user_id: user._id, revoked_at: null }, { sort: { created_at: -1, _id: -1 } });
    res.json(docs.map(toApiTokenDto));
  });

  router.delete('/api/tokens/:id', auth, async (req, res) => {
    const user = currentUser(req);
    // Another user's token is answered like a missing one, so ids do not leak.
    const found = await tokens().findOne({ _id: String(req.params.id ?? ''), user_id: user._id });
    if (!found) throw new NotFoundError(API_TOKEN_MESSAGES.notFound);
    await execute(ctx, apiTokenDecider, apiTokensStream(user._id), { type: 'RevokeApiToken', data: { tokenId: found._id, userId: user._id, now: ctx.clock().toISOString() } }, { userId: user._id });
    res.status(204).end();
  });

  return router;
}
