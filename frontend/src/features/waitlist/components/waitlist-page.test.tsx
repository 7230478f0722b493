import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderRoute } from '@/testing/render-route';
import { getWaitlistCount } from '../api/get-waitlist-count';
import { getWaitlistStatus } from '../api/get-waitlist-status';
import { joinWaitlist } from '../api/join-waitlist';
import { subscribeToWaitlistCount, type WaitlistCountListeners } from '../realtime/public-waitlist-socket';
import { WaitlistPage } from './waitlist-page';

vi.mock('../api/get-waitlist-count', () => ({ getWaitlistCount: vi.fn() }));
vi.mock('../api/join-waitlist', () => ({ joinWaitlist: vi.fn() }));
vi.mock('../api/get-waitlist-status', () => ({ getWaitlistStatus: vi.fn() }));
vi.mock('../realtime/public-waitlist-socket', () => ({ subscribeToWaitlistCount: vi.fn(), subscribeToWaitlistEntry: vi.fn(() => () => {}) }));

const countMock = vi.mocked(getWaitlistCount);
const joinMock = vi.mocked(joinWaitlist);
const statusMock = vi.mocked(getWaitlistStatus);
const subscribeMock = vi.mocked(subscribeToWaitlistCount);

let socket: WaitlistCountListeners | null;
let unsubscribe: Mock<() => void>;

const LINK_SENT = 'We sent a link to your waitlist entry to this address. Open it to see your referral link.';
const ALREADY = `This email is already on the waitlist. ${LINK_SENT}`;
const renderPage = (url = '/waitlist') => renderRoute(<WaitlistPage />, { path: '/waitlist', url });
const countText = () => screen.getByTestId('waitlist-count').textContent;

