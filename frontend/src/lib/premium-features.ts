/** SPEC §2 Pricing: the Premium plan's features, as the pricing page and the upsell list them. */
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
