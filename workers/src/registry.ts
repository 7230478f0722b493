import type { Config } from '@crossfeed/platform/config/config.ts';
import type { EventStore } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { JobQueue, WorkerHandle } from '@crossfeed/platform/jobs/job-queue.port.ts';
import type { Logger } from '@crossfeed/platform/logger.ts';
import type { Mailer } from '@crossfeed/platform/mail/mailer.port.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import type { RealtimePublisher } from '@crossfeed/platform/realtime/realtime.port.ts';
import type { JobRoute } from './dispatch/job-routes.ts';
import { matchingRoute, startMatching } from './matching/matching.processor.ts';
import { shareEmailRoute, startShareEmailWorker } from './email/share-email.processor.ts';
import { passwordResetEmailRoute, startPasswordResetEmailWorker } from './email/password-reset-email.processor.ts';
import { startWaitlistConfirmationEmailWorker, waitlistConfirmationEmailRoute } from './email/waitlist-confirmation-email.processor.ts';
import { startWaitlistEntryLinkEmailWorker, waitlistEntryLinkEmailRoute } from './email/waitlist-entry-link-email.processor.ts';
import { startPremiumExpiry } from './premium-expiry/premium-expiry.processor.ts';
import { audienceScoreRoute, startAudienceScore } from './audience-score/audience-score.processor.ts';
import { startWaitlistRank, waitlistRankRoute } from './waitlist-rank/waitlist-rank.processor.ts';
import { startAnalyticsRollup } from './analytics-rollup/analytics-rollup.processor.ts';
import { accountConfirmationEmailRoute, startAccountConfirmationEmailWorker } from './email/account-confirmation-email.processor.ts';
import { referralCreditRoute, startReferralCreditWorker } from './referrals/referral-credit.processor.ts';
import { referralRewardRoute, startReferralRewardWorker } from './referrals/referral-reward.processor.ts';
import { referralCodeRoute, startReferralCodeWorker } from './referrals/referral-code.processor.ts';
import { scheduledActionRoute, startScheduledActionWorker } from './schedules/scheduled-action.processor.ts';
import { mailFailureRoute, startMailFailureWorker } from './email/mail-failure.processor.ts';
import { startShareEmailAtWorker } from './email/share-email-at.processor.ts';
import { startWebhookFanoutWorker } from './webhooks/webhook-fanout.processor.ts';
import { startWebhookDeliveryWorker } from './webhooks/webhook-delivery.processor.ts';
import { startWebhookEventsWorker, webhookEventsRoute } from './webhooks/webhook-events.route.ts';

export interface WorkerDeps {
  config: Config;
  logger: Logger;
  jobQueue: JobQueue;
  eventStore: EventStore;
  readStore: ReadStore;
  mailer: Mailer;
  realtime: RealtimePublisher;
}

/** Which events start which jobs: one route per processor file (the dispatcher reads this list). */
export const jobRoutes: readonly JobRoute[] = [
  shareEmailRoute,
  passwordResetEmailRoute,
  waitlistConfirmationEmailRoute,
  waitlistEntryLinkEmailRoute,
  matchingRoute,
  audienceScoreRoute,
  waitlistRankRoute,
  accountConfirmationEmailRoute,
  referralCodeRoute,
  referralCreditRoute,
  referralRewardRoute,
  scheduledActionRoute,
  mailFailureRoute,
  webhookEventsRoute,
];

/**
 * Starts every queue processor (one file per processor under `workers/src/`). The same registry runs in
 * the one-process start and in the `workers` service.
 */
export function startWorkers(deps: WorkerDeps): WorkerHandle[] {
  return [
    startShareEmailWorker(deps),
    startPasswordResetEmailWorker(deps),
    startWaitlistConfirmationEmailWorker(deps),
    startWaitlistEntryLinkEmailWorker(deps),
    startMatching(deps),
    startPremiumExpiry(deps),
    startAudienceScore(deps),
    startWaitlistRank(deps),
    startAnalyticsRollup(deps),
    startAccountConfirmationEmailWorker(deps),
    startReferralCodeWorker(deps),
    startReferralCreditWorker(deps),
    startReferralRewardWorker(deps),
    startScheduledActionWorker(deps),
    startMailFailureWorker(deps),
    startShareEmailAtWorker(deps),
    startWebhookFanoutWorker(deps),
    startWebhookDeliveryWorker(deps),
    startWebhookEventsWorker(deps),
  ];
}
