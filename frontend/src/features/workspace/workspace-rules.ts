import { CONTENT_TYPES } from '@crossfeed/domain/rules/content-types.ts';
import { shareProgressPercent } from '@crossfeed/domain/rules/share-progress.ts';
import { CONTENT_STATUS_LABELS, ownerStatusOf } from '@/lib/content-status-labels';
import { DEFAULT_REQUIRED_SHARES, MATCHED_ITEMS, PROGRESS_CAP_PERCENT } from '@crossfeed/domain/rules/limits.ts';
import type { MatchesChangedPush, UserDto } from '@crossfeed/domain/api/realtime-events.ts';
import type { ContentDto, MatchProgress, RemainingShuffles, StepStatus, ViewFilter } from './types';

export { MATCHED_ITEMS };

/** SPEC §4 View filter: ranked content and top performers are Premium. */
export const PREMIUM_VIEW_FILTERS: readonly ViewFilter[] = ['rankedContent', 'topPerformers'];
export const isPremiumViewFilter = (filter: ViewFilter): boolean => PREMIUM_VIEW_FILTERS.includes(filter);

/**
 * SPEC §4 Workspace steps. Step 1 completes when a matched item is clicked, step 2 when a content item is
 * clicked; the first step not complete is current, the later ones upcoming. Step 3 completes only at 100 %
 * progress, which resets everything, so it is never shown complete.
 */
export function stepStatuses(done: { match: boolean; content: boolean }): [StepStatus, StepStatus, StepStatus] {
  const flags = [done.match, done.content, false];
  const firstOpen = flags.indexOf(false);
  return flags.map((complete, index) => (complete ? 'complete' : index === firstOpen ? 'current' : 'upcoming')) as [
    StepStatus,
    StepStatus,
    StepStatus,
  ];
}

/** Adds `item` when absent, removes it when present (compared by id). */
export function toggleById<T extends { id: string }>(items: readonly T[], item: T): T[] {
  return items.some((existing) => existing.id === item.id)
    ? items.filter((existing) => existing.id !== item.id)
    : [...items, item];
}

/** A match's required shares: its own positive value, else the default 5. */
export const requiredSharesOf = (content: Pick<ContentDto, 'required_shares'>): number =>
  Number.isFinite(content.required_shares) && content.required_shares > 0 ? content.required_shares : DEFAULT_REQUIRED_SHARES;

/** A selected match's progress: the server's delivered shares, or none yet, of its required shares. */
export function matchProgressOf(match: Pick<ContentDto, 'id' | 'required_shares'>, progress: Readonly<Record<string, MatchProgress>>): MatchProgress {
  const known = progress[match.id];
  const required = known && Number.isFinite(known.required) && known.required > 0 ? known.required : requiredSharesOf(match);
  const delivered = known && Number.isFinite(known.delivered) && known.delivered > 0 ? known.delivered : 0;
  return { delivered, required };
}

/** "2 / 5 shares". */
export const matchProgressLabel = ({ delivered, required }: MatchProgress): string => `${delivered} / ${required} shares`;

/**
 * SPEC §4: shares made / sum of the selected matches' required shares (default 5), in whole percent, capped
 * at 100 (0 without matches), by the one rule the server's `progress_percent` uses too. Shares made are the
 * delivered shares the server counts per match, each match counted up to its required shares.
 */
export function shareProgress(
  matches: readonly Pick<ContentDto, 'id' | 'required_shares'>[],
  progress: Readonly<Record<string, MatchProgress>>,
): number {
  return shareProgressPercent(matches.map((match) => matchProgressOf(match, progress)));
}

/** Every selected match has its required shares: 100 %, the workspace resets. */
export const allMatchesShared = (
  matches: readonly Pick<ContentDto, 'id' | 'required_shares'>[],
  progress: Readonly<Record<string, MatchProgress>>,
): boolean => matches.length > 0 && shareProgress(matches, progress) >= PROGRESS_CAP_PERCENT;

