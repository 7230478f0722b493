import { vi } from 'vitest';
import { useAppStore } from '@/stores/app-store';
import { makeJwt, makeUser } from '@/testing/fixtures';
import type { UserDto } from '@crossfeed/domain/api/realtime-events.ts';

/** One answer of the fake server: given the request's JSON body (if any), a Response. */
export type Handler = (body: unknown) => Response | Promise<Response>;

/** A request the window sent: `METHOD /path` and its JSON body. */
export type SentRequest = { route: string; body: unknown };

/**
 * The API behind a developer window, in place of fetch: `routes` maps `METHOD /path` to an answer; a route
 * it does not know fails the test loudly. Every request is recorded in `sent`.
 */
export function fakeServer(routes: Record<string, Handler>) {
  const sent: SentRequest[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const route = `${init?.method ?? 'GET'} ${new URL(url, 'http://localhost').pathname}`;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({ route, body });
    const handler = routes[route];
    if (!handler) throw new Error(`No fake answer for ${route}`);
    return handler(body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent, routes, fetchMock, calls: (route: string) => sent.filter((request) => request.route === route) };
}

/** Signs a user in (Free unless overridden), as the windows only open for a signed-in user. */
export function signIn(overrides: Partial<UserDto> = {}): void {
  useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser(overrides));
}
