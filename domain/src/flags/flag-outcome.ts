import { isRemoved, isUnderReview, type ContentVisibilityFields } from '../rules/content-visibility.ts';

/**
 * What happens to content under review when an admin deletes its last open flag (docs/security.md,
 * "Moderation that sticks"): `approve` approves it, `keep` keeps its moderation status (it stays reachable
 * from the admin report's "Moderated content" view). Without one the deletion is refused, so no request
 * can leave content "Under review" with nothing on the admin report pointing at it.
 */
export const FLAG_OUTCOMES = ['approve', 'keep'] as const;
export type FlagOutcome = (typeof FLAG_OUTCOMES)[number];

export const FLAG_OUTCOME_MESSAGES = {
  required:
    'This is the last open flag on content under review. Choose the outcome: "approve" approves the content, "keep" keeps its status (outcome=approve or outcome=keep).',
  requiredBulk:
    'These are the last open flags on content under review. Choose the outcome: "approve" approves that content, "keep" keeps its status (outcome "approve" or "keep").',
  invalid: 'outcome must be approve or keep.',
} as const;

export const isFlagOutcome = (value: unknown): value is FlagOutcome => (FLAG_OUTCOMES as readonly unknown[]).includes(value);

/**
 * Deleting flags asks for an outcome when it leaves content that is flagged or under review (and not
 * removed) with no open flag: `openFlagsLeft` counts the content's open flags this deletion keeps.
 */
export const outcomeNeeded = (content: ContentVisibilityFields, openFlagsLeft: number): boolean =>
  openFlagsLeft <= 0 && !isRemoved(content) && isUnderReview(content);

/** The 409 that asks for the outcome (single or bulk), as a client recognises it. */
export const isOutcomeRequiredDetail = (detail: string | undefined): boolean =>
  detail === FLAG_OUTCOME_MESSAGES.required || detail === FLAG_OUTCOME_MESSAGES.requiredBulk;
