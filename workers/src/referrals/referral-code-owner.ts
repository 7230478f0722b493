/**
 * Who owns a referral code (`waitlist:{key}` or `user:{id}`): the holder of its reservation, or, while the
 * registration's referral-code job (referral-code.processor.ts) has not reserved an account's code yet, the
 * account that shows it. The one answer for the waitlist's referral lookups and the referral credit.
 */
import type { EventStore } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { reservationOwner } from '@crossfeed/platform/reservations/reservations.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';

export async function referralCodeOwner(eventStore: EventStore, readStore: ReadStore, code: string): Promise<string | undefined> {
  const holder = await reservationOwner(eventStore, 'referral-code', code);
  if (holder) return holder;
  const account = await readStore.collection<UserDoc>(USERS).findOne({ referral_code: code }, { projection: { _id: 1 } });
  return account ? `user:${account._id}` : undefined;
}
