import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeContent } from '../testing/make-content';
import type { ContentDto } from '../types';
import { MatchedContentList } from './matched-content-list';

const renderList = (props: Partial<Parameters<typeof MatchedContentList>[0]> = {}) => {
  const handlers = { onToggle: vi.fn(), onOpenCreator: vi.fn(), onFlag: vi.fn() };
  render(<MatchedContentList items={[]} loading={false} error={null} selectedIds={[]} {...handlers} {...props} />);
  return handlers;
};

describe('MatchedContentList', () => {
  it("shows 'Loading matched content...' while loading", () => {
    renderList({ loading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading matched content...');
  });

  it("shows 'No matched content available.' when empty", () => {
    renderList();
    expect(screen.getByText('No matched content available.')).toBeInTheDocument();
  });

  it('shows the error message', () => {
    renderList({ error: 'Failed to fetch matched content.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch matched content.');
  });

  it('shows at most 4 items, each with title, date, creator, share count, type badge, categories and Flag', () => {
    const items = ['a', 'b', 'c', 'd', 'e'].map((id) => makeContent(id));
    renderList({ items });
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(4);
    const first = options[0]!;
    expect(within(first).getByRole('heading', { name: 'Title a' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'by creatora' })).toBeInTheDocument();
    expect(within(first).getByText('2 shares')).toBeInTheDocument();
    expect(within(first).getByTestId('content-type-badge')).toHaveTextContent('Article');
    expect(within(first).getByRole('button', { name: 'Flag Title a' })).toBeInTheDocument();
    expect(first.querySelector('time')).toHaveAttribute('dateTime', '2026-03-01T12:00:00.000Z');
  });

  it("reads '1 share' for one share and 'N shares' otherwise", () => {
    renderList({ items: [makeContent('a', { share_count: 1 }), makeContent('b', { share_count: 0 })] });
    const [first, second] = screen.getAllByRole('option');
    expect(within(first!).getByText('1 share')).toBeInTheDocument();
    expect(within(second!).getByText('0 shares')).toBeInTheDocument();
  });

  it('de-duplicates categories ignoring case', () => {
    renderList({ items: [makeContent('a', { categories: ['Tech', 'tech', 'TECH', 'Art', 'art'] })] });
    const categories = within(screen.getByRole('list', { name: 'Categories' })).getAllByRole('listitem');
    expect(categories.map((item) => item.textContent)).toEqual(['Tech', 'Art']);
  });

  it('an unknown type gets a generic badge with the raw value, a missing one Unknown', () => {
    renderList({ items: [makeContent('a', { content_type: 'hologram' }), makeContent('b', { content_type: '' })] });
    const badges = screen.getAllByTestId('content-type-badge');
    expect(badges.map((badge) => badge.textContent)).toEqual(['hologram', 'Unknown']);
    expect(badges[0]).toHaveClass('badge-type-generic');
  });

  it('clicking an item toggles it; the creator and Flag buttons act without toggling', async () => {
    const user = userEvent.setup();
    const item = makeContent('a');
    const handlers = renderList({ items: [item], selectedIds: ['a'] });
    const option = screen.getByRole('option', { name: 'Title a' });
    expect(option).toHaveAttribute('aria-selected', 'true');

    await user.click(option);
    expect(handlers.onToggle).toHaveBeenCalledWith(item);

    await user.click(within(option).getByRole('button', { name: 'by creatora' }));
    expect(handlers.onOpenCreator).toHaveBeenCalledWith({ userId: 'creator-a', username: 'creatora' });
    await user.click(within(option).getByRole('button', { name: 'Flag Title a' }));
    expect(handlers.onFlag).toHaveBeenCalledWith('a');
    expect(handlers.onToggle).toHaveBeenCalledTimes(1);
  });

  it('Space and Enter toggle a focused item', async () => {
    const user = userEvent.setup();
    const handlers = renderList({ items: [makeContent('a')] });
    screen.getByRole('option').focus();
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    expect(handlers.onToggle).toHaveBeenCalledTimes(2);
  });

  it('a non-empty search result list replaces the matches; an empty one does not', () => {
    const items = [makeContent('a')];
    const { unmount } = render(
      <MatchedContentList
        items={items}
        loading={false}
        error={null}
        searchResults={[makeContent('s1'), makeContent('s2')] as ContentDto[]}
        selectedIds={[]}
        onToggle={vi.fn()}
        onOpenCreator={vi.fn()}
        onFlag={vi.fn()}
      />,
    );
    expect(screen.getByRole('listbox', { name: 'Search results' })).toBeInTheDocument();
    expect(screen.getAllByRole('option').map((option) => option.getAttribute('aria-label'))).toEqual(['Title s1', 'Title s2']);
    unmount();

    renderList({ items, searchResults: [] });
    expect(screen.getByRole('listbox', { name: 'Matched content' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Title a' })).toBeInTheDocument();
  });
});
