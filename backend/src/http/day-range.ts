import { z } from 'zod';
import { ValidationError } from '@crossfeed/domain/shared/errors.ts';
import { addDays, daysBetween } from '@crossfeed/projections/analytics/analytics-series.ts';

/** A real UTC calendar day written as `YYYY-MM-DD` (query parameters of the analytics endpoints). */
export const IsoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD.')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00.000Z`)) && new Date(`${value}T00:00:00.000Z`).toISOString().startsWith(value), 'must be a real date.');

/**
 * `from`/`to` (UTC days, both included) of an analytics request: without both, the last `defaultDays` days
 * to today; with one, `defaultDays` days from or to it. At most `maxDays` days, `from` not after `to`.
 */
export function resolveDayRange(
  input: { from?: string | undefined; to?: string | undefined },
  today: string,
  limits: { defaultDays: number; maxDays: number },
): { from: string; to: string } {
  const span = limits.defaultDays - 1;
  const to = input.to ?? (input.from ? addDays(input.from, span) : today);
  const from = input.from ?? addDays(to, -span);
  if (from > to) throw new ValidationError('from must not be after to.');
  if (daysBetween(from, to) + 1 > limits.maxDays) throw new ValidationError(`The range may cover at most ${limits.maxDays} days.`);
  return { from, to };
}
