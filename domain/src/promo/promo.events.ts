import type { DomainEvent } from '../shared/decider.ts';

/** Events of `promo-{CODE}`: a code is issued to a user and redeemed at most once (decided on this stream). */
export type PromoCodeIssued = DomainEvent<
  'PromoCodeIssued',
  { code: string; ownerId: string; premiumDays: number; reason: string; issuedAt: string }
>;
export type PromoCodeRedeemed = DomainEvent<
  'PromoCodeRedeemed',
  { code: string; ownerId: string; redeemedBy: string; premiumDays: number; redeemedAt: string }
>;
export type PromoEvent = PromoCodeIssued | PromoCodeRedeemed;
