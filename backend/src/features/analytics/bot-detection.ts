/** What bot detection reads of a request (an Express request fits). */
export interface ClickRequest {
  method: string;
  get(name: string): string | undefined;
}

/** User agents of crawlers, link previewers and scripts: their requests are recorded, not counted as people. */
const BOT_PATTERNS: readonly [RegExp, string][] = [
  [/bot/i, 'bot'],
  [/crawl/i, 'crawler'],
  [/spider/i, 'spider'],
  [/slurp/i, 'crawler'],
  [/\bcurl\//i, 'curl'],
  [/\bwget\//i, 'wget'],
  [/python-requests|python-urllib|aiohttp|httpx/i, 'python-requests'],
  [/go-http-client|okhttp|java\/|libwww-perl|node-fetch|axios|undici/i, 'http library'],
  [/headless/i, 'headless'],
  [/preview|facebookexternalhit|embedly|whatsapp|skypeuripreview|vkshare|quora link/i, 'preview'],
  [/lighthouse|pingdom|uptime|monitor/i, 'monitor'],
];

/**
 * Why a request to a short link is not a person's click, or null when it looks like one: HEAD requests
 * (link checkers), browser prefetches, a missing user agent or a known bot/previewer/script user agent.
 */
export function botReason(req: ClickRequest): string | null {
  if (req.method === 'HEAD') return 'HEAD request';
  const purpose = `${req.get('sec-purpose') ?? ''} ${req.get('purpose') ?? ''} ${req.get('x-purpose') ?? ''}`.toLowerCase();
  if (purpose.includes('prefetch') || purpose.includes('preview')) return 'prefetch request';
  const agent = req.get('user-agent')?.trim();
  if (!agent) return 'missing user agent';
  for (const [pattern, label] of BOT_PATTERNS) {
    if (pattern.test(agent)) return `user agent looks like a ${label}`;
  }
  return null;
}
