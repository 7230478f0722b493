import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeContent } from '@/testing/make-content';
import { OwnContentList } from './own-content-list';

type Props = Parameters<typeof OwnContentList>[0];
/** The card (list item) around an item's select button. */
const card = (title: string) => screen.getByRole('button', { name: `Select ${title}` }).closest('li')!;
const renderList = (props: Partial<Props> = {}) => {
  const onToggle = vi.fn();
  render(<OwnContentList contents={[]} status="ready" error={null} selectedIds={[]} onToggle={onToggle} {...props} />);
  return onToggle;
};

describe('OwnContentList', () => {
  it('marks an item a user flagged as Reported until an admin decides', () => {
    renderList({
      contents: [
        makeContent('c1', { moderation_status: null, moderation_reason: 'Spam link' }),
        makeContent('c2', { moderation_status: 'approved', moderation_reason: 'Spam link' }),
      ],
    });
    expect(within(card('Title c1')).getByTestId('reported-badge')).toHaveAttribute('title', 'A user flagged this; an admin will review it: Spam link');
    expect(within(card('Title c2')).queryByTestId('reported-badge')).not.toBeInTheDocument();
  });

  it("shows 'No contents available, Try adding some.' when empty", () => {
    renderList();
    expect(screen.getByText('No contents available, Try adding some.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add content' })).not.toBeInTheDocument();
  });

  it("leads from the empty list to the Add New Content panel with 'Add content'", async () => {
    const onAddContent = vi.fn();
    renderList({ onAddContent });
    expect(screen.getByText('No contents available, Try adding some.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add content' }));
    expect(onAddContent).toHaveBeenCalledTimes(1);
  });

  it("offers 'Add content' only while the list is empty", () => {
    renderList({ onAddContent: vi.fn(), contents: [makeContent('c1', { title: 'Mine' })] });
    expect(screen.queryByRole('button', { name: 'Add content' })).not.toBeInTheDocument();
  });

  it("shows 'Invalid contents data.' for an invalid answer", () => {
    renderList({ status: 'invalid' });
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid contents data.');
  });

  it("shows 'Failed to fetch your contents.' on failure", () => {
    renderList({ status: 'error', error: 'Failed to fetch your contents.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch your contents.');
  });

  it('explains what a pending item waits for, and shows a review in words with its reason', () => {
    renderList({
      contents: [
        makeContent('a', { status: 'pending', owner_status: 'pending', required_shares: 5 }),
        makeContent('b', { status: 'under_review', owner_status: 'active', moderation_status: 'under_review', moderation_reason: 'Spam link', under_review: true }),
      ],
    });
    expect(within(card('Title a')).getByText('Pending \u2014 released when you complete a match (share a matched item with 5 people)')).toBeInTheDocument();
    const reviewed = card('Title b');
    expect(within(reviewed).getByTestId('status-badge')).toHaveTextContent('Under review');
    expect(within(reviewed).getByRole('note')).toHaveTextContent('An admin is reviewing this content: Spam link');
  });

  it('shows a loading text while loading', () => {
    renderList({ status: 'loading' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your contents...');
  });

  it('each item has a title linking out, a Submitted date, type and status badges and a share count', () => {
    renderList({ contents: [makeContent('a', { status: 'pending', content_type: 'video', share_count: 7 }), makeContent('b', { status: 'archived' })] });
    const first = card('Title a');
    const second = card('Title b');
    const link = within(first).getByRole('link', { name: 'Title a' });
    expect(link).toHaveAttribute('href', 'https://example.com/a');
    expect(link).toHaveAttribute('target', '_blank');
    expect(first).toHaveTextContent('Submitted');
    expect(within(first).getByTestId('content-type-badge')).toHaveTextContent('Video');
    expect(within(first).getByTestId('status-badge')).toHaveTextContent('Pending');
    expect(within(first).getByText('7 shares')).toBeInTheDocument();
    expect(within(second).getByTestId('status-badge')).toHaveTextContent('archived');
  });

  it("reads '1 share' for one share", () => {
    renderList({ contents: [makeContent('a', { share_count: 1 })] });
    expect(within(card('Title a')).getByText('1 share')).toBeInTheDocument();
    expect(screen.queryByText('1 shares')).not.toBeInTheDocument();
  });

  it("a plain 'Your content' list whose select buttons show the selection with aria-pressed", () => {
    renderList({ contents: [makeContent('a'), makeContent('b')], selectedIds: ['a'] });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Your content' });
    expect(within(list).getAllByRole('button').map((button) => [button.getAttribute('aria-label'), button.getAttribute('aria-pressed')])).toEqual([
      ['Select Title a', 'true'],
      ['Select Title b', 'false'],
    ]);
    expect(card('Title a')).toHaveClass('is-selected');
    expect(card('Title b')).not.toHaveClass('is-selected');
    expect(within(card('Title a')).getByRole('button').querySelector('svg')).not.toBeNull();
    expect(within(card('Title b')).getByRole('button').querySelector('svg')).toBeNull();
  });

  it('items toggle on a click on the card or its select button, and on Space and Enter on the select button', async () => {
    const user = userEvent.setup();
    const item = makeContent('a');
    const onToggle = renderList({ contents: [item, makeContent('b')] });

    await user.click(within(card('Title a')).getByText('2 shares'));
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(onToggle).toHaveBeenLastCalledWith(item);
    await user.click(screen.getByRole('button', { name: 'Select Title a' }));
    expect(onToggle).toHaveBeenCalledTimes(2);

    screen.getByRole('button', { name: 'Select Title b' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    await user.keyboard('a');
    expect(onToggle).toHaveBeenCalledTimes(4);
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
