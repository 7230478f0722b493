import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of `POST /mail/events`, made the way Stripe signs its webhooks:
 * `X-Crossfeed-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` (several `v1`
 * are allowed, for a secret being rotated). A delivery older or newer than the tolerance is refused, so a
 * captured request cannot be replayed later.
 */
export const MAIL_EVENTS_SIGNATURE_HEADER = 'X-Crossfeed-Signature';
export const MAIL_EVENTS_TOLERANCE_SECONDS = 300;

export function mailEventsSignature(secret: string, timestamp: number, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** The header value a relay sends for `rawBody` at `timestamp` (what our tests and tools sign with). */
export const signMailEvents = (secret: string, rawBody: Buffer | string, timestamp = Math.floor(Date.now() / 1000)): string =>
  `t=${timestamp},v1=${mailEventsSignature(secret, timestamp, rawBody)}`;

/** Why a delivery's signature is refused, or null when it is good. */
export function mailEventsSignatureProblem(secret: string, header: string | undefined, rawBody: Buffer, nowSeconds: number): string | null {
  if (!header) return `The ${MAIL_EVENTS_SIGNATURE_HEADER} header is missing.`;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2);
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === undefined || signatures.length === 0) return `The ${MAIL_EVENTS_SIGNATURE_HEADER} header is malformed.`;
  if (Math.abs(nowSeconds - timestamp) > MAIL_EVENTS_TOLERANCE_SECONDS) return 'The signature is too old or from the future.';
  const expected = Buffer.from(mailEventsSignature(secret, timestamp, rawBody), 'hex');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? null : 'The signature does not match.';
}
