import type { UserDto } from '@crossfeed/domain/api/realtime-events.ts';

export function makeUser(overrides: Partial<UserDto> = {}): UserDto {
  return {
    id: 'user-1',
    username: 'alice',
    email: 'alice@example.com',
    is_admin: false,
    is_premium: false,
    has_profile_completed: false,
    categories: [],
    share_count: 0,
    view_count: 0,
    avatar_url: null,
    referral_code: 'ALICE-REF',
    premium_until: null,
    profile: null,
    ...overrides,
  };
}

const base64Url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned JWT whose payload carries `exp` (seconds); the UI only reads the payload. */
export function makeJwt(expSeconds: number, subject = 'user-1'): string {
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ sub: subject, exp: expSeconds })}.signature`;
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A 200 answer of a paged list endpoint: the items as a plain array, the list's total in `X-Total-Count`. */
export function pagedResponse(items: unknown[], total: number): Response {
  return new Response(JSON.stringify(items), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) },
  });
}

/** `limit` and `offset` of a request URL, with the server's defaults. */
export function pageOf(url: string): { offset: number; limit: number } {
  const params = new URL(url, 'http://localhost').searchParams;
  return { offset: Number(params.get('offset') ?? 0), limit: Number(params.get('limit') ?? 100) };
}
