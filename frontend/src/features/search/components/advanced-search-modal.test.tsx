import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { makeContent } from '@/testing/make-content';
import { searchContent } from '../api/search-content';
import { AdvancedSearchModal } from './advanced-search-modal';

vi.mock('../api/search-content', () => ({ searchContent: vi.fn() }));
const searchMock = vi.mocked(searchContent);

const REQUIRED = 'Please enter a search query and choose at least one category and one content type.';

function renderSearch() {
  const props = { onClose: vi.fn(), onResults: vi.fn() };
  const view = render(<AdvancedSearchModal open {...props} />);
  return { ...props, ...view };
}

const dialog = () => screen.getByRole('dialog', { name: 'Advanced Search' });
const group = (name: string) => within(dialog()).getByRole('group', { name });
const searchButton = () => within(dialog()).getByRole('button', { name: 'Search' });

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Search query'), '  typescript ');
  await user.click(within(group('Categories')).getByRole('checkbox', { name: 'AI' }));
  await user.click(within(group('Content types')).getByRole('checkbox', { name: 'Video' }));
}

describe('AdvancedSearchModal', () => {
  beforeEach(() => searchMock.mockReset());

  it('offers the query, the 17 content types, the 10 SPEC categories, dates, minimum views and the three sorts', () => {
    renderSearch();
    expect(screen.getByLabelText('Search query')).toBeRequired();
    expect(within(group('Content types')).getAllByRole('checkbox')).toHaveLength(17);
    expect(within(group('Categories')).getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual([
      'Technology', 'Art', 'Health', 'Science', 'Education', 'Finance', 'AI', 'Blockchain', 'Lifestyle', 'Travel',
    ]);
    expect(screen.getByLabelText('From date')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('To date')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Minimum views')).toHaveAttribute('min', '0');
    expect(within(screen.getByLabelText('Sort by')).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual([
      'relevance',
      'date',
      'views',
    ]);
    expect(screen.getByLabelText('Sort by')).toHaveValue('relevance');
  });

  it('requires a query, a category and a content type before calling the server', async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.click(searchButton());
    expect(screen.getByRole('alert')).toHaveTextContent(REQUIRED);

    await user.type(screen.getByLabelText('Search query'), 'ai');
    await user.click(within(group('Categories')).getByRole('checkbox', { name: 'AI' }));
    await user.click(searchButton());
    expect(screen.getByRole('alert')).toHaveTextContent(REQUIRED);
    expect(searchMock).not.toHaveBeenCalled();

    await user.click(within(group('Content types')).getByRole('checkbox', { name: 'Article' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('rejects reversed dates and a negative minimum', async () => {
    const user = userEvent.setup();
    renderSearch();
    await fillRequired(user);
    await user.type(screen.getByLabelText('From date'), '2026-03-06');
    await user.type(screen.getByLabelText('To date'), '2026-03-05');
    await user.click(searchButton());
    expect(screen.getByRole('alert')).toHaveTextContent('The start date must be on or before the end date.');

    await user.clear(screen.getByLabelText('To date'));
    await user.type(screen.getByLabelText('Minimum views'), '-3');
    await user.click(searchButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Minimum views must be a whole number of 0 or more.');
    expect(searchMock).not.toHaveBeenCalled();
  });

  it('sends every filter to GET /search/ (categories in lowercase), hands a non-empty answer over and closes', async () => {
    const user = userEvent.setup();
    const results = [makeContent('s1'), makeContent('s2')];
    searchMock.mockResolvedValue(results);
    const { onResults, onClose } = renderSearch();
    await fillRequired(user);
    await user.click(within(group('Categories')).getByRole('checkbox', { name: 'Travel' }));
    await user.click(within(group('Content types')).getByRole('checkbox', { name: 'Podcast' }));
    await user.type(screen.getByLabelText('From date'), '2026-01-01');
    await user.type(screen.getByLabelText('To date'), '2026-02-01');
    await user.type(screen.getByLabelText('Minimum views'), '10');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'views');
    await user.click(searchButton());

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(searchMock).toHaveBeenCalledWith(
      {
        query: 'typescript',
        content_type: ['video', 'podcast'],
        categories: ['ai', 'travel'],
        date_from: '2026-01-01',
        date_to: '2026-02-01',
        min_views: '10',
        sort_by: 'views',
      },
      expect.any(AbortSignal),
    );
    expect(onResults).toHaveBeenCalledWith(results);
  });

  it("says so when nothing matches, keeps the modal open and hands nothing over; 'Searching...' meanwhile", async () => {
    const user = userEvent.setup();
    let resolve!: (value: ReturnType<typeof makeContent>[]) => void;
    searchMock.mockReturnValue(new Promise((done) => (resolve = done)));
    const { onResults, onClose } = renderSearch();
    await fillRequired(user);
    await user.click(searchButton());
    expect(within(dialog()).getByRole('button', { name: 'Searching...' })).toBeDisabled();
    resolve([]);

    expect(await screen.findByRole('status')).toHaveTextContent('No content matches your search. Try other words or filters.');
    expect(onResults).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(searchButton()).toBeEnabled();
  });

  it("shows the server's message, or 'Search failed. Please try again.'", async () => {
    const user = userEvent.setup();
    const { onResults } = renderSearch();
    await fillRequired(user);
    searchMock.mockRejectedValueOnce(new ApiError(400, 'date_from must be before date_to.'));
    await user.click(searchButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('date_from must be before date_to.');

    searchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(searchButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Search failed. Please try again.'));
    expect(onResults).not.toHaveBeenCalled();
  });

  it('keeps the filters across openings; Reset empties them', async () => {
    const user = userEvent.setup();
    const props = { onClose: vi.fn(), onResults: vi.fn() };
    const { rerender } = render(<AdvancedSearchModal open {...props} />);
    await fillRequired(user);
    rerender(<AdvancedSearchModal open={false} {...props} />);
    rerender(<AdvancedSearchModal open {...props} />);
    expect(screen.getByLabelText('Search query')).toHaveValue('  typescript ');
    expect(within(group('Categories')).getByRole('checkbox', { name: 'AI' })).toBeChecked();

    await user.click(within(dialog()).getByRole('button', { name: 'Reset' }));
    expect(screen.getByLabelText('Search query')).toHaveValue('');
    expect(within(group('Content types')).getByRole('checkbox', { name: 'Video' })).not.toBeChecked();
  });
});
