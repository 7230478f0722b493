import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { getWaitlistStatus, type WaitlistPosition } from '../api/get-waitlist-status';
import { PositionModal } from './position-modal';

vi.mock('../api/get-waitlist-status', () => ({ getWaitlistStatus: vi.fn() }));
const statusMock = vi.mocked(getWaitlistStatus);

const MESSAGE = 'We sent a link to your waitlist entry to this address. Open it to see your referral link.';
const ANSWER: WaitlistPosition = { position: 12, message: MESSAGE };

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

  it("shows 'Checking your position...' then only the position and the server's message", async () => {
    let resolve!: (answer: WaitlistPosition) => void;
    statusMock.mockReturnValue(new Promise((done) => (resolve = done)));
    const { onFound } = renderModal();
    lookUp(' ada@example.com ');

    expect(screen.getByRole('status')).toHaveTextContent('Checking your position...');
    expect(statusMock).toHaveBeenCalledWith('ada@example.com', expect.any(AbortSignal));
    await act(async () => resolve(ANSWER));

    expect(stat('Position')).toBe('#12');
    expect(screen.getByText(MESSAGE)).toBeInTheDocument();
    expect(onFound).toHaveBeenCalledWith('ada@example.com');
    expect(screen.queryByText('Checking your position...')).not.toBeInTheDocument();
  });

  it("shows no referral link, referrals, rank, tier or confirmation: the typed address may be someone else's", async () => {
    // Even if a server answered more than it should, the modal shows the position and the message only.
    const leaky = { ...ANSWER, referral_code: 'ABCD2345', referrals: 3, rank: 9, confirmed: true, tier: 'lifetime', referrals_needed: 0 };
    statusMock.mockResolvedValue(leaky as WaitlistPosition);
    renderModal();
    lookUp('someone.else@example.com');
    expect(await screen.findByText('#12')).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Your waitlist position' });
    expect(within(dialog).queryByLabelText('Your referral link')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/ABCD2345/)).not.toBeInTheDocument();
    for (const term of ['Referrals', 'Rank with referrals']) expect(within(dialog).queryByText(term)).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/top 100|month free/)).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/Email confirmed|not confirmed/)).not.toBeInTheDocument();
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

  it('pre-fills a given email at each opening and looks it up only when asked (each lookup may e-mail a link)', async () => {
    statusMock.mockResolvedValue(ANSWER);
    const props = { onClose: vi.fn(), initialEmail: 'ada@example.com' };
    const { rerender } = render(<PositionModal open {...props} />);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(statusMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Check position' }));
    expect(await screen.findByText('#12')).toBeInTheDocument();

    rerender(<PositionModal open={false} {...props} />);
    rerender(<PositionModal open {...props} />);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.queryByText('#12')).not.toBeInTheDocument();
    expect(statusMock).toHaveBeenCalledTimes(1);
  });

  it('Close calls onClose', () => {
    const { onClose } = renderModal();
    const dialog = screen.getByRole('dialog');
    const closeButtons = within(dialog).getAllByRole('button', { name: 'Close' });
    fireEvent.click(closeButtons[closeButtons.length - 1]!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
