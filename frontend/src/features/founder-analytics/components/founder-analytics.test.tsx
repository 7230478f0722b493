import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { AnalyticsPoint, AnalyticsSeries } from '@crossfeed/domain/api/analytics.dto.ts';
import type { ReplayProgressPush } from '@crossfeed/domain/api/realtime-events.ts';
import type { ReplayJobDto } from '@crossfeed/domain/api/replay.dto.ts';
import { api, ApiError } from '@/lib/api-client';
import { replayFeed } from '../realtime/replay-feed';
import { REPLAY_STORAGE_KEY } from '../utils/replay-storage';
import { FounderAnalytics } from './founder-analytics';

const point = (period: string, overrides: Partial<AnalyticsPoint> = {}): AnalyticsPoint => ({
  period,
  signups: 0,
  completed_profiles: 0,
  active_creators: 0,
  submissions: 0,
  shares: 0,
  human_clicks: 0,
  bot_clicks: 0,
  conversions: 0,
  premium_starts: 0,
  premium_cancellations: 0,
  mrr_estimate_usd: 0,
  waitlist_joins: 0,
  referrals: 0,
  ...overrides,
});

const SERIES: AnalyticsSeries = {
  bucket: 'day',
  from: '2026-03-02',
  to: '2026-03-04',
  series: [
    point('2026-03-02', { signups: 1, completed_profiles: 1, active_creators: 1, submissions: 1 }),
    point('2026-03-03', { signups: 2, shares: 3, human_clicks: 1, bot_clicks: 1, conversions: 1, premium_starts: 2, mrr_estimate_usd: 24 }),
    point('2026-03-04', { shares: 1, mrr_estimate_usd: 12, premium_cancellations: 1, waitlist_joins: 4, referrals: 1 }),
  ],
};

let get: Mock<(path: string, request?: { query?: Record<string, unknown> }) => Promise<unknown>>;
let post: Mock<(path: string, json?: unknown) => Promise<unknown>>;
let replayJob: ReplayJobDto | ApiError | null;

const renderPage = () =>
  render(
    <MemoryRouter>
      <FounderAnalytics />
    </MemoryRouter>,
  );

const analyticsCalls = () => get.mock.calls.filter(([path]) => path === '/admin/analytics');
const replayButton = () => screen.getByRole('button', { name: 'Replay' });
const bar = () => screen.getByRole('progressbar', { name: 'Replay progress' });
const push = (progress: Partial<ReplayProgressPush> & Pick<ReplayProgressPush, 'state'>) =>
  act(() => replayFeed.publish({ type: 'progress', progress: { id: 'job-1', projection: 'analytics', ...progress } }));

