import type { EventData } from 'react-joyride';

/**
 * Whether a Joyride event ends the tour: Finish on the last step (or every remaining target missing) is
 * `finished`; Skip, Close and Escape are `skipped`. Either way the tour counts as completed (SPEC §2).
 */
export function isTourEnd(event: Pick<EventData, 'type' | 'status'>): boolean {
  return event.type === 'tour:end' && (event.status === 'finished' || event.status === 'skipped');
}
