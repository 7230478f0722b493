/** SPEC §2 Referral Link: /waitlist?ref={referralCode}, on this site's origin. */
export function referralPath(code: string): string {
  return `/waitlist?ref=${encodeURIComponent(code)}`;
}

export function referralLink(code: string, origin: string = window.location.origin): string {
  return `${origin}${referralPath(code)}`;
}
