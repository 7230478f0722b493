import { PAGE_SIZE_DEFAULT, TOTAL_COUNT_HEADER } from '@crossfeed/domain/rules/limits.ts';
import { takeEarlyRead } from '@/lib/early-reads';
import { notifySessionExpired } from '@/lib/notify';
import { markSessionEnded } from '@/lib/toast';

/** SPEC §7: non-OK answers raise an error carrying the response's `detail`, or this text when absent. */
export const API_FETCH_ERROR = 'API Fetch Error';

/**
 * What the client needs of the session, given once at start-up by the app (main.tsx) and by the test setup:
 * lib/ does not import the store, whose slices call this client.
 */
export type ApiSession = {
  /** The Bearer token for authenticated calls, or null when signed out. */
  getToken: () => string | null;
  /** An authenticated call answered 401 (SPEC §4): runs after the warning toast, before the error is thrown. */
  onUnauthorized: () => void;
};

// Until configured: signed out (calls go without a token, with the warning) and nothing to log out.
let session: ApiSession = { getToken: () => null, onUnauthorized: () => {} };

/** Connects the client to the session; call before the first request. */
export function configureApi(next: ApiSession): void {
  session = next;
}

/** The server answered with a non-OK status. Network failures stay plain `TypeError`s from fetch. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's `detail` text, when it sent one. */
  readonly detail: string | undefined;

  constructor(status: number, detail: string | undefined) {
    super(detail ?? API_FETCH_ERROR);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
  }
}

export type ApiRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent form-encoded (the login call). */
  form?: Record<string, string>;
  /** Sent as multipart (bulk contact upload). */
  formData?: FormData;
  query?: Record<string, string | number | boolean | readonly string[] | null | undefined>;
  /**
   * false for the sign-in and password-recovery calls: no Bearer token, and a 401 is a wrong password,
   * not an expired session. Every other call is authenticated (SPEC §6).
   */
  auth?: boolean;
  signal?: AbortSignal;
};

function buildUrl(path: string, query: ApiRequest['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function detailOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'detail' in body) {
    const { detail } = body as { detail: unknown };
    if (typeof detail === 'string' && detail) return detail;
  }
  return undefined;
}

/** One call to the API (same origin, SPEC §7). Resolves with the parsed body; rejects with ApiError. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const { payload } = await send(path, request);
  return payload as T;
}

/** One call whose answer headers matter too (e.g. a token the body's fixed shape has no field for). */
export async function apiFetchWithHeaders<T>(path: string, request: ApiRequest = {}): Promise<{ body: T; headers: Headers }> {
  const { response, payload } = await send(path, request);
  return { body: payload as T, headers: response.headers };
}

/** One page of a list: its items and how many the whole list holds (the `X-Total-Count` header). */
export type Page<T> = { items: T[]; total: number };

/** Where a page starts and how many items it holds at most (the server's default and maximum apply). */
export type PageRequest = { offset?: number; limit?: number };

/**
 * GET one page of a list endpoint (`limit`, `offset`): the body stays a plain array. Without a usable
 * `X-Total-Count` the list is taken to end with this page.
 */
export async function apiFetchPage<T>(
  path: string,
  { offset = 0, limit = PAGE_SIZE_DEFAULT }: PageRequest = {},
  request: Omit<ApiRequest, 'method' | 'json' | 'form' | 'formData'> = {},
): Promise<Page<T>> {
  const { response, payload } = await send(path, { ...request, method: 'GET', query: { ...request.query, limit, offset } });
  const items = payload as T[];
  const header = Number(response.headers.get(TOTAL_COUNT_HEADER) ?? Number.NaN);
  const arrived = offset + (Array.isArray(payload) ? payload.length : 0);
  return { items, total: Number.isSafeInteger(header) && header >= arrived ? header : arrived };
}

/** How long a call keeps asking a server that answers 503 with Retry-After before it shows the error. */
export const NOT_READY_MAX_WAIT_MS = 30_000;

/** The wait a 503 asks for (`Retry-After` in seconds, at most 10), or null when it gives none. */
function retryAfterMs(response: Response): number | null {
  const seconds = Number(response.headers.get('Retry-After') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 10) * 1000 : null;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });
}

async function send(path: string, request: ApiRequest): Promise<{ response: Response; payload: unknown }> {
  const { method = 'GET', json, form, formData, query, auth = true, signal } = request;
  const headers = new Headers({ Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  } else if (form) {
    body = new URLSearchParams(form);
  } else if (formData) {
    body = formData;
  }

  const token = auth ? session.getToken() : null;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // SPEC §6: without a token the call is still sent, with a warning.
  else if (auth) console.warn(`No auth token: calling ${method} ${path} without Authorization.`);

  const url = buildUrl(path, query);
  // The page's first reads may already be under way (lib/early-reads.ts): the same GET with the same token.
  const early = method === 'GET' && token ? takeEarlyRead(url, token) : null;
  const earlyResponse = early ? await early : null;
  if (earlyResponse) signal?.throwIfAborted();
  let response = earlyResponse ?? (await fetch(url, { method, headers, body, signal }));
  // A 503 with Retry-After: the server did nothing yet (its data is being rebuilt); wait and ask again.
  for (let waited = 0; response.status === 503 && waited < NOT_READY_MAX_WAIT_MS; ) {
    const asked = retryAfterMs(response);
    if (asked === null) break;
    const delay = Math.max(asked, 500);
    await response.body?.cancel();
    await sleep(Math.min(delay, NOT_READY_MAX_WAIT_MS - waited), signal);
    waited += delay;
    response = await fetch(url, { method, headers, body, signal });
  }
  const payload = await readBody(response);
  if (response.ok) return { response, payload };

  if (response.status === 401 && auth) {
    // SPEC §4: a warning toast, then logout, then the error.
    notifySessionExpired();
    markSessionEnded();
    session.onUnauthorized();
  }
  throw new ApiError(response.status, detailOf(payload));
}

export const api = {
  get: <T>(path: string, request?: Omit<ApiRequest, 'method' | 'json' | 'form' | 'formData'>) =>
    apiFetch<T>(path, { ...request, method: 'GET' }),
  /** A page of a list endpoint with the list's total; see `apiFetchPage`. */
  getPage: <T>(path: string, page?: PageRequest, request?: Omit<ApiRequest, 'method' | 'json' | 'form' | 'formData'>) =>
    apiFetchPage<T>(path, page, request),
  post: <T>(path: string, json?: unknown, request?: Omit<ApiRequest, 'method' | 'json'>) =>
    apiFetch<T>(path, { ...request, method: 'POST', json }),
  postForm: <T>(path: string, form: Record<string, string>, request?: Omit<ApiRequest, 'method' | 'form'>) =>
    apiFetch<T>(path, { ...request, method: 'POST', form }),
  put: <T>(path: string, json?: unknown, request?: Omit<ApiRequest, 'method' | 'json'>) =>
    apiFetch<T>(path, { ...request, method: 'PUT', json }),
  delete: <T>(path: string, request?: Omit<ApiRequest, 'method'>) => apiFetch<T>(path, { ...request, method: 'DELETE' }),
};

/** The text to show for a failed call: the server's detail, else `fallback`; `unexpected` when no answer came. */
export function errorMessage(error: unknown, fallback: string, unexpected = fallback): string {
  if (error instanceof ApiError) return error.detail ?? fallback;
  return unexpected;
}
