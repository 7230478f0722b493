import { ForbiddenError, ValidationError } from '../shared/errors.ts';
import { BATCH_ITEMS_MAX } from './limits.ts';

/** Batch actions (several items in one request, all or nothing) are a Premium feature. */
export const BATCH_MESSAGES = {
  premium: 'Batch actions are a Premium feature. Upgrade to Premium to pause, resume or delete several items at once.',
  empty: 'Select at least one item.',
  tooMany: `A batch may hold at most ${BATCH_ITEMS_MAX} items.`,
} as const;

/**
 * The ids of one batch, checked: Premium only, 1 to BATCH_ITEMS_MAX distinct ids (repeats count once,
 * first occurrence order kept).
 */
export function batchIds(ids: readonly string[], isPremium: boolean): string[] {
  if (!isPremium) throw new ForbiddenError(BATCH_MESSAGES.premium);
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new ValidationError(BATCH_MESSAGES.empty);
  if (unique.length > BATCH_ITEMS_MAX) throw new ValidationError(BATCH_MESSAGES.tooMany);
  return unique;
}

/** "a, b and 3 more": names the failing items of a batch without an endless line. */
export function nameList(names: readonly string[], shown = 5): string {
  const head = names.slice(0, shown).join(', ');
  return names.length > shown ? `${head} and ${names.length - shown} more` : head;
}
