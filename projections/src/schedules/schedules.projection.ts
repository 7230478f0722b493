import type { ReleaseScheduled, ScheduleKind, ShareScheduled } from '@crossfeed/domain/schedules/schedule.events.ts';
import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import { defineProjection, type ProjectionOp } from '../projection.ts';

export const SCHEDULES = 'schedules';

/** What the list shows: `scheduled` and `running` wait; `done`, `failed` and `cancelled` are finished. */
export type ScheduleDocStatus = 'scheduled' | 'running' | 'done' | 'failed' | 'cancelled';

/** One scheduled action of one user (GET /schedules). */
export interface ScheduleDoc extends Doc {
  user_id: string;
  kind: ScheduleKind;
  content_id: string;
  content_title: string;
  /** Empty for a release. */
  contact_ids: string[];
  run_at: string;
  status: ScheduleDocStatus;
  /** Why it failed (a rule's message), else null. */
  reason: string | null;
  reached: number;
  scheduled_at: string;
  finished_at: string | null;
  /** The list's order: waiting (0) before finished (1)... */
  rank: 0 | 1;
  /** ...then the soonest waiting first (run time in ms) and the latest finished first (minus the finish time). */
  order: number;
}

const finished = (status: ScheduleDocStatus, at: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  status,
  finished_at: at,
  rank: 1,
  order: -Date.parse(at),
  ...extra,
});

function scheduled(data: ShareScheduled['data'] | ReleaseScheduled['data'], kind: ScheduleKind, contactIds: string[]): ProjectionOp[] {
  return [
    {
      op: 'upsert',
      collection: SCHEDULES,
      id: data.scheduleId,
      update: {
        $set: {
          user_id: data.userId,
          kind,
          content_id: data.contentId,
          content_title: data.contentTitle,
          contact_ids: contactIds,
          run_at: data.runAt,
          status: 'scheduled',
          reason: null,
          reached: 0,
          scheduled_at: data.scheduledAt,
          finished_at: null,
          rank: 0,
          order: Date.parse(data.runAt),
        },
      },
    },
  ];
}

/** The `schedules` read model: every scheduled action with its status and outcome. */
export const schedulesProjection = defineProjection({
  name: 'schedules',
  version: 1,
  collections: {
    [SCHEDULES]: [
      // GET /schedules: the owner's, waiting first (soonest first), then finished (latest first).
      { key: { user_id: 1, rank: 1, order: 1 } },
      // The workers' start-up sweep of schedules that have not run.
      { key: { status: 1, run_at: 1 } },
    ],
  },
  handlers: {
    ShareScheduled: ({ data }) => {
      return scheduled(data, 'share', data.contactIds);
    },
    ReleaseScheduled: (event) => {
      return scheduled(event.data, 'release', []);
    },
    ScheduleStarted: ({ data }) => {
      return [{ op: 'update', collection: SCHEDULES, id: data.scheduleId, update: { $set: { status: 'running' } } }];
    },
    ScheduleCancelled: ({ data }) => {
      return [{ op: 'update', collection: SCHEDULES, id: data.scheduleId, update: { $set: finished('cancelled', data.cancelledAt) } }];
    },
    ScheduleRan: ({ data }) => {
      const status = data.outcome === 'ok' ? 'done' : 'failed';
      return [
        {
          op: 'update',
          collection: SCHEDULES,
          id: data.scheduleId,
          update: { $set: finished(status, data.ranAt, { reason: data.reason, reached: data.reached }) },
        },
      ];
    },
  },
});
