import { Router } from 'express';
import { NotFoundError } from '@crossfeed/domain/shared/errors.ts';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import { userDecider } from '@crossfeed/domain/users/user.decider.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute } from '../../api/execute.ts';
import { currentUser, requireAuth } from '../../auth/require-auth.ts';
import { HttpError } from '../../http/http-error.ts';
import { parseInput } from '../../http/validate.ts';
import { loadUser } from '../auth/auth.routes.ts';
import { loadProfileDto, loadUserDto } from '../auth/user.dto.ts';
import { CreateProfileBody, UpdateProfileBody } from './profiles.schemas.ts';

export const PROFILE_NOT_FOUND = 'Profile not found.';
export const NOT_YOUR_PROFILE = 'You can only update your own profile.';

/** SPEC §7 Profiles: create your own (profile setup), read anyone's (creator modal), update your own. */
export function profileRoutes(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireAuth(ctx);

  router.post('/profiles', auth, async (req, res) => {
    const user = currentUser(req);
    const profile = parseInput(CreateProfileBody, req.body ?? {});
    await execute(
      ctx,
      userDecider,
      userStream(user._id),
      { type: 'CreateProfile', data: { userId: user._id, now: ctx.clock().toISOString(), ...profile } },
      { userId: user._id },
    );
    res.status(201).json(await loadUserDto(ctx.readStore, await loadUser(ctx, user._id)));
  });

  router.get('/profiles/:id', auth, async (req, res) => {
    const owner = await ctx.readStore.collection<UserDoc>(USERS).findOne({ _id: req.params.id });
    if (!owner?.profile) throw new NotFoundError(PROFILE_NOT_FOUND);
    res.json({ user_id: owner._id, username: owner.username, avatar_url: owner.avatar_url, ...(await loadProfileDto(ctx.readStore, owner._id, owner.profile)) });
  });

  router.put('/profiles/:id', auth, async (req, res) => {
    const user = currentUser(req);
    if (req.params.id !== user._id) throw new HttpError(403, NOT_YOUR_PROFILE);
    const body = parseInput(UpdateProfileBody, req.body ?? {});
    if (!user.profile) throw new NotFoundError(PROFILE_NOT_FOUND);
    await execute(
      ctx,
      userDecider,
      userStream(user._id),
      {
        type: 'UpdateProfile',
        data: {
          userId: user._id,
          now: ctx.clock().toISOString(),
          name: body.name,
          bio: body.bio ?? user.profile.bio,
          categories: body.categories,
          interests: body.interests ?? user.profile.interests,
          contentType: body.contentType,
        },
      },
      { userId: user._id },
    );
    const updated = await loadUser(ctx, user._id);
    if (!updated.profile) throw new NotFoundError(PROFILE_NOT_FOUND);
    res.json(await loadProfileDto(ctx.readStore, updated._id, updated.profile));
  });

  return router;
}
