/**
 * Uniqueness (DESIGN §3): a value (username, e-mail, promo, referral or short code, a waitlist mailbox, a
 * referral credit) is claimed by appending `NameReserved` to `reservation-{kind}-{key}` with `no_stream`; the
 * first claimant wins. The one way routes and workers claim a value.
 */
import { randomInt } from 'node:crypto';
import { SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH } from '@crossfeed/domain/content/content-links.decider.ts';
import type { NameReserved, ReservationKind } from '@crossfeed/domain/reservations/reservation.events.ts';
import { ConflictError } from '@crossfeed/domain/shared/errors.ts';
import { reservationStream } from '@crossfeed/domain/shared/streams.ts';
import { WrongExpectedVersion, type EventStore, type RecordedEvent } from '../event-store/event-store.port.ts';

export interface Claim {
  kind: ReservationKind;
  key: string;
  ownerId: string;
  /** ISO time of the claim. */
  at: string;
}

/** A value's current claim: who holds it, since when, and the revision a takeover appends under. */
export interface HeldClaim {
  ownerId: string;
  /** ISO time of the claim. */
  at: string;
  revision: bigint;
}

const isNameReserved = (event: RecordedEvent): event is RecordedEvent<'NameReserved', NameReserved['data']> => event.type === 'NameReserved';

/** The value's current claim (the latest: a claim can be taken over), or undefined while the value is free. */
export async function currentClaim(eventStore: EventStore, kind: ReservationKind, key: string): Promise<HeldClaim | undefined> {
  const last = (await eventStore.readStream(reservationStream(kind, key))).filter(isNameReserved).at(-1);
  return last ? { ownerId: last.data.ownerId, at: last.data.reservedAt, revision: last.revision } : undefined;
}

/** Who holds a reservation, or undefined while the value is free. */
export async function reservationOwner(eventStore: EventStore, kind: ReservationKind, key: string): Promise<string | undefined> {
  return (await currentClaim(eventStore, kind, key))?.ownerId;
}

export interface ClaimOptions {
  /**
   * Whether the current holder gave the value up without saying so (e.g. a sign-up that crashed before its
   * account was registered): such a claim is taken over, under the stream's revision, so of two takers one wins.
   */
  abandoned?: (holder: HeldClaim) => Promise<boolean>;
}

/**
 * Claims the value: `claimed` when this call reserved it; otherwise `holder` is whoever did first (the same
 * owner when an earlier try of the same job got there). Other failures are thrown.
 */
export async function claimName(eventStore: EventStore, claim: Claim, options: ClaimOptions = {}): Promise<{ claimed: boolean; holder: string | undefined }> {
  const event: NameReserved = {
    type: 'NameReserved',
    data: { kind: claim.kind, key: claim.key.toLowerCase(), ownerId: claim.ownerId, reservedAt: claim.at },
  };
  const stream = reservationStream(claim.kind, claim.key);
  try {
    await eventStore.append(stream, [event], { expectedRevision: 'no_stream' });
    return { claimed: true, holder: claim.ownerId };
  } catch (error) {
    if (!(error instanceof WrongExpectedVersion)) throw error;
  }
  const held = await currentClaim(eventStore, claim.kind, claim.key);
  if (!held || held.ownerId === claim.ownerId || !options.abandoned || !(await options.abandoned(held))) return { claimed: false, holder: held?.ownerId };
  try {
    await eventStore.append(stream, [event], { expectedRevision: held.revision });
    return { claimed: true, holder: claim.ownerId };
  } catch (error) {
    if (!(error instanceof WrongExpectedVersion)) throw error;
    return { claimed: false, holder: await reservationOwner(eventStore, claim.kind, claim.key) };
  }
}

/** A code of `length` characters drawn from `alphabet`. */
function drawCode(alphabet: string, length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

export const randomShortCode = (): string => drawCode(SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH);

/** Referral codes (a user's or a waitlist entry's): 8 characters without look-alikes (no 0/O, 1/I). */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;
export const randomReferralCode = (): string => drawCode(REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH);

/** Claims the first free code `generate` draws for `ownerId`, or undefined after `attempts` clashes in a row. */
async function claimFreshCode(eventStore: EventStore, kind: ReservationKind, ownerId: string, at: string, generate: () => string, attempts: number): Promise<string | undefined> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const code = generate();
    if ((await claimName(eventStore, { kind, key: code, ownerId, at })).claimed) return code;
  }
  return undefined;
}

/**
 * Claims a fresh short code for a content, drawing again on the rare clash (31^7 codes); throws after a few
 * clashes in a row (409). `generate` is replaceable so tests can force a clash.
 */
export async function claimShortCode(eventStore: EventStore, contentId: string, at: string, generate: () => string = randomShortCode): Promise<string> {
  const code = await claimFreshCode(eventStore, 'short-code', `content:${contentId}`, at, generate, 8);
  if (code === undefined) throw new ConflictError('This short code is already in use.');
  return code;
}

/**
 * Claims a fresh referral code for `ownerId` (`user:{id}` or `waitlist:{emailKey}`), drawing again on the rare
 * clash (32^8 codes).
 */
export async function claimReferralCode(eventStore: EventStore, ownerId: string, at: string, generate: () => string = randomReferralCode): Promise<string> {
  const code = await claimFreshCode(eventStore, 'referral-code', ownerId, at, generate, 10);
  if (code === undefined) throw new Error('Could not draw a free referral code.');
  return code;
}
