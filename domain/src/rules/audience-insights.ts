/**
 * Audience insights (Premium, SPEC §6 "audience insights and overlap"): how much a creator's audience
 * overlaps with each partner's, and which content categories the creator's contacts click. The overlap is
 * computed on the server from one-way hashes of normalised e-mails and is only ever shown as counts and
 * percentages, never as whose contacts they are. The rules below keep it from being a membership oracle
 * ("is this address on their list?"): docs/security.md, "Audience overlap".
 */

import { dayStart } from './limits.ts';

/**
 * Neither side is compared while it holds fewer contacts than this: with a handful of contacts a count (or
 * a percentage) tells who they are ("1 shared, 100% of theirs" names their only contact).
 */
export const OVERLAP_MIN_AUDIENCE = 10;

/**
 * A shared count below this (0 included) is shown only as "fewer than" it, without percentages: 0, 1 and 2
 * give the same answer, so adding one candidate address cannot tell "on their list" from "not on it".
 */
export const OVERLAP_MIN_SHARED = 3;

/**
 * A partner is a creator the exchange went both ways with: each of the two made at least this many
 * delivered shares of the other's content. One creator sharing another's item (which anyone may do) makes
 * no partner: the other must have acted too.
 */
export const PARTNER_MIN_SHARES_EACH_WAY = 1;

/** Whether two creators are partners, from the delivered shares each made of the other's content. */
export const isPartnership = (sharesGiven: number, sharesReceived: number): boolean =>
  sharesGiven >= PARTNER_MIN_SHARES_EACH_WAY && sharesReceived >= PARTNER_MIN_SHARES_EACH_WAY;

/*
 * Daily snapshots. Overlaps are computed from each list as it stood at 00:00 UTC of the day asked about
 * (the day's snapshot), never from the live list: a contact added or removed during a day changes no answer
 * before the next day, so adding, reading, removing and reading again within a day reveals nothing.
 * A contact is in the snapshots of the days from `listedFrom(addedAt)` (the day after it was added) up to,
 * not including, `listedUntil(removedAt)` (the day after it was removed).
 */

/** `listed_until` of a contact still on the list: later than any day asked about. */
export const STILL_LISTED = '9999-12-31';

/** The day (YYYY-MM-DD, UTC) whose snapshot answers a request made at `now`. */
export const snapshotDay = (now: string): string => dayStart(now).slice(0, 10);

/** The instant a day's snapshot stands for (00:00 UTC of that day), as shown to the user. */
export const snapshotInstant = (day: string): string => `${day}T00:00:00.000Z`;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day after the one holding the instant `at`. */
function dayAfter(at: string): string {
  const time = Date.parse(at);
  // Event times are ISO instants; one that is not is read as the day its first ten characters name.
  const start = Number.isNaN(time) ? Date.parse(snapshotInstant(at.slice(0, 10))) : Math.floor(time / DAY_MS) * DAY_MS;
  return Number.isNaN(start) ? at.slice(0, 10) : new Date(start + DAY_MS).toISOString().slice(0, 10);
}

/** The first day whose snapshot holds a contact added at `addedAt`. */
export const listedFrom = (addedAt: string): string => dayAfter(addedAt);

/** The first day whose snapshot no longer holds a contact removed at `removedAt`. */
export const listedUntil = (removedAt: string): string => dayAfter(removedAt);

/** Whether the snapshot of `day` holds a contact listed from `from` until `until` (the read model's fields). */
export const inSnapshot = (day: string, from: string, until: string): boolean => from <= day && day < until;

/** Partners per page of GET /analytics/audience/overlap: each costs an overlap computation, so pages are small. */
export const OVERLAP_PAGE_DEFAULT = 10;
export const OVERLAP_PAGE_MAX = 25;

export const AUDIENCE_INSIGHTS_MESSAGES = {
  premiumOnly: 'Audience insights are a Premium feature. Upgrade to Premium to see how your audience overlaps with your partners.',
} as const;

