import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * One signature scheme for the signed HTTP messages we send and receive, made the way Stripe signs its
 * webhooks: a header `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. The mail relay's
 * events (`X-Crossfeed-Signature`, received) and our webhook deliveries (`Crossfeed-Signature`, sent) both use
 * it. Several `v1` are accepted, for a secret being rotated; a timestamp beyond the tolerance is refused, so a
 * captured message cannot be replayed later.
 */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The hex HMAC of one message. */
export function timestampedMac(secret: string, timestamp: number, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** The header value that signs `rawBody` at `timestamp`. */
export const signTimestamped = (secret: string, rawBody: Buffer | string, timestamp = Math.floor(Date.now() / 1000)): string =>
  `t=${timestamp},v1=${timestampedMac(secret, timestamp, rawBody)}`;

/** Why a signature header is refused (naming the header), or null when it is good. */
export function timestampedSignatureProblem(
  headerName: string,
  secret: string,
  header: string | undefined,
  rawBody: Buffer | string,
  nowSeconds: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): string | null {
  if (!header) return `The ${headerName} header is missing.`;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2);
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === undefined || signatures.length === 0) return `The ${headerName} header is malformed.`;
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return 'The signature is too old or from the future.';
  const expected = Buffer.from(timestampedMac(secret, timestamp, rawBody), 'hex');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? null : 'The signature does not match.';
}
