import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { tokenVersionOf, type TokenService } from '../auth/tokens.ts';
import type { SocketIdentity } from '../realtime/socket-server.ts';

/**
 * Verifies a socket handshake token against the same JWTs and users as the REST API, including the token
 * version: a token issued before the user's last password change or reset opens no socket.
 */
export function socketIdentityVerifier(tokens: TokenService, readStore: ReadStore): (token: string) => Promise<SocketIdentity> {
  return async (token) => {
    const claims = await tokens.verify(token);
    const user = await readStore.collection<UserDoc>(USERS).findOne({ _id: claims.userId });
    if (!user) throw new Error('Unknown user');
    if (claims.tokenVersion !== tokenVersionOf(user)) throw new Error('Revoked token');
    return { userId: user._id, isAdmin: user.is_admin, expiresAt: claims.expiresAt };
  };
}
