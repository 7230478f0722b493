import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SCHEDULES_PENDING_MAX } from '../rules/limits.ts';
import { fold } from '../shared/decider.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { LONG_STREAM, foldInPlace } from '../testing/linear-fold.ts';
import type { CancelSchedule, RecordScheduleRun, ScheduleRelease, ScheduleShare, StartSchedule } from './schedule.commands.ts';
import { SCHEDULE_MESSAGES, scheduleDecider } from './schedule.decider.ts';
import type { ReleaseScheduled, ScheduleCancelled, ScheduleEvent, ScheduleRan, ScheduleStarted, ShareScheduled } from './schedule.events.ts';

const NOW = '2026-11-21T10:00:00.000Z';
const LATER = '2026-11-21T12:00:00.000Z';
const spec = deciderSpec(scheduleDecider);

const scheduleShare = (overrides: Partial<ScheduleShare['data']> = {}): ScheduleShare => ({
  type: 'ScheduleShare',
  data: { scheduleId: 's1', userId: 'u1', contentId: 'c1', contentTitle: 'Post', contactIds: ['k1', 'k2'], runAt: LATER, isPremium: true, now: NOW, ...overrides },
});
const scheduleRelease = (overrides: Partial<ScheduleRelease['data']> = {}): ScheduleRelease => ({
  type: 'ScheduleRelease',
  data: { scheduleId: 's1', userId: 'u1', contentId: 'c9', contentTitle: 'Mine', runAt: LATER, isPremium: true, now: NOW, ...overrides },
});
const shareScheduled = (scheduleId = 's1'): ShareScheduled => ({
  type: 'ShareScheduled',
  data: { scheduleId, userId: 'u1', contentId: 'c1', contentTitle: 'Post', contactIds: ['k1', 'k2'], runAt: LATER, scheduledAt: NOW },
});
const releaseScheduled = (scheduleId = 's1'): ReleaseScheduled => ({
  type: 'ReleaseScheduled',
  data: { scheduleId, userId: 'u1', contentId: 'c9', contentTitle: 'Mine', runAt: LATER, scheduledAt: NOW },
});
const cancel = (scheduleId = 's1'): CancelSchedule => ({ type: 'CancelSchedule', data: { scheduleId, userId: 'u1', now: NOW } });
const cancelled = (scheduleId = 's1'): ScheduleCancelled => ({ type: 'ScheduleCancelled', data: { scheduleId, userId: 'u1', cancelledAt: NOW } });
const start = (scheduleId = 's1'): StartSchedule => ({ type: 'StartSchedule', data: { scheduleId, userId: 'u1', now: LATER } });
const started = (scheduleId = 's1'): ScheduleStarted => ({ type: 'ScheduleStarted', data: { scheduleId, userId: 'u1', startedAt: LATER } });
const record = (outcome: 'ok' | 'failed', reason: string | null = null, reached = 2): RecordScheduleRun => ({
  type: 'RecordScheduleRun',
  data: { scheduleId: 's1', userId: 'u1', outcome, reason, reached, now: LATER },
});
const ran = (overrides: Partial<ScheduleRan['data']> = {}): ScheduleRan => ({
  type: 'ScheduleRan',
  data: { scheduleId: 's1', userId: 'u1', kind: 'share', contentId: 'c1', contentTitle: 'Post', outcome: 'ok', reason: null, reached: 2, ranAt: LATER, ...overrides },
});

