import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { useAppStore } from '@/stores/app-store';
import { jsonResponse, makeJwt, makeUser } from '@/testing/fixtures';
import { getPromoCodes, type PromoCode } from '../api/get-promo-codes';
import { redeemPromoCode } from '../api/redeem-promo-code';
import { PromoCodesModal } from './promo-codes-modal';

vi.mock('../api/get-promo-codes', () => ({ getPromoCodes: vi.fn() }));
vi.mock('../api/redeem-promo-code', () => ({ redeemPromoCode: vi.fn() }));
const codesMock = vi.mocked(getPromoCodes);
const redeemMock = vi.mocked(redeemPromoCode);
/** refreshUser's GET /auth/me goes through fetch (the store is loaded before any vi.mock applies). */
const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();

const CODES: PromoCode[] = [
  { id: 'WELCOME-2026', code: 'WELCOME-2026', redeemed: false },
  { id: 'REF-ABCDEF', code: 'REF-ABCDEF', redeemed: true },
];

function renderModal() {
  const onClose = vi.fn();
  return { onClose, ...render(<PromoCodesModal open onClose={onClose} />) };
}

const input = () => screen.getByLabelText('Promo code');
const redeemButton = () => screen.getByRole('button', { name: 'Redeem' });

describe('PromoCodesModal', () => {
  beforeEach(() => {
    useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser());
    codesMock.mockReset().mockResolvedValue(CODES);
    redeemMock.mockReset();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  it("shows 'Loading promo codes...', then the codes: redeemed struck through with '(Redeemed)', others 'Active'", async () => {
    let resolve!: (codes: PromoCode[]) => void;
    codesMock.mockReturnValue(new Promise((done) => (resolve = done)));
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Promo Codes' })).toBeInTheDocument();
    expect(screen.getByText('Loading promo codes...')).toBeInTheDocument();

    resolve(CODES);
    const list = await screen.findByRole('list', { name: 'Your promo codes' });
    const [active, redeemed] = within(list).getAllByRole('listitem');
    expect(active).toHaveTextContent('WELCOME-2026 Active');
    expect(active!.querySelector('s')).toBeNull();
    expect(within(active!).queryByText('(Redeemed)')).not.toBeInTheDocument();
    expect(redeemed).toHaveTextContent('REF-ABCDEF (Redeemed)');
    expect(within(redeemed!).getByText('REF-ABCDEF').tagName).toBe('S');
    expect(within(redeemed!).queryByText('Active')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading promo codes...')).not.toBeInTheDocument();
  });

  it("shows 'No promo codes available.' for an empty list", async () => {
    codesMock.mockResolvedValue([]);
    renderModal();
    expect(await screen.findByText('No promo codes available.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it("shows the server's detail or 'Failed to fetch promo codes.', and Retry loads again", async () => {
    codesMock.mockRejectedValueOnce(new ApiError(503, 'Try later.'));
    const { unmount } = renderModal();
    expect(await screen.findByRole('alert')).toHaveTextContent('Try later.');
    unmount();

    codesMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderModal();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch promo codes.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Your promo codes' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('validates the code before sending: empty, then the format', async () => {
    const user = userEvent.setup();
    renderModal();
    await screen.findByRole('list');

    await user.click(redeemButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a promo code.');
    await user.type(input(), 'welcome-2026');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(redeemButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid promo code format.');
    expect(redeemMock).not.toHaveBeenCalled();
  });

  it("'Use' puts an active code in the form", async () => {
    const user = userEvent.setup();
    renderModal();
    await user.click(await screen.findByRole('button', { name: 'Use WELCOME-2026' }));
    expect(input()).toHaveValue('WELCOME-2026');
    expect(input()).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Use REF-ABCDEF' })).not.toBeInTheDocument();
  });

  it('redeems the trimmed code, toasts, clears the input, reloads the codes and the user, then closes', async () => {
    redeemMock.mockResolvedValue({ message: 'Promo code redeemed successfully!', premium_until: '2026-04-01T00:00:00.000Z' });
    const premium = makeUser({ is_premium: true, premium_until: '2026-04-01T00:00:00.000Z' });
    fetchMock.mockImplementation(async () => jsonResponse(200, premium));
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    const { onClose } = renderModal();
    await screen.findByRole('list');

    await user.type(input(), '  WELCOME-2026 ');
    await user.click(redeemButton());

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(redeemMock).toHaveBeenCalledWith('WELCOME-2026');
    expect(success).toHaveBeenCalledWith('Promo code redeemed successfully!', expect.anything());
    expect(input()).toHaveValue('');
    expect(codesMock).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenCalledWith('/auth/me', expect.objectContaining({ method: 'GET' }));
    expect(useAppStore.getState().user?.is_premium).toBe(true);
  });

  it('shows why a redeem failed and stays open: detail, fallback, network, unexpected', async () => {
    const user = userEvent.setup();
    const { onClose } = renderModal();
    await screen.findByRole('list');
    await user.type(input(), 'WELCOME-2026');

    const cases: [unknown, string][] = [
      [new ApiError(400, 'This promo code has already been redeemed.'), 'This promo code has already been redeemed.'],
      [new ApiError(500, undefined), 'Failed to redeem promo code.'],
      [new TypeError('Failed to fetch'), 'Network error. Please check your connection.'],
      [new Error('boom'), 'An unexpected error occurred.'],
    ];
    for (const [failure, text] of cases) {
      redeemMock.mockRejectedValueOnce(failure);
      await user.click(redeemButton());
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));
    }
    expect(redeemMock).toHaveBeenCalledTimes(4);
    expect(input()).toHaveValue('WELCOME-2026');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('loads the codes afresh and starts with an empty form at each opening', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { rerender } = render(<PromoCodesModal open onClose={onClose} />);
    await screen.findByRole('list');
    await user.type(input(), 'ABC');

    rerender(<PromoCodesModal open={false} onClose={onClose} />);
    rerender(<PromoCodesModal open onClose={onClose} />);
    expect(input()).toHaveValue('');
    await screen.findByRole('list');
    expect(codesMock).toHaveBeenCalledTimes(2);
  });
});
