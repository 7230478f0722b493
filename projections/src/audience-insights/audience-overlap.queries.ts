import { PARTNER_MIN_SHARES_EACH_WAY } from '@crossfeed/domain/rules/audience-insights.ts';
import type { Filter, ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { CONTACT_EMAIL_HASHES, type ContactEmailHashDoc } from './audience-insights.projection.ts';

/**
 * Hashes per lookup: each page of one creator's hashes is looked up among the other creator's with one
 * indexed `$in` (`user_id`, `email_hash`). Well under what MongoDB and SQLite bind comfortably in one query.
 */
export const HASH_PAGE = 500;

/** At most this many of the caller's hashes are kept in memory for one request (about 3.5 MB). */
export const HASH_CACHE_MAX = 50_000;

/**
 * A creator's partners (`audience_partners` of `user_id`): creators the exchange went both ways with, as
 * `isPartnership` says. One-sided links are in the collection but are no partners.
 */
export const partnersFilter = (userId: string): Filter => ({
  user_id: userId,
  shares_given: { $gte: PARTNER_MIN_SHARES_EACH_WAY },
  shares_received: { $gte: PARTNER_MIN_SHARES_EACH_WAY },
});

/** The contacts of the snapshot of `day` (as `inSnapshot` says): on the list at 00:00 UTC of that day. */
const inSnapshotOf = (day: string) => ({ listed_from: { $lte: day }, listed_until: { $gt: day } });

/** One creator's list as of one day's snapshot, and how many contacts (distinct e-mails) it holds. */
export interface ListSnapshot {
  userId: string;
  size: number;
}

/** How many contacts (distinct e-mails: contacts are unique per creator) a creator's snapshot of `day` holds. */
export function audienceSize(store: ReadStore, userId: string, day: string): Promise<number> {
  return store.collection<ContactEmailHashDoc>(CONTACT_EMAIL_HASHES).count({ user_id: userId, ...inSnapshotOf(day) });
}

/**
 * One creator's hash pages of one day's snapshot, kept for the length of one request once read in full (up
 * to HASH_CACHE_MAX), so comparing the caller with several partners reads the caller's list once. Only that
 * creator's are kept.
 */
export class HashPageCache {
  readonly userId: string;
  readonly day: string;
  #pages: string[][] | undefined;

  constructor(userId: string, day: string) {
    this.userId = userId;
    this.day = day;
  }

  get(userId: string, day: string): string[][] | undefined {
    return userId === this.userId && day === this.day ? this.#pages : undefined;
  }

  keep(userId: string, day: string, pages: string[][]): void {
    if (userId === this.userId && day === this.day && pages.reduce((sum, page) => sum + page.length, 0) <= HASH_CACHE_MAX) this.#pages = pages;
  }
}

/** A creator's hashes of one day's snapshot in hash order, HASH_PAGE at a time, each page read from where the last one ended. */
async function* hashPages(store: ReadStore, userId: string, day: string, cache: HashPageCache | undefined): AsyncGenerator<string[]> {
  const cached = cache?.get(userId, day);
  if (cached) {
    yield* cached;
    return;
  }
  const hashes = store.collection<ContactEmailHashDoc>(CONTACT_EMAIL_HASHES);
  const read: string[][] = [];
  let kept = 0;
  let after: string | undefined;
  for (;;) {
    const filter = { user_id: userId, ...(after === undefined ? {} : { email_hash: { $gt: after } }), ...inSnapshotOf(day) };
    // No `projection`: the documents are a few short fields, and projecting them costs more than it saves.
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
  if (cache && kept <= HASH_CACHE_MAX) cache.keep(userId, day, read);
}

/**
 * How many e-mails two creators' contact lists have in common in the snapshot of `day` (each list as it
 * stood at 00:00 UTC that day), compared by hash. The smaller list is read in pages of HASH_PAGE hashes and
 * each page is counted among the larger list's hashes through the index: about min(a, b) / HASH_PAGE
 * queries of HASH_PAGE index lookups, whatever the size of the site, and nothing of either list leaves this
 * function. `a` and `b` carry their sizes in the same snapshot (`audienceSize`). `cache` keeps one creator's
 * pages (the caller's) for the next comparison of the same request.
 */
export async function sharedAudience(store: ReadStore, day: string, a: ListSnapshot, b: ListSnapshot, cache?: HashPageCache): Promise<number> {
  if (a.userId === b.userId) return a.size;
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a.userId, b.userId] : [b.userId, a.userId];
  const hashes = store.collection<ContactEmailHashDoc>(CONTACT_EMAIL_HASHES);
  let shared = 0;
  for await (const page of hashPages(store, small, day, cache)) {
    shared += await hashes.count({ user_id: large, email_hash: { $in: page }, ...inSnapshotOf(day) });
  }
  return shared;
}
