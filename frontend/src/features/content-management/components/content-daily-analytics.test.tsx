import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import type { ContentDailyAnalyticsDto } from '@crossfeed/domain/api/content-analytics.dto.ts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { downloadContentCsv } from '../api/download-content-csv';
import { getContentDaily } from '../api/get-content-daily';
import { ContentDailyAnalytics, DAILY_TEXTS, lastDays } from './content-daily-analytics';

vi.mock('../api/get-content-daily', () => ({ getContentDaily: vi.fn() }));
vi.mock('../api/download-content-csv', () => ({ downloadContentCsv: vi.fn() }));
const dailyMock = vi.mocked(getContentDaily);
const downloadMock = vi.mocked(downloadContentCsv);

const contents = [{ id: 'c1', title: 'First post' }, { id: 'c2', title: 'Second post' }] as unknown as ContentDto[];

const DAILY: ContentDailyAnalyticsDto = {
  content_id: 'c1',
  title: 'First post',
  from: '2026-11-19',
  to: '2026-11-21',
  series: [
    { day: '2026-11-19', shares: 0, clicks: 0, unique_clicks: 0, conversions: 0 },
    { day: '2026-11-20', shares: 2, clicks: 5, unique_clicks: 3, conversions: 0 },
    { day: '2026-11-21', shares: 1, clicks: 1, unique_clicks: 1, conversions: 1 },
  ],
  totals: { shares: 3, contacts_reached: 2, clicks: 6, unique_clicks: 4, conversions: 1 },
  sharers: [
    { sharer_id: 's1', username: 'bob', is_you: false, shares: 3, contacts_reached: 2, clicks: 4, unique_clicks: 2, conversions: 0, contacts: null },
    {
      sharer_id: 'me', username: 'ada', is_you: true, shares: 0, contacts_reached: 0, clicks: 1, unique_clicks: 1, conversions: 1,
      contacts: [{ contact_id: 'k1', name: 'Grace', clicks: 1, unique_clicks: 1, conversions: 1 }],
    },
  ],
  unattributed: { clicks: 1, unique_clicks: 1, conversions: 0 },
};

const EMPTY: ContentDailyAnalyticsDto = {
  ...DAILY,
  series: DAILY.series.map((point) => ({ ...point, shares: 0, clicks: 0, unique_clicks: 0, conversions: 0 })),
  totals: { shares: 0, contacts_reached: 0, clicks: 0, unique_clicks: 0, conversions: 0 },
  sharers: [],
  unattributed: { clicks: 0, unique_clicks: 0, conversions: 0 },
};

