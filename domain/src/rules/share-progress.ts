/**
 * How far shares have come, in whole percent: the one rule for the workspace's step 3 (GET /workspace's
 * `progress_percent` and the progress bar) and a content's promotion progress (Manage → Analytics).
 */
import { DEFAULT_REQUIRED_SHARES, PROGRESS_CAP_PERCENT } from './limits.ts';

export interface ShareTally {
  delivered: number;
  required: number;
}

/**
 * SPEC §4 step 3: delivered shares, each counted up to its own required shares, over the sum of the required
 * shares, in percent, capped at 100; 0 without anything required. Rounded down, so 100 means done (two of
 * three shares is 66, never a rounded-up 67 beside an unfinished bar).
 */
export function shareProgressPercent(tallies: readonly ShareTally[]): number {
  let required = 0;
  let delivered = 0;
  for (const tally of tallies) {
    const needed = Number.isFinite(tally.required) && tally.required > 0 ? tally.required : 0;
    const made = Number.isFinite(tally.delivered) && tally.delivered > 0 ? tally.delivered : 0;
    required += needed;
    delivered += Math.min(made, needed);
  }
  if (required <= 0) return 0;
  return Math.min(PROGRESS_CAP_PERCENT, Math.floor((delivered / required) * 100));
}

/** One content's promotion progress: its shares over its required shares (the default when unknown). */
export const contentShareProgressPercent = (shares: number, requiredShares: number | null | undefined): number =>
  shareProgressPercent([{ delivered: shares, required: typeof requiredShares === 'number' && requiredShares > 0 ? requiredShares : DEFAULT_REQUIRED_SHARES }]);

/** A sharer completed a match on a content: they reached its required shares (it then leaves their matches). */
export const matchCompleted = (delivered: number, required: number): boolean => delivered >= required;
