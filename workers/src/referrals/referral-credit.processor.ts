/**
 * `referral-credit`: a referral counts once the referred person confirms their e-mail. On
 * `WaitlistEmailConfirmed` of an entry that joined with someone's referral code, this job credits the
 * referrer — unless the referral is not worth one:
 *
 * - the referred address is on a throwaway domain (rules/email-identity.ts);
 * - it is the referrer's own mailbox (same normalised e-mail as the referrer's entry or account);
 * - that mailbox already earned someone a credit (one credit per normalised e-mail, ever: a
 *   `referral-credit` reservation, so `+tag` and dotted Gmail variants count once);
 * - the referrer has had their monthly cap of credits (decided on the referrer's stream).
 *
 * A waitlist referrer is credited on its own `waitlist-{key}` stream (its rank moves up); a registered user
 * gets a `ReferralRewardGranted` on `referral-rewards-{userId}-{month}`, which the referral-reward job pays
 * in a promo code. Every step is idempotent (the reservation names the entry it was claimed for, the
 * deciders credit a referred person once, the month comes from the confirmation time), so a job retried
 * after a crash completes the work and never credits twice.
 */
import { REFERRAL_REWARDS_PER_MONTH } from '@crossfeed/domain/rules/limits.ts';
import { isDisposableEmail, normalizedEmail } from '@crossfeed/domain/rules/email-identity.ts';
import { monthOf, referralRewardsDecider } from '@crossfeed/domain/referrals/referral-rewards.decider.ts';
import type { ReservationKind } from '@crossfeed/domain/reservations/reservation.events.ts';
import { fold } from '@crossfeed/domain/shared/decider.ts';
import { referralRewardsStream, waitlistStream } from '@crossfeed/domain/shared/streams.ts';
import { waitlistDecider } from '@crossfeed/domain/waitlist/waitlist.decider.ts';
import type { WaitlistEvent } from '@crossfeed/domain/waitlist/waitlist.events.ts';
import { handleCommand } from '@crossfeed/platform/commands/command-handler.ts';
import type { EventStore } from '@crossfeed/platform/event-store/event-store.port.ts';
import { claimName } from '@crossfeed/platform/reservations/reservations.ts';
import { UnrecoverableJobError, type Job, type WorkerHandle } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import { jobRoute } from '../dispatch/job-routes.ts';
import { referralCodeOwner } from './referral-code-owner.ts';
import type { WorkerDeps } from '../registry.ts';

export const REFERRAL_CREDIT_QUEUE = 'referral-credit';

export interface ReferralCreditJob {
  eventId: string;
  /** The confirmed (referred) entry. */
  emailKey: string;
  confirmedAt: string;
}

export type ReferralCreditResult =
  | { credited: true; referrer: string }
  | { credited: false; reason: 'no referrer' | 'unknown code' | 'disposable' | 'self-referral' | 'already credited' | 'monthly cap' };

export const referralCreditRoute = jobRoute({
  WaitlistEmailConfirmed: (event) => {
    const { emailKey, confirmedAt } = event.data;
    const data: ReferralCreditJob = { eventId: event.id, emailKey, confirmedAt };
    return [{ queue: REFERRAL_CREDIT_QUEUE, name: 'credit-referrer', data, jobId: `referral-credit-${event.id}` }];
  },
});

const WAITLIST_OWNER = 'waitlist:';
const USER_OWNER = 'user:';

/** Claims `key` for `ownerId` (first claimant wins); true when `ownerId` holds it, now or from an earlier try. */
async function claim(eventStore: EventStore, kind: ReservationKind, key: string, ownerId: string, now: string): Promise<boolean> {
  return (await claimName(eventStore, { kind, key, ownerId, at: now })).holder === ownerId;
}

async function waitlistEntry(eventStore: EventStore, key: string) {
  return fold(waitlistDecider, (await eventStore.readStream(waitlistStream(key))) as unknown as WaitlistEvent[]);
}

function isCreditJob(data: unknown): data is ReferralCreditJob {
  const d = data as Partial<ReferralCreditJob> | null;
  return typeof d === 'object' && d !== null && typeof d.eventId === 'string' && typeof d.emailKey === 'string' && typeof d.confirmedAt === 'string';
}

