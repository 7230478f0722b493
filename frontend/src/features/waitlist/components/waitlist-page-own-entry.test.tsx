import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { readWaitlistEntry, storeWaitlistEntry, WAITLIST_ENTRY_KEY } from '@/lib/waitlist-entry-storage';
import { renderRoute } from '@/testing/render-route';
import { getMyWaitlistEntry } from '../api/get-my-waitlist-entry';
import { getWaitlistCount } from '../api/get-waitlist-count';
import { joinWaitlist } from '../api/join-waitlist';
import { subscribeToWaitlistCount, subscribeToWaitlistEntry, type WaitlistEntryListeners } from '../realtime/public-waitlist-socket';
import { WaitlistPage } from './waitlist-page';

vi.mock('../api/get-waitlist-count', () => ({ getWaitlistCount: vi.fn() }));
vi.mock('../api/join-waitlist', () => ({ joinWaitlist: vi.fn() }));
vi.mock('../api/get-my-waitlist-entry', () => ({ getMyWaitlistEntry: vi.fn() }));
vi.mock('../realtime/public-waitlist-socket', () => ({ subscribeToWaitlistCount: vi.fn(), subscribeToWaitlistEntry: vi.fn() }));

const meMock = vi.mocked(getMyWaitlistEntry);
const joinMock = vi.mocked(joinWaitlist);
const entrySocketMock = vi.mocked(subscribeToWaitlistEntry);

const entry = { position: 4, referrals: 0, referral_code: 'WAIT2345', confirmed: true, tier: 'lifetime' as const, referrals_needed: 0, rank: null };
const renderPage = () => renderRoute(<WaitlistPage />, { path: '/waitlist', url: '/waitlist' });
const stat = (label: string) => within(screen.getByRole('region', { name: 'Waitlist signup' })).getByText(label).nextElementSibling?.textContent;

describe('WaitlistPage: this browser’s own entry', () => {
  let listeners: WaitlistEntryListeners | null;
  beforeEach(() => {
    localStorage.clear();
    listeners = null;
    vi.mocked(getWaitlistCount).mockResolvedValue({ count: 10 });
    vi.mocked(subscribeToWaitlistCount).mockReturnValue(() => {});
    meMock.mockReset();
    joinMock.mockReset();
    entrySocketMock.mockReset();
    entrySocketMock.mockImplementation((given) => {
      listeners = given;
      return () => {};
    });
  });

  it('shows the kept entry after a reload and follows its referrals live', async () => {
    storeWaitlistEntry({ token: 'WAIT2345.secret', email: 'ada@example.com' });
    meMock.mockResolvedValue(entry);
    renderPage();
    await waitFor(() => expect(stat('Your position')).toBe('#4'));
    expect(meMock).toHaveBeenCalledWith('WAIT2345.secret', expect.anything());
    expect(entrySocketMock).toHaveBeenCalledWith(expect.objectContaining({ token: 'WAIT2345.secret' }));
    expect(screen.getByText(/Your email is confirmed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your account' })).toHaveAttribute('href', '/signup?email=ada%40example.com');

    act(() => listeners!.onRank({ position: 4, referrals: 2, confirmed: true }));
    expect(stat('Referrals')).toBe('2');
  });

  it("'My referral link' shows the link of the entry this browser holds by its token", async () => {
    const user = userEvent.setup();
    storeWaitlistEntry({ token: 'WAIT2345.secret', email: 'ada@example.com' });
    meMock.mockResolvedValue(entry);
    renderPage();
    await waitFor(() => expect(stat('Your position')).toBe('#4'));
    await user.click(screen.getByRole('button', { name: 'My referral link' }));
    const modal = screen.getByRole('dialog', { name: 'Referral link' });
    expect(within(modal).getByLabelText('Your referral link')).toHaveValue(`${window.location.origin}/waitlist?ref=WAIT2345`);
  });

  it('keeps the token a new signup answers, so the card survives a reload', async () => {
    const user = userEvent.setup();
    joinMock.mockResolvedValue({ position: 7, referrals: 0, referral_code: 'NEWCODE2', entry_token: 'NEWCODE2.secret' });
    meMock.mockResolvedValue({ ...entry, position: 7, referral_code: 'NEWCODE2', confirmed: false, tier: 'lifetime' });
    const first = renderPage();
    const form = screen.getByRole('form', { name: 'Join the waitlist' });
    await user.type(within(form).getByLabelText('Name'), 'Ada');
    await user.type(within(form).getByLabelText('Email'), 'ada@example.com');
    await user.click(within(form).getByRole('button', { name: 'Join the Waitlist' }));
    await waitFor(() => expect(readWaitlistEntry()).toEqual({ token: 'NEWCODE2.secret', email: 'ada@example.com' }));
    first.unmount();

    renderPage();
    await waitFor(() => expect(stat('Your position')).toBe('#7'));
    expect(screen.getByText(/We sent the link to/)).toHaveTextContent('ada@example.com');
  });

  it('adopts the entry token and the claim the confirmation link left in its cookie', async () => {
    document.cookie = `crossfeed_waitlist_entry=${encodeURIComponent('entry=WAIT2345.secret&claim=proof-1')}`;
    meMock.mockResolvedValue(entry);
    renderPage();
    await waitFor(() => expect(stat('Your position')).toBe('#4'));
    expect(readWaitlistEntry()).toEqual({ token: 'WAIT2345.secret', claim: 'proof-1' });
  });

  it('forgets a token the server does not know, and “Use another email” forgets the kept one', async () => {
    storeWaitlistEntry({ token: 'GONE.secret' });
    meMock.mockRejectedValueOnce(new ApiError(404, 'Waitlist entry not found.'));
    const first = renderPage();
    await waitFor(() => expect(localStorage.getItem(WAITLIST_ENTRY_KEY)).toBeNull());
    expect(screen.getByRole('form', { name: 'Join the waitlist' })).toBeInTheDocument();
    first.unmount();

    const user = userEvent.setup();
    storeWaitlistEntry({ token: 'WAIT2345.secret' });
    meMock.mockResolvedValue(entry);
    renderPage();
    await waitFor(() => expect(stat('Your position')).toBe('#4'));
    await user.click(screen.getByRole('button', { name: 'Use another email' }));
    expect(readWaitlistEntry()).toBeNull();
    expect(screen.getByRole('form', { name: 'Join the waitlist' })).toBeInTheDocument();
  });
});
