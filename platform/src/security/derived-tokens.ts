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

/**
 * The secret token of one waitlist entry's own page (its live position, and reading it back after a reload):
 * `{referralCode}.{HMAC}`. Answered to the browser that created the entry and by the confirmation link; it
 * names the entry by its (public) referral code, never by the e-mail, and proves nothing about the mailbox.
 */
export function waitlistEntryToken(waitlistKey: string, referralCode: string): string {
  return `${referralCode}.${createHmac('sha256', waitlistKey).update(`waitlist-entry\0${referralCode}`).digest('base64url')}`;
}

/** The referral code a valid entry token names, or null. */
export function waitlistEntryCodeFromToken(waitlistKey: string, token: string): string | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 200) return null;
  const code = token.slice(0, dot);
  return safeEqual(token, waitlistEntryToken(waitlistKey, code)) ? code : null;
}

// ---- Account e-mail confirmation -------------------------------------------------------------------

/** The account confirmation key: domain-separated from the session secret. */
export const accountConfirmationSecret = (secret: string): string => `account-confirm:${secret}`;

/** The token of an account's confirmation link: an HMAC of the user id and the address it confirms. */
export function accountConfirmationToken(confirmationKey: string, userId: string, email: string): string {
  return createHmac('sha256', confirmationKey).update(`account-confirm\0${userId}\0${email.toLowerCase()}`).digest('base64url');
}

export function isValidAccountConfirmationToken(confirmationKey: string, userId: string, email: string, token: string): boolean {
  return safeEqual(token, accountConfirmationToken(confirmationKey, userId, email));
}

/** `${publicUrl}/auth/confirm-email?user=...&token=...` (GET /auth/confirm-email checks it). */
export function accountConfirmationLink(publicUrl: string, confirmationKey: string, userId: string, email: string): string {
  const query = new URLSearchParams({ user: userId, token: accountConfirmationToken(confirmationKey, userId, email) });
  return `${publicUrl}/auth/confirm-email?${query.toString()}`;
}

// ---- Referral rewards ------------------------------------------------------------------------------

const REWARD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const REFERRAL_PROMO_PREFIX = 'REF-';

/**
 * The promo code a user earns for one referred person: derived from both (HMAC with the waitlist key, so
 * it cannot be guessed), which makes issuing it again a no-op. Same derivation as before the rewards
 * moved to the workers, so codes issued then and now agree.
 */
export function referralRewardCode(waitlistKey: string, ownerId: string, referredEmailKey: string): string {
  const digest = createHmac('sha256', waitlistKey).update(`referral-reward\0${ownerId}\0${referredEmailKey}`).digest();
  return REFERRAL_PROMO_PREFIX + Array.from(digest.subarray(0, 6), (byte) => REWARD_ALPHABET[byte % REWARD_ALPHABET.length]).join('');
}

// ---- Conversion tracking ---------------------------------------------------------------------------

/** The conversion tracking key: domain-separated from the session secret. */
export const conversionTrackingSecret = (secret: string): string => `conversion-tracking:${secret}`;

/**
 * The token a creator's site sends with its conversions: `{contentId}.{HMAC(contentId, version)}`. 256 bits
 * of HMAC, so it cannot be guessed; derived, so nothing secret is stored; rotating bumps the version kept on
 * `content-{id}`, so every earlier token stops matching.
 */
export function conversionTrackingToken(trackingKey: string, contentId: string, version: number): string {
  return `${contentId}.${createHmac('sha256', trackingKey).update(`conversion-tracking\0${contentId}\0${version}`).digest('base64url')}`;
}

/** The content a tracking token names (not yet checked), or null when it is not shaped like one. */
export function contentIdOfTrackingToken(token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0 || token.length > 300) return null;
  return token.slice(0, dot);
}

/** Whether `token` is the current token of the content (compared in constant time). */
export function isValidConversionTrackingToken(trackingKey: string, contentId: string, version: number, token: string): boolean {
  return safeEqual(token, conversionTrackingToken(trackingKey, contentId, version));
}

// ---- Visitors and click tokens ---------------------------------------------------------------------

/** The key of visitor pseudonyms and click tokens: domain-separated from the session secret. */
export const clickSecret = (secret: string): string => `clicks:${secret}`;

const pseudonym = (key: string, parts: readonly string[]): string =>
  createHmac('sha256', key).update(parts.join('\0')).digest().subarray(0, 12).toString('base64url');

