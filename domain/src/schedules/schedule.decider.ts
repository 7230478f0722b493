import { SCHEDULE_MAX_DAYS_AHEAD, SCHEDULES_PENDING_MAX } from '../rules/limits.ts';
import { MESSAGES } from '../rules/validation.ts';
import type { Decider } from '../shared/decider.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors.ts';
import type { ScheduleCommand } from './schedule.commands.ts';
import type { ScheduleEvent, ScheduleKind } from './schedule.events.ts';

/**
 * A creator's scheduled actions, decided on `schedules-{userId}` (one stream per user, so the cap on waiting
 * schedules holds under concurrent requests, and a cancel and the job's start are ordered by the expected
 * revision: whichever is appended first wins). The rules of the action itself (shares, credits) are NOT
 * decided here: the job runs the same creator-content command as the HTTP routes, at run time.
 */

export const SCHEDULE_MESSAGES = {
  premiumOnly: 'Scheduling is a Premium feature. Upgrade to Premium to schedule shares and releases.',
  invalidTime: 'Choose a valid date and time.',
  inThePast: 'The scheduled time must be in the future.',
  tooFarAhead: `You can schedule up to ${SCHEDULE_MAX_DAYS_AHEAD} days ahead.`,
  tooMany: `You already have ${SCHEDULES_PENDING_MAX} scheduled actions waiting. Cancel one or wait until one runs.`,
  notFound: 'Schedule not found.',
  alreadyRan: 'This schedule has already run.',
  running: 'This schedule is running now and can no longer be cancelled.',
  cancelled: 'This schedule was cancelled.',
  idUsed: 'This schedule id is already used.',
} as const;

export type ScheduleStatus = 'scheduled' | 'running' | 'cancelled' | 'ran';

export interface ScheduleEntry {
  kind: ScheduleKind;
  status: ScheduleStatus;
  contentId: string;
  contentTitle: string;
}

export interface ScheduleState {
  /** Every schedule of the user by id, updated in place (O(1) per event). */
  schedules: Map<string, ScheduleEntry>;
  /** Schedules not yet run nor cancelled (scheduled or running): the cap counts these. */
  waiting: number;
}

const DAY_MS = 24 * 3600 * 1000;

/** Scheduling is Premium: the route asks first (a Free user hears that before anything else), the decider again. */
export function assertCanSchedule(isPremium: boolean): void {
  if (!isPremium) throw new ForbiddenError(SCHEDULE_MESSAGES.premiumOnly);
}

function checkNewSchedule(state: ScheduleState, data: { scheduleId: string; userId: string; contentId: string; runAt: string; isPremium: boolean; now: string }): void {
  assertCanSchedule(data.isPremium);
  if (!data.scheduleId || !data.userId || !data.contentId) throw new ValidationError('scheduleId, userId and contentId are required.');
  if (state.schedules.has(data.scheduleId)) throw new ValidationError(SCHEDULE_MESSAGES.idUsed);
  const runAt = Date.parse(data.runAt);
  const now = Date.parse(data.now);
  if (Number.isNaN(runAt)) throw new ValidationError(SCHEDULE_MESSAGES.invalidTime);
  if (runAt <= now) throw new ValidationError(SCHEDULE_MESSAGES.inThePast);
  if (runAt - now > SCHEDULE_MAX_DAYS_AHEAD * DAY_MS) throw new ValidationError(SCHEDULE_MESSAGES.tooFarAhead);
  if (state.waiting >= SCHEDULES_PENDING_MAX) throw new ConflictError(SCHEDULE_MESSAGES.tooMany);
}

function existing(state: ScheduleState, scheduleId: string): ScheduleEntry {
  const entry = state.schedules.get(scheduleId);
  if (!entry) throw new NotFoundError(SCHEDULE_MESSAGES.notFound);
  return entry;
}

