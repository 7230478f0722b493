import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { CONTACT_EMAIL_HASHES, type ContactEmailHashDoc } from './audience-insights.projection.ts';

/**
 * Hashes per lookup: each page of one creator's hashes is looked up among the other creator's with one
 * indexed `$in` (`user_id`, `email_hash`). Well under what MongoDB and SQLite bind comfortably in one query.
 */
export const HASH_PAGE = 500;

/** At most this many of the caller's hashes are kept in memory for one request (about 3.5 MB). */
export const HASH_CACHE_MAX = 50_000;

/** How many contacts (distinct e-mails: contacts are unique per creator) a creator has. */
export function audienceSize(store: ReadStore, userId: string): Promise<number> {
  return store.collection<ContactEmailHashDoc>(CONTACT_EMAIL_HASHES).count({ user_id: userId });
}

/**
 * One creator's hash pages, kept for the length of one request once read in full (up to HASH_CACHE_MAX), so
 * comparing the caller with several partners reads the caller's list once. Only that creator's are kept.
 */
export class HashPageCache {
  readonly userId: string;
  #pages: string[][] | undefined;

  constructor(userId: string) {
    this.userId = userId;
  }

  get(userId: string): string[][] | undefined {
    return userId === this.userId ? this.#pages : undefined;
  }

  keep(userId: string, pages: string[][]): void {
    if (userId === this.userId && pages.reduce((sum, page) => sum + page.length, 0) <= HASH_CACHE_MAX) this.#pages = pages;
  }
}

/** A creator's hashes in hash order, HASH_PAGE at a time, each page read from where the last one ended. */
async function* hashPages(store: ReadStore, userId: string, cache: HashPageCache | undefined): AsyncGenerator<string[]> {
  const cached = cache?.get(userId);
  if (cached) {
    yield* cached;
    return;
  }
  const hashes = store.collection<ContactEmailHashDoc>(CONTACT_EMAIL_HASHES);
  const read: string[][] = [];
  let kept = 0;
  let after: string | undefined;
  for (;;) {
    const filter = after === undefined ? { user_id: userId } : { user_id: userId, email_hash: { $gt: after } };
    // No `projection`: the documents are three short fields, and projecting them costs more than it saves.
    const page = (await hashes.find(filter, { sort: { email_hash: 1 }, limit: HASH_PAGE })).map((doc) => doc.email_hash);
    if (page.length === 0) break;
    if (kept <= HASH_CACHE_MAX) {
      read.push(page);
      kept += page.length;
    }
    yield page;
    if (page.length < HASH_PAGE) break;
    after = page[page.length - 1];
  }
  if (cache && kept <= HASH_CACHE_MAX) cache.keep(userId, read);
}

/**
 * How many e-mails two creators' contact lists have in common, compared by hash. The smaller list is read
 * in pages of HASH_PAGE hashes and each page is counted among the larger list's hashes through the index:
 * about min(a, b) / HASH_PAGE queries of HASH_PAGE index lookups, whatever the size of the site, and
 * nothing of either list leaves this function. `cache` keeps one creator's pages (the caller's) for the
 * next comparison of the same request.
 */
export async function sharedAudience(
  store: ReadStore,
  a: { userId: string; size: number },
  b: { userId: string; size: number },
  cache?: HashPageCache,
): Promise<number> {
  if (a.userId === b.userId) return a.size;
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a.userId, b.userId] : [b.userId, a.userId];
  const hashes = store.collection<ContactEmailHashDoc>(CONTACT_EMAIL_HASHES);
  let shared = 0;
  for await (const page of hashPages(store, small, cache)) {
    shared += await hashes.count({ user_id: large, email_hash: { $in: page } });
  }
  return shared;
}
