import { signTimestamped, SIGNATURE_TOLERANCE_SECONDS, timestampedSignatureProblem } from '@crossfeed/platform/security/timestamped-signature.ts';

/**
 * The signature of `POST /mail/events`: the project's timestamped signature
 * (platform/src/security/timestamped-signature.ts) in `X-Crossfeed-Signature`.
 */
export const MAIL_EVENTS_SIGNATURE_HEADER = 'X-Crossfeed-Signature';
export const MAIL_EVENTS_TOLERANCE_SECONDS = SIGNATURE_TOLERANCE_SECONDS;

/** The header value a relay sends for `rawBody` at `timestamp` (what our tests and tools sign with). */
export const signMailEvents = signTimestamped;

/** Why a delivery's signature is refused, or null when it is good. */
export const mailEventsSignatureProblem = (secret: string, header: string | undefined, rawBody: Buffer, nowSeconds: number): string | null =>
  timestampedSignatureProblem(MAIL_EVENTS_SIGNATURE_HEADER, secret, header, rawBody, nowSeconds);