describe('schedule decider: scheduling', () => {
  test('schedules a share for a Premium user, without duplicate contacts', () => {
    spec.given([]).when(scheduleShare({ contactIds: ['k1', 'k2', 'k1'] })).then([shareScheduled()]);
  });

  test('schedules a release of a queued item', () => {
    spec.given([]).when(scheduleRelease()).then([releaseScheduled()]);
  });

  test('refuses a Free user with the upgrade message', () => {
    spec.given([]).when(scheduleShare({ isPremium: false })).thenThrows(ForbiddenError, /Premium feature/);
    spec.given([]).when(scheduleRelease({ isPremium: false })).thenThrows(ForbiddenError, /Premium feature/);
  });

  test('refuses a time that is not in the future', () => {
    spec.given([]).when(scheduleShare({ runAt: NOW })).thenThrows(ValidationError, /must be in the future/);
    spec.given([]).when(scheduleShare({ runAt: '2026-11-20T10:00:00.000Z' })).thenThrows(ValidationError, /must be in the future/);
    spec.given([]).when(scheduleShare({ runAt: 'tomorrow' })).thenThrows(ValidationError, /valid date/);
  });

  test('accepts 90 days ahead and refuses a minute more', () => {
    spec.given([]).when(scheduleShare({ runAt: '2027-02-19T10:00:00.000Z' })).then([{ ...shareScheduled(), data: { ...shareScheduled().data, runAt: '2027-02-19T10:00:00.000Z' } }]);
    spec.given([]).when(scheduleShare({ runAt: '2027-02-19T10:01:00.000Z' })).thenThrows(ValidationError, /up to 90 days/);
  });

  test('refuses a share without contacts', () => {
    spec.given([]).when(scheduleShare({ contactIds: [] })).thenThrows(ValidationError, /at least one contact/);
  });

  test('refuses a reused schedule id', () => {
    spec.given([shareScheduled()]).when(scheduleRelease()).thenThrows(ValidationError, /already used/);
  });

  test(`caps waiting schedules at ${SCHEDULES_PENDING_MAX}; a cancelled or run one frees a place`, () => {
    const full = Array.from({ length: SCHEDULES_PENDING_MAX }, (_, i) => shareScheduled(`w${i}`));
    spec.given(full).when(scheduleShare()).thenThrows(ConflictError, /already have 50 scheduled actions/);
    spec.given([...full, cancelled('w0')]).when(scheduleShare()).then([shareScheduled()]);
    spec.given([...full, started('w1'), { ...ran(), data: { ...ran().data, scheduleId: 'w1' } }]).when(scheduleShare()).then([shareScheduled()]);
    // A running one still counts.
    spec.given([...full, started('w2')]).when(scheduleShare()).thenThrows(ConflictError, /already have 50/);
  });
});

describe('schedule decider: cancelling', () => {
  test('cancels a waiting schedule, and a second cancel changes nothing', () => {
    spec.given([shareScheduled()]).when(cancel()).then([cancelled()]);
    spec.given([shareScheduled(), cancelled()]).when(cancel()).then([]);
  });

  test('an unknown schedule is not found', () => {
    spec.given([shareScheduled()]).when(cancel('other')).thenThrows(NotFoundError, /Schedule not found/);
  });

  test('refuses to cancel one that is running or has run', () => {
    spec.given([shareScheduled(), started()]).when(cancel()).thenThrows(ConflictError, /running now/);
    spec.given([shareScheduled(), started(), ran()]).when(cancel()).thenThrows(ConflictError, /already run/);
  });
});

describe('schedule decider: running', () => {
  test('the job starts a waiting schedule, and a retried job carries on without a second start', () => {
    spec.given([shareScheduled()]).when(start()).then([started()]);
    spec.given([shareScheduled(), started()]).when(start()).then([]);
  });

  test('a job that fires after a cancel cannot start', () => {
    spec.given([shareScheduled(), cancelled()]).when(start()).thenThrows(ConflictError, new RegExp(SCHEDULE_MESSAGES.cancelled));
    spec.given([shareScheduled(), started(), ran()]).when(start()).thenThrows(ConflictError, /already run/);
  });

  test('records the outcome once, with what the schedule was', () => {
    spec.given([shareScheduled(), started()]).when(record('ok')).then([ran()]);
    spec.given([releaseScheduled(), started()])
      .when(record('failed', 'No release credit.'))
      .then([ran({ kind: 'release', contentId: 'c9', contentTitle: 'Mine', outcome: 'failed', reason: 'No release credit.', reached: 0 })]);
    spec.given([shareScheduled(), started(), ran()]).when(record('ok')).then([]);
  });

  test('refuses to record an outcome for a schedule that never started', () => {
    spec.given([shareScheduled()]).when(record('ok')).thenThrows(ConflictError, /not started/);
    spec.given([shareScheduled(), cancelled()]).when(record('ok')).thenThrows(ConflictError, /cancelled/);
  });

  test('folding 100,000 events stays linear: the state is updated in place', () => {
    const state = foldInPlace<ReturnType<typeof scheduleDecider.initialState>, ScheduleEvent>(
      scheduleDecider,
      // Whole schedule lives (scheduled, started, ran) of three events each, past 100,000 events.
      LONG_STREAM + 2,
      (i) => (i % 3 === 0 ? shareScheduled(`s${i}`) : i % 3 === 1 ? started(`s${i - 1}`) : ran({ scheduleId: `s${i - 2}` })),
      (s) => [s.schedules],
    );
    assert.equal(state.waiting, 0);
    assert.equal(fold(scheduleDecider, [shareScheduled(), releaseScheduled('s2')]).waiting, 2);
  });
});
