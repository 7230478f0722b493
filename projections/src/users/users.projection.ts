import type { UserRegisteredData } from '@crossfeed/domain/users/user.events.ts';
import type { Projection, ProjectionOp } from '../projection.ts';

export const USERS = 'users';

/**
 * The `users` read model: the account as the current-user call returns it (SPEC §3 User), plus the
 * credentials the login query needs (never returned by the API).
 */
export const usersProjection: Projection = {
  name: 'users',
  version: 1,
  collections: {
    [USERS]: [
      { key: { username_key: 1 }, unique: true },
      { key: { email: 1 }, unique: true },
    ],
  },
  handles: new Set(['UserRegistered']),

  project(event): ProjectionOp[] {
    switch (event.type) {
      case 'UserRegistered': {
        const data = event.data as UserRegisteredData;
        return [
          {
            op: 'upsert',
            collection: USERS,
            id: data.userId,
            update: {
              $set: {
                username: data.username,
                username_key: data.username.toLowerCase(),
                email: data.email,
                password_hash: data.passwordHash,
                is_admin: data.isAdmin,
                is_premium: false,
                has_profile_completed: false,
                categories: [],
                share_count: 0,
                view_count: 0,
                avatar_url: null,
                referral_code: null,
                created_at: data.registeredAt,
              },
            },
          },
        ];
      }
      default:
        return [];
    }
  },
};
