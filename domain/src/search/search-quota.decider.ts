import { FREE_DAILY_SEARCHES, dayStart } from '../rules/limits.ts';
import type { Decider } from '../shared/decider.ts';
import { QuotaExceededError } from '../shared/errors.ts';
import type { SearchQuotaCommand } from './search-quota.commands.ts';
import type { SearchQuotaEvent } from './search-quota.events.ts';

/**
 * The Free daily search limit, decided on `search-quota-{userId}-{day}` (one stream per user and UTC day):
 * the stream holds at most FREE_DAILY_SEARCHES events, so a search costs the same however long the user has
 * been searching, and the next UTC day starts on an empty stream. Concurrent searches are ordered by the
 * stream's expected revision, so the limit holds under parallel requests.
 */

export const SEARCH_QUOTA_MESSAGES = {
  dailyLimit: `You have used your ${FREE_DAILY_SEARCHES} searches for today. Upgrade to Premium for unlimited searches, or search again tomorrow (UTC).`,
} as const;

export interface SearchQuotaState {
  count: number;
}

/** Searches left today for a Free user, from that day's state. */
export const remainingSearches = (state: SearchQuotaState): number => Math.max(0, FREE_DAILY_SEARCHES - state.count);

/** The UTC day (YYYY-MM-DD) of the stream a search at `now` is counted on. */
export const searchDay = (now: string): string => dayStart(now).slice(0, 10);

export const searchQuotaDecider: Decider<SearchQuotaState, SearchQuotaCommand, SearchQuotaEvent> = {
  initialState: () => ({ count: 0 }),

  evolve(state, event) {
    if (event.type === 'SearchCounted') state.count += 1;
    return state;
  },

  decide(command, state) {
    const { userId, isPremium, now } = command.data;
    // Premium is unlimited: nothing to count.
    if (isPremium) return [];
    if (state.count >= FREE_DAILY_SEARCHES) throw new QuotaExceededError(SEARCH_QUOTA_MESSAGES.dailyLimit);
    return [{ type: 'SearchCounted', data: { userId, day: searchDay(now), searchedAt: now } }];
  },
};
