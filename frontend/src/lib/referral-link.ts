/** SPEC §2 Referral Link: the path /waitlist?ref={referralCode}, the code URL-encoded. */
export function referralPath(referralCode: string): string {
  return `/waitlist?ref=${encodeURIComponent(referralCode)}`;
}

/** The full referral link on this site's origin (or the given one). */
export function referralLink(referralCode: string, origin: string = window.location.origin): string {
  return `${origin}${referralPath(referralCode)}`;
}

/**
 * Copies `text`: the async Clipboard API when the page may use it, else the older select-and-copy on
 * `fallbackInput` (http pages, old browsers). Resolves true when one of them worked.
 */
export async function copyText(text: string, fallbackInput: HTMLInputElement | null): Promise<boolean> {
  if (typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function') {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused or not a secure context: try the fallback below.
    }
  }
  if (!fallbackInput || typeof document.execCommand !== 'function') return false;
  fallbackInput.focus();
  fallbackInput.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/** The browser's share sheet, when it has one (mobile browsers, some desktops). */
export const canShareNatively = (): boolean => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/** The user closing the system share sheet is not a failure. */
export const isShareCancelled = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';
