/**
 * `premium-expiry`: every 15 minutes, ends the time-limited Premiums (promo) whose `premium_until` has
 * passed, through the user decider, so the end is an event (`PremiumEnded`, reason `expired`). The decider
 * decides nothing for a Premium already ended or since extended, so a job that runs twice (or overlaps a
 * new Premium) ends each expiry exactly once.
 */
import { userDecider } from '@crossfeed/domain/users/user.decider.ts';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import { handleCommand } from '@crossfeed/platform/commands/command-handler.ts';
import type { Job, WorkerHandle } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import type { WorkerDeps } from '../registry.ts';

export const PREMIUM_EXPIRY_QUEUE = 'premium-expiry';
export const PREMIUM_EXPIRY_SCHEDULER = 'premium-expiry-every-15-minutes';
export const PREMIUM_EXPIRY_EVERY_MS = 15 * 60 * 1000;

export interface PremiumExpiryResult {
  checked: number;
  ended: number;
}

export function premiumExpiryProcessor(deps: Pick<WorkerDeps, 'eventStore' | 'readStore'>, clock: () => Date = () => new Date()) {
  return async (job: Job<unknown>): Promise<PremiumExpiryResult> => {
    const now = clock().toISOString();
    const expired = await deps.readStore
      .collection<UserDoc>(USERS)
      .find({ is_premium: true, premium_until: { $ne: null, $lte: now } }, { projection: { _id: 1, premium_until: 1 } });
    let ended = 0;
    for (const [index, user] of expired.entries()) {
      const result = await handleCommand(
        deps.eventStore,
        userDecider,
        userStream(user._id),
        { type: 'EndPremium', data: { userId: user._id, reason: 'expired', reference: user.premium_until ?? null, now } },
        { metadata: { correlationId: job.id } },
      );
      ended += result.events.length;
      if ((index + 1) % 100 === 0) await job.updateProgress({ percent: Math.round(((index + 1) / expired.length) * 100), done: index + 1, total: expired.length });
    }
    return { checked: expired.length, ended };
  };
}

export function startPremiumExpiry(deps: WorkerDeps): WorkerHandle {
  const handle = deps.jobQueue.process(PREMIUM_EXPIRY_QUEUE, premiumExpiryProcessor(deps), { concurrency: 1 });
  deps.jobQueue
    .upsertScheduler(PREMIUM_EXPIRY_QUEUE, PREMIUM_EXPIRY_SCHEDULER, { every: PREMIUM_EXPIRY_EVERY_MS }, { name: 'expire', data: {} })
    .catch((error: unknown) => deps.logger.error({ err: error }, 'premium-expiry: scheduling failed'));
  return handle;
}
