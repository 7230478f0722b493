/**
 * What each tier gets (SPEC §2 Pricing, in its words and order): the one table the server's Premium checks,
 * the pricing page, the Premium upsell and the Free vs Premium comparison read, so none of them can promise
 * or refuse something the others do not.
 */
export const FREE_FEATURES = ['Content Sharing', 'Basic Analytics', 'Content Discovery', 'Audience Score', 'Limited Match Shuffles'] as const;

export const PREMIUM_FEATURES = [
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
] as const;

export type FeatureName = (typeof FREE_FEATURES)[number] | (typeof PREMIUM_FEATURES)[number];

/** What Premium adds: its features Free does not have (the upsell lists these, not what Free already has). */
export const PREMIUM_ONLY_FEATURES: readonly FeatureName[] = PREMIUM_FEATURES.filter((feature) => !(FREE_FEATURES as readonly string[]).includes(feature));

/** Whether an account of this tier has the feature. */
export function tierHasFeature(isPremium: boolean, feature: FeatureName): boolean {
  return (isPremium ? (PREMIUM_FEATURES as readonly string[]) : (FREE_FEATURES as readonly string[])).includes(feature);
}

/** The refusal of a feature the account's tier lacks: `{feature} is a Premium feature.` */
export const premiumFeatureMessage = (what: string): string => `${what} is a Premium feature.`;