/** 'Shares left today: N of 3' for a Free user; nothing for Premium or before the server answered. */
export function sharesLeftLabel(left: number | null, limit: number | null): string | null {
  if (left === null || limit === null) return null;
  return `Shares left today: ${Math.max(0, left)} of ${limit}`;
}

/** SPEC §4 Shuffle counter: -1 means Unlimited; anything unreadable is unknown (null). */
export function normalizeRemaining(value: unknown): RemainingShuffles | null {
  if (value === 'Unlimited' || value === -1) return 'Unlimited';
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return null;
}

/** The counter after a successful shuffle: one fewer for a counted free user, never below 0. */
export const remainingAfterShuffle = (remaining: RemainingShuffles | null): RemainingShuffles | null =>
  typeof remaining === 'number' ? Math.max(0, remaining - 1) : remaining;

export type ShuffleButtonState = { label: string; blocked: boolean };

/**
 * The floating Shuffle button: 'Unlimited' for Premium; 'Left: N' for a free user, where Unlimited (-1)
 * shows as 0. At 0 or less a free user is blocked (the button is disabled and opens the upgrade modal).
 * An unknown count (not fetched yet, or failed) does not block: the server still enforces the quota.
 */
export function shuffleButtonState(isPremium: boolean, remaining: RemainingShuffles | null): ShuffleButtonState {
  if (isPremium) return { label: 'Unlimited', blocked: false };
  if (remaining === null) return { label: 'Left: –', blocked: false };
  const left = typeof remaining === 'number' ? remaining : 0;
  return { label: `Left: ${Math.max(0, left)}`, blocked: left <= 0 };
}

/** A share count as the lists show it: '1 share', 'N shares' (a missing count is 0). */
export function shareCountLabel(count: number | null | undefined): string {
  const value = typeof count === 'number' && Number.isFinite(count) ? count : 0;
  return `${value} ${value === 1 ? 'share' : 'shares'}`;
}

/** Categories without repeats compared ignoring case; the first spelling is kept. */
export function dedupeCategories(categories: readonly string[] | null | undefined): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const category of categories ?? []) {
    if (typeof category !== 'string') continue;
    const key = category.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    result.push(category.trim());
  }
  return result;
}

const KNOWN_TYPES: readonly string[] = CONTENT_TYPES;
const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** SPEC §3 Content types: a known type gets its own badge; anything else a generic one with the raw value or Unknown. */
export function contentTypeBadge(type: string | null | undefined): { label: string; className: string } {
  const value = typeof type === 'string' ? type.trim() : '';
  const key = value.toLowerCase();
  if (KNOWN_TYPES.includes(key)) return { label: capitalize(key), className: `badge badge-type badge-type-${key}` };
  return { label: value || 'Unknown', className: 'badge badge-type badge-type-generic' };
}

/** SPEC §3 owner-view statuses get their badge (labels from lib/content-status-labels.ts); others by raw name. */
export function statusBadge(status: string | null | undefined): { label: string; className: string } {
  const owner = ownerStatusOf(status);
  if (owner) return { label: CONTENT_STATUS_LABELS[owner], className: `badge badge-status badge-status-${owner}` };
  return { label: (typeof status === 'string' ? status : '') || 'Unknown', className: 'badge badge-status badge-status-other' };
}

/** A date as the lists show it; the raw text when it is not a date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString();
}

/**
 * Whether content that entered the match pools (`matches:changed`) may change what this creator's match list
 * shows: not their own content, and related to their profile's categories or interests, or their list is not
 * full yet (it is then topped up with unrelated content). Anything else would fetch for nothing.
 */
export function matchesChangeConcerns(change: MatchesChangedPush, user: Pick<UserDto, 'id' | 'profile'> | null, shown: number): boolean {
  if (!user || change.user_id === user.id) return false;
  if (shown < MATCHED_ITEMS) return true;
  const terms = new Set([...(user.profile?.categories ?? []), ...(user.profile?.interests ?? [])].map((term) => term.toLowerCase()));
  return change.categories.some((category) => terms.has(category.toLowerCase()));
}
