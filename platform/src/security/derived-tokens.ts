/**
 * Tokens derived from the signing secret, so the API and the workers compute the same values and the raw
 * tokens are never stored (the event log keeps only a request id or nothing at all).
 *
 * The secret is the JWT secret: `JWT_SECRET` from the env (production: both the API and the workers read
 * it), else generated once into DATA_DIR/secrets.json (one-process start, tests).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { persistentSecret } from '../config/secrets.ts';

/** The secret the API signs sessions with; every derived token below is keyed from it. */
export function signingSecret(config: { DATA_DIR: string; JWT_SECRET?: string | undefined }): string {
  return persistentSecret(config.DATA_DIR, 'jwtSecret', config.JWT_SECRET);
}

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

function safeEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

// ---- Password reset --------------------------------------------------------------------------------

/** The e-mailed reset token of one request: base64url(HMAC-SHA256(secret, `password-reset:${requestId}`)). */
export function passwordResetToken(secret: string, requestId: string): string {
  return createHmac('sha256', secret).update(`password-reset:${requestId}`).digest('base64url');
}

/** What the `PasswordResetRequested` event and the `password_resets` read model keep: sha256 hex of the token. */
export const passwordResetTokenHash = (token: string): string => sha256Hex(token);

// ---- Waitlist confirmation -------------------------------------------------------------------------

/** The waitlist's key (also keys the referral reward codes): domain-separated from the session secret. */
export const waitlistSecret = (secret: string): string => `waitlist:${secret}`;

/** The token of the confirmation link: an HMAC of the email key, so only the e-mailed link confirms. */
export function waitlistConfirmationToken(waitlistKey: string, emailKey: string): string {
  return createHmac('sha256', waitlistKey).update(`waitlist-confirm\0${emailKey}`).digest('base64url');
}

export function isValidWaitlistConfirmationToken(waitlistKey: string, emailKey: string, token: string): boolean {
  return safeEqual(token, waitlistConfirmationToken(waitlistKey, emailKey));
}

/** `${publicUrl}/api/waitlist/confirm?email=...&token=...` (GET /api/waitlist/confirm checks it). */
export function waitlistConfirmationLink(publicUrl: string, waitlistKey: string, email: string, emailKey: string): string {
  const query = new URLSearchParams({ email, token: waitlistConfirmationToken(waitlistKey, emailKey) });
  return `${publicUrl}/api/waitlist/confirm?${query.toString()}`;
}
