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

/**
 * A user flagged the content and no admin has decided yet: said on the item itself (the notification alone
 * left the badge unchanged). Hidden once an admin sets a status, which then shows in the status badge.
 */
export function ReportedBadge({ moderationStatus, reason }: { moderationStatus: string | null | undefined; reason: string | null | undefined }) {
  if (moderationStatus || !reason) return null;
  return (
    <span className="badge badge-status badge-status-reported" title={`${REPORTED_TITLE}: ${reason}`} data-testid="reported-badge">
      {REPORTED_LABEL}
    </span>
  );
}

export const REPORTED_LABEL = 'Reported';
export const REPORTED_TITLE = 'A user flagged this; an admin will review it';
