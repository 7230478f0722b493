import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { getCreatorProfile, type CreatorProfile } from '../api/get-creator-profile';
import { getUserAnalytics, type UserAnalytics } from '../api/get-user-analytics';
import { CreatorProfileModal } from './creator-profile-modal';

vi.mock('../api/get-creator-profile', () => ({ getCreatorProfile: vi.fn() }));
vi.mock('../api/get-user-analytics', () => ({ getUserAnalytics: vi.fn() }));
const profileMock = vi.mocked(getCreatorProfile);
const analyticsMock = vi.mocked(getUserAnalytics);

const PROFILE: CreatorProfile = {
  user_id: 'u2',
  username: 'bob',
  avatar_url: 'https://cdn.example.com/bob.png',
  name: 'Bob',
  bio: 'Makes videos.',
  categories: ['Technology', 'technology', 'Art', 'ART'],
  interests: [],
  content_type: 'video',
  audience_score: 50,
};
const ANALYTICS: UserAnalytics = { audience_score: 85, total_content_shares: 3, successful_cross_promotions: 1 };

const renderCreator = (props: Partial<Parameters<typeof CreatorProfileModal>[0]> = {}) =>
  render(<CreatorProfileModal open userId="u2" username="bob" onClose={() => {}} {...props} />);

const stat = (term: string) => screen.getByText(term).nextElementSibling?.textContent;

describe('CreatorProfileModal', () => {
  beforeEach(() => {
    profileMock.mockReset().mockResolvedValue(PROFILE);
    analyticsMock.mockReset().mockResolvedValue(ANALYTICS);
  });

  it("shows 'Loading analytics…' until the statistics arrive", async () => {
    analyticsMock.mockReturnValue(new Promise(() => {}));
    renderCreator();
    expect(screen.getByText('Loading analytics…')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'bob' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: "bob's avatar" })).toHaveAttribute('src', PROFILE.avatar_url);
  });

  it('shows the avatar, username and categories de-duplicated ignoring case', async () => {
    renderCreator();
    const list = await screen.findByRole('list', { name: 'Categories' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Technology', 'Art']);
    expect(screen.getByRole('img', { name: "bob's avatar" })).toBeInTheDocument();
  });

  it('shows the Share Statistics, share rate and tiles', async () => {
    analyticsMock.mockResolvedValue({ ...ANALYTICS, total_views: 42 });
    renderCreator();
    expect(await screen.findByText('Total content shares')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Share Statistics' })).toBeInTheDocument();
    expect(stat('Total content shares')).toBe('3');
    expect(stat('Successful cross-promotions')).toBe('1');
    expect(stat('Share rate')).toBe('33.33%');
    const tiles = screen.getByRole('list', { name: 'Achievements' });
    expect(within(tiles).getByText('Shares Achieved').previousElementSibling).toHaveTextContent('3');
    expect(await within(tiles).findByText('42')).toBeInTheDocument();
    expect(within(tiles).getByText('Views Received')).toBeInTheDocument();
  });

  it('shows 0.00% without shares and N/A views when the API sends none', async () => {
    analyticsMock.mockResolvedValue({ audience_score: 10, total_content_shares: 0, successful_cross_promotions: 0 });
    renderCreator();
    expect(await screen.findByText('0.00%')).toBeInTheDocument();
    expect(screen.getByText('N/A')).toBeInTheDocument();
  });

  it.each([
    [85, 'green', '85%'],
    [80, 'green', '80%'],
    [60, 'yellow', '60%'],
    [59.5, 'red', '59.5%'],
    [130, 'green', '100%'],
    [-4, 'red', '0%'],
  ])('draws a score of %s as a %s bar %s wide', async (score, colour, width) => {
    analyticsMock.mockResolvedValue({ ...ANALYTICS, audience_score: score });
    renderCreator();
    const bar = await screen.findByTestId('audience-score-bar');
    expect(bar).toHaveClass(`creator-score-${colour}`);
    expect(bar.style.width).toBe(width);
  });

  it("shows 'No audience score available.' when the score is null", async () => {
    analyticsMock.mockResolvedValue({ ...ANALYTICS, audience_score: null });
    renderCreator();
    expect(await screen.findByText('No audience score available.')).toBeInTheDocument();
    expect(screen.queryByTestId('audience-score-bar')).not.toBeInTheDocument();
    expect(stat('Share rate')).toBe('33.33%');
  });

  it("shows 'No analytics data available.' for an empty answer", async () => {
    analyticsMock.mockResolvedValue(null);
    renderCreator();
    expect(await screen.findByText('No analytics data available.')).toBeInTheDocument();
  });

  it("shows the server's message, or 'Failed to fetch analytics.'", async () => {
    analyticsMock.mockRejectedValueOnce(new ApiError(404, 'User not found.'));
    const { unmount } = renderCreator();
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found.');
    unmount();

    analyticsMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderCreator();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch analytics.');
  });

  it('still shows the statistics when the profile fails, with the given username', async () => {
    profileMock.mockRejectedValue(new ApiError(404, 'Profile not found.'));
    renderCreator();
    expect(await screen.findByText('33.33%')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'bob' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Categories' })).not.toBeInTheDocument();
  });

  it('fetches for the given creator each time it opens', async () => {
    const { rerender } = renderCreator();
    await screen.findByText('33.33%');
    rerender(<CreatorProfileModal open={false} userId="u2" username="bob" onClose={() => {}} />);
    rerender(<CreatorProfileModal open userId="u2" username="bob" onClose={() => {}} />);
    // Each opening starts from its loading state, not from the last opening's answer.
    expect(screen.getByText('Loading analytics…')).toBeInTheDocument();
    await screen.findByText('33.33%');
    expect(analyticsMock).toHaveBeenCalledTimes(2);
    expect(profileMock).toHaveBeenCalledTimes(2);
    expect(analyticsMock).toHaveBeenCalledWith('u2', expect.any(AbortSignal));
    expect(profileMock).toHaveBeenCalledWith('u2', expect.any(AbortSignal));
  });
  it('explains the audience score in words, part by part, under the bar', async () => {
    const parts = [
      { key: 'share_completion', label: 'Shares your content received', points: 30, max: 40, detail: 'Your 2 items received 6 of the 8 shares they ask for (75% complete on average).' },
      { key: 'clicks_per_share', label: 'Clicks per share', points: 12.5, max: 30, detail: '5 clicks by people on 6 shares: 0.8 per share; full points at 2.' },
    ];
    analyticsMock.mockResolvedValue({ ...ANALYTICS, audience_score: 42.5, score_parts: parts });
    renderCreator();
    const list = await screen.findByRole('list', { name: "Parts of bob's audience score", hidden: true });
    expect(within(list).getAllByRole('listitem', { hidden: true }).map((item) => item.textContent)).toEqual([
      `Shares your content received30 of 40 points${parts[0]!.detail}`,
      `Clicks per share12.5 of 30 points${parts[1]!.detail}`,
    ]);
    expect(screen.getByText('How this score is computed')).toBeInTheDocument();
    expect(screen.getByTestId('audience-score-bar')).toHaveClass('creator-score-red');
  });

  it('shows no explanation when the creator has no parts yet', async () => {
    renderCreator();
    expect(await screen.findByText('85 / 100')).toBeInTheDocument();
    expect(screen.queryByText('How this score is computed')).not.toBeInTheDocument();
  });
});
