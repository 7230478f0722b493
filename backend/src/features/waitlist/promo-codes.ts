import { randomInt } from 'node:crypto';
import { promoDecider } from '@crossfeed/domain/promo/promo.decider.ts';
import { ConflictError } from '@crossfeed/domain/shared/errors.ts';
import { promoStream } from '@crossfeed/domain/shared/streams.ts';
import type { ApiContext } from '../../api/api-context.ts';
import { execute } from '../../api/execute.ts';

/** Unambiguous characters (no 0/O, 1/I): codes are read aloud and typed by hand. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 6;
export const REFERRAL_PROMO_PREFIX = 'REF-';
// Referral rewards are issued by the workers (workers/src/referrals/referral-reward.processor.ts).
export { REFERRAL_PROMO_DAYS, REFERRAL_PROMO_REASON } from '@crossfeed/domain/referrals/referral-rewards.decider.ts';

const randomCode = (prefix: string): string =>
  prefix + Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

export interface IssueOptions {
  premiumDays: number;
  reason: string;
  /** Prefix of a random code (default `REF-`); the whole code must stay within SPEC §5 (6-20 of A-Z0-9-). */
  prefix?: string;
}

/** Issues a new random promo code to `ownerId` (referral rewards, the demo seed); returns the code. */
export async function issuePromoCode(ctx: ApiContext, ownerId: string, options: IssueOptions): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = randomCode(options.prefix ?? REFERRAL_PROMO_PREFIX);
    try {
      const result = await issue(ctx, code, ownerId, options);
      // Nothing decided: the same code already exists for this owner (a random collision): draw again.
      if (result.events.length > 0) return code;
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }
  throw new Error('Could not draw a free promo code.');
}

function issue(ctx: ApiContext, code: string, ownerId: string, options: IssueOptions) {
  return execute(ctx, promoDecider, promoStream(code), {
    type: 'IssuePromoCode',
    data: { code, ownerId, premiumDays: options.premiumDays, reason: options.reason, now: ctx.clock().toISOString() },
  });
}
