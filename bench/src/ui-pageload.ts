/**
 * Cold page loads of the built UI in Debian's Chromium (the ui bench's second half): Largest Contentful
 * Paint and bytes transferred for /waitlist (signed out) and /app/home (signed in, until the creator's own
 * content is in the page), unthrottled and under Lighthouse's "Slow 4G" with 4x CPU slowdown.
 *
 * - The app runs as `npm start` runs it (e2e/src/support/app.ts: the one-process start on the embedded
 *   adapters, a fresh DATA_DIR, NODE_ENV unset); a creator with a profile and content, and a second
 *   creator whose content matches, are made over HTTP.
 * - Every load is a new browser context: empty HTTP cache, nothing precompiled. The session is put into
 *   localStorage before the page's scripts run (as the app keeps it, SPEC §3), with the tour marked done.
 * - Throttling is applied through CDP before the navigation: Network.emulateNetworkConditions with
 *   SLOW_4G below and Emulation.setCPUThrottlingRate 4.
 * - LCP: a PerformanceObserver('largest-contentful-paint', buffered) installed before the page's scripts;
 *   the last entry once the page has settled (content in the DOM, then no new entry for SETTLE_MS).
 *   Bytes: the sum of Network.loadingFinished encodedDataLength (headers and bodies, as sent) over the load.
 */
import type { CDPSession, Page } from 'playwright-core';
import { chromium, type Browser } from 'playwright-core';
import { Api, type Session } from '@crossfeed/e2e/support/api.ts';
import { startApp } from '@crossfeed/e2e/support/app.ts';
import { CHROMIUM_PATH } from '@crossfeed/e2e/support/browser.ts';
import { existsSync } from 'node:fs';

/**
 * Lighthouse's "Slow 4G" (mobile) preset as DevTools throttling applies it: 150 ms RTT x 3.75 = 562.5 ms
 * request latency; 1.6 Mbit/s down and 750 kbit/s up (Mbit = 1024 x 1024 bits) x 0.9, in bytes per second.
 */
export const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9,
  uploadThroughput: ((750 * 1024) / 8) * 0.9,
} as const;
export const CPU_SLOWDOWN = 4;
/** The page has settled when no new LCP entry came for this long after the content was in the DOM. */
const SETTLE_MS = 1500;
const LOAD_TIMEOUT_MS = 60_000;

export interface PageLoad {
  lcpMs: number;
  /** What the LCP element was (tag and the start of its text), to see what the figure is about. */
  lcpElement: string;
  /** When the awaited content was inserted into the DOM, from the navigation start. */
  contentMs: number;
  bytes: number;
  requests: number;
  /** Every request: path, when sent and when finished (ms from the document request), bytes. */
  timeline: { path: string; sentMs: number; doneMs: number; bytes: number }[];
}

export interface PageLoadTarget {
  name: string;
  path: string;
  /** Text that is in the page once its content is shown. */
  contentText: string;
  session?: Session;
}

/**
 * Runs in the page before its scripts (plain JavaScript: this workspace has no DOM types): records LCP
 * entries and when an added node first holds the awaited text, in `window.__bench`. It watches the document
 * from its start, so text the parser inserts (a prerendered page) counts as well as text a script adds.
 */
function instrumentScript(text: string): string {
  return `(() => {
  const text = ${JSON.stringify(text)};
  const state = { lcp: [], contentAt: null, lastLcpWall: 0 };
  window.__bench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const element = entry.element ? '<' + entry.element.tagName.toLowerCase() + '> ' + (entry.element.textContent || '').trim().slice(0, 40) : '(removed)';
      state.lcp.push({ at: entry.startTime, size: entry.size, element });
      state.lastLcpWall = Date.now();
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const watch = new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      for (const node of mutation.addedNodes) {
        if (node.textContent && node.textContent.includes(text)) {
          state.contentAt = performance.now();
          watch.disconnect();
          return;
        }
      }
    }
  });
  // From the start: nodes the parser inserts (a prerendered page) are reported as well as those scripts add.
  watch.observe(document, { childList: true, subtree: true });
})();`;
}

interface BenchState {
  lcp: { at: number; size: number; element: string }[];
  contentAt: number | null;
  lastLcpWall: number;
}

