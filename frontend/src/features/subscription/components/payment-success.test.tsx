import { screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { useAppStore } from '@/stores/app-store';
import { jsonResponse, makeJwt, makeUser } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render-route';
import PaymentCancelPage from '@/app/routes/payment/cancel';
import { PaymentSuccess } from './payment-success';

const signIn = () => useAppStore.getState().login(makeJwt(Math.floor(Date.now() / 1000) + 3600), makeUser());

const renderSuccess = (url: string) =>
  renderRoute(
    <RequireAuth>
      <PaymentSuccess />
    </RequireAuth>,
    { path: '/success', url },
  );

describe('PaymentSuccess', () => {
  it("toasts 'No se proporcionó ID de sesión.' without session_id", async () => {
    signIn();
    const error = vi.spyOn(toast, 'error');
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderSuccess('/success');

    // The toast is SPEC's Spanish; the page itself is in English and says what to do next.
    expect(error).toHaveBeenCalledWith('No se proporcionó ID de sesión.', expect.anything());
    expect(await screen.findByRole('alert')).toHaveTextContent(/^This page opens after a checkout/);
    expect(fetchMock).not.toHaveBeenCalled();
    // Only the error state: a heading that says so, never 'Pago completado' or the confirming text.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('We could not confirm your payment here');
    expect(screen.queryByText(/Pago completado/)).not.toBeInTheDocument();
    expect(screen.queryByText('Confirming your payment…')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', { name: 'Go to my workspace' })).toHaveAttribute('href', '/app/home');
    expect(document.body.textContent).not.toMatch(/No se pudo|Volver|Confirmando/);
  });

  it('is headed by the confirmation while the user is refreshed', async () => {
    signIn();
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    renderSuccess('/success?session_id=cs_1');

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Confirming your payment');
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your payment…');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refreshes the user, toasts in Spanish and opens /app/home', async () => {
    signIn();
    const success = vi.spyOn(toast, 'success');
    const fetchMock = vi.fn(async () => jsonResponse(200, makeUser({ is_premium: true })));
    vi.stubGlobal('fetch', fetchMock);
    renderSuccess('/success?session_id=cs_1');

    expect(await screen.findByTestId('location')).toHaveTextContent('/app/home');
    expect(fetchMock).toHaveBeenCalledWith('/auth/me', expect.anything());
    expect(useAppStore.getState().user?.is_premium).toBe(true);
    expect(success).toHaveBeenCalledWith('¡Pago completado! Ya eres Premium.', expect.anything());
  });

  it('toasts a Spanish error when the refresh fails', async () => {
    signIn();
    const error = vi.spyOn(toast, 'error');
    const success = vi.spyOn(toast, 'success');
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(500, {})));
    renderSuccess('/success?session_id=cs_1');

    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith('No se pudo actualizar tu cuenta. Inténtalo de nuevo más tarde.', expect.anything()),
    );
    expect(success).not.toHaveBeenCalled();
  });
});

describe('PaymentCancelPage', () => {
  it("shows 'Payment Canceled' with a link back to /pricing", () => {
    renderRoute(<PaymentCancelPage />, { path: '/cancel' });

    expect(screen.getByRole('heading', { name: 'Payment Canceled' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to pricing' })).toHaveAttribute('href', '/pricing');
  });
});
