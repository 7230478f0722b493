import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeContent } from '@/testing/make-content';
import type { ContentDto, MatchedContentDto, RankBasisDto } from '../types';
import { MatchedContentList } from './matched-content-list';

/** The card (list item) around an item's select button. */
const card = (title: string) => screen.getByRole('button', { name: `Select ${title}` }).closest('li')!;

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
    const list = screen.getByRole('list', { name: 'Matched content' });
    const cards = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    expect(cards).toHaveLength(4);
    expect(within(list).getAllByRole('button', { name: /^Select / }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Select Title a',
      'Select Title b',
      'Select Title c',
      'Select Title d',
    ]);
    const first = cards[0]!;
    expect(within(first).getByRole('heading', { name: 'Title a' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'by creatora' })).toBeInTheDocument();
    expect(within(first).getByText('2 shares')).toBeInTheDocument();
    expect(within(first).getByTestId('content-type-badge')).toHaveTextContent('Article');
    expect(within(first).getByRole('button', { name: 'Flag Title a' })).toBeInTheDocument();
    expect(first.querySelector('time')).toHaveAttribute('dateTime', '2026-03-01T12:00:00.000Z');
  });

  it("reads '1 share' for one share and 'N shares' otherwise", () => {
    renderList({ items: [makeContent('a', { share_count: 1 }), makeContent('b', { share_count: 0 })] });
    expect(within(card('Title a')).getByText('1 share')).toBeInTheDocument();
    expect(within(card('Title b')).getByText('0 shares')).toBeInTheDocument();
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

  it('a plain list: no listbox or options, and each select button shows its state with aria-pressed', () => {
    renderList({ items: [makeContent('a'), makeContent('b')], selectedIds: ['a'] });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    const selectA = screen.getByRole('button', { name: 'Select Title a' });
    const selectB = screen.getByRole('button', { name: 'Select Title b' });
    expect(selectA).toHaveAttribute('aria-pressed', 'true');
    expect(selectA).toHaveAttribute('type', 'button');
    expect(selectA.querySelector('svg')).not.toBeNull();
    expect(card('Title a')).toHaveClass('is-selected');
    expect(selectB).toHaveAttribute('aria-pressed', 'false');
    expect(selectB.querySelector('svg')).toBeNull();
    expect(card('Title b')).not.toHaveClass('is-selected');
  });

  it('the select button and a click on the card body toggle; the creator and Flag buttons act without toggling', async () => {
    const user = userEvent.setup();
    const item = makeContent('a');
    const handlers = renderList({ items: [item] });

    await user.click(screen.getByRole('button', { name: 'Select Title a' }));
    expect(handlers.onToggle).toHaveBeenCalledTimes(1);
    expect(handlers.onToggle).toHaveBeenLastCalledWith(item);

    await user.click(screen.getByRole('heading', { name: 'Title a' }));
    expect(handlers.onToggle).toHaveBeenCalledTimes(2);
    await user.click(within(card('Title a')).getByText('2 shares'));
    expect(handlers.onToggle).toHaveBeenCalledTimes(3);

    await user.click(within(card('Title a')).getByRole('button', { name: 'by creatora' }));
    expect(handlers.onOpenCreator).toHaveBeenCalledWith({ userId: 'creator-a', username: 'creatora' });
    await user.click(within(card('Title a')).getByRole('button', { name: 'Flag Title a' }));
    expect(handlers.onFlag).toHaveBeenCalledWith('a');
    expect(handlers.onToggle).toHaveBeenCalledTimes(3);
  });

  it('Space and Enter on the focused select button toggle; Space on the Flag button does not', async () => {
    const user = userEvent.setup();
    const handlers = renderList({ items: [makeContent('a')] });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Select Title a' })).toHaveFocus();
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    expect(handlers.onToggle).toHaveBeenCalledTimes(2);

    screen.getByRole('button', { name: 'Flag Title a' }).focus();
    await user.keyboard(' ');
    expect(handlers.onFlag).toHaveBeenCalledTimes(1);
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
    const results = screen.getByRole('list', { name: 'Search results' });
    expect(within(results).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Title s1', 'Title s2']);
    expect(within(results).getAllByRole('button', { name: /^Select / })).toHaveLength(2);
    expect(screen.queryByRole('list', { name: 'Matched content' })).not.toBeInTheDocument();
    unmount();

    renderList({ items, searchResults: [] });
    const matches = screen.getByRole('list', { name: 'Matched content' });
    expect(within(matches).getByRole('button', { name: 'Select Title a' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
  });

  describe('under a Premium view filter', () => {
    const matched = (id: string, rank_basis: RankBasisDto, overrides: Partial<ContentDto> = {}): MatchedContentDto => ({
      ...makeContent(id, overrides),
      rank_basis,
    });
    const ranked = [
      matched('a', { kind: 'overlap', value: 3, categories: 2, interests: 1 }),
      matched('b', { kind: 'overlap', value: 1, categories: 0, interests: 1 }),
    ];
    const top = [
      matched('a', { kind: 'engagement', value: 42 }, { owner_status: 'shared' }),
      matched('b', { kind: 'engagement', value: 7 }),
    ];

    it('Ranked content says how the list was ranked and shows each item its shared categories and interests', () => {
      renderList({ items: ranked });
      const caption = screen.getByTestId('ranking-caption');
      expect(caption).toHaveTextContent('Ranked by how many of your categories and interests each item shares (a category counts more than an interest).');
      expect(screen.getByRole('list', { name: 'Matched content' })).toHaveAccessibleDescription(caption.textContent!);
      expect(within(card('Title a')).getByTestId('rank-basis')).toHaveTextContent('Shares 3 of your categories and interests (2 categories, 1 interest)');
      expect(within(card('Title b')).getByTestId('rank-basis')).toHaveTextContent('Shares 1 of your categories and interests (0 categories, 1 interest)');
    });

    it("Top performers says it ranks by the creators' reach and shows each item its creator's reach", () => {
      renderList({ items: top });
      expect(screen.getByTestId('ranking-caption')).toHaveTextContent(
        "Top performers: related content first, by how many people its creator's content reached (delivered shares, counted clicks, verified conversions), items that reached their required shares included.",
      );
      expect(within(card('Title a')).getByTestId('rank-basis')).toHaveTextContent("Creator's reach: 42");
      expect(within(card('Title b')).getByTestId('rank-basis')).toHaveTextContent("Creator's reach: 7");
    });

    it('the standard list and search results show neither caption nor numbers', () => {
      const { unmount } = render(
        <MatchedContentList items={[makeContent('a')]} loading={false} error={null} selectedIds={[]} onToggle={vi.fn()} onOpenCreator={vi.fn()} onFlag={vi.fn()} />,
      );
      expect(screen.queryByTestId('ranking-caption')).toBeNull();
      expect(screen.queryByTestId('rank-basis')).toBeNull();
      unmount();
      renderList({ items: top, searchResults: [makeContent('s')] });
      expect(screen.queryByTestId('ranking-caption')).toBeNull();
      expect(screen.queryByTestId('rank-basis')).toBeNull();
    });
  });
});