async function loadOnce(browser: Browser, baseUrl: string, target: PageLoadTarget, throttled: boolean): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    if (target.session) {
      const { token, user } = target.session;
      await context.addInitScript(
        ({ token, user }: { token: string; user: Session['user'] }) => {
          localStorage.setItem('token', token);
          localStorage.setItem('user', JSON.stringify(user));
          localStorage.setItem(`hasCompletedTour-${user.id}`, 'true');
        },
        { token, user },
      );
    }
    await context.addInitScript({ content: instrumentScript(target.contentText) });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    let bytes = 0;
    let requests = 0;
    let origin: number | undefined;
    const sent = new Map<string, { path: string; at: number }>();
    const timeline: PageLoad['timeline'] = [];
    cdp.on('Network.requestWillBeSent', (event) => {
      origin ??= event.timestamp;
      sent.set(event.requestId, { path: new URL(event.request.url).pathname, at: event.timestamp });
    });
    cdp.on('Network.loadingFinished', (event) => {
      bytes += event.encodedDataLength;
      requests += 1;
      const request = sent.get(event.requestId);
      if (request && origin !== undefined) {
        timeline.push({ path: request.path, sentMs: (request.at - origin) * 1000, doneMs: (event.timestamp - origin) * 1000, bytes: event.encodedDataLength });
      }
    });
    await cdp.send('Network.enable');
    if (throttled) {
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    }
    await page.goto(`${baseUrl}${target.path}`, { waitUntil: 'commit', timeout: LOAD_TIMEOUT_MS });
    // Functions (sent as their source, so each reads window.__bench itself), not strings: the app's
    // Content-Security-Policy forbids eval in the page.
    await page.waitForFunction(
      () => {
        const state = (globalThis as unknown as { __bench: BenchState }).__bench;
        return state.contentAt !== null && state.lcp.length > 0;
      },
      undefined,
      { timeout: LOAD_TIMEOUT_MS, polling: 100 },
    );
    await page.waitForFunction((settle) => Date.now() - (globalThis as unknown as { __bench: BenchState }).__bench.lastLcpWall >= settle, SETTLE_MS, {
      timeout: LOAD_TIMEOUT_MS,
      polling: 100,
    });
    const state = await page.evaluate(() => (globalThis as unknown as { __bench: BenchState }).__bench);
    await detach(cdp, page);
    const last = state.lcp.at(-1)!;
    return { lcpMs: last.at, lcpElement: last.element, contentMs: state.contentAt!, bytes, requests, timeline };
  } finally {
    await context.close();
  }
}

async function detach(cdp: CDPSession, page: Page): Promise<void> {
  await cdp.send('Network.disable').catch(() => undefined);
  await cdp.detach().catch(() => undefined);
  await page.close();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

export interface PageLoadResult {
  target: string;
  throttled: boolean;
  runs: PageLoad[];
  /** The run with the median LCP. */
  median: PageLoad;
}

/** Starts the app, makes the accounts and content, and loads each page `runs` times each way. */
export async function measurePageLoads(runs: number): Promise<PageLoadResult[]> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: run \`sudo bash scripts/ensure-test-tools.sh\` (installs Debian's chromium) or set CHROMIUM_PATH.`);
  }
  process.stdout.write('\nStarting the app as `npm start` does...');
  const app = await startApp();
  let browser: Browser | undefined;
  try {
    const api = new Api(app.url);
    const profile = { bio: 'Writes about ocean science.', categories: ['science'], interests: ['Oceans'], content_type: 'article' };
    const other = await api.signUp('bench-ui-other', { name: 'Ola Other', ...profile });
    const creator = await api.signUp('bench-ui-creator', { name: 'Kai Creator', ...profile });
    const ownTitle = 'Tide pools for curious kids';
    for (const [session, title] of [
      [other, 'Ocean currents mapped'],
      [other, 'How the gulf stream moves heat'],
      [creator, ownTitle],
      [creator, 'Kelp forests up close'],
    ] as const) {
      await api.submitContent(session, {
        title,
        description: `${title}: a field guide with photos and notes.`,
        url: `https://example.com/bench/${encodeURIComponent(title)}`,
        content_type: 'article',
        categories: ['science'],
      });
    }
    const targets: PageLoadTarget[] = [
      { name: '/waitlist', path: '/waitlist', contentText: 'Reserve your spot' },
      { name: '/app/home (signed in)', path: '/app/home', contentText: ownTitle, session: creator },
    ];
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
    });
    // One unmeasured load: the server's first requests (module compile, read-model warm-up) are not the page's.
    await loadOnce(browser, app.url, targets[1]!, false);
    const results: PageLoadResult[] = [];
    for (const throttled of [false, true]) {
      for (const target of targets) {
        const loads: PageLoad[] = [];
        for (let run = 0; run < runs; run++) {
          process.stdout.write(`\r${target.name}, ${throttled ? 'Slow 4G + 4x CPU' : 'unthrottled'}: run ${run + 1} of ${runs}...        `);
          loads.push(await loadOnce(browser, app.url, target, throttled));
        }
        const lcp = median(loads.map((l) => l.lcpMs));
        results.push({ target: target.name, throttled, runs: loads, median: loads.find((l) => l.lcpMs === lcp)! });
      }
    }
    process.stdout.write('\n');
    return results;
  } finally {
    await browser?.close();
    await app.stop();
  }
}
