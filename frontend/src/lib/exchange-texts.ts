import { DEFAULT_REQUIRED_SHARES } from '@crossfeed/domain/rules/limits.ts';
import { contentStatusLabel } from './content-status-labels';

/**
 * The exchange in words (docs/exchange.md), shared by the workspace and Manage so both say the same thing.
 */
/** A moderation status in words; null when no moderator has set one. */
export function moderationLabel(status: string | null | undefined): string | null {
  if (typeof status !== 'string' || status.trim() === '') return null;
  return contentStatusLabel(status);
}

/** Shown to the owner while an admin reviews the content, with the latest flag's reason. */
export const reviewNotice = (reason: string | null | undefined): string =>
  reason ? `An admin is reviewing this content: ${reason}` : 'An admin is reviewing this content.';

/** What a pending item waits for: what a share earns. */
export const pendingExplanation = (requiredShares: number = DEFAULT_REQUIRED_SHARES): string =>
  `Pending \u2014 released when you complete a match (share a matched item with ${requiredShares} people)`;
