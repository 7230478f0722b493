import { z } from 'zod';
import { CONTENT_DAILY_DEFAULT_DAYS, CONTENT_DAILY_MAX_DAYS } from '@crossfeed/domain/rules/content-analytics.ts';
import { IsoDay, resolveDayRange } from '../../http/day-range.ts';
import { parseInput } from '../../http/validate.ts';

export const DayRangeQuery = z.strictObject({ from: IsoDay.optional(), to: IsoDay.optional() });

/**
 * `from`/`to` (UTC days, both included) of a content's daily analytics: without both, the last 30 days
 * to today; with one, 30 days from or to it. At most 366 days, `from` not after `to`.
 */
export function parseDayRange(query: unknown, today: string): { from: string; to: string } {
  return resolveDayRange(parseInput(DayRangeQuery, { ...(query as object) }), today, {
    defaultDays: CONTENT_DAILY_DEFAULT_DAYS,
    maxDays: CONTENT_DAILY_MAX_DAYS,
  });
}
