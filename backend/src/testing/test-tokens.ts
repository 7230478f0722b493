import { SignJWT } from 'jose';

/** The JWT_SECRET `startTestApp` configures. */
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-42';

/** A token signed like the server's, expiring `expiresInSeconds` from now (negative: already expired). */
export function signToken(userId: string, expiresInSeconds: number, secret = TEST_JWT_SECRET): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
    .sign(new TextEncoder().encode(secret));
}

export const expiredToken = (userId: string): Promise<string> => signToken(userId, -60);
