import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { useAppStore } from '@/stores/app-store';
import { jsonResponse, makeJwt, makeUser } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render-route';
import PricingPage from '@/app/routes/pricing';
import * as checkout from '../api/create-checkout-session';

const signIn = (premium = false) =>
  useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser({ is_premium: premium }));

const upgradeButton = () => screen.getByRole('button', { name: 'Upgrade to Premium' });

describe('Pricing page', () => {
  let assign: MockInstance<(url: string) => void>;
  beforeEach(() => {
    assign = vi.spyOn(checkout, 'goToCheckout').mockImplementation(() => {});
  });

  it('shows Free and Premium plans with their SPEC features', () => {
    renderRoute(<PricingPage />, { path: '/pricing' });

    const free = screen.getByRole('article', { name: 'Free' });
    expect(within(free).getByTestId('free-price')).toHaveTextContent('Free');
    expect(within(free).getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual([
      'Content Sharing',
      'Basic Analytics',
      'Content Discovery',
      'Audience Score',
      'Limited Match Shuffles',
    ]);
    const premium = screen.getByRole('article', { name: 'Premium' });
    expect(within(premium).getByTestId('premium-price')).toHaveTextContent('$12 USD');
    expect(within(premium).getByText('Most popular')).toBeInTheDocument();
    expect(within(premium).getAllByRole('listitem')).toHaveLength(11);
    expect(within(premium).getByText('Unlimited Match Shuffles')).toBeInTheDocument();
    expect(within(premium).getByText('Contact Quality Scoring')).toBeInTheDocument();
  });

  it('gives both readings of the price (SPEC §1): the text says one-time, the card says per month, cancel anytime', () => {
    renderRoute(<PricingPage />, { path: '/pricing' });
    expect(screen.getByText(/One-time payment, no recurring charges\./)).toBeInTheDocument();
    const premium = screen.getByRole('article', { name: 'Premium' });
    expect(within(premium).getByText('per month')).toBeInTheDocument();
    expect(within(premium).getByText('Cancel anytime.')).toBeInTheDocument();
  });

  it('opens and closes a feature info popover', async () => {
    const user = userEvent.setup();
    renderRoute(<PricingPage />, { path: '/pricing' });
    const premium = screen.getByRole('article', { name: 'Premium' });

    const info = within(premium).getByRole('button', { name: 'About Priority Matching' });
    await user.click(info);
    expect(info).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('tooltip')).toHaveTextContent('Your content is matched with other creators first.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('has the FAQ topics, including the 14-day money-back guarantee', () => {
    renderRoute(<PricingPage />, { path: '/pricing' });
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });

    for (const question of [
      'What is Crossfeed?',
      'How do I join?',
      'Is there a free tier?',
      'Is there a money-back guarantee?',
      'How do payment and cancelling work?',
      'What is the difference between Free and Premium?',
    ]) {
      expect(within(faq).getByText(question)).toBeInTheDocument();
    }
    expect(within(faq).getByText(/14-day money-back guarantee/)).toBeInTheDocument();
  });

  it('Get Started goes to /signup', async () => {
    const user = userEvent.setup();
    renderRoute(<PricingPage />, { path: '/pricing' });

    await user.click(screen.getByRole('link', { name: 'Get Started' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/signup');
  });

  it("tells a Premium user 'You are already a Premium user.'", async () => {
    signIn(true);
    const info = vi.spyOn(toast, 'info');
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoute(<PricingPage />, { path: '/pricing' });

    await user.click(upgradeButton());
    expect(info).toHaveBeenCalledWith('You are already a Premium user.', expect.anything());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a visitor to /login with state from /pricing', async () => {
    const info = vi.spyOn(toast, 'info');
    let state: unknown;
    function LoginProbe() {
      state = useLocation().state;
      return <p>login page</p>;
    }
    const router = createMemoryRouter(
      [
        { path: '/pricing', element: <PricingPage /> },
        { path: '/login', element: <LoginProbe /> },
      ],
      { initialEntries: ['/pricing'] },
    );
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();

    await user.click(upgradeButton());
    expect(info).toHaveBeenCalledWith('Please log in to upgrade to Premium.', expect.anything());
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(state).toEqual({ from: { pathname: '/pricing' } });
  });

  it('creates a checkout session and goes to its checkout_url', async () => {
    signIn();
    const fetchMock = vi.fn(async () =>
      jsonResponse(200, { checkout_session_id: 'cs_1', checkout_url: 'https://checkout.example.com/cs_1' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoute(<PricingPage />, { path: '/pricing' });

    await user.click(upgradeButton());
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example.com/cs_1'));
    expect(fetchMock).toHaveBeenCalledWith('/api/subscription/create-checkout-session', expect.objectContaining({ method: 'POST' }));
  });

  it("toasts 'Failed to initiate payment.' without a session id", async () => {
    signIn();
    const error = vi.spyOn(toast, 'error');
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { checkout_url: 'https://checkout.example.com/x' })));
    const user = userEvent.setup();
    renderRoute(<PricingPage />, { path: '/pricing' });

    await user.click(upgradeButton());
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Failed to initiate payment.', expect.anything()));
    expect(assign).not.toHaveBeenCalled();
    expect(upgradeButton()).toBeEnabled();
  });

  it("toasts 'An error occurred while processing your request.' on other failures", async () => {
    signIn();
    const error = vi.spyOn(toast, 'error');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const user = userEvent.setup();
    renderRoute(<PricingPage />, { path: '/pricing' });

    await user.click(upgradeButton());
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith('An error occurred while processing your request.', expect.anything()),
    );
    expect(assign).not.toHaveBeenCalled();
  });
});
