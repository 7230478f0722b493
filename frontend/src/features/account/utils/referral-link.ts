/** How long the Copy button reads 'Copied!' after a copy. */
export const COPIED_CONFIRMATION_MS = 2000;

/** SPEC §2 Referral Link: the link shape is /waitlist?ref={referralCode}, on this site's origin. */
export function referralLink(origin: string, referralCode: string): string {
  return `${origin}/waitlist?ref=${encodeURIComponent(referralCode)}`;
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

/** The user closing the system share sheet is not a failure. */
export const isShareCancelled = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';
