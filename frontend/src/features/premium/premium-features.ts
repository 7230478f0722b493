import { PREMIUM_PRICE_USD_CENTS } from '@crossfeed/domain/rules/limits.ts';

/**
 * SPEC §2 Pricing: the Premium plan's features. Kept here rather than imported from the subscription
 * feature, since features do not import each other.
 */
export const PREMIUM_FEATURES: readonly string[] = [
  'Unlimited Content Sharing',
  'Advanced Analytics',
  'Content Discovery',
  'Ranked Content',
  'Top Performer Filtering',
  'Audience Insights',
  'Priority Matching',
  'Custom Link Tracking',
  'Contact Quality Scoring',
  'Audience Score',
  'Unlimited Match Shuffles',
];

export const PREMIUM_MONTHLY_PRICE = `$${PREMIUM_PRICE_USD_CENTS / 100} USD/month`;
