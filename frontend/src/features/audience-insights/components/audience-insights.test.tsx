import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '@crossfeed/domain/api/realtime-events.ts';
import { ApiError } from '@/lib/api-client';
import { useAppStore } from '@/stores/app-store';
import { makeJwt, makeUser } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render-route';
import { resetAppStoreForTests } from '@/testing/reset-app-store';
import { getAudienceCategories } from '../api/get-audience-categories';
import { getAudienceOverlap, type AudienceOverlap } from '../api/get-audience-overlap';
import { CATEGORIES_EMPTY, CATEGORIES_FETCH_FAILED, CATEGORIES_LOADING, OVERLAP_EMPTY, OVERLAP_FETCH_FAILED } from '../messages';
import { AudienceInsights } from './audience-insights';

vi.mock('../api/get-audience-overlap', () => ({ getAudienceOverlap: vi.fn() }));
vi.mock('../api/get-audience-categories', () => ({ getAudienceCategories: vi.fn() }));
const overlapMock = vi.mocked(getAudienceOverlap);
const categoriesMock = vi.mocked(getAudienceCategories);

const signIn = (overrides: Partial<UserDto> = {}) =>
  useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser(overrides));

const partner = (overrides: Partial<AudienceOverlap> = {}): AudienceOverlap => ({
  partner_id: 'u-bob',
  partner_username: 'bob',
  shares_given: 2,
  shares_received: 1,
  last_shared_at: '2026-11-21T10:00:00.000Z',
  lists_as_of: '2026-11-22T00:00:00.000Z',
  status: 'shown',
  shared_contacts: 5,
  percent_of_my_audience: 42,
  percent_of_their_audience: 25,
  ...overrides,
});

const renderInsights = () => renderRoute(<AudienceInsights />, { path: '/app/audience-insights' });