describe('ContentDailyAnalytics', () => {
  beforeEach(() => {
    dailyMock.mockReset();
    downloadMock.mockReset();
  });

  it('charts the first content\'s last 30 days, with every number in a table, totals and the breakdown by sharer', async () => {
    dailyMock.mockResolvedValue(DAILY);
    render(<ContentDailyAnalytics contents={contents} />);
    expect(screen.getByRole('status')).toHaveTextContent(DAILY_TEXTS.loading);
    expect(dailyMock).toHaveBeenCalledWith('c1', lastDays(30), expect.any(AbortSignal));

    const clicks = await screen.findByRole('img', { name: /^Clicks / });
    expect(clicks).toHaveAccessibleName(
      'Clicks Nov 19 to Nov 21, 3 days. Human clicks: 6 in total, highest 5 (Nov 20). Unique clicks: 4 in total, highest 3 (Nov 20).',
    );
    expect(screen.getByRole('img', { name: /^Shares and conversions / })).toHaveAccessibleName(/Shares: 3 in total.*Conversions: 1 in total, highest 1 \(Nov 21\)\./);

    // Screen readers (and anyone) get the same numbers as a table, one row per day.
    const table = screen.getByRole('table', { name: 'Clicks' });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual(['PeriodHuman clicksUnique clicks', 'Nov 1900', 'Nov 2053', 'Nov 2111']);

    expect(screen.getByLabelText('Totals, Nov 19 – Nov 21')).toHaveTextContent('Shares3Human clicks6Unique clicks4Conversions1');
    const sharers = screen.getByRole('table', { name: 'Clicks and conversions by sharer' });
    // The rows as before, and the owner's contacts in a row of their own across the table.
    expect(within(sharers).getAllByRole('row')).toHaveLength(5);
    expect(within(sharers).getByRole('list', { name: 'Your contacts who engaged' })).toHaveTextContent('Grace: 1 click (1 unique), 1 conversion');
  });

  it('asks again for another period or another content', async () => {
    dailyMock.mockResolvedValue(DAILY);
    render(<ContentDailyAnalytics contents={contents} />);
    await screen.findByRole('img', { name: /^Clicks / });
    dailyMock.mockReturnValueOnce(new Promise(() => {}));
    await userEvent.selectOptions(screen.getByLabelText(DAILY_TEXTS.range), 'Last 7 days');
    // Another period is read from its loading state.
    expect(screen.getByRole('status')).toHaveTextContent(DAILY_TEXTS.loading);
    expect(dailyMock).toHaveBeenLastCalledWith('c1', lastDays(7), expect.any(AbortSignal));
    await userEvent.selectOptions(screen.getByLabelText(DAILY_TEXTS.content), 'Second post');
    expect(dailyMock).toHaveBeenLastCalledWith('c2', lastDays(7), expect.any(AbortSignal));
  });

  it('exports the period on screen as CSV, the series or the breakdown', async () => {
    dailyMock.mockResolvedValue(DAILY);
    downloadMock.mockResolvedValue();
    render(<ContentDailyAnalytics contents={contents} />);
    await userEvent.click(await screen.findByRole('button', { name: DAILY_TEXTS.exportDaily }));
    expect(downloadMock).toHaveBeenCalledWith('c1', 'daily', { from: '2026-11-19', to: '2026-11-21' });
    await userEvent.click(screen.getByRole('button', { name: DAILY_TEXTS.exportSharers }));
    expect(downloadMock).toHaveBeenLastCalledWith('c1', 'sharers', { from: '2026-11-19', to: '2026-11-21' });
  });

  it('cancels the read of the period left', async () => {
    dailyMock.mockReturnValueOnce(new Promise(() => {})).mockResolvedValue(DAILY);
    render(<ContentDailyAnalytics contents={contents} />);
    const signal = dailyMock.mock.calls[0]![2]!;
    await userEvent.selectOptions(screen.getByLabelText(DAILY_TEXTS.range), 'Last 90 days');
    expect(signal.aborted).toBe(true);
    expect(await screen.findByRole('img', { name: /^Clicks / })).toBeInTheDocument();
    expect(dailyMock).toHaveBeenCalledTimes(2);
  });

  it('says "No activity yet" instead of empty charts', async () => {
    dailyMock.mockResolvedValue(EMPTY);
    render(<ContentDailyAnalytics contents={contents} />);
    expect(await screen.findByText(DAILY_TEXTS.empty)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: DAILY_TEXTS.exportDaily })).not.toBeInTheDocument();
  });

  it('shows the server\'s reason on failure, with Retry', async () => {
    dailyMock.mockRejectedValueOnce(new ApiError(403, 'Advanced analytics are a Premium feature.'));
    render(<ContentDailyAnalytics contents={contents} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Advanced analytics are a Premium feature.');
    let fail!: (error: Error) => void;
    dailyMock.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('status')).toHaveTextContent(DAILY_TEXTS.loading);
    fail(new TypeError('Failed to fetch'));
    expect(await screen.findByRole('alert')).toHaveTextContent(DAILY_TEXTS.failed);
    dailyMock.mockResolvedValueOnce(DAILY);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('img', { name: /^Clicks / })).toBeInTheDocument();
  });
});

describe('lastDays', () => {
  it('ends today (UTC) and covers the number of days asked', () => {
    expect(lastDays(30, new Date('2026-11-21T23:30:00.000Z'))).toEqual({ from: '2026-10-23', to: '2026-11-21' });
    expect(lastDays(1, new Date('2026-03-01T00:00:00.000Z'))).toEqual({ from: '2026-03-01', to: '2026-03-01' });
  });
});
