/**
 * Audience insights (Premium, SPEC §6 "audience insights and overlap"): how much a creator's audience
 * overlaps with each partner's, and which content categories the creator's contacts click. The overlap is
 * computed on the server from one-way hashes of normalised e-mails and is only ever shown as counts and
 * percentages, never as whose contacts they are.
 */

/**
 * Neither side is compared while it holds fewer contacts than this: with a handful of contacts a count (or
 * a percentage) tells who they are ("1 shared, 100% of theirs" names their only contact).
 */
export const OVERLAP_MIN_AUDIENCE = 10;

/** A shared count from 1 to this minus one is shown only as "fewer than" it, without percentages. */
export const OVERLAP_MIN_SHARED = 3;

/** Partners per page of GET /analytics/audience/overlap: each costs an overlap computation, so pages are small. */
export const OVERLAP_PAGE_DEFAULT = 10;
export const OVERLAP_PAGE_MAX = 25;

export const AUDIENCE_INSIGHTS_MESSAGES = {
  premiumOnly: 'Audience insights are a Premium feature. Upgrade to Premium to see how your audience overlaps with your partners.',
} as const;

/**
 * What may be shown of one overlap:
 * - `shown`: the shared count and both percentages;
 * - `few`: 1 to OVERLAP_MIN_SHARED - 1 shared contacts, shown as "fewer than OVERLAP_MIN_SHARED";
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
  if (shared > 0 && shared < OVERLAP_MIN_SHARED) {
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
