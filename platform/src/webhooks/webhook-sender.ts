/**
 * The webhook sender (issue 26): POSTs one delivery to an endpoint, safely.
 *
 * - The URL is re-judged by the domain rule (rules/webhook-address.ts) and its host is resolved HERE (every
 *   address, `dns.lookup` with `all`); if ANY address is loopback (in production), link-local, private,
 *   unique-local, CGNAT, multicast or unspecified, nothing is sent.
 * - The connection is pinned to the address that was checked (the request's `lookup` answers it), so a DNS
 *   answer that changes between the check and the connect (rebinding) cannot redirect it.
 * - `timeoutMs` (5 s) bounds the whole exchange; a redirect is not followed (a 3xx is a failure); at most
 *   `MAX_RESPONSE_BYTES` of the answer are read.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { blockedAddressReason, webhookUrlReason } from '@crossfeed/domain/rules/webhook-address.ts';

export const WEBHOOK_TIMEOUT_MS = 5000;
export const MAX_RESPONSE_BYTES = 4096;

export interface WebhookRequest {
  url: string;
  headers: Readonly<Record<string, string>>;
  body: string;
}

export interface WebhookResult {
  /** A 2xx answer. */
  ok: boolean;
  /** The HTTP status, or null when none came (refused, unreachable, timed out). */
  status: number | null;
  durationMs: number;
  /** Why it failed, else null. */
  error: string | null;
}

export type WebhookResolver = (hostname: string) => Promise<readonly { address: string; family: number }[]>;

export interface WebhookSenderOptions {
  /** Not production: loopback receivers (and http to them) are allowed. */
  allowLoopback: boolean;
  timeoutMs?: number;
  /** The resolver (tests inject one); defaults to `dns.lookup(host, { all: true })`. */
  resolve?: WebhookResolver;
}

export type WebhookSender = (request: WebhookRequest) => Promise<WebhookResult>;

const systemResolver: WebhookResolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses: LookupAddress[]) => (error ? reject(error) : resolve(addresses)));
  });

/** The addresses a URL's host stands for: the literal itself, or every address the resolver gives. */
async function addressesOf(hostname: string, resolve: WebhookResolver): Promise<{ address: string; family: number }[]> {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  const family = isIP(bare);
  if (family !== 0) return [{ address: bare, family }];
  return [...(await resolve(bare))];
}

export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const resolve = options.resolve ?? systemResolver;

  return async (request) => {
    const started = performance.now();
    const done = (status: number | null, error: string | null): WebhookResult => ({
      ok: status !== null && status >= 200 && status < 300 && error === null,
      status,
      durationMs: Math.round(performance.now() - started),
      error,
    });

    const urlReason = webhookUrlReason(request.url, { allowLoopbackHttp: options.allowLoopback });
    if (urlReason !== null) return done(null, urlReason);
    const url = new URL(request.url);

    let addresses: { address: string; family: number }[];
    try {
      addresses = await Promise.race([
        addressesOf(url.hostname, resolve),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), timeoutMs).unref()),
      ]);
    } catch (error) {
      return done(null, `Could not resolve ${url.hostname}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (addresses.length === 0) return done(null, `Could not resolve ${url.hostname}.`);
    for (const { address } of addresses) {
      const reason = blockedAddressReason(address, { allowLoopback: options.allowLoopback });
      if (reason !== null) return done(null, `Refused: ${url.hostname} resolves to ${address}. ${reason}`);
    }
    const pinned = addresses[0]!;
    // Every lookup of this request answers the address checked above, never a fresh DNS answer.
    const pinnedLookup: LookupFunction = (_hostname, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
      else callback(null, pinned.address, pinned.family);
    };

    const remaining = Math.max(1, timeoutMs - (performance.now() - started));
    return new Promise<WebhookResult>((settle) => {
      let finished = false;
      const finish = (result: WebhookResult) => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        settle(result);
      };
      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(
        url,
        {
          method: 'POST',
          headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
          lookup: pinnedLookup,
          agent: false,
        },
        (res) => {
          const status = res.statusCode ?? null;
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            // Enough of the answer: the status is what counts.
            if (read > MAX_RESPONSE_BYTES) {
              res.destroy();
              finish(done(status, status !== null && status >= 200 && status < 300 ? null : `HTTP ${status}`));
            }
          });
          res.on('end', () => finish(done(status, status !== null && status >= 200 && status < 300 ? null : `HTTP ${status}`)));
          res.on('error', () => finish(done(status, status !== null && status >= 200 && status < 300 ? null : `HTTP ${status}`)));
        },
      );
      const timer = setTimeout(() => {
        finish(done(null, `Timed out after ${timeoutMs} ms.`));
        req.destroy();
      }, remaining);
      req.on('error', (error) => finish(done(null, error.message || 'Connection failed.')));
      req.end(request.body);
    });
  };
}
