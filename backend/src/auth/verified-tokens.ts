import type { TokenClaims, TokenService } from './tokens.ts';

/** Tokens remembered after a successful verification (HMAC-SHA256 is the largest per-request cost). */
export const VERIFIED_TOKENS_MAX = 10_000;

/**
 * An LRU of verified tokens → claims in front of `TokenService.verify`: a hit answers without the HMAC
 * while the token is unexpired (`exp` is checked on every hit); only valid tokens are remembered, so a
 * tampered or expired token always goes through the real verification and fails there.
 */
export function cachedVerifier(tokens: TokenService, max = VERIFIED_TOKENS_MAX, nowMs: () => number = Date.now) {
  const cache = new Map<string, TokenClaims>();
  return async (token: string): Promise<TokenClaims> => {
    const hit = cache.get(token);
    if (hit) {
      cache.delete(token);
      if (hit.expiresAt * 1000 > nowMs()) {
        cache.set(token, hit);
        return hit;
      }
    }
    const claims = await tokens.verify(token);
    if (cache.size >= max) cache.delete(cache.keys().next().value!);
    cache.set(token, claims);
    return claims;
  };
}
