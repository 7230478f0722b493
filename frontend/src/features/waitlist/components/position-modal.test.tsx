import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { getWaitlistStatus, type WaitlistStatus } from '../api/get-waitlist-status';
import { PositionModal } from './position-modal';

vi.mock('../api/get-waitlist-status', () => ({ getWaitlistStatus: vi.fn() }));
const statusMock = vi.mocked(getWaitlistStatus);

const STATUS: WaitlistStatus = {
  position: 12,
  referrals: 3,
  referral_code: 'ABCD2345',
  confirmed: false,
  tier: 'lifetime',
  referrals_needed: 0,
  rank: 9,
};

function renderModal(props: Partial<Parameters<typeof PositionModal>[0]> = {}) {
  const onClose = vi.fn();
  const onFound = vi.fn();
  const view = render(<PositionModal open onClose={onClose} onFound={onFound} {...props} />);
  return { onClose, onFound, ...view };
}

function lookUp(email: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Check position' }));
}

const stat = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('PositionModal', () => {
  beforeEach(() => {
    statusMock.mockReset();
  });

  it('starts with an empty email form and calls nothing', () => {
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Your waitlist position' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(statusMock).not.toHaveBeenCalled();
  });

  it("refuses an invalid email with 'Please enter a valid email address.'", () => {
    renderModal();
    lookUp('ada@example');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(statusMock).not.toHaveBeenCalled();
  });

  it("shows 'Checking your position...' then the position, rank, referrals, tier, confirmation and referral link", async () => {
    let resolve!: (status: WaitlistStatus) => void;
    statusMock.mockReturnValue(new Promise((done) => (resolve = done)));
    const { onFound } = renderModal();
    lookUp(' ada@example.com ');

    expect(screen.getByRole('status')).toHaveTextContent('Checking your position...');
    expect(statusMock).toHaveBeenCalledWith('ada@example.com', expect.any(AbortSignal));
    await act(async () => resolve(STATUS));

    expect(stat('Position')).toBe('#12');
    expect(stat('Rank with referrals')).toBe('#9');
    expect(stat('Referrals')).toBe('3');
    expect(screen.getByText('You’re in the top 100')).toBeInTheDocument();
    expect(screen.getByText(/Email not confirmed yet/)).toBeInTheDocument();
    expect(screen.getByLabelText('Your referral link')).toHaveValue(`${window.location.origin}/waitlist?ref=ABCD2345`);
    expect(onFound).toHaveBeenCalledWith(STATUS, 'ada@example.com');
    expect(screen.queryByText('Checking your position...')).not.toBeInTheDocument();
  });

  it('shows the referrals still needed past position 100, a confirmed email, and no rank before it is computed', async () => {
    statusMock.mockResolvedValue({ ...STATUS, position: 140, tier: 'one_month', referrals_needed: 40, rank: null, confirmed: true });
    renderModal();
    lookUp('ada@example.com');
    expect(await screen.findByText('Refer 40 more creators to reach the top 100')).toBeInTheDocument();
    expect(screen.getByText(/1 month free at launch/)).toBeInTheDocument();
    expect(screen.getByText('Email confirmed. Your spot is secured.')).toBeInTheDocument();
    expect(screen.queryByText('Rank with referrals')).not.toBeInTheDocument();
  });

  it("shows the server's 404 text for an email not on the list", async () => {
    statusMock.mockRejectedValue(new ApiError(404, 'This email is not on the waitlist.'));
    const { onFound } = renderModal();
    lookUp('nobody@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('This email is not on the waitlist.');
    expect(onFound).not.toHaveBeenCalled();
  });

  it('falls back to our text without a detail, and to the network text without an answer', async () => {
    statusMock.mockRejectedValueOnce(new ApiError(500, undefined));
    renderModal();
    lookUp('ada@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch your waitlist position.');

    statusMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fireEvent.click(screen.getByRole('button', { name: 'Check position' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Network error. Please check your connection.'));
  });

  it('looks up a given email as it opens, and again at each opening', async () => {
    statusMock.mockResolvedValue(STATUS);
    const props = { onClose: vi.fn(), initialEmail: 'ada@example.com' };
    const { rerender } = render(<PositionModal open {...props} />);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(await screen.findByText('#12')).toBeInTheDocument();

    rerender(<PositionModal open={false} {...props} />);
    rerender(<PositionModal open {...props} />);
    await waitFor(() => expect(statusMock).toHaveBeenCalledTimes(2));
  });

  it('Close calls onClose', () => {
    const { onClose } = renderModal();
    const dialog = screen.getByRole('dialog');
    const closeButtons = within(dialog).getAllByRole('button', { name: 'Close' });
    fireEvent.click(closeButtons[closeButtons.length - 1]!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
