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
import { WrongExpectedVersion, type EventStore } from '../event-store/event-store.port.ts';

export interface Claim {
  kind: ReservationKind;
  key: string;
  ownerId: string;
  /** ISO time of the claim. */
  at: string;
}

/** Who holds a reservation, or undefined while the value is free. */
export async function reservationOwner(eventStore: EventStore, kind: ReservationKind, key: string): Promise<string | undefined> {
  const [first] = await eventStore.readStream(reservationStream(kind, key));
  return first?.type === 'NameReserved' ? (first as unknown as NameReserved).data.ownerId : undefined;
}

/**
 * Claims the value: `claimed` when this call reserved it; otherwise `holder` is whoever did first (the same
 * owner when an earlier try of the same job got there). Other failures are thrown.
 */
export async function claimName(eventStore: EventStore, claim: Claim): Promise<{ claimed: boolean; holder: string | undefined }> {
  const event: NameReserved = {
    type: 'NameReserved',
    data: { kind: claim.kind, key: claim.key.toLowerCase(), ownerId: claim.ownerId, reservedAt: claim.at },
  };
  try {
    await eventStore.append(reservationStream(claim.kind, claim.key), [event], { expectedRevision: 'no_stream' });
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
