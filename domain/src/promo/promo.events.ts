import type { DomainEvent } from '../shared/decider.ts';
import { z } from 'zod';
import type { EventSchemas } from '../shared/event-schemas.ts';

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

/** What each event's data must be, checked at append (domain/src/event-schemas.ts). */
export const promoEventSchemas = {
  PromoCodeIssued: z.object({ code: z.string(), ownerId: z.string(), premiumDays: z.number(), reason: z.string(), issuedAt: z.string() }),
  PromoCodeRedeemed: z.object({ code: z.string(), ownerId: z.string(), redeemedBy: z.string(), premiumDays: z.number(), redeemedAt: z.string() }),
} satisfies EventSchemas<PromoEvent>;
