import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '@/stores/app-store';
import { jsonResponse, makeJwt, makeUser } from '@/testing/fixtures';
import { API_FETCH_ERROR, ApiError, api, apiFetch } from './api-client';

const token = makeJwt(Math.floor(Date.now() / 1000) + 3600);

function stubFetch(response: Response | (() => Promise<Response>)) {
  const fetchMock = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>(
    typeof response === 'function' ? response : async () => response,
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentHeaders(fetchMock: ReturnType<typeof stubFetch>): Headers {
  return new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
}

describe('api client', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('sends the stored token as a Bearer header and resolves with the JSON body', async () => {
    useAppStore.getState().login(token, makeUser());
    const fetchMock = stubFetch(jsonResponse(200, { id: 'user-1' }));

    await expect(api.get('/auth/me')).resolves.toEqual({ id: 'user-1' });

    expect(fetchMock).toHaveBeenCalledWith('/auth/me', expect.objectContaining({ method: 'GET' }));
    expect(sentHeaders(fetchMock).get('Authorization')).toBe(`Bearer ${token}`);
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('warns and still sends an authenticated call when there is no token', async () => {
    const fetchMock = stubFetch(jsonResponse(200, []));

    await api.get('/contacts/');

    expect(fetchMock).toHaveBeenCalledOnce();
    expect(sentHeaders(fetchMock).has('Authorization')).toBe(false);
    expect(console.warn).toHaveBeenCalledOnce();
  });

  it('sends JSON bodies with a JSON content type', async () => {
    const fetchMock = stubFetch(jsonResponse(201, { id: 'c1' }));

    await api.post('/contacts/', { name: 'Bo', email: 'bo@example.com' });

    const init = fetchMock.mock.calls[0]?.[1] ?? {};
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ name: 'Bo', email: 'bo@example.com' }));
    expect(sentHeaders(fetchMock).get('Content-Type')).toBe('application/json');
  });

  it('sends form-encoded bodies without a token for public calls', async () => {
    useAppStore.getState().login(token, makeUser());
    const fetchMock = stubFetch(jsonResponse(200, {}));

    await api.postForm('/auth/login', { username: 'alice', password: 'p@ss word' }, { auth: false });

    const init = fetchMock.mock.calls[0]?.[1] ?? {};
    expect(String(init.body)).toBe('username=alice&password=p%40ss+word');
    expect(sentHeaders(fetchMock).has('Authorization')).toBe(false);
  });

  it('encodes query parameters, repeating list values', async () => {
    const fetchMock = stubFetch(jsonResponse(200, []));

    await apiFetch('/search/', { query: { query: 'ai art', categories: ['art', 'ai'], min_views: 0, sort_by: undefined } });

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/search/?query=ai+art&categories=art&categories=ai&min_views=0');
  });

  it("throws an ApiError carrying the response's detail", async () => {
    stubFetch(jsonResponse(409, { detail: 'Username already registered.' }));

    const failure = await api.post('/auth/register', {}, { auth: false }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, detail: 'Username already registered.', message: 'Username already registered.' });
  });

  it("throws 'API Fetch Error' when the error response has no detail", async () => {
    stubFetch(new Response('Bad gateway', { status: 502 }));

    await expect(api.get('/content/')).rejects.toThrow(API_FETCH_ERROR);
  });

  it('on a 401 to an authenticated call toasts, logs out, then throws', async () => {
    const warning = vi.spyOn(toast, 'warning');
    useAppStore.getState().login(token, makeUser());
    stubFetch(jsonResponse(401, { detail: 'Not authenticated' }));

    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 401 });

    expect(warning).toHaveBeenCalledWith('Session expired. Please log in again.', expect.anything());
    expect(useAppStore.getState().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('treats a 401 to a public call (a wrong password) as a plain error, keeping any session', async () => {
    const warning = vi.spyOn(toast, 'warning');
    useAppStore.getState().login(token, makeUser());
    stubFetch(jsonResponse(401, { detail: 'Incorrect username or password.' }));

    await expect(api.postForm('/auth/login', { username: 'a', password: 'b' }, { auth: false })).rejects.toThrow(
      'Incorrect username or password.',
    );

    expect(warning).not.toHaveBeenCalled();
    expect(useAppStore.getState().token).toBe(token);
  });

  it('lets network failures through as they are', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));

    const failure = await api.get('/content/').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(TypeError);
    expect(failure).not.toBeInstanceOf(ApiError);
  });
});

describe('api.getPage', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  const paged = (body: unknown, total?: string) =>
    new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json', ...(total === undefined ? {} : { 'X-Total-Count': total }) },
    });

  it('asks for limit and offset and answers the items with the X-Total-Count total', async () => {
    const fetchMock = stubFetch(paged([{ id: 'a' }, { id: 'b' }], '250'));

    await expect(api.getPage('/contacts/', { offset: 100, limit: 2 })).resolves.toEqual({ items: [{ id: 'a' }, { id: 'b' }], total: 250 });

    expect(fetchMock).toHaveBeenCalledWith('/contacts/?limit=2&offset=100', expect.objectContaining({ method: 'GET' }));
  });

  it('asks for the first page of the default size, keeping other query parameters', async () => {
    const fetchMock = stubFetch(paged([], '0'));

    await api.getPage('/search/', {}, { query: { query: 'ai' } });

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/search/?query=ai&limit=100&offset=0');
  });

  it('takes the list to end with this page when the header is missing or unusable', async () => {
    stubFetch(paged([{ id: 'a' }]));
    await expect(api.getPage('/flags/', { offset: 3 })).resolves.toEqual({ items: [{ id: 'a' }], total: 4 });

    stubFetch(paged([{ id: 'a' }], 'many'));
    await expect(api.getPage('/flags/')).resolves.toEqual({ items: [{ id: 'a' }], total: 1 });
  });

  it('rejects a non-OK answer with its detail like every other call', async () => {
    stubFetch(jsonResponse(400, { detail: 'limit: must be a whole number of 1 or more.' }));

    await expect(api.getPage('/contacts/', { limit: 0 })).rejects.toMatchObject({ status: 400, message: 'limit: must be a whole number of 1 or more.' });
  });

  describe('a server getting its data ready (503 with Retry-After)', () => {
    it('waits as asked and asks again, without logging the person out', async () => {
      vi.useFakeTimers();
      try {
        useAppStore.getState().login(token, makeUser());
        const answers = [
          new Response(JSON.stringify({ detail: 'The server is getting its data ready.' }), { status: 503, headers: { 'Retry-After': '2' } }),
          jsonResponse(200, { id: 'user-1' }),
        ];
        const fetchMock = stubFetch(async () => answers.shift() ?? jsonResponse(500, {}));
        const me = api.get('/auth/me');
        await vi.advanceTimersByTimeAsync(1999);
        expect(fetchMock).toHaveBeenCalledTimes(1);
        await vi.advanceTimersByTimeAsync(1);
        await expect(me).resolves.toEqual({ id: 'user-1' });
        expect(fetchMock).toHaveBeenCalledTimes(2);
        expect(useAppStore.getState().token).toBe(token);
      } finally {
        vi.useRealTimers();
      }
    });

    it('a 503 without Retry-After is an error at once, and never a logout', async () => {
      useAppStore.getState().login(token, makeUser());
      const fetchMock = stubFetch(jsonResponse(503, { detail: 'Payments are not set up.' }));
      await expect(api.get('/api/subscription/status')).rejects.toMatchObject({ status: 503, detail: 'Payments are not set up.' });
      expect(fetchMock).toHaveBeenCalledOnce();
      expect(useAppStore.getState().token).toBe(token);
    });
  });
});
