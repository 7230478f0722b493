import { useId } from 'react';
import type { AnalyticsBucket } from '@crossfeed/domain/api/analytics.dto.ts';
import { formatPeriod, formatTick, formatValue, totalOf, type MetricFormat } from './chart-format';
import { yScale, linePath, tickIndexes, xAt } from './chart-scale';
import './line-chart.css';

export interface ChartSeries {
  key: string;
  label: string;
  values: readonly number[];
}

type LineChartProps = {
  title: string;
  bucket: AnalyticsBucket;
  /** One label per point (YYYY-MM-DD), shared by every series. */
  periods: readonly string[];
  series: readonly ChartSeries[];
  format: MetricFormat;
  /** What the legend shows per series: the sum over the range, or the value of the last period. */
  summary: 'total' | 'latest';
  /** The title's heading level where the chart sits (3 on a page, 4 inside a section of a dialog). */
  headingLevel?: 3 | 4;
};

// Colour is never the only cue: each line also has its own dash pattern, shown in the legend.
const COLORS = ['#4f46e5', '#0e7490', '#b45309'];
const DASHES = [undefined, '6 4', '2 3'];

const WIDTH = 300;
const HEIGHT = 180;
const MARGIN = { top: 10, right: 10, bottom: 24, left: 40 };
/** Points get dots (with a tooltip) up to this many per line. */
const MAX_DOTS = 45;

/**
 * An accessible inline SVG line chart (no chart library): the SVG is one image with a title and a text
 * description of every line; the same numbers are in a data table under it.
 */
export function LineChart({ title, bucket, periods, series, format, summary, headingLevel = 3 }: LineChartProps) {
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const descId = `${baseId}-desc`;
  const count = periods.length;
  const scale = yScale(
    series.flatMap((line) => line.values),
    { integer: format === 'count' },
  );
  const left = MARGIN.left;
  const right = WIDTH - MARGIN.right;
  const top = MARGIN.top;
  const bottom = HEIGHT - MARGIN.bottom;
  const y = (value: number) => bottom - (Math.max(0, value) / scale.max) * (bottom - top);
  const first = periods[0];
  const last = periods[count - 1];

  const summaryOf = (values: readonly number[]) => (summary === 'total' ? totalOf(values) : (values[values.length - 1] ?? 0));
  const describe = (line: ChartSeries) => {
    const value = formatValue(summaryOf(line.values), format);
    let peak = 0;
    line.values.forEach((candidate, index) => {
      if (candidate > (line.values[peak] ?? 0)) peak = index;
    });
    const peakValue = line.values[peak] ?? 0;
    const peakPeriod = periods[peak];
    const head = summary === 'total' ? `${line.label}: ${value} in total` : `${line.label}: ${value} at the end`;
    return peakValue > 0 && peakPeriod ? `${head}, highest ${formatValue(peakValue, format)} (${formatPeriod(peakPeriod, bucket)}).` : `${head}.`;
  };
  const description =
    count === 0 || !first || !last
      ? 'No data.'
      : `${formatPeriod(first, bucket)} to ${formatPeriod(last, bucket)}, ${count} ${bucket === 'day' ? 'days' : bucket === 'week' ? 'weeks' : 'months'}. ${series.map(describe).join(' ')}`;

  return (
    <figure className="chart-card">
      <figcaption className="chart-caption">
        <Heading className="chart-title">{title}</Heading>
      </figcaption>
      <svg className="chart-svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>{title}</title>
        <desc id={descId}>{description}</desc>
        <g className="chart-grid">
          {scale.ticks.map((tick) => (
            <g key={tick}>
              <line x1={left} x2={right} y1={y(tick)} y2={y(tick)} />
              <text x={left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle">
                {formatValue(tick, format)}
              </text>
            </g>
          ))}
        </g>
        <g className="chart-x-axis">
          {tickIndexes(count, 4).map((index) => {
            const period = periods[index];
            if (!period) return null;
            const anchor = count > 1 && index === 0 ? 'start' : count > 1 && index === count - 1 ? 'end' : 'middle';
            return (
              <text key={period} x={xAt(index, count, left, right)} y={HEIGHT - 8} textAnchor={anchor}>
                {formatTick(period, bucket)}
              </text>
            );
          })}
        </g>
        {series.map((line, lineIndex) => {
          const points = line.values.map((value, index) => ({ x: xAt(index, count, left, right), y: y(value) }));
          const color = COLORS[lineIndex % COLORS.length];
          return (
            <g key={line.key} className="chart-line" data-series={line.key}>
              <path d={linePath(points)} fill="none" stroke={color} strokeWidth={2} strokeDasharray={DASHES[lineIndex % DASHES.length]} strokeLinejoin="round" />
              {count <= MAX_DOTS
                ? points.map((point, index) => (
                    <circle key={periods[index] ?? index} cx={point.x} cy={point.y} r={2.5} fill={color}>
                      <title>{`${line.label}, ${formatPeriod(periods[index] ?? '', bucket)}: ${formatValue(line.values[index] ?? 0, format)}`}</title>
                    </circle>
                  ))
                : null}
            </g>
          );
        })}
      </svg>
      <ul className="chart-legend">
        {series.map((line, lineIndex) => (
          <li key={line.key}>
            <svg className="chart-swatch" viewBox="0 0 24 8" width="24" height="8" aria-hidden="true" focusable="false">
              <line x1="0" x2="24" y1="4" y2="4" stroke={COLORS[lineIndex % COLORS.length]} strokeWidth="2.5" strokeDasharray={DASHES[lineIndex % DASHES.length]} />
            </svg>
            <span className="chart-legend-label">{line.label}</span>
            <span className="chart-legend-value">
              {formatValue(summaryOf(line.values), format)}
              <span className="visually-hidden">{summary === 'total' ? ' in total' : ' at the end'}</span>
            </span>
          </li>
        ))}
      </ul>
      <details className="chart-table">
        <summary>
          Data table<span className="visually-hidden">{`: ${title}`}</span>
        </summary>
        {/* Focusable so keyboard users can scroll a long or wide table. */}
        <div className="chart-table-scroll" role="region" aria-label={`${title}: data table`} tabIndex={0}>
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Period</th>
                {series.map((line) => (
                  <th key={line.key} scope="col">
                    {line.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {periods.map((period, index) => (
                <tr key={period}>
                  <th scope="row">{formatPeriod(period, bucket)}</th>
                  {series.map((line) => (
                    <td key={line.key}>{formatValue(line.values[index] ?? 0, format)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
