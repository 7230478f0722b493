/**
 * Early reads: the first API reads of a signed-in page, sent by a small inline script in index.html while
 * the page's JavaScript is still downloading, instead of after it has loaded and rendered. On a slow network
 * that is a round trip (and the time to run the app) earlier: on /app/home the matched contents, which are
 * what the page shows largest (docs/performance.md).
 *
 * The script sends each read with the stored token and the headers `api-client.ts` sends, and leaves the
 * answers' promises on `window`. The API client takes an answer instead of fetching when the same GET is
 * asked for with the same token, once, within EARLY_READ_MAX_AGE_MS; anything else fetches as usual. So an
 * expired token gets the same 401 handling, and a read nobody takes is simply dropped.
 *
 * No imports: vite.config.ts reads this file to write the script into index.html.
 */

/** Each page's first GETs, exactly as the store's fetchers ask for them (a test compares them). */
export const EARLY_READS: Readonly<Record<string, readonly string[]>> = {
  '/app/home': [
    // The workspace's matches and own contents (the content the page shows), then the rest of its state.
    '/content/match',
    '/content/?limit=100&offset=0',
    '/content/shuffles/remaining',
    '/workspace',
    // The sidebar's unread badge.
    '/notifications/?limit=100&offset=0',
  ],
};

/** An early answer older than this is not used: the page fetches again. */
export const EARLY_READ_MAX_AGE_MS = 30_000;

/** Where the inline script leaves its reads. */
const GLOBAL_NAME = '__crossfeedEarlyReads';

type EarlyReads = { token: string; at: number; responses: Record<string, Promise<Response | null> | undefined> };

/**
 * The inline script's source: plain ES5 in one line, run before the app's scripts. Reads the token as the
 * session keeps it (localStorage `token`); does nothing for a page without early reads or without a token.
 */
export function earlyReadsScript(reads: Readonly<Record<string, readonly string[]>> = EARLY_READS): string {
  const body = [
    `var r=${JSON.stringify(reads)}[location.pathname.replace(/\\/+$/,'')],t=localStorage.getItem('token');`,
    `if(!r||!t)return;`,
    // An expired token (its JWT `exp`, seconds) reads nothing: the app logs out at start-up without a call.
    `try{var e=JSON.parse(atob(t.split('.')[1].replace(/-/g,'+').replace(/_/g,'/'))).exp;if(typeof e==='number'&&e*1000<=Date.now())return;}catch(x){}`,
    `var h={Accept:'application/json',Authorization:'Bearer '+t},p={};`,
    `for(var i=0;i<r.length;i++)p[r[i]]=fetch(r[i],{headers:h}).catch(function(){return null});`,
    `window.${GLOBAL_NAME}={token:t,at:Date.now(),responses:p};`,
  ].join('');
  return `(function(){try{${body}}catch(e){}})();`;
}

/**
 * The early answer for `GET url` with `token`, taken once; null when there is none (another URL, another
 * token, too old), and a promise of null when the early request failed: the caller then fetches.
 */
export function takeEarlyRead(url: string, token: string, now: number = Date.now()): Promise<Response | null> | null {
  const early = (globalThis as unknown as Record<string, EarlyReads | undefined>)[GLOBAL_NAME];
  const pending = early?.responses[url];
  if (!early || !pending) return null;
  delete early.responses[url];
  if (early.token !== token || now - early.at > EARLY_READ_MAX_AGE_MS) return null;
  return pending;
}
