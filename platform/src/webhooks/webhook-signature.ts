import { WEBHOOK_SIGNATURE_HEADER } from '@crossfeed/domain/webhooks/webhook-event-types.ts';
import { signTimestamped, SIGNATURE_TOLERANCE_SECONDS, timestampedSignatureProblem } from '../security/timestamped-signature.ts';

/**
 * The `Crossfeed-Signature` header of a webhook delivery (docs/webhooks.md): the project's timestamped
 * signature (security/timestamped-signature.ts), `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`,
 * keyed with the endpoint's secret (the whole `whsec_...` string, UTF-8).
 */
export const webhookSignature = (secret: string, body: string, unixSeconds: number): string => signTimestamped(secret, body, unixSeconds);

/** What a receiver does (and the tests): the HMAC recomputed and compared in constant time, replays refused. */
export const verifyWebhookSignature = (secret: string, rawBody: string, header: string, nowSeconds: number, toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS): boolean =>
  timestampedSignatureProblem(WEBHOOK_SIGNATURE_HEADER, secret, header, rawBody, nowSeconds, toleranceSeconds) === null;
