/** Display rules of SPEC §5 Display and §2 Creator profile. */

/** Categories without repeats, compared ignoring case and surrounding spaces; the first spelling wins. */
export function dedupeCategories(categories: readonly unknown[] | null | undefined): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const category of categories ?? []) {
    if (typeof category !== 'string') continue;
    const label = category.trim();
    const key = label.toLowerCase();
    if (!label || seen.has(key)) continue;
    seen.add(key);
    result.push(label);
  }
  return result;
}

/**
 * Share rate = successful_cross_promotions / total_content_shares × 100, with 2 decimals; '0.00' when
 * total shares is 0 (or either number is missing). Successful cross-promotions count the creator's
 * contents that reached their required shares, so the rate reads "completed promotions per 100 shares".
 */
export function shareRate(successfulCrossPromotions: number, totalContentShares: number): string {
  if (!Number.isFinite(totalContentShares) || totalContentShares <= 0 || !Number.isFinite(successfulCrossPromotions)) {
    return '0.00';
  }
  return ((successfulCrossPromotions / totalContentShares) * 100).toFixed(2);
}
