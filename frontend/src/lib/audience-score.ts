/** SPEC §5 Display: the audience score bar's width in percent, clamped to 0-100. */
export function scoreBarWidth(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(100, Math.max(0, score));
}

export type ScoreTone = 'green' | 'yellow' | 'red';

/** SPEC §9 Audience score: the bar is green at 80 or more, yellow at 60 or more, red below 60. */
export function scoreTone(score: number): ScoreTone {
  if (score >= 80) return 'green';
  if (score >= 60) return 'yellow';
  return 'red';
}
