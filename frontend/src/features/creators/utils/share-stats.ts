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

/** The audience score bar's width in percent, clamped to 0-100. */
export function scoreBarWidth(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(100, Math.max(0, score));
}

export type ScoreTone = 'green' | 'yellow' | 'red';

/** Green at 80 or more, yellow at 60 or more, red below 60. */
export function scoreTone(score: number): ScoreTone {
  if (score >= 80) return 'green';
  if (score >= 60) return 'yellow';
  return 'red';
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
