// The JWT lives in localStorage under `token` (SPEC.md section 2: protected routes need a token).
export const TOKEN_STORAGE_KEY = 'token';

export function readStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be blocked (privacy modes, sandboxed frames): treat it as signed out.
    return null;
  }
}

export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function clearStoredToken(): void {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
