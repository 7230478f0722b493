/**
 * `referral-reward`: on `ReferralRewardGranted`, issues the referrer's promo code (7 days of Premium,
 * reason `waitlist referral`). The code is derived from the referrer and the referred person
 * (platform/src/security/derived-tokens.ts), so issuing it again decides nothing: a job run twice issues
 * one code.
 */
import { promoDecider, PROMO_MESSAGES } from '@crossfeed/domain/promo/promo.decider.ts';
import { REFERRAL_PROMO_DAYS, REFERRAL_PROMO_REASON } from '@crossfeed/domain/referrals/referral-rewards.decider.ts';
import type { ReferralRewardGranted } from '@crossfeed/domain/referrals/referral-rewards.events.ts';
import { ConflictError } from '@crossfeed/domain/shared/errors.ts';
import { promoStream } from '@crossfeed/domain/shared/streams.ts';
import { handleCommand } from '@crossfeed/platform/commands/command-handler.ts';
import { UnrecoverableJobError, type Job, type WorkerHandle } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { referralRewardCode, signingSecret, waitlistSecret } from '@crossfeed/platform/security/derived-tokens.ts';
import { jobRoute } from '../dispatch/job-routes.ts';
import type { WorkerDeps } from '../registry.ts';

export const REFERRAL_REWARD_QUEUE = 'referral-reward';

export type ReferralRewardJob = ReferralRewardGranted['data'] & { eventId: string };

export const referralRewardRoute = jobRoute({
  ReferralRewardGranted: (event) => {
    const data: ReferralRewardJob = { ...event.data, eventId: event.id };
    return [{ queue: REFERRAL_REWARD_QUEUE, name: 'issue-reward', data, jobId: `referral-reward-${event.id}`, options: { attempts: 5, backoffMs: 500 } }];
  },
});

function isRewardJob(data: unknown): data is ReferralRewardJob {
  const d = data as Partial<ReferralRewardJob> | null;
  return typeof d === 'object' && d !== null && typeof d.referrerId === 'string' && typeof d.referredEmailKey === 'string' && typeof d.grantedAt === 'string';
}

export function referralRewardProcessor(deps: Pick<WorkerDeps, 'config' | 'eventStore' | 'logger'>) {
  const key = waitlistSecret(signingSecret(deps.config));
  return async (job: Job<unknown>): Promise<{ code: string | null }> => {
    const data = job.data;
    if (!isRewardJob(data)) throw new UnrecoverableJobError('referral reward job without a valid ReferralRewardGranted payload');
    const code = referralRewardCode(key, data.referrerId, data.referredEmailKey);
    try {
      await handleCommand(
        deps.eventStore,
        promoDecider,
        promoStream(code),
        {
          type: 'IssuePromoCode',
          data: { code, ownerId: data.referrerId, premiumDays: REFERRAL_PROMO_DAYS, reason: REFERRAL_PROMO_REASON, now: data.grantedAt },
        },
        { metadata: { causationId: data.eventId } },
      );
      return { code };
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      // A derived code that collides with another owner's: logged, never retried into a loop.
      deps.logger.warn({ referrerId: data.referrerId, code, detail: PROMO_MESSAGES.taken }, 'referral reward code collided; not issued');
      return { code: null };
    }
  };
}

export function startReferralRewardWorker(deps: WorkerDeps): WorkerHandle {
  return deps.jobQueue.process(REFERRAL_REWARD_QUEUE, referralRewardProcessor(deps), { concurrency: 4 });
}
