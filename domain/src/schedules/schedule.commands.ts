import type { ScheduleOutcome } from './schedule.events.ts';

/** Commands of the `schedules-{userId}` stream. Ids, the time and the caller's tier come from the caller. */

interface ScheduleBase {
  scheduleId: string;
  userId: string;
  contentId: string;
  contentTitle: string;
  runAt: string;
  isPremium: boolean;
  now: string;
}

export interface ScheduleShare {
  type: 'ScheduleShare';
  data: ScheduleBase & { contactIds: string[] };
}

export interface ScheduleRelease {
  type: 'ScheduleRelease';
  data: ScheduleBase;
}

export interface CancelSchedule {
  type: 'CancelSchedule';
  data: { scheduleId: string; userId: string; now: string };
}

/** The job claims the schedule before it acts, so a cancel cannot slip in between. */
export interface StartSchedule {
  type: 'StartSchedule';
  data: { scheduleId: string; userId: string; now: string };
}

export interface RecordScheduleRun {
  type: 'RecordScheduleRun';
  data: { scheduleId: string; userId: string; outcome: ScheduleOutcome; reason: string | null; reached: number; now: string };
}

export type ScheduleCommand = ScheduleShare | ScheduleRelease | CancelSchedule | StartSchedule | RecordScheduleRun;
