import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeContent } from '@/testing/make-content';
import { NOTICE_MS, ShareQueuePanel } from './share-queue-panel';

describe('ShareQueuePanel', () => {
  it('lets the one-time notice go after a while', () => {
    vi.useFakeTimers();
    try {
      const onDismissNotice = vi.fn();
      render(<ShareQueuePanel queue={[]} matches={[]} progress={0} notice="All content shared! Progress has been reset." onDismissNotice={onDismissNotice} onShare={vi.fn()} />);
      vi.advanceTimersByTime(NOTICE_MS - 1);
      expect(onDismissNotice).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(onDismissNotice).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the empty texts and 0 % progress', () => {
    render(<ShareQueuePanel queue={[]} matches={[]} progress={0} notice={null} onShare={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Your Queue' })).toBeInTheDocument();
    expect(screen.getByText('No content in your queue.')).toBeInTheDocument();
    expect(screen.getByText('No matched contents available.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });

  it('lists the queue and the selected matches, each match with a Share button', async () => {
    const onShare = vi.fn();
    const match = makeContent('m');
    render(<ShareQueuePanel queue={[makeContent('q')]} matches={[match]} progress={40} notice={null} onShare={onShare} />);
    expect(within(screen.getByRole('list', { name: 'Your Queue' })).getByText('Title q')).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('list', { name: 'Matched Contents' })).getByRole('button', { name: 'Share Title m' }));
    expect(onShare).toHaveBeenCalledWith(match);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('40%')).toBeInTheDocument();
  });

  it("shows each match's delivered shares of its required shares and a Free user's shares left today", () => {
    render(
      <ShareQueuePanel
        queue={[]}
        matches={[makeContent('m', { required_shares: 5 }), makeContent('n', { required_shares: 3 })]}
        progress={25}
        notice={null}
        onShare={vi.fn()}
        matchProgress={{ m: { delivered: 2, required: 5 } }}
        sharesLeftToday={1}
        dailyShareLimit={3}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Matched Contents' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('2 / 5 shares');
    expect(items[1]).toHaveTextContent('0 / 3 shares');
    expect(screen.getByText('Shares left today: 1 of 3')).toBeInTheDocument();
  });

  it('shows no shares-left count without a limit (Premium)', () => {
    render(<ShareQueuePanel queue={[]} matches={[]} progress={0} notice={null} onShare={vi.fn()} sharesLeftToday={null} dailyShareLimit={null} />);
    expect(screen.queryByText(/Shares left today/)).not.toBeInTheDocument();
  });

  it('shows the reset notice', () => {
    render(<ShareQueuePanel queue={[]} matches={[]} progress={0} notice="All content shared! Progress has been reset." onShare={vi.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent('All content shared! Progress has been reset.');
  });
});
