import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { useAppStore } from '@/stores/app-store';
import { jsonResponse, makeJwt, makeUser } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render-route';
import type { UserDto } from '@crossfeed/domain/api/realtime-events.ts';
import * as checkout from '../api/create-checkout-session';
import type { SubscriptionDto } from '../api/get-subscription';
import * as portal from '../api/create-portal-session';
import { PLANS } from '../plans';
import { comparisonRows, PremiumPlanModal } from './premium-plan-modal';

const signIn = (overrides: Partial<UserDto> = {}) =>
  useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser(overrides));

function renderModal() {
  const onClose = vi.fn();
  const view = renderRoute(<PremiumPlanModal open onClose={onClose} />, { path: '/app/home' });
  return { onClose, ...view };
}

/** The Free and Premium cells of the row headed `feature`. */
function cells(feature: string) {
  const row = screen.getByRole('rowheader', { name: feature }).closest('tr')!;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

const upgradeButton = () => screen.getByRole('button', { name: 'Upgrade to Premium' });

const PERIOD_END = '2026-12-21T10:00:00.000Z';
const longDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'long' });
const subscriptionDto = (overrides: Partial<SubscriptionDto> = {}): SubscriptionDto => ({
  plan: 'subscription',
  is_premium: true,
  premium_until: null,
  status: 'active',
  current_period_end: PERIOD_END,
  cancel_at_period_end: false,
  renews_on: PERIOD_END,
  cancels_on: null,
  can_manage: true,
  invoices: [],
  ...overrides,
});

