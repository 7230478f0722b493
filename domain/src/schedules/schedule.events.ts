import type { DomainEvent } from '../shared/decider.ts';
import { z } from 'zod';
import type { EventSchemas } from '../shared/event-schemas.ts';

/**
 * Events of the `schedules-{userId}` stream (auto-scheduling, a Premium feature): a share or the release of
 * a queued item, decided now and run later by the `scheduled-action` job.
 */

export type ScheduleKind = 'share' | 'release';
export type ScheduleOutcome = 'ok' | 'failed';

interface ScheduledBase {
  scheduleId: string;
  userId: string;
  contentId: string;
  /** For the list and the outcome notification (projections never read). */
  contentTitle: string;
  runAt: string;
  scheduledAt: string;
}

/** A share of `contentId` to the owner's `contactIds`, to run at `runAt`. */
export type ShareScheduled = DomainEvent<'ShareScheduled', ScheduledBase & { contactIds: string[] }>;
/** The release of the owner's queued `contentId` to the exchange, to run at `runAt`. */
export type ReleaseScheduled = DomainEvent<'ReleaseScheduled', ScheduledBase>;
/** The owner cancelled it before it ran: a job that fires later does nothing. */
export type ScheduleCancelled = DomainEvent<'ScheduleCancelled', { scheduleId: string; userId: string; cancelledAt: string }>;
/** The job took it: from here it can no longer be cancelled (it is running). */
export type ScheduleStarted = DomainEvent<'ScheduleStarted', { scheduleId: string; userId: string; startedAt: string }>;
/** It ran: `ok`, or `failed` with the reason the rules gave at run time. */
export type ScheduleRan = DomainEvent<
  'ScheduleRan',
  {
    scheduleId: string;
    userId: string;
    kind: ScheduleKind;
    contentId: string;
    contentTitle: string;
    outcome: ScheduleOutcome;
    /** Why it failed (a rule's message), or null. */
    reason: string | null;
    /** Contacts a share reached (0 for a release or a failure). */
    reached: number;
    ranAt: string;
  }
>;

export type ScheduleEvent = ShareScheduled | ReleaseScheduled | ScheduleCancelled | ScheduleStarted | ScheduleRan;

const ScheduledBaseSchema = z.object({
  scheduleId: z.string(),
  userId: z.string(),
  contentId: z.string(),
  contentTitle: z.string(),
  runAt: z.string(),
  scheduledAt: z.string(),
});
/** What each event's data must be, checked at append (domain/src/event-schemas.ts). */
export const scheduleEventSchemas = {
  ShareScheduled: ScheduledBaseSchema.extend({ contactIds: z.array(z.string()) }),
  ReleaseScheduled: ScheduledBaseSchema,
  ScheduleCancelled: z.object({ scheduleId: z.string(), userId: z.string(), cancelledAt: z.string() }),
  ScheduleStarted: z.object({ scheduleId: z.string(), userId: z.string(), startedAt: z.string() }),
  ScheduleRan: z.object({
    scheduleId: z.string(),
    userId: z.string(),
    kind: z.enum(['share', 'release']),
    contentId: z.string(),
    contentTitle: z.string(),
    outcome: z.enum(['ok', 'failed']),
    reason: z.string().nullable(),
    reached: z.number(),
    ranAt: z.string(),
  }),
} satisfies EventSchemas<ScheduleEvent>;
