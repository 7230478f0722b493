import { SignJWT, jwtVerify, errors } from 'jose';
import { SESSION_TTL_SECONDS } from '@crossfeed/domain/rules/limits.ts';

export interface TokenClaims {
  userId: string;
  /** Expiry in seconds since the epoch. */
  expiresAt: number;
}

export interface TokenService {
  issue(userId: string, now?: Date): Promise<{ token: string; expiresAt: number }>;
  /** Resolves the claims of a valid token; rejects an expired, tampered or malformed one. */
  verify(token: string): Promise<TokenClaims>;
}

/** HS256 JWTs carrying `sub` and `exp` (seconds), as the UI expects (SPEC §3 Local storage). */
export function createTokenService(secret: string, ttlSeconds = SESSION_TTL_SECONDS): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(userId, now = new Date()) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = issuedAt + ttlSeconds;
      const token = await new SignJWT({})
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
      return { userId: payload.sub, expiresAt: payload.exp };
    },
  };
}