describe('PremiumPlanModal', () => {
  let assign: MockInstance<(url: string) => void>;
  beforeEach(() => {
    assign = vi.spyOn(checkout, 'goToCheckout').mockImplementation(() => {});
  });

  it("is titled 'Choose Your Plan' with a Free vs Premium table and the $12 USD/month price", () => {
    signIn();
    renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Choose Your Plan' });
    const table = within(dialog).getByRole('table', { name: 'Free vs Premium' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Feature', 'Free', 'Premium']);
    expect(cells('Price')).toEqual(['Free', '$12 USD/month']);
  });

  it('lists every feature of both plans, marking what each plan includes', () => {
    signIn();
    renderModal();
    expect(cells('Content Discovery')).toEqual(['Included', 'Included']);
    expect(cells('Audience Score')).toEqual(['Included', 'Included']);
    expect(cells('Ranked Content')).toEqual(['Not included', 'Included']);
    expect(cells('Contact Quality Scoring')).toEqual(['Not included', 'Included']);
    expect(cells('Advanced Analytics')).toEqual(['Basic Analytics', 'Included']);
    expect(cells('Unlimited Content Sharing')).toEqual(['Content Sharing', 'Included']);
    expect(cells('Unlimited Match Shuffles')).toEqual(['Limited Match Shuffles', 'Included']);
  });

  it('the comparison covers each feature of plans.ts exactly once', () => {
    const rows = comparisonRows();
    const premium = PLANS.find((plan) => plan.id === 'premium')!.features;
    const free = PLANS.find((plan) => plan.id === 'free')!.features;
    expect(rows.map((row) => row.feature)).toEqual([...premium]);
    const namedFree = rows.flatMap((row) =>
      row.free.kind === 'text' ? [row.free.text] : row.free.kind === 'included' ? [row.feature] : [],
    );
    expect([...namedFree].sort()).toEqual([...free].sort());
  });

  it('shows the two notes', () => {
    signIn();
    renderModal();
    expect(screen.getByText('Invoices & receipts available.')).toBeInTheDocument();
    expect(screen.getByText('All users can start free. Upgrade to unlock all features anytime.')).toBeInTheDocument();
  });

  it("'Upgrade to Premium' creates a checkout session and goes to its checkout_url", async () => {
    signIn();
    const fetchMock = vi.fn(async () =>
      jsonResponse(200, { checkout_session_id: 'cs_1', checkout_url: 'https://checkout.example.com/cs_1' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderModal();

    await user.click(upgradeButton());
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example.com/cs_1'));
    expect(fetchMock).toHaveBeenCalledWith('/api/subscription/create-checkout-session', expect.objectContaining({ method: 'POST' }));
  });

  it("toasts 'Failed to initiate payment.' without a session id and offers the button again", async () => {
    signIn();
    const error = vi.spyOn(toast, 'error');
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { checkout_url: 'https://checkout.example.com/x' })));
    const user = userEvent.setup();
    renderModal();

    await user.click(upgradeButton());
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Failed to initiate payment.', expect.anything()));
    expect(assign).not.toHaveBeenCalled();
    expect(upgradeButton()).toBeEnabled();
  });

  it('tells a Premium user they are Premium instead of offering the upgrade', async () => {
    signIn({ is_premium: true });
    const fetchMock = vi.fn(async () => jsonResponse(200, subscriptionDto({ plan: 'promo', renews_on: null })));
    vi.stubGlobal('fetch', fetchMock);
    renderModal();
    expect(screen.getByRole('status')).toHaveTextContent('You are a Premium user.');
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Free vs Premium' })).toBeInTheDocument();
    // Only the subscription is read: no checkout is started.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/subscription', expect.objectContaining({ method: 'GET' })));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leads a Premium user to Audience insights and closes', async () => {
    signIn({ is_premium: true });
    const { onClose, router } = renderModal();
    await userEvent.click(screen.getByRole('link', { name: 'Open Audience insights' }));
    expect(router.state.location.pathname).toBe('/app/audience-insights');
    expect(onClose).toHaveBeenCalled();
  });

  it('offers a Free user no Audience insights link', () => {
    signIn();
    renderModal();
    expect(screen.queryByRole('link', { name: 'Open Audience insights' })).not.toBeInTheDocument();
  });

  it('names the end date of a time-limited (promo) Premium', () => {
    signIn({ is_premium: true, premium_until: '2099-04-01T12:00:00.000Z' });
    renderModal();
    const expected = new Date('2099-04-01T12:00:00.000Z').toLocaleDateString(undefined, { dateStyle: 'long' });
    expect(screen.getByRole('status')).toHaveTextContent(`You are a Premium user until ${expected}.`);
  });

  it('the close button closes', async () => {
    signIn();
    const { onClose } = renderModal();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('PremiumPlanModal: the waitlist carried over', () => {
  it('a lifetime Premium member sees the tier and no upgrade offer', () => {
    signIn({
      is_premium: true,
      premium_lifetime: true,
      premium_until: null,
      waitlist: { position: 4, tier: 'lifetime', month_free_granted: false, message: 'Waitlist #4: lifetime Premium' },
    });
    renderModal();
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
    expect(screen.getByTestId('waitlist-tier')).toHaveTextContent('PremiumWaitlist #4: lifetime Premium');
    expect(screen.getByRole('status')).toHaveTextContent('You are a Premium user.');
  });

  it('lifetime counts as Premium even if the subscription flag is off', () => {
    signIn({ is_premium: false, premium_lifetime: true });
    renderModal();
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
  });
});

describe('PremiumPlanModal: a paid subscription (issue 23, finding 8)', () => {
  const invoice = {
    id: 'in_1',
    number: 'SIM-0001',
    amount_cents: 1200,
    currency: 'usd',
    status: 'paid',
    paid_at: '2026-11-21T10:00:00.000Z',
    receipt_url: 'https://pay.example.com/receipts/in_1',
    refunded: false,
  };

  it('shows the renewal date, the invoices with receipts, and Manage subscription opens the portal', async () => {
    signIn({ is_premium: true });
    const goToPortal = vi.spyOn(portal, 'goToPortal').mockImplementation(() => {});
    const fetchMock = vi.fn(async (path: string) =>
      path === '/api/subscription'
        ? jsonResponse(200, subscriptionDto({ invoices: [invoice] }))
        : jsonResponse(200, { url: 'https://billing.example.com/session/1' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderModal();
    expect(await screen.findByTestId('plan-billing')).toHaveTextContent(`Renews on ${longDate(PERIOD_END)}.`);
    const receipt = screen.getByRole('link', { name: 'Receipt for SIM-0001' });
    expect(receipt).toHaveAttribute('href', 'https://pay.example.com/receipts/in_1');
    expect(screen.getByRole('region', { name: 'Invoices' })).toHaveTextContent('$12 USD');

    await userEvent.click(screen.getByRole('button', { name: 'Manage subscription' }));
    await vi.waitFor(() => expect(goToPortal).toHaveBeenCalledWith('https://billing.example.com/session/1'));
    expect(fetchMock).toHaveBeenCalledWith('/api/subscription/portal-session', expect.objectContaining({ method: 'POST' }));
  });

  it('a subscription set to cancel shows "Cancels on" instead of a renewal', async () => {
    signIn({ is_premium: true, premium_until: PERIOD_END });
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, subscriptionDto({ cancel_at_period_end: true, cancels_on: PERIOD_END, renews_on: null, premium_until: PERIOD_END }))));
    renderModal();
    expect(await screen.findByTestId('plan-billing')).toHaveTextContent(`Cancels on ${longDate(PERIOD_END)}. Premium stays on until then.`);
    expect(screen.queryByText(/Renews on/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage subscription' })).toBeInTheDocument();
  });

  it('promo Premium shows its end and no Manage button', async () => {
    signIn({ is_premium: true, premium_until: '2099-04-01T12:00:00.000Z' });
    const fetchMock = vi.fn(async () =>
      jsonResponse(200, subscriptionDto({ plan: 'promo', can_manage: false, renews_on: null, status: null, current_period_end: null, premium_until: '2099-04-01T12:00:00.000Z' })),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderModal();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByRole('status')).toHaveTextContent(`You are a Premium user until ${longDate('2099-04-01T12:00:00.000Z')}.`);
    expect(screen.queryByTestId('plan-billing')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage subscription' })).not.toBeInTheDocument();
  });

  it('lifetime Premium asks for no subscription and offers no Manage button', () => {
    signIn({ is_premium: true, premium_lifetime: true });
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderModal();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Manage subscription' })).not.toBeInTheDocument();
  });

  it("a portal that cannot open says so with the server's detail and offers the button again", async () => {
    signIn({ is_premium: true });
    const error = vi.spyOn(toast, 'error');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        path === '/api/subscription' ? jsonResponse(200, subscriptionDto()) : jsonResponse(409, { detail: 'You have no subscription to manage.' }),
      ),
    );
    renderModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Manage subscription' }));
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('You have no subscription to manage.', expect.anything()));
    expect(screen.getByRole('button', { name: 'Manage subscription' })).toBeEnabled();
  });
});
