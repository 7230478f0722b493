import mailchecker from 'mailchecker';

/**
 * Who an e-mail address really reaches, for the rules that must not be gamed with variants of one mailbox
 * (referral credits, one waitlist position per person):
 *
 * - case does not matter, and neither does a `+tag` (`ada+1@x` reaches `ada@x` at every major provider);
 * - Gmail ignores dots in the local part (`a.d.a@gmail.com` is `ada@gmail.com`), and `googlemail.com` is
 *   the same service;
 * - throwaway (disposable) domains come from mailchecker's maintained list (tens of thousands of domains,
 *   updated with each release), subdomains included.
 */

/** Providers that deliver `a.b@` to `ab@`, mapped to their canonical domain. */
const DOTS_IGNORED: ReadonlyMap<string, string> = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

function split(email: string): { local: string; domain: string } | null {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0 || at === lower.length - 1) return null;
  return { local: lower.slice(0, at), domain: lower.slice(at + 1).replace(/\.+$/, '') };
}

/** The mailbox an address reaches: one key for every case, `+tag` and (for Gmail) dotted variant of it. */
export function normalizedEmail(email: string): string {
  const parts = split(email);
  if (!parts) return email.trim().toLowerCase();
  let { local, domain } = parts;
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const canonical = DOTS_IGNORED.get(domain);
  if (canonical) {
    domain = canonical;
    local = local.replaceAll('.', '');
  }
  return `${local}@${domain}`;
}

const disposableDomains: ReadonlySet<string> = mailchecker.blacklist();

/** True when the address's domain (or a parent of it) is a known throwaway e-mail service. */
export function isDisposableEmail(email: string): boolean {
  const parts = split(email);
  if (!parts) return false;
  let domain = parts.domain;
  for (;;) {
    if (disposableDomains.has(domain)) return true;
    const dot = domain.indexOf('.');
    if (dot === -1) return false;
    domain = domain.slice(dot + 1);
  }
}
