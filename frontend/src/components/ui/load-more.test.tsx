import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadMore } from './load-more';

describe('LoadMore', () => {
  it('renders nothing once every item is shown', () => {
    const { container } = render(<LoadMore shown={3} total={3} loading={false} onLoadMore={vi.fn()} what="contacts" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('offers a named button with how many are shown, and calls onLoadMore', async () => {
    const onLoadMore = vi.fn();
    render(<LoadMore shown={100} total={230} loading={false} onLoadMore={onLoadMore} what="contacts" />);
    expect(screen.getByText('100 of 230 shown')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more contacts' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('is disabled while the next page is on its way', () => {
    render(<LoadMore shown={100} total={230} loading onLoadMore={vi.fn()} what="contacts" />);
    expect(screen.getByRole('button', { name: 'Loading more...' })).toBeDisabled();
  });
});
