import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { getOwnScore } from '../api/get-score-parts';
import { AudienceScoreParts, SCORE_PARTS_EMPTY, SCORE_PARTS_LOADING } from './audience-score-parts';

vi.mock('../api/get-score-parts', () => ({ getOwnScore: vi.fn() }));
const scoreMock = vi.mocked(getOwnScore);

const PARTS = [
  { key: 'share_completion', label: 'Shares your content received', points: 30, max: 40, detail: 'Your 2 items received 6 of the 8 shares they ask for (75% complete on average).' },
  { key: 'clicks_per_share', label: 'Clicks per share', points: 12.5, max: 30, detail: '5 clicks by people on 6 shares: 0.8 per share; full points at 2.' },
];

const open = async () => userEvent.click(screen.getByText('How your score is computed'));

describe('AudienceScoreParts', () => {
  beforeEach(() => scoreMock.mockReset());

  it('asks for nothing until the creator opens it', () => {
    render(<AudienceScoreParts userId="u1" />);
    expect(scoreMock).not.toHaveBeenCalled();
  });

  it('shows each part with its points out of its maximum and what was measured', async () => {
    scoreMock.mockResolvedValue({ audience_score: 42.5, score_parts: PARTS });
    render(<AudienceScoreParts userId="u1" />);
    await open();
    const list = await screen.findByRole('list', { name: 'Parts of your audience score' });
    expect(list).toHaveTextContent('Shares your content received30 of 40 points');
    expect(list).toHaveTextContent('12.5 of 30 points');
    expect(screen.getByText(PARTS[0]!.detail)).toBeInTheDocument();
    expect(scoreMock).toHaveBeenCalledWith('u1', expect.any(AbortSignal));
  });

  it('says so while loading, when there is nothing yet, and on failure', async () => {
    scoreMock.mockReturnValueOnce(new Promise(() => {}));
    const { unmount } = render(<AudienceScoreParts userId="u1" />);
    await open();
    expect(screen.getByText(SCORE_PARTS_LOADING)).toBeInTheDocument();
    unmount();

    scoreMock.mockResolvedValueOnce({ audience_score: null, score_parts: [] });
    const second = render(<AudienceScoreParts userId="u1" />);
    await open();
    expect(await screen.findByText(SCORE_PARTS_EMPTY)).toBeInTheDocument();
    second.unmount();

    scoreMock.mockRejectedValueOnce(new ApiError(500, 'Server down.'));
    render(<AudienceScoreParts userId="u1" />);
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Server down.');
  });

  it('asks again, from its loading state, each time it is opened', async () => {
    scoreMock.mockResolvedValueOnce({ audience_score: 42.5, score_parts: PARTS });
    render(<AudienceScoreParts userId="u1" />);
    await open();
    await screen.findByRole('list', { name: 'Parts of your audience score' });
    await open();
    scoreMock.mockReturnValueOnce(new Promise(() => {}));
    await open();
    expect(screen.getByText(SCORE_PARTS_LOADING)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Parts of your audience score' })).not.toBeInTheDocument();
    expect(scoreMock).toHaveBeenCalledTimes(2);
  });
});
