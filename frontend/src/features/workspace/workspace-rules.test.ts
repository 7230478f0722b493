import { describe, expect, it } from 'vitest';
import { makeContent } from '@/testing/make-content';
import {
  contentTypeBadge,
  dedupeCategories,
  isPremiumViewFilter,
  normalizeRemaining,
  remainingAfterShuffle,
  requiredSharesOf,
  shareCountLabel,
  shareProgress,
  allMatchesShared,
  matchProgressOf,
  matchProgressLabel,
  sharesLeftLabel,
  shuffleButtonState,
  statusBadge,
  stepStatuses,
  toggleById,
} from './workspace-rules';
import { isContentList } from '@/lib/api/own-contents';

describe('workspace rules', () => {
  it("share counts read '1 share' and 'N shares'; a missing count is 0", () => {
    expect(shareCountLabel(1)).toBe('1 share');
    expect(shareCountLabel(0)).toBe('0 shares');
    expect(shareCountLabel(5)).toBe('5 shares');
    expect(shareCountLabel(undefined)).toBe('0 shares');
  });

  it('step statuses: the first open step is current, later ones upcoming, step 3 never complete', () => {
    expect(stepStatuses({ match: false, content: false })).toEqual(['current', 'upcoming', 'upcoming']);
    expect(stepStatuses({ match: true, content: false })).toEqual(['complete', 'current', 'upcoming']);
    expect(stepStatuses({ match: true, content: true })).toEqual(['complete', 'complete', 'current']);
    expect(stepStatuses({ match: false, content: true })).toEqual(['current', 'complete', 'upcoming']);
  });

  it('toggling adds an absent item and removes a present one', () => {
    const a = makeContent('a');
    const b = makeContent('b');
    expect(toggleById([], a)).toEqual([a]);
    expect(toggleById([a], b)).toEqual([a, b]);
    expect(toggleById([a, b], { ...a, title: 'other copy' })).toEqual([b]);
  });

  it('required shares default to 5 when missing or not positive', () => {
    expect(requiredSharesOf({ required_shares: 3 })).toBe(3);
    expect(requiredSharesOf({ required_shares: 0 })).toBe(5);
    expect(requiredSharesOf({ required_shares: undefined as unknown as number })).toBe(5);
  });

  it('share progress is delivered shares over the sum of required shares (default 5), capped at 100, 0 without matches', () => {
    const matches = [
      { id: 'a', required_shares: 5 },
      { id: 'b', required_shares: undefined as unknown as number },
    ];
    expect(shareProgress(matches, {})).toBe(0);
    expect(shareProgress(matches, { a: { delivered: 1, required: 5 } })).toBe(10);
    expect(shareProgress(matches, { a: { delivered: 3, required: 5 }, b: { delivered: 2, required: 5 } })).toBe(50);
    expect(shareProgress(matches, { a: { delivered: 5, required: 5 }, b: { delivered: 5, required: 5 } })).toBe(100);
    expect(shareProgress([], { a: { delivered: 3, required: 5 } })).toBe(0);
  });

  it('a match counts up to its own required shares: extra shares of one do not fill another', () => {
    const matches = [
      { id: 'a', required_shares: 5 },
      { id: 'b', required_shares: 5 },
    ];
    const progress = { a: { delivered: 9, required: 5 } };
    expect(shareProgress(matches, progress)).toBe(50);
    expect(allMatchesShared(matches, progress)).toBe(false);
    expect(allMatchesShared(matches, { ...progress, b: { delivered: 5, required: 5 } })).toBe(true);
    expect(allMatchesShared([], {})).toBe(false);
  });

  it("the server's required shares win over the listed content's", () => {
    expect(matchProgressOf({ id: 'a', required_shares: 5 }, { a: { delivered: 2, required: 3 } })).toEqual({ delivered: 2, required: 3 });
    expect(matchProgressOf({ id: 'a', required_shares: 4 }, {})).toEqual({ delivered: 0, required: 4 });
  });

  it("labels read '2 / 5 shares' and 'Shares left today: N of 3' (nothing for Premium)", () => {
    expect(matchProgressLabel({ delivered: 2, required: 5 })).toBe('2 / 5 shares');
    expect(sharesLeftLabel(2, 3)).toBe('Shares left today: 2 of 3');
    expect(sharesLeftLabel(-1, 3)).toBe('Shares left today: 0 of 3');
    expect(sharesLeftLabel(null, null)).toBeNull();
  });

  it('view filters: ranked content and top performers are Premium', () => {
    expect(isPremiumViewFilter('standard')).toBe(false);
    expect(isPremiumViewFilter('rankedContent')).toBe(true);
    expect(isPremiumViewFilter('topPerformers')).toBe(true);
  });

  it('a remaining count of -1 is Unlimited; unreadable values are unknown', () => {
    expect(normalizeRemaining(-1)).toBe('Unlimited');
    expect(normalizeRemaining('Unlimited')).toBe('Unlimited');
    expect(normalizeRemaining(2)).toBe(2);
    expect(normalizeRemaining(0)).toBe(0);
    expect(normalizeRemaining('two')).toBeNull();
    expect(normalizeRemaining(undefined)).toBeNull();
  });

  it('a successful shuffle takes one from a counted free user, never below 0', () => {
    expect(remainingAfterShuffle(3)).toBe(2);
    expect(remainingAfterShuffle(0)).toBe(0);
    expect(remainingAfterShuffle('Unlimited')).toBe('Unlimited');
    expect(remainingAfterShuffle(null)).toBeNull();
  });

  it('the shuffle button: Unlimited for Premium, Left: N for free users, blocked at 0 or less', () => {
    expect(shuffleButtonState(true, 0)).toEqual({ label: 'Unlimited', blocked: false });
    expect(shuffleButtonState(true, null)).toEqual({ label: 'Unlimited', blocked: false });
    expect(shuffleButtonState(false, 2)).toEqual({ label: 'Left: 2', blocked: false });
    expect(shuffleButtonState(false, 0)).toEqual({ label: 'Left: 0', blocked: true });
    expect(shuffleButtonState(false, -3)).toEqual({ label: 'Left: 0', blocked: true });
    // -1 is Unlimited, shown to a free user as 0 left.
    expect(shuffleButtonState(false, normalizeRemaining(-1))).toEqual({ label: 'Left: 0', blocked: true });
    expect(shuffleButtonState(false, null).blocked).toBe(false);
  });

  it('categories are de-duplicated ignoring case, keeping the first spelling', () => {
    expect(dedupeCategories(['Tech', 'tech', ' TECH ', 'Art', 'art', ''])).toEqual(['Tech', 'Art']);
    expect(dedupeCategories(undefined)).toEqual([]);
  });

  it('content-type badges: SPEC types, else a generic badge with the raw value or Unknown', () => {
    expect(contentTypeBadge('video')).toEqual({ label: 'Video', className: 'badge badge-type badge-type-video' });
    expect(contentTypeBadge('Podcast').label).toBe('Podcast');
    expect(contentTypeBadge('hologram')).toEqual({ label: 'hologram', className: 'badge badge-type badge-type-generic' });
    expect(contentTypeBadge('').label).toBe('Unknown');
    expect(contentTypeBadge(null).label).toBe('Unknown');
  });

  it('status badges: the five owner statuses by name, others raw', () => {
    expect(['shared', 'pending', 'active', 'inactive', 'error'].map((status) => statusBadge(status).label)).toEqual([
      'Shared',
      'Pending',
      'Active',
      'Inactive',
      'Error',
    ]);
    expect(statusBadge('under_review').label).toBe('under_review');
    expect(statusBadge(undefined).label).toBe('Unknown');
  });

  it('a content list is an array of items with an id and a title', () => {
    expect(isContentList([makeContent('a')])).toBe(true);
    expect(isContentList([])).toBe(true);
    expect(isContentList({ items: [] })).toBe(false);
    expect(isContentList([{ id: 1 }])).toBe(false);
    expect(isContentList(null)).toBe(false);
  });
});
