/** Prints a benchmark table and the targets, each marked met or missed. */
export interface Row {
  measure: string;
  value: string;
  baseline?: string;
  ratio?: number;
}

export interface Target {
  label: string;
  met: boolean;
}

export function printReport(title: string, rows: readonly Row[], targets: readonly Target[]): boolean {
  const table = rows.map((row) => ({
    measure: row.measure,
    value: row.value,
    baseline: row.baseline ?? '',
    ratio: row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}x`,
  }));
  const widths = {
    measure: Math.max(7, ...table.map((r) => r.measure.length)),
    value: Math.max(5, ...table.map((r) => r.value.length)),
    baseline: Math.max(8, ...table.map((r) => r.baseline.length)),
    ratio: Math.max(5, ...table.map((r) => r.ratio.length)),
  };
  const line = (m: string, v: string, b: string, r: string) =>
    `| ${m.padEnd(widths.measure)} | ${v.padStart(widths.value)} | ${b.padStart(widths.baseline)} | ${r.padStart(widths.ratio)} |`;
  console.log(`\n${title}\n`);
  console.log(line('measure', 'value', 'baseline', 'ratio'));
  console.log(`|${'-'.repeat(widths.measure + 2)}|${'-'.repeat(widths.value + 1)}:|${'-'.repeat(widths.baseline + 1)}:|${'-'.repeat(widths.ratio + 1)}:|`);
  for (const row of table) console.log(line(row.measure, row.value, row.baseline, row.ratio));
  console.log('');
  for (const target of targets) console.log(`${target.met ? 'MET   ' : 'MISSED'}  ${target.label}`);
  return targets.every((target) => target.met);
}

export const perSecond = (count: number, ms: number): number => (count * 1000) / ms;
export const fmt = (value: number): string => Math.round(value).toLocaleString('en-US');

/** The p-th percentile of the values (nearest rank): p = 50 is the median of an odd count. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
