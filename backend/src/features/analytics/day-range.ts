import { z } from 'zod';
import { CONTENT_ANALYTICS_MESSAGES, CONTENT_DAILY_DEFAULT_DAYS, CONTENT_DAILY_MAX_DAYS } from '@crossfeed/domain/rules/content-analytics.ts';
import { ValidationError } from '@crossfeed/domain/shared/errors.ts';
import { addDays, daysBetween } from '@crossfeed/projections/analytics/analytics-series.ts';
import { parseInput } from '../../http/validate.ts';

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD.')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00.000Z`)) && new Date(`${value}T00:00:00.000Z`).toISOString().startsWith(value), 'must be a real date.');

const DayRangeQuery = z.strictObject({ from: Day.optional(), to: Day.optional() });

/**
 * `from`/`to` (UTC days, both included) of a content's daily analytics: without both, the last 30 days
 * to today; with one, 30 days from or to it. At most 366 days, `from` not after `to`.
 */
export function parseDayRange(query: unknown, today: string): { from: string; to: string } {
  const input = parseInput(DayRangeQuery, { ...(query as object) });
  const span = CONTENT_DAILY_DEFAULT_DAYS - 1;
  const to = input.to ?? (input.from ? addDays(input.from, span) : today);
  const from = input.from ?? addDays(to, -span);
  if (from > to) throw new ValidationError(CONTENT_ANALYTICS_MESSAGES.fromAfterTo);
  if (daysBetween(from, to) + 1 > CONTENT_DAILY_MAX_DAYS) throw new ValidationError(CONTENT_ANALYTICS_MESSAGES.tooLong);
  return { from, to };
}
