/**
 * One person is not flooded: Crossfeed e-mails one address at most `MAX_EMAILS_PER_ADDRESS_PER_DAY` times per
 * UTC day, whoever shares. The one rule for both moments it is asked: when a share decides whom it will reach
 * (creator-content decider, `reachOf`) and when the e-mail worker is about to send (mailbox decider).
 */
import { dayStart } from './limits.ts';

/** A count kept for one UTC day (`day` is its `dayStart`). */
export interface DayCount {
  day: string;
  count: number;
}

/** The count for `now`'s UTC day: 0 when the counter holds another day. */
export const countOn = (counter: DayCount, now: string): number => (counter.day === dayStart(now) ? counter.count : 0);

/** The address has had its e-mails for today. */
export const addressCapReached = (sentToday: number, dailyCap: number): boolean => sentToday >= dailyCap;
