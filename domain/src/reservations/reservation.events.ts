import type { DomainEvent } from '../shared/decider.ts';
import { z } from 'zod';
import type { EventSchemas } from '../shared/event-schemas.ts';

/**
 * Uniqueness (DESIGN §3): a value is claimed by appending to `reservation-{kind}-{key}` with `no_stream`;
 * the first claimant wins, everyone else gets WrongExpectedVersion → ConflictError.
 */
export type ReservationKind =
  | 'username'
  | 'email'
  | 'promo-code'
  | 'short-code'
  | 'referral-code'
  /** A normalised e-mail (rules/email-identity.ts) on the waitlist: one position per mailbox. */
  | 'waitlist-email'
  /** A normalised referred e-mail that earned its referrer a credit: one credit per mailbox, ever. */
  | 'referral-credit';
export type NameReserved = DomainEvent<'NameReserved', { kind: ReservationKind; key: string; ownerId: string; reservedAt: string }>;

/** What each event's data must be, checked at append (domain/src/event-schemas.ts). */
export const reservationEventSchemas = {
  NameReserved: z.object({
    kind: z.enum(['username', 'email', 'promo-code', 'short-code', 'referral-code', 'waitlist-email', 'referral-credit']),
    key: z.string(),
    ownerId: z.string(),
    reservedAt: z.string(),
  }),
} satisfies EventSchemas<NameReserved>;
