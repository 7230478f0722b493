import { CONTENT_TYPES } from '@crossfeed/domain/rules/content-types.ts';

const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
const KNOWN_TYPES: readonly string[] = CONTENT_TYPES;

/** SPEC §3 Content types: a known type capitalised; anything else its raw value, or Unknown. */
export function typeLabel(type: string | null | undefined): string {
  const value = typeof type === 'string' ? type.trim() : '';
  return KNOWN_TYPES.includes(value.toLowerCase()) ? capitalize(value.toLowerCase()) : value || 'Unknown';
}

/** '1 share', 'N shares' (a missing count is 0). */
export function shareCountLabel(count: number | null | undefined): string {
  const value = typeof count === 'number' && Number.isFinite(count) ? count : 0;
  return `${value} ${value === 1 ? 'share' : 'shares'}`;
}

/** SPEC §2 Manage Content: short links are shown as /links/{short_code}. */
export const shortLinkPath = (shortCode: string): string => `/links/${shortCode}`;

/** The address a copied short link points at: the same origin serves /links/{code} (SPEC §7). */
export const shortLinkUrl = (shortCode: string, origin = window.location.origin): string => `${origin}${shortLinkPath(shortCode)}`;

// The exchange's texts are shared with the workspace.
export { moderationLabel, pendingExplanation, reviewNotice } from '@/lib/exchange-texts';