describe('AudienceInsights', () => {
  beforeEach(() => {
    resetAppStoreForTests();
    overlapMock.mockReset().mockResolvedValue({ items: [partner()], total: 1 });
    categoriesMock.mockReset().mockResolvedValue({
      total_clicks: 10,
      categories: [
        { category: 'technology', clicks: 7, percent: 70 },
        { category: 'art', clicks: 3, percent: 30 },
      ],
    });
  });

  it('shows a Free user the upsell and asks the server nothing', async () => {
    signIn({ is_premium: false });
    const { router } = renderInsights();
    expect(screen.getByRole('heading', { name: /audience insights/i })).toBeInTheDocument();
    expect(overlapMock).not.toHaveBeenCalled();
    expect(categoriesMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'Upgrade to Premium' }));
    expect(router.state.location.pathname).toBe('/pricing');
  });

  it('shows loading texts until the answers arrive', () => {
    signIn({ is_premium: true });
    overlapMock.mockReturnValue(new Promise(() => {}));
    categoriesMock.mockReturnValue(new Promise(() => {}));
    renderInsights();
    expect(screen.getByText('Loading audience overlap...')).toBeInTheDocument();
    expect(screen.getByText('Loading categories...')).toBeInTheDocument();
  });

  it('shows each partner\u2019s shared count and percentages, each with how it is computed', async () => {
    signIn({ is_premium: true });
    renderInsights();
    const card = await screen.findByRole('listitem', { name: 'bob' });
    expect(within(card).getByText('You shared their content 2 times \u00b7 they shared yours once')).toBeInTheDocument();
    expect(within(card).getByText('Shared contacts')).toBeInTheDocument();
    const shared = within(card).getByText('5');
    expect(shared.closest('dd')).toHaveAccessibleDescription(
      'Contacts whose e-mail appears in both your and bob\u2019s contact lists, compared by a one-way hash; neither side sees the other\u2019s contacts.',
    );
    expect(within(card).getByText('42%').closest('dd')).toHaveAccessibleDescription('The shared contacts as a share of all your contacts.');
    expect(within(card).getByText('Of bob\u2019s audience')).toBeInTheDocument();
    expect(within(card).getByText('25%').closest('dd')).toHaveAccessibleDescription('The shared contacts as a share of all of bob\u2019s contacts.');
    expect(overlapMock).toHaveBeenCalledWith({ offset: 0, limit: 10 }, expect.any(AbortSignal));
  });

  it('says the lists are compared as they stood at 00:00 UTC, so that changes of the day count from the next', async () => {
    signIn({ is_premium: true });
    renderInsights();
    await screen.findByRole('listitem', { name: 'bob' });
    expect(
      screen.getByText('Both contact lists as they stood at 00:00 UTC on November 22, 2026: contacts added or removed since count from the next day.'),
    ).toBeInTheDocument();
  });

  it('explains why numbers are withheld for small counts (none included) and small audiences', async () => {
    signIn({ is_premium: true });
    const withheld = { shared_contacts: null, percent_of_my_audience: null, percent_of_their_audience: null };
    overlapMock.mockResolvedValue({
      items: [
        partner({ partner_id: 'a', partner_username: 'ann', status: 'few', ...withheld }),
        partner({ partner_id: 'c', partner_username: 'cid', status: 'their_audience_small', ...withheld }),
        partner({ partner_id: 'd', partner_username: 'dan', status: 'your_audience_small', ...withheld }),
      ],
      total: 3,
    });
    renderInsights();
    expect(await screen.findByText(/^Fewer than 3 shared contacts, possibly none\./)).toBeInTheDocument();
    expect(screen.getByText(/^cid has too few contacts to compare/)).toBeInTheDocument();
    expect(screen.getByText(/^Add at least 10 contacts to compare your audience/)).toBeInTheDocument();
    const partners = screen.getByRole('list', { name: 'Partners' });
    expect(within(partners).queryByText('Shared contacts')).not.toBeInTheDocument();
    expect(within(partners).queryByText(/%$/)).not.toBeInTheDocument();
  });

  it('shows the categories the contacts click, most clicked first', async () => {
    signIn({ is_premium: true });
    renderInsights();
    const list = await screen.findByRole('list', { name: 'Clicks by category' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['technology7 clicks · 70%', 'art3 clicks · 30%']);
    expect(screen.getByText('10 clicks from your contacts in all')).toBeInTheDocument();
  });

  it('shows the empty states', async () => {
    signIn({ is_premium: true });
    overlapMock.mockResolvedValue({ items: [], total: 0 });
    categoriesMock.mockResolvedValue({ total_clicks: 0, categories: [] });
    renderInsights();
    expect(await screen.findByText(OVERLAP_EMPTY)).toBeInTheDocument();
    expect(await screen.findByText(CATEGORIES_EMPTY)).toBeInTheDocument();
  });

  it('shows a failed load with Retry, which asks again', async () => {
    signIn({ is_premium: true });
    overlapMock.mockRejectedValueOnce(new TypeError('network down'));
    renderInsights();
    expect(await screen.findByRole('alert')).toHaveTextContent(OVERLAP_FETCH_FAILED);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem', { name: 'bob' })).toBeInTheDocument();
    expect(overlapMock).toHaveBeenCalledTimes(2);
  });

  it('shows a failed categories load with Retry, which asks again from the loading state', async () => {
    signIn({ is_premium: true });
    let answer: () => void = () => {};
    categoriesMock
      .mockRejectedValueOnce(new TypeError('network down'))
      .mockImplementationOnce(() => new Promise((resolve) => (answer = () => resolve({ total_clicks: 1, categories: [{ category: 'art', clicks: 1, percent: 100 }] }))));
    renderInsights();
    expect(await screen.findByRole('alert')).toHaveTextContent(CATEGORIES_FETCH_FAILED);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText(CATEGORIES_LOADING)).toBeInTheDocument();
    answer();
    expect(await screen.findByRole('list', { name: 'Clicks by category' })).toBeInTheDocument();
    expect(categoriesMock).toHaveBeenCalledTimes(2);
  });

  it('loads more partners on demand', async () => {
    signIn({ is_premium: true });
    overlapMock
      .mockResolvedValueOnce({ items: [partner()], total: 2 })
      .mockResolvedValueOnce({ items: [partner({ partner_id: 'u-cid', partner_username: 'cid' })], total: 2 });
    renderInsights();
    await screen.findByRole('listitem', { name: 'bob' });
    expect(screen.getByText('1 of 2 shown')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Load more/ }));
    expect(await screen.findByRole('listitem', { name: 'cid' })).toBeInTheDocument();
    expect(overlapMock).toHaveBeenLastCalledWith({ offset: 1, limit: 10 }, expect.any(AbortSignal));
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
  });

  it('shows the upsell with the server\u2019s reason when it refuses (Premium ended)', async () => {
    signIn({ is_premium: true });
    overlapMock.mockRejectedValue(new ApiError(403, 'Audience insights are a Premium feature.'));
    renderInsights();
    expect(await screen.findByRole('alert')).toHaveTextContent('Audience insights are a Premium feature.');
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toBeInTheDocument();
  });
});
