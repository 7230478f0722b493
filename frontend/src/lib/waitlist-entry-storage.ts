/**
 * What this browser keeps of its own waitlist entry (localStorage), so the waitlist page shows the position
 * after a reload and a sign-up from this browser can carry the tier over:
 * - `token`: the entry's secret token (answered at waitlist sign-up, or by the confirmation link); it reads
 *   the entry back (GET /api/waitlist/me) and follows it live (`waitlist:rank`);
 * - `claim`: the proof the confirmation link hands out (only the mailbox's reader gets it), sent with the
 *   account sign-up as `waitlist_claim`;
 * - `email`: the address it was joined with, only to show it again.
 * Shared by the waitlist and auth features, so it lives here and imports neither.
 */
export type StoredWaitlistEntry = { token: string; claim?: string; email?: string };

export const WAITLIST_ENTRY_KEY = 'crossfeed.waitlist-entry';

export function readWaitlistEntry(): StoredWaitlistEntry | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(WAITLIST_ENTRY_KEY) ?? 'null');
    if (!parsed || typeof parsed !== 'object') return null;
    const { token, claim, email } = parsed as Record<string, unknown>;
    if (typeof token !== 'string' || !token) return null;
    return { token, ...(typeof claim === 'string' ? { claim } : {}), ...(typeof email === 'string' ? { email } : {}) };
  } catch {
    return null;
  }
}

/** Keeps `entry`; a claim or e-mail already kept for the same token stays unless replaced. */
export function storeWaitlistEntry(entry: StoredWaitlistEntry): void {
  const current = readWaitlistEntry();
  const merged = current?.token === entry.token ? { ...current, ...entry } : entry;
  try {
    localStorage.setItem(WAITLIST_ENTRY_KEY, JSON.stringify(merged));
  } catch {
    // Storage full or disabled: the page still works, it just forgets on reload.
  }
}

export function clearWaitlistEntry(): void {
  try {
    localStorage.removeItem(WAITLIST_ENTRY_KEY);
  } catch {
    // nothing kept
  }
}

/** The claim to send with an account sign-up, if this browser followed a waitlist confirmation link. */
export const storedWaitlistClaim = (): string | undefined => readWaitlistEntry()?.claim;

/** Set by the confirmation link (GET /api/waitlist/confirm) for the waitlist page: `entry=<token>&claim=<proof>`. */
export const CONFIRMED_ENTRY_COOKIE = 'crossfeed_waitlist_entry';

/**
 * The confirmation link lands on `/waitlist?confirmed=1` with a short-lived cookie holding the entry's token
 * and the claim: keeps both here and deletes the cookie.
 */
export function adoptConfirmationCookie(): void {
  if (typeof document === 'undefined') return;
  const raw = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CONFIRMED_ENTRY_COOKIE}=`));
  if (!raw) return;
  document.cookie = `${CONFIRMED_ENTRY_COOKIE}=; Max-Age=0; Path=/waitlist`;
  let values: URLSearchParams;
  try {
    values = new URLSearchParams(decodeURIComponent(raw.slice(CONFIRMED_ENTRY_COOKIE.length + 1)));
  } catch {
    return;
  }
  const token = values.get('entry');
  if (!token) return;
  const claim = values.get('claim');
  storeWaitlistEntry({ token, ...(claim ? { claim } : {}) });
}
