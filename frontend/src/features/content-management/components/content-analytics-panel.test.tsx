import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import { render, screen, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { getContentAnalytics } from '../api/get-content-analytics';
import { getContentDaily } from '../api/get-content-daily';
import { ATTRIBUTION_TEXTS } from './content-attribution-panel';
import { ContentAnalyticsPanel } from './content-analytics-panel';
import { DAILY_TEXTS } from './content-daily-analytics';

vi.mock('../api/get-content-analytics', () => ({ getContentAnalytics: vi.fn() }));
vi.mock('../api/get-content-daily', () => ({ getContentDaily: vi.fn() }));
vi.mock('../api/get-content-attribution', () => ({ getContentAttribution: vi.fn() }));
const analyticsMock = vi.mocked(getContentAnalytics);
const dailyMock = vi.mocked(getContentDaily);

const contents = [
  { id: 'c1', title: 'First post', content_type: 'article', status: 'active', required_shares: 4 },
] as unknown as ContentDto[];

describe('ContentAnalyticsPanel live counts', () => {
  it('refreshes the table in place when a pushed share changes the list behind it', async () => {
    analyticsMock.mockReset().mockResolvedValueOnce({ c1: { shares: 1, short_link_clicks: 0, unique_clicks: 0, conversions: 0 } });
    analyticsMock.mockResolvedValueOnce({ c1: { shares: 2, short_link_clicks: 0, unique_clicks: 0, conversions: 0 } });
    const one = [{ ...contents[0], share_count: 1 }] as unknown as ContentDto[];
    const { rerender } = render(<ContentAnalyticsPanel contents={one} status="ready" />);
    const table = await screen.findByRole('table', { name: 'Analytics of your content' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/^First postArticleActive1\d/);
    rerender(<ContentAnalyticsPanel contents={[{ ...one[0], share_count: 2 }] as unknown as ContentDto[]} status="ready" />);
    // The table stays on screen while the new numbers load, then shows them.
    expect(screen.getByRole('table', { name: 'Analytics of your content' })).toBeInTheDocument();
    await vi.waitFor(() => expect(analyticsMock).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(within(screen.getByRole('table', { name: 'Analytics of your content' })).getAllByRole('row')[1]).toHaveTextContent(/^First postArticleActive2\d/));
  });
});

describe('ContentAnalyticsPanel reads', () => {
  it('says so on failure with a toast, and Retry reads again from its loading state', async () => {
    const error = vi.spyOn(toast, 'error');
    analyticsMock.mockReset().mockRejectedValueOnce(new ApiError(500, 'Server down.'));
    let answer!: (value: Awaited<ReturnType<typeof getContentAnalytics>>) => void;
    analyticsMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    render(<ContentAnalyticsPanel contents={contents} status="ready" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading analytics…');
    expect(await screen.findByRole('alert')).toHaveTextContent('Server down.');
    expect(error).toHaveBeenCalledWith('Failed to fetch analytics data.', expect.objectContaining({ toastId: 'content-analytics-failed' }));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading analytics…');
    answer({ c1: { shares: 2, short_link_clicks: 3, unique_clicks: 2, conversions: 0 } });
    expect(await screen.findByRole('table', { name: 'Analytics of your content' })).toBeInTheDocument();
    expect(analyticsMock).toHaveBeenCalledTimes(2);
    expect(analyticsMock).toHaveBeenLastCalledWith(['c1'], expect.any(AbortSignal));
  });

  it('cancels the read while the list behind it reloads, and reads again from its loading state when it is back', async () => {
    analyticsMock.mockReset().mockReturnValueOnce(new Promise(() => {}));
    analyticsMock.mockResolvedValueOnce({ c1: { shares: 2, short_link_clicks: 3, unique_clicks: 2, conversions: 0 } });
    const { rerender } = render(<ContentAnalyticsPanel contents={contents} status="ready" />);
    const signal = analyticsMock.mock.calls[0]![1]!;
    rerender(<ContentAnalyticsPanel contents={contents} status="loading" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading analytics…');
    await vi.waitFor(() => expect(signal.aborted).toBe(true));
    rerender(<ContentAnalyticsPanel contents={contents} status="ready" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading analytics…');
    expect(await screen.findByRole('table', { name: 'Analytics of your content' })).toBeInTheDocument();
    expect(analyticsMock).toHaveBeenCalledTimes(2);
  });
});

describe('ContentAnalyticsPanel tiers', () => {
  beforeEach(() => {
    analyticsMock.mockReset().mockResolvedValue({ c1: { shares: 2, short_link_clicks: 3, unique_clicks: 2, conversions: 0 } });
    dailyMock.mockReset().mockReturnValue(new Promise(() => {}));
  });

  it('keeps the Free table, the all-time attribution and a one-line upsell, and never asks for the daily series', async () => {
    const onUpgrade = vi.fn();
    render(<ContentAnalyticsPanel contents={contents} status="ready" onUpgrade={onUpgrade} />);
    expect(await screen.findByRole('table', { name: 'Analytics of your content' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: ATTRIBUTION_TEXTS.title })).toBeInTheDocument();
    expect(screen.getByText(DAILY_TEXTS.upsell)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: DAILY_TEXTS.upgrade }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region', { name: DAILY_TEXTS.title })).not.toBeInTheDocument();
    expect(dailyMock).not.toHaveBeenCalled();
  });

  it('gives Premium the same table and the daily analytics instead of the upsell', async () => {
    render(<ContentAnalyticsPanel contents={contents} status="ready" isPremium />);
    expect(await screen.findByRole('table', { name: 'Analytics of your content' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: DAILY_TEXTS.title })).toBeInTheDocument();
    expect(dailyMock).toHaveBeenCalledWith('c1', expect.any(Object), expect.any(AbortSignal));
    expect(screen.queryByText(DAILY_TEXTS.upsell)).not.toBeInTheDocument();
  });
});
