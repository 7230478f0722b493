import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { CONTACT_EMAIL_HASHES, type ContactEmailHashDoc } from './audience-insights.projection.ts';

/**
 * Hashes per lookup: each page of one creator's hashes is looked up among the other creator's with one
 * indexed `$in` (`user_id`, `email_hash`). Well under what MongoDB and SQLite bind comfortably in one query.
 */
export const HASH_PAGE = 500;

/** How many contacts (distinct e-mails: contacts are unique per creator) a creator has. */
export function audienceSize(store: ReadStore, userId: string): Promise<number> {
  return store.collection<ContactEmailHashDoc>(CONTACT_EMAIL_HASHES).count({ user_id: userId });
}

/**
 * How many e-mails two creators' contact lists have in common, compared by hash. The smaller list is read
 * in pages of HASH_PAGE hashes (in hash order, from where the last page ended) and each page is counted
 * among the larger list's hashes through the index: about min(a, b) / HASH_PAGE queries of HASH_PAGE
 * index lookups, whatever the size of the site, and nothing of either list leaves this function.
 */
export async function sharedAudience(
  store: ReadStore,
  a: { userId: string; size: number },
  b: { userId: string; size: number },
): Promise<number> {
  if (a.size === 0 || b.size === 0 || a.userId === b.userId) return a.userId === b.userId ? a.size : 0;
  const [small, large] = a.size <= b.size ? [a.userId, b.userId] : [b.userId, a.userId];
  const hashes = store.collection<ContactEmailHashDoc>(CONTACT_EMAIL_HASHES);
  let shared = 0;
  let after: string | undefined;
  for (;;) {
    const filter = after === undefined ? { user_id: small } : { user_id: small, email_hash: { $gt: after } };
    const page = await hashes.find(filter, { sort: { email_hash: 1 }, limit: HASH_PAGE, projection: { email_hash: 1 } });
    if (page.length === 0) break;
    shared += await hashes.count({ user_id: large, email_hash: { $in: page.map((doc) => doc.email_hash) } });
    if (page.length < HASH_PAGE) break;
    after = page[page.length - 1]!.email_hash;
  }
  return shared;
}
