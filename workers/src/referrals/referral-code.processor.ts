/**
 * `referral-code`: on `UserRegistered`, reserves the referral code the sign-up drew for the account (through
 * `claimName`, the one reserve), so the registration itself appends once, on the account's stream. On the
 * rare clash (a waitlist entry or another account reserved the same code first), a fresh code is claimed and
 * assigned to the account by `AssignReferralCode`, decided on its stream. A registration whose waitlist entry
 * carried over has no code of its own (the entry's is reserved already): no job.
 *
 * Idempotent: a run again finds the code reserved by the account, or the account's code already replaced
 * (the decider then decides nothing). A log from before the carry-over joined the registration has accounts
 * registered with their waitlist entry's code, held by the entry: a replay's job leaves them theirs.
 */
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import { holdsDrawnReferralCode, userDecider } from '@crossfeed/domain/users/user.decider.ts';
import { commandHandlerFor } from '@crossfeed/platform/commands/command-handler.ts';
import { UnrecoverableJobError, type Job, type WorkerHandle } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { claimName, claimReferralCode, randomReferralCode } from '@crossfeed/platform/reservations/reservations.ts';
import { jobRoute } from '../dispatch/job-routes.ts';
import type { WorkerDeps } from '../registry.ts';

export const REFERRAL_CODE_QUEUE = 'referral-code';

export interface ReferralCodeJob {
  userId: string;
  referralCode: string;
  registeredAt: string;
  eventId: string;
}

export type ReferralCodeResult = { referralCode: string | null; reassigned: boolean };

export const referralCodeRoute = jobRoute({
  UserRegistered: (event) => {
    const { userId, referralCode, registeredAt } = event.data;
    if (referralCode === undefined) return [];
    const data: ReferralCodeJob = { userId, referralCode, registeredAt, eventId: event.id };
    return [{ queue: REFERRAL_CODE_QUEUE, name: 'reserve-referral-code', data, jobId: `referral-code-${event.id}`, options: { attempts: 5, backoffMs: 500 } }];
  },
});

function isReferralCodeJob(data: unknown): data is ReferralCodeJob {
  const d = data as Partial<ReferralCodeJob> | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    typeof d.userId === 'string' &&
    typeof d.referralCode === 'string' &&
    typeof d.registeredAt === 'string' &&
    typeof d.eventId === 'string'
  );
}

/** `generate` and `now` are replaceable so tests can force a clash and fix the time. */
export function referralCodeProcessor(
  deps: Pick<WorkerDeps, 'eventStore' | 'logger'>,
  generate: () => string = randomReferralCode,
  now: () => Date = () => new Date(),
) {
  const { eventStore, logger } = deps;
  const handler = commandHandlerFor(eventStore);
  return async (job: Job<unknown>): Promise<ReferralCodeResult> => {
    const data = job.data;
    if (!isReferralCodeJob(data)) throw new UnrecoverableJobError('referral code job without a valid UserRegistered payload');
    const ownerId = `user:${data.userId}`;
    const { holder } = await claimName(eventStore, { kind: 'referral-code', key: data.referralCode, ownerId, at: data.registeredAt });
    if (holder === ownerId) return { referralCode: data.referralCode, reassigned: false };

    const stream = userStream(data.userId);
    const account = await handler.query(userDecider, stream, (state) => ({
      current: state.status === 'registered' ? (state.referralCode ?? null) : null,
      replaceable: holdsDrawnReferralCode(state, data.referralCode),
    }));
    // Replaced by an earlier run, or the waitlist entry's code (which the entry holds): nothing to draw.
    if (!account.replaceable) return { referralCode: account.current, reassigned: false };
    const at = now().toISOString();
    const fresh = await claimReferralCode(eventStore, ownerId, at, generate);
    const { events } = await handler.handle(
      userDecider,
      stream,
      { type: 'AssignReferralCode', data: { userId: data.userId, referralCode: fresh, replaces: data.referralCode, now: at } },
      { metadata: { userId: data.userId, causationId: data.eventId } },
    );
    if (events.length === 0) return { referralCode: null, reassigned: false };
    logger.info({ userId: data.userId, taken: data.referralCode, holder }, 'referral code drawn at registration was taken; another assigned');
    return { referralCode: fresh, reassigned: true };
  };
}

export function startReferralCodeWorker(deps: WorkerDeps): WorkerHandle {
  return deps.jobQueue.process(REFERRAL_CODE_QUEUE, referralCodeProcessor(deps), { concurrency: 4 });
}
