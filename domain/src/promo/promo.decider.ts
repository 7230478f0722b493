import type { Decider } from '../shared/decider.ts';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.ts';
import type { PromoCommand } from './promo.commands.ts';
import type { PromoEvent } from './promo.events.ts';

export const PROMO_MESSAGES = {
  invalid: 'Invalid promo code.',
  alreadyRedeemed: 'This promo code has already been redeemed.',
  taken: 'This promo code already exists.',
  badDays: 'Premium days must be a positive whole number.',
} as const;

export type PromoState =
  | { status: 'none' }
  | { status: 'issued' | 'redeemed'; code: string; ownerId: string; premiumDays: number; reason: string };

/** `promo-{CODE}`: issued once, redeemed at most once (decided on this one stream, so it holds under races). */
export const promoDecider: Decider<PromoState, PromoCommand, PromoEvent> = {
  initialState: () => ({ status: 'none' }),

  evolve(state, event) {
    switch (event.type) {
      case 'PromoCodeIssued': {
        const { code, ownerId, premiumDays, reason } = event.data;
        return { status: 'issued', code, ownerId, premiumDays, reason };
      }
      case 'PromoCodeRedeemed':
        return state.status === 'none' ? state : { ...state, status: 'redeemed' };
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'IssuePromoCode': {
        const { code, ownerId, premiumDays, reason, now } = command.data;
        if (state.status !== 'none') {
          // Issuing the same code to the same owner for the same reason again is a no-op (deterministic codes).
          if (state.ownerId === ownerId && state.premiumDays === premiumDays && state.reason === reason) return [];
          throw new ConflictError(PROMO_MESSAGES.taken);
        }
        if (!Number.isInteger(premiumDays) || premiumDays <= 0) throw new ValidationError(PROMO_MESSAGES.badDays);
        return [{ type: 'PromoCodeIssued', data: { code, ownerId, premiumDays, reason, issuedAt: now } }];
      }
      case 'RedeemPromoCode': {
        if (state.status === 'none') throw new NotFoundError(PROMO_MESSAGES.invalid);
        if (state.status === 'redeemed') throw new ConflictError(PROMO_MESSAGES.alreadyRedeemed);
        const { redeemedBy, now } = command.data;
        return [
          {
            type: 'PromoCodeRedeemed',
            data: { code: state.code, ownerId: state.ownerId, redeemedBy, premiumDays: state.premiumDays, redeemedAt: now },
          },
        ];
      }
    }
  },
};
