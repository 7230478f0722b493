import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '@/stores/app-store';
import { jsonResponse, makeJwt, makeUser } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render-route';
import * as checkout from '../api/create-checkout-session';
import { CheckoutRedirect } from './checkout-redirect';

const renderCheckout = () => renderRoute(<CheckoutRedirect />, { path: '/checkout' });

describe('CheckoutRedirect', () => {
  beforeEach(() => {
    useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser());
  });

  it('creates the session and goes to its checkout_url', async () => {
    const assign = vi.spyOn(checkout, 'goToCheckout').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { checkout_session_id: 'cs_1', checkout_url: 'http://localhost:3000/simulated-checkout/cs_1' })),
    );
    renderCheckout();

    expect(screen.getByRole('status')).toHaveTextContent('Taking you to the secure checkout');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/simulated-checkout/cs_1'));
  });

  it.each(['javascript:alert(1)', '/relative/path', '', undefined])(
    "rejects a checkout_url of %s with 'Invalid checkout URL received from the server.'",
    async (url) => {
      const assign = vi.spyOn(checkout, 'goToCheckout').mockImplementation(() => {});
      vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { checkout_session_id: 'cs_1', checkout_url: url })));
      renderCheckout();

      expect(await screen.findByRole('alert')).toHaveTextContent('Invalid checkout URL received from the server.');
      expect(assign).not.toHaveBeenCalled();
      expect(screen.getByRole('link', { name: 'Back to pricing' })).toHaveAttribute('href', '/pricing');
    },
  );

  it("shows 'Failed to initiate checkout. Please try again.' when the call fails", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(502, { detail: 'Failed to initiate payment.' })));
    renderCheckout();

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to initiate checkout. Please try again.');
  });

  it('accepts only absolute http(s) urls', () => {
    expect(checkout.isCheckoutUrl('https://checkout.stripe.com/c/pay/cs_1')).toBe(true);
    expect(checkout.isCheckoutUrl('http://localhost:3000/simulated-checkout/x')).toBe(true);
    expect(checkout.isCheckoutUrl('ftp://example.com')).toBe(false);
    expect(checkout.isCheckoutUrl(42)).toBe(false);
  });
});