export const scheduleDecider: Decider<ScheduleState, ScheduleCommand, ScheduleEvent> = {
  initialState: () => ({ schedules: new Map(), waiting: 0 }),

  evolve(state, event) {
    switch (event.type) {
      case 'ShareScheduled':
      case 'ReleaseScheduled': {
        const { scheduleId, contentId, contentTitle } = event.data;
        const kind: ScheduleKind = event.type === 'ShareScheduled' ? 'share' : 'release';
        state.schedules.set(scheduleId, { kind, status: 'scheduled', contentId, contentTitle });
        state.waiting += 1;
        return state;
      }
      case 'ScheduleStarted': {
        const entry = state.schedules.get(event.data.scheduleId);
        if (entry?.status === 'scheduled') entry.status = 'running';
        return state;
      }
      case 'ScheduleCancelled':
      case 'ScheduleRan': {
        const entry = state.schedules.get(event.data.scheduleId);
        if (entry && (entry.status === 'scheduled' || entry.status === 'running')) {
          state.waiting = Math.max(0, state.waiting - 1);
          entry.status = event.type === 'ScheduleCancelled' ? 'cancelled' : 'ran';
        }
        return state;
      }
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'ScheduleShare': {
        checkNewSchedule(state, command.data);
        const { scheduleId, userId, contentId, contentTitle, runAt, now } = command.data;
        const contactIds = [...new Set(command.data.contactIds)];
        if (contactIds.length === 0) throw new ValidationError(MESSAGES.shareNeedsContact);
        return [{ type: 'ShareScheduled', data: { scheduleId, userId, contentId, contentTitle, contactIds, runAt, scheduledAt: now } }];
      }
      case 'ScheduleRelease': {
        checkNewSchedule(state, command.data);
        const { scheduleId, userId, contentId, contentTitle, runAt, now } = command.data;
        return [{ type: 'ReleaseScheduled', data: { scheduleId, userId, contentId, contentTitle, runAt, scheduledAt: now } }];
      }
      case 'CancelSchedule': {
        const { scheduleId, userId, now } = command.data;
        const entry = existing(state, scheduleId);
        // Cancelling twice changes nothing.
        if (entry.status === 'cancelled') return [];
        if (entry.status === 'ran') throw new ConflictError(SCHEDULE_MESSAGES.alreadyRan);
        if (entry.status === 'running') throw new ConflictError(SCHEDULE_MESSAGES.running);
        return [{ type: 'ScheduleCancelled', data: { scheduleId, userId, cancelledAt: now } }];
      }
      case 'StartSchedule': {
        const { scheduleId, userId, now } = command.data;
        const entry = existing(state, scheduleId);
        // A job retried after a crash finds its schedule running: it carries on, nothing more to append.
        if (entry.status === 'running') return [];
        if (entry.status === 'cancelled') throw new ConflictError(SCHEDULE_MESSAGES.cancelled);
        if (entry.status === 'ran') throw new ConflictError(SCHEDULE_MESSAGES.alreadyRan);
        return [{ type: 'ScheduleStarted', data: { scheduleId, userId, startedAt: now } }];
      }
      case 'RecordScheduleRun': {
        const { scheduleId, userId, outcome, reason, reached, now } = command.data;
        const entry = existing(state, scheduleId);
        // Recorded once: a retried job does not notify twice.
        if (entry.status === 'ran') return [];
        if (entry.status !== 'running') throw new ConflictError(entry.status === 'cancelled' ? SCHEDULE_MESSAGES.cancelled : 'This schedule has not started.');
        return [
          {
            type: 'ScheduleRan',
            data: {
              scheduleId,
              userId,
              kind: entry.kind,
              contentId: entry.contentId,
              contentTitle: entry.contentTitle,
              outcome,
              reason: outcome === 'failed' ? reason : null,
              reached: outcome === 'ok' ? reached : 0,
              ranAt: now,
            },
          },
        ];
      }
    }
  },
};
