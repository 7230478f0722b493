/** SPEC §2 Pricing, from the one table in domain/src/rules/tier-features.ts. */
export { FREE_FEATURES, PREMIUM_FEATURES, PREMIUM_ONLY_FEATURES } from '@crossfeed/domain/rules/tier-features.ts';