describe('FounderAnalytics', () => {
  beforeEach(() => {
    replayJob = null;
    get = vi.fn(async (path: string) => {
      if (path === '/admin/analytics') return SERIES;
      if (path.startsWith('/admin/replay/')) {
        if (replayJob instanceof ApiError) throw replayJob;
        if (replayJob) return replayJob;
        throw new ApiError(404, 'Replay job not found.');
      }
      throw new Error(`unexpected ${path}`);
    });
    post = vi.fn();
    vi.spyOn(api, 'get').mockImplementation(get as never);
    vi.spyOn(api, 'post').mockImplementation(post as never);
  });

  describe('the analytics', () => {
    it("shows 'Loading analytics...', then a chart per group of series with totals and a data table", async () => {
      renderPage();
      expect(screen.getByText('Loading analytics...')).toBeInTheDocument();
      const creators = await screen.findByRole('img', { name: /^Creators/ });
      expect(creators).toHaveAccessibleName(expect.stringContaining('Signups: 3 in total, highest 2 (Mar 3).'));
      expect(analyticsCalls()[0]?.[1]?.query).toEqual({ from: undefined, to: undefined, bucket: undefined });

      const charts = screen.getAllByRole('img').map((image) => image.querySelector('title')?.textContent);
      expect(charts).toEqual(['Creators', 'Active creators', 'Content and sharing', 'Short-link clicks', 'Premium subscriptions', 'Estimated MRR', 'Waitlist']);
      expect(screen.getByRole('img', { name: /^Estimated MRR/ })).toHaveAccessibleName(expect.stringContaining('Estimated MRR (USD): $12 at the end, highest $24 (Mar 3).'));

      const summary = screen.getAllByRole('term').map((term) => `${term.textContent}=${term.nextElementSibling?.textContent}`);
      expect(summary).toEqual(['Signups=3', 'Shares=4', 'Conversions=1', 'Estimated MRR=$12']);

      const waitlist = screen.getByRole('table', { name: 'Waitlist' });
      expect(within(waitlist).getAllByRole('row').map((row) => row.textContent)).toEqual([
        'PeriodWaitlist joinsReferrals',
        'Mar 200',
        'Mar 300',
        'Mar 441',
      ]);
      expect(screen.queryByText('No activity in this period yet.')).not.toBeInTheDocument();
      // The range form shows the range the server answered.
      expect(screen.getByLabelText('From')).toHaveValue('2026-03-02');
      expect(screen.getByLabelText('To')).toHaveValue('2026-03-04');
    });

    it('says when the period has no activity', async () => {
      get.mockImplementation(async () => ({ ...SERIES, series: [point('2026-03-02')] }));
      renderPage();
      expect(await screen.findByText('No activity in this period yet.')).toBeInTheDocument();
    });

    it("shows the server's detail or 'Failed to fetch analytics data.', and Retry loads again", async () => {
      get.mockRejectedValueOnce(new ApiError(400, 'The range may cover at most 731 days.'));
      const { unmount } = renderPage();
      expect(await screen.findByRole('alert')).toHaveTextContent('The range may cover at most 731 days.');
      unmount();

      get.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      renderPage();
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch analytics data.');
      await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByRole('img', { name: /^Creators/ })).toBeInTheDocument();
    });

    it('asks for the chosen range and bucket, and refuses a start after the end', async () => {
      const user = userEvent.setup();
      renderPage();
      await screen.findByRole('img', { name: /^Creators/ });

      await user.clear(screen.getByLabelText('From'));
      await user.type(screen.getByLabelText('From'), '2026-03-10');
      await user.click(screen.getByRole('button', { name: 'Show' }));
      expect(screen.getByRole('alert')).toHaveTextContent('The start date must not be after the end date.');
      expect(analyticsCalls()).toHaveLength(1);

      await user.clear(screen.getByLabelText('From'));
      await user.type(screen.getByLabelText('From'), '2026-01-01');
      await user.selectOptions(screen.getByLabelText('Group by'), 'week');
      await user.click(screen.getByRole('button', { name: 'Show' }));
      await waitFor(() => expect(analyticsCalls()).toHaveLength(2));
      expect(analyticsCalls()[1]?.[1]?.query).toEqual({ from: '2026-01-01', to: '2026-03-04', bucket: 'week' });
    });

    it("keeps the charts with 'Updating...' while another range loads; after a failure the next range starts from 'Loading analytics...'", async () => {
      const user = userEvent.setup();
      renderPage();
      await screen.findByRole('img', { name: /^Creators/ });
      const answers: { resolve: (value: unknown) => void; reject: (reason: unknown) => void }[] = [];
      get.mockImplementation((path) =>
        path === '/admin/analytics' ? new Promise((resolve, reject) => answers.push({ resolve, reject })) : Promise.reject(new ApiError(404, 'Replay job not found.')),
      );

      await user.selectOptions(screen.getByLabelText('Group by'), 'week');
      await user.click(screen.getByRole('button', { name: 'Show' }));
      expect(await screen.findByText('Updating...')).toBeInTheDocument();
      expect(screen.getByRole('img', { name: /^Creators/ })).toBeInTheDocument();
      act(() => answers[0]!.reject(new ApiError(400, 'The range may cover at most 731 days.')));
      expect(await screen.findByRole('alert')).toHaveTextContent('The range may cover at most 731 days.');
      expect(screen.queryByRole('img', { name: /^Creators/ })).not.toBeInTheDocument();

      await user.type(screen.getByLabelText('From'), '2026-01-01');
      await user.type(screen.getByLabelText('To'), '2026-01-31');
      await user.click(screen.getByRole('button', { name: 'Show' }));
      expect(await screen.findByText('Loading analytics...')).toBeInTheDocument();
      expect(screen.queryByText('Updating...')).not.toBeInTheDocument();
      expect(screen.queryByRole('img', { name: /^Creators/ })).not.toBeInTheDocument();
      act(() => answers[1]!.resolve(SERIES));
      expect(await screen.findByRole('img', { name: /^Creators/ })).toBeInTheDocument();
      expect(analyticsCalls()).toHaveLength(3);
    });

    it('links to the admin report', async () => {
      renderPage();
      await screen.findByRole('img', { name: /^Creators/ });
      expect(screen.getByRole('link', { name: 'Flagged content' })).toHaveAttribute('href', '/admin-report');
    });
  });

  describe('the replay', () => {
    it('starts the analytics replay, disables Replay while it runs and moves the bar with each push', async () => {
      const user = userEvent.setup();
      post.mockResolvedValue({ id: 'job-1' });
      renderPage();
      await screen.findByRole('img', { name: /^Creators/ });
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

      await user.click(replayButton());
      expect(post).toHaveBeenCalledWith('/admin/replay', { projection: 'analytics' });
      expect(replayButton()).toBeDisabled();
      expect(bar()).not.toHaveAttribute('aria-valuenow');
      expect(screen.getByText('Waiting to start...')).toBeInTheDocument();
      expect(localStorage.getItem(REPLAY_STORAGE_KEY)).toBe('job-1');

      push({ state: 'active', percent: 40, done: 400, total: 1000, events_per_second: 2000, eta_seconds: 2.2 });
      expect(bar()).toHaveAttribute('aria-valuenow', '40');
      expect(screen.getByText('400 of 1,000 events · 2,000 events/s · about 3 s left')).toBeInTheDocument();
      expect(screen.getByText('Replaying analytics...')).toBeInTheDocument();
      expect(replayButton()).toBeDisabled();

      push({ state: 'active', percent: 75.5, done: 755, total: 1000, events_per_second: 1900, eta_seconds: null });
      expect(bar()).toHaveAttribute('aria-valuenow', '75.5');
      expect(screen.getByText('755 of 1,000 events · 1,900 events/s · estimating time left')).toBeInTheDocument();
    });

    it('on completion shows it, enables Replay again and fetches the analytics again', async () => {
      const user = userEvent.setup();
      const success = vi.spyOn(toast, 'success');
      post.mockResolvedValue({ id: 'job-1' });
      renderPage();
      await screen.findByRole('img', { name: /^Creators/ });
      await user.click(replayButton());
      push({ state: 'active', percent: 50, done: 5, total: 10, events_per_second: 100, eta_seconds: 0.1 });
      expect(analyticsCalls()).toHaveLength(1);

      push({ state: 'completed', percent: 100, done: 10, total: 10, events_per_second: 120, eta_seconds: 0 });
      expect(screen.getByText('Replay completed.')).toBeInTheDocument();
      expect(bar()).toHaveAttribute('aria-valuenow', '100');
      expect(screen.getByText('10 of 10 events · 120 events/s')).toBeInTheDocument();
      expect(replayButton()).toBeEnabled();
      expect(success).toHaveBeenCalledWith('Replay completed.', expect.anything());
      await waitFor(() => expect(analyticsCalls()).toHaveLength(2));
      expect(localStorage.getItem(REPLAY_STORAGE_KEY)).toBeNull();

      // A late push of the finished job changes nothing.
      push({ state: 'active', percent: 10, done: 1, total: 10 });
      expect(replayButton()).toBeEnabled();
    });

    it('shows a failed replay with its error and enables Replay again', async () => {
      const user = userEvent.setup();
      const error = vi.spyOn(toast, 'error');
      post.mockResolvedValue({ id: 'job-1' });
      renderPage();
      await screen.findByRole('img', { name: /^Creators/ });
      await user.click(replayButton());
      push({ state: 'failed', done: 3, total: 10, error: 'disk full' });
      expect(screen.getByText('Replay failed: disk full')).toBeInTheDocument();
      expect(error).toHaveBeenCalledWith('Replay failed: disk full', expect.anything());
      expect(replayButton()).toBeEnabled();
      expect(analyticsCalls()).toHaveLength(1);
    });

    it('keeps a push that arrives before POST /admin/replay answers', async () => {
      const user = userEvent.setup();
      let answer!: (value: { id: string }) => void;
      post.mockReturnValue(new Promise((done) => (answer = done)));
      renderPage();
      await screen.findByRole('img', { name: /^Creators/ });
      await user.click(replayButton());
      expect(screen.getByText('Starting the replay...')).toBeInTheDocument();
      expect(replayButton()).toBeDisabled();

      push({ state: 'active', percent: 20, done: 2, total: 10, events_per_second: 10, eta_seconds: 1 });
      await act(async () => answer({ id: 'job-1' }));
      expect(bar()).toHaveAttribute('aria-valuenow', '20');
    });

    it("shows the server's reason when the replay cannot start", async () => {
      const user = userEvent.setup();
      const error = vi.spyOn(toast, 'error');
      post.mockRejectedValue(new ApiError(400, 'Unknown projection "analytics".'));
      renderPage();
      await screen.findByRole('img', { name: /^Creators/ });
      await user.click(replayButton());
      expect(await screen.findByText('Unknown projection "analytics".')).toBeInTheDocument();
      expect(error).toHaveBeenCalledWith('Unknown projection "analytics".', expect.anything());
      expect(replayButton()).toBeEnabled();
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    });

    it('shows a replay that was already running when the page opened', async () => {
      localStorage.setItem(REPLAY_STORAGE_KEY, 'job-1');
      replayJob = {
        id: 'job-1',
        projection: 'analytics',
        state: 'active',
        progress: { percent: 30, done: 300, total: 1000, events_per_second: 500, eta_seconds: 1.4 },
      };
      renderPage();
      expect(await screen.findByRole('progressbar', { name: 'Replay progress' })).toHaveAttribute('aria-valuenow', '30');
      expect(get).toHaveBeenCalledWith('/admin/replay/job-1', expect.anything());
      expect(replayButton()).toBeDisabled();
      expect(screen.getByText('300 of 1,000 events · 500 events/s · about 2 s left')).toBeInTheDocument();

      push({ state: 'completed', percent: 100, done: 1000, total: 1000, events_per_second: 520, eta_seconds: 0 });
      expect(replayButton()).toBeEnabled();
    });

    it('forgets a stored replay that has finished or is unknown', async () => {
      localStorage.setItem(REPLAY_STORAGE_KEY, 'job-1');
      replayJob = { id: 'job-1', projection: 'analytics', state: 'completed', progress: 100 };
      const { unmount } = renderPage();
      await screen.findByRole('img', { name: /^Creators/ });
      await waitFor(() => expect(localStorage.getItem(REPLAY_STORAGE_KEY)).toBeNull());
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      expect(replayButton()).toBeEnabled();
      unmount();

      localStorage.setItem(REPLAY_STORAGE_KEY, 'job-2');
      replayJob = new ApiError(404, 'Replay job not found.');
      renderPage();
      await waitFor(() => expect(localStorage.getItem(REPLAY_STORAGE_KEY)).toBeNull());
      expect(replayButton()).toBeEnabled();
    });

    it("shows another admin's replay from its pushes", async () => {
      renderPage();
      await screen.findByRole('img', { name: /^Creators/ });
      push({ id: 'other-job', state: 'active', percent: 10, done: 1, total: 10, events_per_second: 5, eta_seconds: 2 });
      expect(bar()).toHaveAttribute('aria-valuenow', '10');
      expect(replayButton()).toBeDisabled();
      // A push of a different job while this one runs is not mixed in.
      push({ id: 'job-x', state: 'active', percent: 90, done: 9, total: 10 });
      expect(bar()).toHaveAttribute('aria-valuenow', '10');
    });

    it('reads the job again after the socket reconnects', async () => {
      const user = userEvent.setup();
      post.mockResolvedValue({ id: 'job-1' });
      renderPage();
      await screen.findByRole('img', { name: /^Creators/ });
      await user.click(replayButton());
      replayJob = { id: 'job-1', projection: 'analytics', state: 'completed', progress: { percent: 100, done: 8, total: 8, events_per_second: 40, eta_seconds: 0 } };
      act(() => replayFeed.publish({ type: 'resync' }));
      expect(await screen.findByText('Replay completed.')).toBeInTheDocument();
      expect(replayButton()).toBeEnabled();
      await waitFor(() => expect(analyticsCalls()).toHaveLength(2));
    });
  });
});
