/**
 * Remember me (SPEC §2 Login): the session itself is always kept in localStorage (SPEC §4), so what the
 * box remembers is the username, prefilled at the next sign-in on this device.
 */
const KEY = 'rememberedUsername';

export function readRememberedUsername(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Stores `username` when `remember` is set, and forgets any stored one when it is not. */
export function rememberUsername(username: string, remember: boolean): void {
  try {
    if (remember) localStorage.setItem(KEY, username);
    else localStorage.removeItem(KEY);
  } catch {
    // Storage can be unavailable (private mode); remembering is a convenience only.
  }
}
