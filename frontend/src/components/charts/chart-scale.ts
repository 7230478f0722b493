/** The y axis of a chart: 0 to a round maximum, in round steps. */
export interface YScale {
  max: number;
  ticks: number[];
}

/** A round step (1, 2, 2.5 or 5 × a power of ten) near `raw`. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/**
 * About `target` intervals from 0 up to at least the largest value. Counts get whole steps (an axis of
 * 0, 0.5, 1 signups says nothing); an all-zero series still gets an axis of 0 to 1.
 */
export function yScale(values: readonly number[], { integer = true, target = 4 } = {}): YScale {
  const top = Math.max(0, ...values.filter(Number.isFinite));
  if (top === 0) return { max: 1, ticks: [0, 1] };
  let step = niceStep(top / target);
  if (integer) step = Math.max(1, Math.ceil(step));
  const max = Math.ceil(top / step) * step;
  const ticks: number[] = [];
  for (let tick = 0; tick <= max + step / 1e6; tick += step) ticks.push(Math.round(tick * 1e6) / 1e6);
  return { max, ticks };
}

/** The x of point `index` of `count` across [left, right]; a single point sits in the middle. */
export function xAt(index: number, count: number, left: number, right: number): number {
  if (count <= 1) return (left + right) / 2;
  return left + (index * (right - left)) / (count - 1);
}

/** The indexes that get an x-axis label: the first, the last and evenly spaced ones between. */
export function tickIndexes(count: number, maxTicks = 5): number[] {
  if (count <= 0) return [];
  if (count <= maxTicks) return Array.from({ length: count }, (_, index) => index);
  const indexes = new Set<number>();
  for (let tick = 0; tick < maxTicks; tick += 1) indexes.add(Math.round((tick * (count - 1)) / (maxTicks - 1)));
  return [...indexes].sort((a, b) => a - b);
}

/** An SVG path through the points. */
export function linePath(points: readonly { x: number; y: number }[]): string {
  return points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x.toFixed(1)} ${point.y.toFixed(1)}`).join(' ');
}
