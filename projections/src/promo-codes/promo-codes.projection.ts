import type { Doc } from '@crossfeed/platform/read-store/read-store.port.ts';
import { defineProjection } from '../projection.ts';

export const PROMO_CODES = 'promo_codes';

/** A `promo_codes` document, keyed by the code (uppercase). */
export interface PromoCodeDoc extends Doc {
  owner_id: string;
  premium_days: number;
  reason: string;
  redeemed: boolean;
  redeemed_by: string | null;
  issued_at: string;
  redeemed_at: string | null;
}

/** Each user's promo codes and whether they were redeemed (SPEC §2 Promo codes modal). */
export const promoCodesProjection = defineProjection({
  name: 'promo-codes',
  version: 1,
  collections: {
    [PROMO_CODES]: [{ key: { owner_id: 1, issued_at: -1 } }],
  },
  handlers: {
    PromoCodeIssued: ({ data }) => {
      return [
        {
          op: 'upsert',
          collection: PROMO_CODES,
          id: data.code,
          update: {
            $set: {
              owner_id: data.ownerId,
              premium_days: data.premiumDays,
              reason: data.reason,
              redeemed: false,
              redeemed_by: null,
              issued_at: data.issuedAt,
              redeemed_at: null,
            },
          },
        },
      ];
    },
    PromoCodeRedeemed: ({ data }) => {
      return [
        {
          op: 'update',
          collection: PROMO_CODES,
          id: data.code,
          update: { $set: { redeemed: true, redeemed_by: data.redeemedBy, redeemed_at: data.redeemedAt } },
        },
      ];
    },
  },
});
