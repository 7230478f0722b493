import type { ScheduleRan } from './schedule.events.ts';

/** The notification a schedule's owner gets when it ran (or could not). */
export function scheduleOutcomeMessage(data: ScheduleRan['data']): string {
  const what = data.kind === 'share' ? `Your scheduled share of "${data.contentTitle}"` : `Your scheduled release of "${data.contentTitle}"`;
  if (data.outcome === 'failed') return `${what} did not run: ${data.reason ?? 'it was refused.'}`;
  if (data.kind === 'release') return `${what} ran: it is now live in the exchange.`;
  return `${what} ran: it reached ${data.reached} ${data.reached === 1 ? 'contact' : 'contacts'}.`;
}