export function referralCreditProcessor(deps: Pick<WorkerDeps, 'eventStore' | 'readStore' | 'logger'>, monthlyCap = REFERRAL_REWARDS_PER_MONTH) {
  const { eventStore, readStore, logger } = deps;
  return async (job: Job<unknown>): Promise<ReferralCreditResult> => {
    const data = job.data;
    if (!isCreditJob(data)) throw new UnrecoverableJobError('referral credit job without a valid WaitlistEmailConfirmed payload');
    const entry = await waitlistEntry(eventStore, data.emailKey);
    if (!entry.joined || !entry.referredBy) return { credited: false, reason: 'no referrer' };
    const owner = await referralCodeOwner(eventStore, readStore, entry.referredBy);
    if (!owner) return { credited: false, reason: 'unknown code' };
    const refused = (reason: Extract<ReferralCreditResult, { credited: false }>['reason']): ReferralCreditResult => {
      logger.info({ referred: data.emailKey, referrer: owner, reason }, 'referral not credited');
      return { credited: false, reason };
    };
    if (isDisposableEmail(entry.email)) return refused('disposable');

    const referred = normalizedEmail(entry.email);
    let referrerEmail: string;
    if (owner.startsWith(USER_OWNER)) {
      const user = await readStore.collection<UserDoc>(USERS).findOne({ _id: owner.slice(USER_OWNER.length) }, { projection: { email: 1 } });
      // The read models are past this confirmation, so past the referrer's registration: an account that is
      // not there was never made or is gone.
      if (!user) {
        logger.debug({ referred: data.emailKey, referrer: owner }, 'referral not credited: the referrer has no account');
        return { credited: false, reason: 'unknown code' };
      }
      referrerEmail = user.email;
    } else {
      const referrer = await waitlistEntry(eventStore, owner.slice(WAITLIST_OWNER.length));
      if (!referrer.joined) return { credited: false, reason: 'unknown code' };
      referrerEmail = referrer.email;
    }
    if (normalizedEmail(referrerEmail) === referred) return refused('self-referral');

    // One credit per mailbox, ever: the first confirmed entry of it claims it for its referrer.
    if (!(await claim(eventStore, 'referral-credit', referred, `${owner} ${data.emailKey}`, data.confirmedAt))) return refused('already credited');

    const metadata = { causationId: data.eventId, correlationId: data.eventId };
    if (owner.startsWith(USER_OWNER)) {
      const referrerId = owner.slice(USER_OWNER.length);
      const stream = referralRewardsStream(referrerId, monthOf(data.confirmedAt));
      const granted = await handleCommand(
        eventStore,
        referralRewardsDecider,
        stream,
        { type: 'GrantReferralReward', data: { referrerId, referredEmailKey: referred, cap: monthlyCap, now: data.confirmedAt } },
        { metadata },
      );
      if (granted.events.length > 0) return { credited: true, referrer: owner };
      // Nothing decided: granted by an earlier try of this job, or the month is full.
      const earlier = fold(referralRewardsDecider, (await eventStore.readStream(stream)) as never[]);
      return earlier.rewarded.has(referred) ? { credited: true, referrer: owner } : refused('monthly cap');
    }
    const referrerKey = owner.slice(WAITLIST_OWNER.length);
    const credited = await handleCommand(
      eventStore,
      waitlistDecider,
      waitlistStream(referrerKey),
      { type: 'CreditReferral', data: { emailKey: referrerKey, referredEmailKey: referred, now: data.confirmedAt, monthlyCap } },
      { metadata },
    );
    if (credited.events.length > 0) return { credited: true, referrer: owner };
    const referrer = await waitlistEntry(eventStore, referrerKey);
    return referrer.joined && referrer.credited.has(referred) ? { credited: true, referrer: owner } : refused('monthly cap');
  };
}

export function startReferralCreditWorker(deps: WorkerDeps): WorkerHandle {
  return deps.jobQueue.process(REFERRAL_CREDIT_QUEUE, referralCreditProcessor(deps), { concurrency: 4 });
}
