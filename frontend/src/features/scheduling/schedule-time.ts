import { SCHEDULE_MAX_DAYS_AHEAD } from '@crossfeed/domain/rules/limits.ts';
import { SCHEDULING_MESSAGES as M } from './messages';

/**
 * The run time as a `datetime-local` input holds it: the user's local wall time, to the second. The server
 * gets it as an ISO time in UTC and decides again (in the future, at most 90 days ahead).
 */

const pad = (value: number): string => String(value).padStart(2, '0');
const LOCAL_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;
const DAY_MS = 24 * 3600 * 1000;

/** `YYYY-MM-DDTHH:mm:ss` in local time. */
export function toInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** The local wall time of the input as a Date, or null when it is not one. */
export function parseInputValue(value: string): Date | null {
  if (!LOCAL_INPUT.test(value)) return null;
  const date = new Date(value); // no offset: read as local time
  return Number.isNaN(date.getTime()) ? null : date;
}

/** What is wrong with the chosen time, or null when the server should accept it. */
export function runAtError(value: string, now: Date): string | null {
  if (value.trim() === '') return M.chooseTime;
  const date = parseInputValue(value);
  if (!date) return M.invalidTime;
  if (date.getTime() <= now.getTime()) return M.inThePast;
  if (date.getTime() - now.getTime() > SCHEDULE_MAX_DAYS_AHEAD * DAY_MS) return M.tooFarAhead;
  return null;
}

/** A default a little ahead: the next full quarter hour at least 30 minutes from now. */
export function defaultRunAt(now: Date): string {
  const date = new Date(now.getTime() + 30 * 60 * 1000);
  date.setMinutes(Math.ceil(date.getMinutes() / 15) * 15, 0, 0);
  return toInputValue(date);
}

export const maxRunAt = (now: Date): string => toInputValue(new Date(now.getTime() + SCHEDULE_MAX_DAYS_AHEAD * DAY_MS));

/** A time in the user's locale and zone, e.g. "Nov 25, 2026, 6:30 PM". */
export function formatLocal(date: Date | string): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  return value.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';
}
