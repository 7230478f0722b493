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

/** SPEC §3 owner-view status: Shared, Pending, Active, Inactive, Error; others by raw name. */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const badge = statusBadge(status);
  return (
    <span className={badge.className} data-testid="status-badge">
      {badge.label}
    </span>
  );
}
