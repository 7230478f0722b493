import type { DomainEvent } from '../shared/decider.ts';
import { z } from 'zod';
import type { EventSchemas } from '../shared/event-schemas.ts';

/**
 * Events of `referral-rewards-{userId}-{YYYY-MM}`: the rewards a registered user earned in one calendar
 * month (UTC) for people who joined the waitlist with their code and confirmed their e-mail. Each grant is
 * followed by a promo code (the referral-reward worker issues it).
 */
export type ReferralRewardGranted = DomainEvent<
  'ReferralRewardGranted',
  {
    referrerId: string;
    /** The referred person's normalised e-mail (one reward per person, see rules/email-identity.ts). */
    referredEmailKey: string;
    month: string;
    grantedAt: string;
  }
>;
export type ReferralRewardEvent = ReferralRewardGranted;

/** What each event's data must be, checked at append (domain/src/event-schemas.ts). */
export const referralRewardEventSchemas = {
  ReferralRewardGranted: z.object({ referrerId: z.string(), referredEmailKey: z.string(), month: z.string(), grantedAt: z.string() }),
} satisfies EventSchemas<ReferralRewardEvent>;
