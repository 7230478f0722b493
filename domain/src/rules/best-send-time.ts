/**
 * "Send at the best time" (Premium auto-scheduling, docs/exchange.md): each contact's share e-mail goes at
 * the hour of day (UTC) that contact clicked most, people's clicks only; without a click yet, at 09:00 in the
 * sharer's time zone. Pure: the time and the counts come in.
 */

/** The sharer's morning, when nothing is known of the contact. */
export const DEFAULT_SEND_HOUR = 9;

/** The hour (0-23, UTC) a contact clicked most; the earliest of a tie; null without clicks. */
export function busiestHour(clicksByHour: Readonly<Record<string, number>> | null | undefined): number | null {
  let best: number | null = null;
  let most = 0;
  for (let hour = 0; hour < 24; hour++) {
    const clicks = clicksByHour?.[`h${hour}`] ?? 0;
    if (clicks > most) {
      most = clicks;
      best = hour;
    }
  }
  return best;
}

/** True for a time zone name the platform knows (`Europe/Paris`). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The offset of `timeZone` from UTC at the instant `ms`, in ms (local wall clock minus UTC). */
function offsetAt(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The next start of `hour` o'clock after `now` (or `now` itself while inside that hour), in UTC or on the
 * wall clock of `timeZone`.
 */
export function nextHourStart(now: string, hour: number, timeZone = 'UTC'): string {
  const at = Date.parse(now);
  const offset = offsetAt(at, timeZone);
  const local = new Date(at + offset);
  if (local.getUTCHours() === hour) return new Date(at).toISOString();
  let target = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hour) - offset;
  if (target <= at) target += 24 * 3600 * 1000;
  // Across a daylight-saving change the offset at the target differs from now's: the wall clock decides.
  const corrected = target + (offset - offsetAt(target, timeZone));
  return new Date(corrected > at ? corrected : target).toISOString();
}

/** When a contact's share e-mail goes: their busiest hour, else 09:00 where the sharer lives. */
export function bestSendTime(now: string, clicksByHour: Readonly<Record<string, number>> | null | undefined, sharerTimeZone: string): string {
  const hour = busiestHour(clicksByHour);
  return hour === null ? nextHourStart(now, DEFAULT_SEND_HOUR, isTimeZone(sharerTimeZone) ? sharerTimeZone : 'UTC') : nextHourStart(now, hour);
}
