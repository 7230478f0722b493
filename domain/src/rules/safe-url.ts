/**
 * Content URLs are shown to other creators and their contacts and served as redirects by short links, so
 * they must lead to the public web: never to the visitor's own machine or network (loopback, private,
 * link-local, carrier-grade NAT, cloud metadata addresses), never with credentials or characters that make
 * a link read as one host and go to another.
 *
 * Only literal addresses and reserved names are judged: a public name that resolves to a private address
 * is the visitor's resolver's business, and the server itself never fetches these URLs.
 */

export const URL_MESSAGES = {
  notHttp: 'The URL must be an http(s) link to a public website.',
  controlCharacters: 'The URL must not contain control characters or invisible formatting marks.',
  credentials: 'The URL must not contain a user name or password.',
  privateAddress: 'The URL must point to a public website, not to a local, private or internal address.',
} as const;

/** Host names that always mean "this machine" or "the cloud provider's metadata service". */
const RESERVED_NAMES = new Set(['localhost', 'localhost.localdomain', 'ip6-localhost', 'ip6-loopback', 'metadata', 'metadata.google.internal', 'instance-data']);
const RESERVED_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa', '.intranet', '.lan'];

/** [first address as a number, prefix length] of every IPv4 range that is not the public internet. */
const PRIVATE_V4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

function v4Number(address: string): number | null {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const byte = Number(part);
    if (byte > 255) return null;
    value = value * 256 + byte;
  }
  return value;
}

function isPrivateV4(address: string): boolean {
  const value = v4Number(address);
  if (value === null) return false;
  return PRIVATE_V4.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4Number(base)!;
    return value >= start && value < start + size;
  });
}

/** The 8 groups of an IPv6 address (as WHATWG URL serialises it: lowercase, `::` compressed). */
function v6Groups(address: string): number[] | null {
  let text = address;
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4Tail) {
    const value = v4Number(v4Tail[1]!);
    if (value === null) return null;
    text = `${text.slice(0, -v4Tail[1]!.length)}${Math.floor(value / 65536).toString(16)}:${(value % 65536).toString(16)}`;
  }
  const [head, tail, extra] = text.split('::');
  if (extra !== undefined) return null;
  const parse = (part: string | undefined): number[] => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const first = parse(head);
  const last = parse(tail);
  const groups = tail === undefined ? first : [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

function isPrivateV6(address: string): boolean {
  const groups = v6Groups(address);
  if (!groups) return true; // unparseable: refuse rather than guess
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = groups;
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0 && g === 0 && (h === 0 || h === 1)) return true; // :: and ::1
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d) addresses are judged as IPv4.
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && (f === 0xffff || f === 0)) {
    return isPrivateV4(`${g >> 8}.${g & 255}.${h >> 8}.${h & 255}`);
  }
  if (a === 0x64 && b === 0xff9b) return isPrivateV4(`${g >> 8}.${g & 255}.${h >> 8}.${h & 255}`); // NAT64
  if ((a & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((a & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((a & 0xffc0) === 0xfec0) return true; // site-local (deprecated)
  if ((a & 0xff00) === 0xff00) return true; // multicast
  if (a === 0x2001 && b === 0x0db8) return true; // documentation
  if (a === 0xfd00 && b === 0x0ec2) return true; // AWS metadata (fd00:ec2::254), inside fc00::/7 anyway
  return false;
}

function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.+$/, '');
  if (host.startsWith('[') && host.endsWith(']')) return isPrivateV6(host.slice(1, -1));
  if (v4Number(host) !== null) return isPrivateV4(host);
  if (RESERVED_NAMES.has(host) || RESERVED_SUFFIXES.some((suffix) => host.endsWith(suffix))) return true;
  // A public name has a dot: a bare word is an intranet host.
  return !host.includes('.');
}

/** C0 and C1 controls, and the invisible marks that reorder or hide text (bidi overrides, zero widths). */
function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
    if ((code >= 0x200b && code <= 0x200f) || (code >= 0x2028 && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069) || code === 0xfeff) return true;
  }
  return false;
}

/**
 * Why `value` may not be used as a content URL or redirect target, or null when it may. The WHATWG parser
 * (the browser's) decides what the host is, so `http://0x7f.1/`, `http://2130706433/` and `http://[::1]/`
 * are all seen as the loopback address they are.
 */
export function unsafeUrlReason(value: string): string | null {
  // Browsers drop tabs and newlines inside URLs and some clients stop at other controls: refuse them all.
  if (hasControlCharacters(value)) return URL_MESSAGES.controlCharacters;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return URL_MESSAGES.notHttp;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return URL_MESSAGES.notHttp;
  // `\` is read as `/` by browsers for http(s): `http://good.com\@evil.com` is a trick, never a real link.
  const authority = value.slice(value.indexOf(':') + 1).replace(/^[/\\]*/, '').split(/[/?#]/, 1)[0] ?? '';
  if (url.username || url.password || authority.includes('@') || value.includes('\\')) return URL_MESSAGES.credentials;
  if (!url.hostname || isPrivateHost(url.hostname)) return URL_MESSAGES.privateAddress;
  return null;
}

export const isSafePublicUrl = (value: string): boolean => unsafeUrlReason(value) === null;
