import { PREMIUM_PRICE_USD_CENTS } from '@crossfeed/domain/rules/limits.ts';

/** SPEC §2 Premium upsell: the price line under the feature list. */
export const PREMIUM_MONTHLY_PRICE = `$${PREMIUM_PRICE_USD_CENTS / 100} USD/month`;
