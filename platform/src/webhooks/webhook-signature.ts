import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The `Crossfeed-Signature` header of a webhook delivery (docs/webhooks.md): `t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<raw body>">`, keyed with the endpoint's secret (the whole `whsec_...` string, UTF-8).
 */
export function webhookSignature(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/**
 * What a receiver does (and the tests): recompute the HMAC over `${t}.${rawBody}` and compare in constant
 * time; a signature older than `toleranceSeconds` is refused (replays).
 */
export function verifyWebhookSignature(secret: string, rawBody: string, header: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = new Map(header.split(',').map((part) => [part.slice(0, part.indexOf('=')).trim(), part.slice(part.indexOf('=') + 1).trim()] as const));
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