/**
 * Who clicked a short link, as the event log keeps it: an HMAC of the address, the user agent and the UTC
 * day (`visitor`), and of the address and day (`address`). Neither can be turned back into an address, and
 * neither links one day's visits to the next's.
 */
export function clickVisitor(key: string, address: string, userAgent: string, day: string): { visitor: string; address: string } {
  return { visitor: pseudonym(key, ['visitor', address, userAgent, day]), address: pseudonym(key, ['address', address, day]) };
}

/** A click token lives at most this long: the conversion window, with a margin for clocks. */
const CLICK_TOKEN_MAX_AGE_S = 8 * 86_400;

const clickMac = (key: string, contentId: string, visit: string): string =>
  createHmac('sha256', key).update(`click\0${contentId}\0${visit}`).digest().subarray(0, 16).toString('base64url');

/**
 * The `cf_click` a short link adds to the url it redirects to (enhanced links): `{visit}.{mac}`, naming the
 * visit (`{visitor}@{day}`) of this content. The creator's site sends it back with a conversion, which is
 * then verified against the counted visits (the content-links decider); a forged or another content's
 * token names no visit.
 */
export function clickToken(key: string, contentId: string, visit: string): string {
  return `${Buffer.from(visit).toString('base64url')}.${clickMac(key, contentId, visit)}`;
}

/** The visit a click token of this content names, or null (wrong content, forged, malformed or too old). */
export function visitOfClickToken(key: string, contentId: string, token: string, now: Date): string | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 300) return null;
  const visit = Buffer.from(token.slice(0, dot), 'base64url').toString('utf8');
  if (!safeEqual(token.slice(dot + 1), clickMac(key, contentId, visit))) return null;
  const day = Date.parse(visit.slice(visit.lastIndexOf('@') + 1));
  if (!Number.isFinite(day)) return null;
  const age = (now.getTime() - day) / 1000;
  return age >= 0 && age <= CLICK_TOKEN_MAX_AGE_S ? visit : null;
}

// ---- Unsubscribe links -----------------------------------------------------------------------------

/** The unsubscribe links' key: domain-separated from the session secret. */
export const unsubscribeSecret = (secret: string): string => `unsubscribe:${secret}`;

/** Whom an unsubscribe link stands for: the recipient's mailbox, and the sharer whose e-mail carried it. */
export interface UnsubscribeRecipient {
  mailbox: string;
  sharerId: string;
}

const unsubscribeMac = (key: string, payload: string): string =>
  createHmac('sha256', key).update(`unsubscribe\0${payload}`).digest().subarray(0, 16).toString('base64url');

/**
 * The token of `/u/{token}`: `{payload}.{mac}`, the payload naming the recipient's mailbox and the sharer.
 * Bound to the recipient by the MAC; it never expires (an old e-mail's link must keep working, RFC 8058).
 */
export function unsubscribeToken(key: string, recipient: UnsubscribeRecipient): string {
  const payload = Buffer.from(JSON.stringify({ m: recipient.mailbox, s: recipient.sharerId })).toString('base64url');
  return `${payload}.${unsubscribeMac(key, payload)}`;
}

/** The recipient a token stands for, or null when it was not made with this key (or is malformed). */
export function readUnsubscribeToken(key: string, token: string): UnsubscribeRecipient | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 2000) return null;
  const payload = token.slice(0, dot);
  if (!safeEqual(token.slice(dot + 1), unsubscribeMac(key, payload))) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { m?: unknown; s?: unknown };
    return typeof parsed.m === 'string' && typeof parsed.s === 'string' ? { mailbox: parsed.m, sharerId: parsed.s } : null;
  } catch {
    return null;
  }
}

export const unsubscribeUrl = (publicUrl: string, key: string, recipient: UnsubscribeRecipient): string =>
  `${publicUrl}/u/${unsubscribeToken(key, recipient)}`;

// ---- Webhook signing secrets -----------------------------------------------------------------------

/** The webhook secrets' server key: domain-separated from the session secret. */
export const webhookSecretKey = (secret: string): string => `webhooks:${secret}`;

/**
 * The signing secret of one webhook endpoint at one version: `whsec_` + base64url(HMAC-SHA256(key,
 * `${endpointId}:${secretVersion}`)). Never stored: rotating bumps the version on `webhooks-{userId}`, so the
 * old secret stops at once.
 */
export function webhookSecret(webhookKey: string, endpointId: string, secretVersion: number): string {
  return `whsec_${createHmac('sha256', webhookKey).update(`${endpointId}:${secretVersion}`).digest('base64url')}`;
}
