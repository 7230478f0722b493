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

export function randomShortCode(): string {
  let code = '';
  for (let i = 0; i < SHORT_CODE_LENGTH; i++) code += SHORT_CODE_ALPHABET[randomInt(SHORT_CODE_ALPHABET.length)];
  return code;
}

/** Draws of a short code before giving up (a clash is rare: 31^7 codes). */
const SHORT_CODE_ATTEMPTS = 8;

/**
 * Claims a fresh short code for a content, drawing again on the rare clash; throws after a few clashes in a
 * row (409). `generate` is replaceable so tests can force a clash.
 */
export async function claimShortCode(eventStore: EventStore, contentId: string, at: string, generate: () => string = randomShortCode): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const code = generate();
    const { claimed } = await claimName(eventStore, { kind: 'short-code', key: code, ownerId: `content:${contentId}`, at });
    if (claimed) return code;
    if (attempt >= SHORT_CODE_ATTEMPTS) throw new ConflictError('This short code is already in use.');
  }
}
