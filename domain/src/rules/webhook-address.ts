import { unsafeUrlReason, URL_MESSAGES } from './safe-url.ts';

/**
 * Where webhook deliveries may go (issue 26). The server itself POSTs to these URLs, so beyond the content-URL
 * rule (safe-url.ts: public web only, no credentials) the URL must be https and short, and EVERY delivery
 * re-checks each address its host resolves to (`blockedAddressReason`) before connecting to exactly that
 * address. Outside production, loopback (127.0.0.0/8, ::1, localhost) is allowed, over http too, so local
 * receivers and end-to-end tests work; every other private range stays refused.
 */

export const WEBHOOK_URL_MAX_LENGTH = 2048;

export const WEBHOOK_URL_MESSAGES = {
  tooLong: `The URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters.`,
  notHttps: 'The URL must start with https://.',
  privateAddress: URL_MESSAGES.privateAddress,
  notAnAddress: 'The host did not resolve to a usable address.',
} as const;

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The WHATWG host of an IP literal (`1.2.3.4`, `[::1]`), or null when `ip` is not one. */
function ipHost(ip: string): string | null {
  const literal = IPV4.test(ip) ? ip : ip.includes(':') ? `[${ip}]` : null;
  if (literal === null) return null;
  try {
    const host = new URL(`http://${literal}/`).hostname;
    return IPV4.test(ip) && host !== ip ? null : host;
  } catch {
    return null;
  }
}

/** 127.0.0.0/8 and ::1, also written as an IPv4-mapped IPv6 address (WHATWG host form). */
function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.+$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (IPV4.test(name)) return name.startsWith('127.');
  return name === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(name);
}

/** Whether `ip` (as a resolver answers it) is a loopback address. */
export const isLoopbackAddress = (ip: string): boolean => {
  const host = ipHost(ip);
  return host !== null && isLoopbackHost(host);
};

/**
 * Why a delivery may not connect to the address `ip`, or null when it may: loopback, link-local, private,
 * unique-local, carrier-grade NAT, multicast, unspecified and reserved addresses (IPv4 and IPv6, IPv4-mapped
 * included) are refused; loopback only when `allowLoopback` is false. Not an IP at all: refused.
 */
export function blockedAddressReason(ip: string, options: { allowLoopback: boolean }): string | null {
  const host = ipHost(ip);
  if (host === null) return WEBHOOK_URL_MESSAGES.notAnAddress;
  if (isLoopbackHost(host)) return options.allowLoopback ? null : WEBHOOK_URL_MESSAGES.privateAddress;
  return unsafeUrlReason(`http://${host}/`) === null ? null : WEBHOOK_URL_MESSAGES.privateAddress;
}

/**
 * Why `url` may not be a webhook endpoint, or null when it may: at most 2048 characters, https, the public web
 * (safe-url.ts). With `allowLoopbackHttp` (not production) a loopback host is accepted over http or https.
 */
export function webhookUrlReason(url: string, options: { allowLoopbackHttp: boolean }): string | null {
  if (url.length > WEBHOOK_URL_MAX_LENGTH) return WEBHOOK_URL_MESSAGES.tooLong;
  const reason = unsafeUrlReason(url);
  if (reason !== null && reason !== URL_MESSAGES.privateAddress) return reason;
  const parsed = new URL(url);
  if (options.allowLoopbackHttp && isLoopbackHost(parsed.hostname)) return null;
  if (reason !== null) return reason;
  return parsed.protocol === 'https:' ? null : WEBHOOK_URL_MESSAGES.notHttps;
}
