const count = new Intl.NumberFormat('en-US');

/** "about 12 s left", "about 2 min 5 s left"; null or negative means it is not known yet. */
export function formatEta(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return 'estimating time left';
  const whole = Math.ceil(seconds);
  if (whole < 60) return `about ${whole} s left`;
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest ? `about ${minutes} min ${rest} s left` : `about ${minutes} min left`;
}

export const formatCount = (value: number): string => count.format(value);