describe('WaitlistPage', () => {
  beforeEach(() => {
    socket = null;
    unsubscribe = vi.fn<() => void>();
    countMock.mockReset();
    joinMock.mockReset();
    statusMock.mockReset();
    subscribeMock.mockReset();
    subscribeMock.mockImplementation((listeners) => {
      socket = listeners;
      return unsubscribe;
    });
    countMock.mockResolvedValue({ count: 1234 });
  });

  it('shows the member count fetched at load, then the counts pushed on the /public socket', async () => {
    renderPage();
    expect(screen.getByText('Loading the member count…')).toBeInTheDocument();
    await waitFor(() => expect(countText()).toBe('1,234 creators have already joined'));
    expect(subscribeMock).toHaveBeenCalledTimes(1);

    act(() => socket!.onCount(1235));
    expect(countText()).toBe('1,235 creators have already joined');
    act(() => socket!.onCount(1));
    expect(countText()).toBe('1 creator has already joined');
  });

  it('keeps a pushed count that overtook the first answer', async () => {
    let resolve!: (value: { count: number }) => void;
    countMock.mockReturnValue(new Promise((done) => (resolve = done)));
    renderPage();
    act(() => socket!.onCount(50));
    expect(countText()).toBe('50 creators have already joined');
    await act(async () => resolve({ count: 49 }));
    expect(countText()).toBe('50 creators have already joined');
  });

  it('fetches the count again after a reconnect', async () => {
    renderPage();
    await waitFor(() => expect(countText()).toContain('1,234'));
    countMock.mockResolvedValue({ count: 1300 });
    act(() => socket!.onReconnect!());
    await waitFor(() => expect(countText()).toContain('1,300'));
    expect(countMock).toHaveBeenCalledTimes(2);
  });

  it("shows the server's detail or 'Failed to fetch waitlist count.' when the count fails, until a push arrives", async () => {
    countMock.mockRejectedValueOnce(new ApiError(503, 'The server is starting.'));
    const first = renderPage();
    await waitFor(() => expect(countText()).toBe('The server is starting.'));
    first.unmount();

    countMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderPage();
    await waitFor(() => expect(countText()).toBe('Failed to fetch waitlist count.'));
    act(() => socket!.onCount(7));
    expect(countText()).toBe('7 creators have already joined');
  });

  it('closes the socket when the page unmounts', async () => {
    const { unmount } = renderPage();
    await waitFor(() => expect(countText()).toContain('1,234'));
    expect(unsubscribe).not.toHaveBeenCalled();
    unmount();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('has two accessible tabs, Waitlist and Progress & Updates, moved with the arrow keys', async () => {
    const user = userEvent.setup();
    renderPage();
    const tablist = screen.getByRole('tablist', { name: 'Waitlist sections' });
    const [waitlistTab, progressTab] = within(tablist).getAllByRole('tab');
    expect(waitlistTab).toHaveTextContent('Waitlist');
    expect(progressTab).toHaveTextContent('Progress & Updates');
    expect(waitlistTab).toHaveAttribute('aria-selected', 'true');
    expect(progressTab).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Waitlist' })).toBeVisible();
    expect(screen.getByRole('form', { name: 'Join the waitlist' })).toBeInTheDocument();

    waitlistTab!.focus();
    await user.keyboard('{ArrowRight}');
    expect(progressTab).toHaveAttribute('aria-selected', 'true');
    expect(progressTab).toHaveFocus();
    const panel = screen.getByRole('tabpanel', { name: 'Progress & Updates' });
    expect(panel).toHaveAttribute('aria-labelledby', progressTab!.id);
    expect(within(panel).getByRole('progressbar', { name: '0 of 6 milestones complete' })).toBeInTheDocument();
    const waitlistPanel = document.getElementById(waitlistTab!.getAttribute('aria-controls')!);
    expect(waitlistPanel).toHaveAttribute('role', 'tabpanel');
    expect(waitlistPanel).not.toBeVisible();
    expect(screen.queryByRole('form', { name: 'Join the waitlist' })).not.toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(waitlistTab).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(progressTab).toHaveAttribute('aria-selected', 'true');
    await user.click(waitlistTab!);
    expect(waitlistTab).toHaveAttribute('aria-selected', 'true');
  });

  it('sends ?ref=CODE from the address as referred_by, then shows position, referrals and the referral link', async () => {
    joinMock.mockResolvedValue({ position: 140, referrals: 2, referral_code: 'NEWCODE9' });
    const user = userEvent.setup();
    renderPage('/waitlist?ref=FRIEND42');

    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Join the Waitlist' }));

    expect(await screen.findByRole('heading', { name: 'You’re on the list' })).toBeInTheDocument();
    expect(joinMock).toHaveBeenCalledWith({ email: 'ada@example.com', referred_by: 'FRIEND42' });
    const result = screen.getByRole('region', { name: 'You’re on the list' });
    expect(within(result).getByText('#140')).toBeInTheDocument();
    expect(within(result).getByText('Referrals').nextElementSibling).toHaveTextContent('2');
    expect(within(result).getByText('Refer 40 more creators to reach the top 100')).toBeInTheDocument();
    expect(within(result).getByLabelText('Your referral link')).toHaveValue(`${window.location.origin}/waitlist?ref=NEWCODE9`);
    expect(within(result).getByText('ada@example.com')).toBeInTheDocument();
    // The count is fetched again after joining.
    expect(countMock).toHaveBeenCalledTimes(2);

    // The referral link modal now knows the code.
    await user.click(screen.getByRole('button', { name: 'My referral link' }));
    const modal = screen.getByRole('dialog', { name: 'Referral link' });
    expect(within(modal).getByLabelText('Your referral link')).toHaveValue(`${window.location.origin}/waitlist?ref=NEWCODE9`);
  });

  it('sends referred_by null without ?ref', async () => {
    joinMock.mockResolvedValue({ position: 3, referrals: 0, referral_code: 'NEWCODE9' });
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
    expect(await screen.findByText('You’re in the top 100')).toBeInTheDocument();
    expect(joinMock).toHaveBeenCalledWith({ email: 'ada@example.com', referred_by: null });
  });

  it('opens the position lookup with the email just used to join, looked up when asked', async () => {
    joinMock.mockResolvedValue({ position: 3, referrals: 0, referral_code: 'NEWCODE9' });
    statusMock.mockResolvedValue({ position: 3, message: LINK_SENT });
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
    const result = await screen.findByRole('region', { name: 'You’re on the list' });
    await user.click(within(result).getByRole('button', { name: 'Check my position' }));

    const modal = screen.getByRole('dialog', { name: 'Your waitlist position' });
    expect(within(modal).getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(statusMock).not.toHaveBeenCalled();
    await user.click(within(modal).getByRole('button', { name: 'Check position' }));
    await waitFor(() => expect(statusMock).toHaveBeenCalledWith('ada@example.com', expect.any(AbortSignal)));
    expect(await within(modal).findByText(LINK_SENT)).toBeInTheDocument();
  });

  it("checking someone else's address shows its position only, and 'My referral link' does not hand out theirs", async () => {
    statusMock.mockResolvedValue({ position: 8, message: LINK_SENT });
    const user = userEvent.setup();
    renderPage();
    const tools = screen.getByRole('navigation', { name: 'Waitlist tools' });
    await user.click(within(tools).getByRole('button', { name: 'Check my position' }));
    const modal = screen.getByRole('dialog', { name: 'Your waitlist position' });
    await user.type(within(modal).getByLabelText('Email'), 'victim@example.com');
    await user.click(within(modal).getByRole('button', { name: 'Check position' }));
    expect(await within(modal).findByText('#8')).toBeInTheDocument();
    expect(within(modal).queryByLabelText('Your referral link')).not.toBeInTheDocument();
    fireEvent.keyDown(modal, { key: 'Escape' });

    await user.click(within(tools).getByRole('button', { name: 'My referral link' }));
    const referral = screen.getByRole('dialog', { name: 'Referral link' });
    expect(within(referral).queryByLabelText('Your referral link')).not.toBeInTheDocument();
    expect(within(referral).getByText(/open the link we e-mailed you/)).toBeInTheDocument();
  });

  it('joining with an address already on the list shows its position and the message, and no referral link', async () => {
    joinMock.mockResolvedValue({ position: 5, message: ALREADY });
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('Name'), 'Mallory');
    await user.type(screen.getByLabelText('Email'), 'victim@example.com');
    await user.click(screen.getByRole('button', { name: 'Join the Waitlist' }));

    const result = await screen.findByRole('region', { name: 'Already on the list' });
    expect(within(result).getByText('#5')).toBeInTheDocument();
    expect(within(result).getByText(ALREADY)).toBeInTheDocument();
    expect(within(result).queryByText('Referrals')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Your referral link')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'My referral link' }));
    const referral = screen.getByRole('dialog', { name: 'Referral link' });
    expect(within(referral).queryByLabelText('Your referral link')).not.toBeInTheDocument();
  });

  it('opens each modal from its button', async () => {
    const user = userEvent.setup();
    renderPage();
    const tools = screen.getByRole('navigation', { name: 'Waitlist tools' });

    const open = async (button: string, dialog: string) => {
      await user.click(within(tools).getByRole('button', { name: button }));
      const modal = screen.getByRole('dialog', { name: dialog });
      fireEvent.keyDown(modal, { key: 'Escape' });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    };
    await open('Check my position', 'Your waitlist position');
    await open('My referral link', 'Referral link');
    await open('About Crossfeed', 'About Crossfeed');
    await open('FAQ', 'Frequently asked questions');

    await user.click(screen.getByRole('tab', { name: 'Progress & Updates' }));
    await user.click(screen.getByRole('button', { name: 'View milestones' }));
    expect(screen.getByRole('dialog', { name: 'Product progress' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Close' })[0]!);
    await user.click(screen.getByRole('button', { name: 'View all updates' }));
    expect(screen.getByRole('dialog', { name: 'Timeline of updates' })).toBeInTheDocument();
  });

  it('without a code, the referral modal leads to the position lookup', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'My referral link' }));
    await user.click(screen.getByRole('button', { name: 'Look up my position' }));
    expect(screen.getByRole('dialog', { name: 'Your waitlist position' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Referral link' })).not.toBeInTheDocument();
  });

  it('opens the story from the hero, and its call to action closes it and focuses the name field', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Watch the story' }));
    expect(screen.getByRole('dialog', { name: 'The Crossfeed story' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Connect with partners' })).toBeInTheDocument();

    fireEvent.keyDown(document, { key: 'End' });
    for (let i = 0; i < 4; i++) fireEvent.keyDown(document, { key: 'ArrowRight' });
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
  });

  it('thanks the visitor after the confirmation link (?confirmed=1)', () => {
    renderPage('/waitlist?confirmed=1');
    expect(screen.getByText('Your email is confirmed. Your spot on the waitlist is secured.')).toBeInTheDocument();
  });
});
