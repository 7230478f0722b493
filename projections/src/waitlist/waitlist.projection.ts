import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import { defineProjection } from '../projection.ts';

export const WAITLIST = 'waitlist';

/**
 * A `waitlist` document, keyed by the email key. The position is not stored (a projection cannot read
 * how many joined before): `joined_position` is the join event's global log position, which sorts in
 * join order, so position = count({ joined_position: { $lte: mine } }) at query time (see `waitlistPosition`).
 */
export interface WaitlistDoc extends Doc {
  email: string;
  referral_code: string;
  referred_by: string | null;
  referrals: number;
  confirmed: boolean;
  joined_at: string;
  joined_position: string;
  confirmed_at: string | null;
}

export const waitlistProjection = defineProjection({
  name: 'waitlist',
  version: 1,
  collections: {
    [WAITLIST]: [{ key: { joined_position: 1 } }, { key: { referral_code: 1 }, unique: true }],
  },
  handlers: {
    WaitlistJoined: (event) => {
      const { data } = event;
      return [
        {
          op: 'upsert',
          collection: WAITLIST,
          id: data.emailKey,
          update: {
            $set: {
              email: data.email,
              referral_code: data.referralCode,
              referred_by: data.referredBy,
              confirmed: false,
              confirmed_at: null,
              joined_at: data.joinedAt,
              joined_position: event.position,
            },
            // A credit is always later in the log than the join, but keep the counter if one were first.
            $setOnInsert: { referrals: 0 },
          },
        },
      ];
    },
    WaitlistEmailConfirmed: ({ data }) => {
      return [{ op: 'update', collection: WAITLIST, id: data.emailKey, update: { $set: { confirmed: true, confirmed_at: data.confirmedAt } } }];
    },
    WaitlistReferralCredited: ({ data }) => {
      return [{ op: 'update', collection: WAITLIST, id: data.emailKey, update: { $inc: { referrals: 1 } } }];
    },
  },
});
