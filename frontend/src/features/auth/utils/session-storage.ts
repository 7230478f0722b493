import type { UserDto } from '@crossfeed/domain/api/realtime-events.ts';

// SPEC §3 Local storage: `token`, `user`, and `hasCompletedTour-{userId}` holding true or false.
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
export const tourKey = (userId: string) => `hasCompletedTour-${userId}`;

// Storage can be blocked (privacy modes, sandboxed frames): reads fall back to signed out, writes are dropped.
function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the session still lives in memory.
  }
}

export function readStoredSession(): { token: string | null; user: UserDto | null } {
  const token = read(TOKEN_KEY);
  let user: UserDto | null = null;
  try {
    user = JSON.parse(read(USER_KEY) ?? 'null') as UserDto | null;
  } catch {
    user = null;
  }
  return { token, user };
}

export function storeSession(token: string, user: UserDto): void {
  write(TOKEN_KEY, token);
  write(USER_KEY, JSON.stringify(user));
}

export function storeUser(user: UserDto): void {
  write(USER_KEY, JSON.stringify(user));
}

export function clearStoredSession(): void {
  write(TOKEN_KEY, null);
  write(USER_KEY, null);
}

export function readTourCompleted(userId: string): boolean {
  return read(tourKey(userId)) === 'true';
}

export function storeTourCompleted(userId: string, completed: boolean): void {
  write(tourKey(userId), String(completed));
}
