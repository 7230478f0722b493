import { SCHEDULE_MESSAGES } from '@crossfeed/domain/schedules/schedule.decider.ts';

/** Auto-scheduling (Premium): the texts of the share option, the release action and the Scheduled list. */
export const SCHEDULING_MESSAGES = {
  forLater: 'Schedule for later',
  premiumHint: 'Schedule shares and releases for later with Premium.',
  upgrade: 'Upgrade to Premium',
  when: 'Date and time',
  chooseTime: 'Choose a date and time.',
  invalidTime: SCHEDULE_MESSAGES.invalidTime,
  inThePast: SCHEDULE_MESSAGES.inThePast,
  tooFarAhead: SCHEDULE_MESSAGES.tooFarAhead,
  selectContactsFirst: 'Select the contacts above, then choose when to share.',
  scheduleShare: 'Schedule share',
  scheduleRelease: 'Schedule release',
  scheduling: 'Scheduling...',
  scheduleFailed: 'Failed to schedule.',
  releaseTitle: 'Schedule release',
  releaseExplanation:
    'The item is held back until then. At that time it goes live on a release credit from a completed match; without one it stays Pending and your next completed match releases it.',
  listTitle: 'Scheduled',
  listLoading: 'Loading scheduled actions...',
  listEmpty: 'Nothing scheduled yet. Schedule a share from the share window, or the release of a Pending item from its Schedule release action.',
  listFailed: 'Failed to fetch scheduled actions.',
  cancel: 'Cancel',
  cancelling: 'Cancelling...',
  cancelled: 'Schedule cancelled.',
  cancelFailed: 'Failed to cancel the schedule.',
} as const;

export const STATUS_LABELS = {
  scheduled: 'Scheduled',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
} as const;

export const shareScheduledFor = (when: string): string => `Share scheduled for ${when}.`;
export const releaseScheduledFor = (title: string, when: string): string => `Release of \u201c${title}\u201d scheduled for ${when}.`;
export const localTimeHint = (when: string, zone: string): string => `Runs at ${when} (your time, ${zone}).`;
export const contactsCount = (count: number): string => `${count} ${count === 1 ? 'contact' : 'contacts'}`;
