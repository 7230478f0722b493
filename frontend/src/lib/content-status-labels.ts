import type { MODERATION_STATUSES } from '@crossfeed/domain/rules/content-types.ts';
import { OWNER_STATUSES } from '@crossfeed/domain/rules/content-types.ts';

type OwnerStatus = (typeof OWNER_STATUSES)[number];
type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/**
 * Every content status in words, the one table the owner's lists, Manage, the badges and the admin report
 * read (they had four that disagreed: "deleted" was "Removed" in one and "Deleted" in another). A moderator's
 * `deleted` is "Removed": the owner did not delete it.
 */
export const CONTENT_STATUS_LABELS: Readonly<Record<OwnerStatus | ModerationStatus, string>> = {
  shared: 'Shared',
  pending: 'Pending',
  active: 'Active',
  inactive: 'Inactive',
  error: 'Error',
  flagged: 'Flagged',
  under_review: 'Under review',
  approved: 'Approved',
  deleted: 'Removed',
};

const isKnown = (key: string): key is OwnerStatus | ModerationStatus => Object.hasOwn(CONTENT_STATUS_LABELS, key);

/** The status's label (any case, trimmed); an unknown one by its raw value; none at all is 'Unknown'. */
export function contentStatusLabel(status: string | null | undefined): string {
  const value = typeof status === 'string' ? status.trim() : '';
  const key = value.toLowerCase();
  return isKnown(key) ? CONTENT_STATUS_LABELS[key] : value || 'Unknown';
}

/** An owner status (SPEC §3: shared, pending, active, inactive, error), lowercased; null for any other. */
export function ownerStatusOf(status: string | null | undefined): OwnerStatus | null {
  const key = typeof status === 'string' ? status.trim().toLowerCase() : '';
  return (OWNER_STATUSES as readonly string[]).includes(key) ? (key as OwnerStatus) : null;
}
