import { SignJWT, jwtVerify, errors } from 'jose';
import { SESSION_TTL_SECONDS } from '@crossfeed/domain/rules/limits.ts';

export interface TokenClaims {
  userId: string;
  /** Expiry in seconds since the epoch. */
  expiresAt: number;
  /**
   * The user's token version when the token was issued (claim `tv`; 0 for tokens without it). A password
   * change or reset moves the user's version on, which revokes every token issued before.
   */
  tokenVersion: number;
}

export interface TokenService {
  issue(userId: string, tokenVersion?: number, now?: Date): Promise<{ token: string; expiresAt: number }>;
  /** Resolves the claims of a valid token; rejects an expired, tampered or malformed one. */
  verify(token: string): Promise<TokenClaims>;
}

/** HS256 JWTs carrying `sub` and `exp` (seconds), as the UI expects (SPEC §3 Local storage), and `tv`. */
export function createTokenService(secret: string, ttlSeconds = SESSION_TTL_SECONDS): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(userId, tokenVersion = 0, now = new Date()) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = issuedAt + ttlSeconds;
      const token = await new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt };
    },
    async verify(token) {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') throw new errors.JWTInvalid('Missing sub or exp');
      const tv = payload.tv;
      if (tv !== undefined && (typeof tv !== 'number' || !Number.isInteger(tv) || tv < 0)) throw new errors.JWTInvalid('Bad tv');
      return { userId: payload.sub, expiresAt: payload.exp, tokenVersion: tv ?? 0 };
    },
  };
}

/** The token version a user document is at (documents of older versions have none: 0). */
export const tokenVersionOf = (user: { token_version?: number }): number => user.token_version ?? 0;
