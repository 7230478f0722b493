import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import { defineProjection } from '../projection.ts';

export const PASSWORD_RESETS = 'password_resets';

/**
 * A reset link, found by the sha256 of its token (the token itself is never stored). The user decider
 * stays the authority (only the latest, unexpired, unused token of a user works); this is the lookup.
 */
export interface PasswordResetDoc extends Doc {
  /** sha256 (hex) of the e-mailed token. */
  _id: string;
  user_id: string;
  expires_at: string;
  used: boolean;
  requested_at: string;
}

export const passwordResetsProjection = defineProjection({
  name: 'password-resets',
  version: 1,
  collections: { [PASSWORD_RESETS]: [{ key: { user_id: 1 } }] },
  handlers: {
    PasswordResetRequested: ({ data }) => {
      return [
        {
          op: 'upsert',
          collection: PASSWORD_RESETS,
          id: data.tokenHash,
          update: { $set: { user_id: data.userId, expires_at: data.expiresAt, used: false, requested_at: data.requestedAt } },
        },
      ];
    },
    PasswordResetCompleted: ({ data }) => {
      return [{ op: 'update', collection: PASSWORD_RESETS, id: data.tokenHash, update: { $set: { used: true } } }];
    },
  },
});
