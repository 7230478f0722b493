import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeContent } from '../testing/make-content';
import { OwnContentList } from './own-content-list';

type Props = Parameters<typeof OwnContentList>[0];
const renderList = (props: Partial<Props> = {}) => {
  const onToggle = vi.fn();
  render(<OwnContentList contents={[]} status="ready" error={null} selectedIds={[]} onToggle={onToggle} {...props} />);
  return onToggle;
};

describe('OwnContentList', () => {
  it("shows 'No contents available, Try adding some.' when empty", () => {
    renderList();
    expect(screen.getByText('No contents available, Try adding some.')).toBeInTheDocument();
  });

  it("shows 'Invalid contents data.' for an invalid answer", () => {
    renderList({ status: 'invalid' });
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid contents data.');
  });

  it("shows 'Failed to fetch your contents.' on failure", () => {
    renderList({ status: 'error', error: 'Failed to fetch your contents.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch your contents.');
  });

  it('shows a loading text while loading', () => {
    renderList({ status: 'loading' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your contents...');
  });

  it('each item has a title linking out, a Submitted date, type and status badges and a share count', () => {
    renderList({ contents: [makeContent('a', { status: 'pending', content_type: 'video', share_count: 7 }), makeContent('b', { status: 'archived' })] });
    const [first, second] = screen.getAllByRole('option');
    const link = within(first!).getByRole('link', { name: 'Title a' });
    expect(link).toHaveAttribute('href', 'https://example.com/a');
    expect(link).toHaveAttribute('target', '_blank');
    expect(first).toHaveTextContent('Submitted');
    expect(within(first!).getByTestId('content-type-badge')).toHaveTextContent('Video');
    expect(within(first!).getByTestId('status-badge')).toHaveTextContent('Pending');
    expect(within(first!).getByText('7 shares')).toBeInTheDocument();
    expect(within(second!).getByTestId('status-badge')).toHaveTextContent('archived');
  });

  it("reads '1 share' for one share", () => {
    renderList({ contents: [makeContent('a', { share_count: 1 })] });
    expect(within(screen.getByRole('option')).getByText('1 share')).toBeInTheDocument();
    expect(screen.queryByText('1 shares')).not.toBeInTheDocument();
  });

  it('items toggle on click, Space and Enter, and show their selection', async () => {
    const user = userEvent.setup();
    const item = makeContent('a');
    const onToggle = renderList({ contents: [item, makeContent('b')], selectedIds: ['a'] });
    const [first, second] = screen.getAllByRole('option');
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(second).toHaveAttribute('aria-selected', 'false');

    await user.click(first!);
    expect(onToggle).toHaveBeenLastCalledWith(item);

    second!.focus();
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    await user.keyboard('a');
    expect(onToggle).toHaveBeenCalledTimes(3);
    expect(onToggle).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'b' }));
  });

  it('following the title link does not toggle the item', async () => {
    const user = userEvent.setup();
    const onToggle = renderList({ contents: [makeContent('a')] });
    const link = screen.getByRole('link', { name: 'Title a' });
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    link.focus();
    await user.keyboard('{Enter}');
    expect(onToggle).not.toHaveBeenCalled();
  });
});