/**
 * What may be shown of one overlap (both lists as of the day's snapshot):
 * - `shown`: the shared count and both percentages (OVERLAP_MIN_SHARED or more shared contacts);
 * - `few`: 0 to OVERLAP_MIN_SHARED - 1 shared contacts, shown as "fewer than OVERLAP_MIN_SHARED", with the
 *   same absent numbers whatever the count (no difference between none and one anywhere in the answer);
 * - `your_audience_small` / `their_audience_small`: that audience is below OVERLAP_MIN_AUDIENCE, so nothing
 *   is compared (yours is named first when both are).
 */
export type OverlapStatus = 'shown' | 'few' | 'your_audience_small' | 'their_audience_small';

export interface OverlapFigures {
  status: OverlapStatus;
  /** Contacts whose e-mail is in both lists; null unless `shown`. */
  shared_contacts: number | null;
  /** shared / my contacts, as a whole percentage; null unless `shown`. */
  percent_of_my_audience: number | null;
  /** shared / their contacts, as a whole percentage; null unless `shown`. */
  percent_of_their_audience: number | null;
}

/** A whole percentage; a share above zero never reads as 0%, and one short of the whole never as 100%. */
export function wholePercent(part: number, whole: number): number {
  if (whole <= 0 || part <= 0) return 0;
  if (part >= whole) return 100;
  return Math.min(99, Math.max(1, Math.round((part / whole) * 100)));
}

/** Whether the overlap of two audiences of these sizes is worth computing (overlapFigures would show it). */
export const comparable = (mine: number, theirs: number): boolean => mine >= OVERLAP_MIN_AUDIENCE && theirs >= OVERLAP_MIN_AUDIENCE;

/** What of an overlap of `shared` contacts between audiences of `mine` and `theirs` contacts may be shown. */
export function overlapFigures(shared: number, mine: number, theirs: number): OverlapFigures {
  if (!comparable(mine, theirs)) {
    const status = mine < OVERLAP_MIN_AUDIENCE ? 'your_audience_small' : 'their_audience_small';
    return { status, shared_contacts: null, percent_of_my_audience: null, percent_of_their_audience: null };
  }
  if (shared < OVERLAP_MIN_SHARED) {
    return { status: 'few', shared_contacts: null, percent_of_my_audience: null, percent_of_their_audience: null };
  }
  return {
    status: 'shown',
    shared_contacts: shared,
    percent_of_my_audience: wholePercent(shared, mine),
    percent_of_their_audience: wholePercent(shared, theirs),
  };
}

/** One content category and the people's clicks on content of it that reached the creator's contacts. */
export interface CategoryClicks {
  category: string;
  clicks: number;
  /** clicks / all the clicks counted, as a whole percentage. */
  percent: number;
}

/**
 * Clicks per category from clicks per content and each content's categories: a click on content in two
 * categories counts for both, so `percent` is of the clicks, and the percentages may sum above 100.
 * Most clicked first, then by name.
 */
export function clicksByCategory(
  clicks: Iterable<{ clicks: number; categories: readonly string[] }>,
): { total_clicks: number; categories: CategoryClicks[] } {
  let total = 0;
  const byCategory = new Map<string, number>();
  for (const item of clicks) {
    if (item.clicks <= 0) continue;
    total += item.clicks;
    const categories = new Set(item.categories.map((category) => category.trim().toLowerCase()).filter(Boolean));
    for (const category of categories) byCategory.set(category, (byCategory.get(category) ?? 0) + item.clicks);
  }
  const categories = [...byCategory]
    .map(([category, count]) => ({ category, clicks: count, percent: wholePercent(count, total) }))
    .sort((a, b) => b.clicks - a.clicks || (a.category < b.category ? -1 : a.category > b.category ? 1 : 0));
  return { total_clicks: total, categories };
}
