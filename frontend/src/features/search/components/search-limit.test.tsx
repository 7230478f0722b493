import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { useAppStore } from '@/stores/app-store';
import { makeJwt, makeUser } from '@/testing/fixtures';
import { makeContent } from '@/testing/make-content';
import { getSearchesRemaining } from '../api/get-searches-remaining';
import { searchContent } from '../api/search-content';
import { AdvancedSearchModal } from './advanced-search-modal';

vi.mock('../api/search-content', () => ({ searchContent: vi.fn() }));
vi.mock('../api/get-searches-remaining', () => ({ getSearchesRemaining: vi.fn() }));
const searchMock = vi.mocked(searchContent);
const remainingMock = vi.mocked(getSearchesRemaining);

const signIn = (premium: boolean) =>
  useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser({ is_premium: premium }));
const dialog = () => screen.getByRole('dialog', { name: 'Advanced Search' });

async function fillAndSearch(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Search query'), 'typescript');
  await user.click(within(within(dialog()).getByRole('group', { name: 'Categories' })).getByRole('checkbox', { name: 'AI' }));
  await user.click(within(within(dialog()).getByRole('group', { name: 'Content types' })).getByRole('checkbox', { name: 'Video' }));
  await user.click(within(dialog()).getByRole('button', { name: 'Search' }));
}

describe('AdvancedSearchModal: the Free daily search limit', () => {
  beforeEach(() => {
    searchMock.mockReset();
    remainingMock.mockReset();
  });

  it('shows a Free user "Searches left today: N" and updates it after a search', async () => {
    signIn(false);
    remainingMock.mockResolvedValueOnce({ remaining_searches: 3, daily_limit: 10 }).mockResolvedValueOnce({ remaining_searches: 2, daily_limit: 10 });
    searchMock.mockResolvedValue([]);
    const user = userEvent.setup();
    render(<AdvancedSearchModal open onClose={vi.fn()} onResults={vi.fn()} />);
    expect(await within(dialog()).findByText('Searches left today: 3')).toBeInTheDocument();
    await fillAndSearch(user);
    expect(await within(dialog()).findByText('Searches left today: 2')).toBeInTheDocument();
  });

  it('once the limit is hit (429) shows the upsell, disables Search, and Upgrade opens the upsell', async () => {
    signIn(false);
    remainingMock.mockResolvedValue({ remaining_searches: 1, daily_limit: 10 });
    searchMock.mockRejectedValue(new ApiError(429, 'You have used your 10 searches for today.'));
    const onUpgrade = vi.fn();
    const user = userEvent.setup();
    render(<AdvancedSearchModal open onClose={vi.fn()} onResults={vi.fn()} onUpgrade={onUpgrade} />);
    await within(dialog()).findByText('Searches left today: 1');
    await fillAndSearch(user);
    expect(await within(dialog()).findByText(/used all your searches for today\. Upgrade to Premium/)).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Search' })).toBeDisabled();
    await user.click(within(dialog()).getByRole('button', { name: 'Upgrade to Premium' }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);
  });

  it('a Premium user sees no counter and is not asked for one', async () => {
    signIn(true);
    searchMock.mockResolvedValue([makeContent('c1')]);
    const onResults = vi.fn();
    const user = userEvent.setup();
    render(<AdvancedSearchModal open onClose={vi.fn()} onResults={onResults} />);
    await fillAndSearch(user);
    await waitFor(() => expect(onResults).toHaveBeenCalled());
    expect(remainingMock).not.toHaveBeenCalled();
    expect(screen.queryByText(/Searches left today/)).not.toBeInTheDocument();
  });
});
