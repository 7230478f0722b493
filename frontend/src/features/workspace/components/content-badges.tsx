import { moderationLabel } from '@/lib/exchange-texts';
import { contentTypeBadge, statusBadge } from '../workspace-rules';

/** SPEC §3 Content types: a typed badge, or a generic one with the raw value or 'Unknown'. */
export function ContentTypeBadge({ type }: { type: string | null | undefined }) {
  const badge = contentTypeBadge(type);
  return (
    <span className={badge.className} data-testid="content-type-badge">
      {badge.label}
    </span>
  );
}

/**
 * SPEC §3 owner-view status: Shared, Pending, Active, Inactive, Error; a moderation status in words
 * (Flagged, Under review...); others by raw name.
 */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const badge = statusBadge(status);
  const moderation = badge.className.endsWith('-other') ? moderationLabel(status) : null;
  if (moderation) badge.label = moderation;
  return (
    <span className={badge.className} data-testid="status-badge">
      {badge.label}
    </span>
  );
}
