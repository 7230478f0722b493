import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LineChart } from './line-chart';

const periods = ['2026-03-02', '2026-03-03', '2026-03-04'];

describe('LineChart', () => {
  it('is one labelled image whose description gives each line its total and peak', () => {
    const { container } = render(
      <LineChart
        title="Creators"
        bucket="day"
        periods={periods}
        format="count"
        summary="total"
        series={[
          { key: 'signups', label: 'Signups', values: [1, 4, 0] },
          { key: 'completed_profiles', label: 'Completed profiles', values: [0, 0, 0] },
        ]}
      />,
    );
    const image = screen.getByRole('img', { name: /^Creators/ });
    expect(image).toHaveAccessibleName(
      'Creators Mar 2 to Mar 4, 3 days. Signups: 5 in total, highest 4 (Mar 3). Completed profiles: 0 in total.',
    );
    expect(container.querySelectorAll('.chart-line path')).toHaveLength(2);
    expect(container.querySelectorAll('.chart-line[data-series="signups"] circle')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Creators' })).toBeInTheDocument();
    // The legend gives the totals.
    const legend = screen.getByRole('list');
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Signups5 in total', 'Completed profiles0 in total']);
  });

  it('puts every number in a data table with a header per series', () => {
    render(
      <LineChart
        title="Estimated MRR"
        bucket="week"
        periods={['2026-03-02', '2026-03-09']}
        format="usd"
        summary="latest"
        series={[{ key: 'mrr_estimate_usd', label: 'Estimated MRR (USD)', values: [12, 24] }]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Estimated MRR' });
    expect(within(table).getByRole('columnheader', { name: 'Estimated MRR (USD)' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Week of Mar 2$12', 'Week of Mar 9$24']);
    expect(screen.getByRole('img', { name: /Estimated MRR \(USD\): \$24 at the end/ })).toBeInTheDocument();
  });

  it('draws the higher value higher', () => {
    const { container } = render(
      <LineChart title="Shares" bucket="day" periods={periods} format="count" summary="total" series={[{ key: 'shares', label: 'Shares', values: [0, 2, 1] }]} />,
    );
    const ys = [...container.querySelectorAll('.chart-line circle')].map((circle) => Number(circle.getAttribute('cy')));
    expect(ys[1]).toBeLessThan(ys[2] as number);
    expect(ys[2]).toBeLessThan(ys[0] as number);
  });
});
