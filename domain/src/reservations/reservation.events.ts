import type { DomainEvent } from '../shared/decider.ts';

/**
 * Uniqueness (DESIGN §3): a value is claimed by appending to `reservation-{kind}-{key}` with `no_stream`;
 * the first claimant wins, everyone else gets WrongExpectedVersion → ConflictError.
 */
export type ReservationKind = 'username' | 'email' | 'promo-code' | 'short-code' | 'referral-code';
export type NameReserved = DomainEvent<'NameReserved', { kind: ReservationKind; key: string; ownerId: string; reservedAt: string }>;
