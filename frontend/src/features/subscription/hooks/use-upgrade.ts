import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { ApiError } from '@/lib/api-client';
import { useAppStore } from '@/stores/app-store';
import { selectIsAuthenticated, selectIsPremium } from '@/stores/session-selectors';
import { createCheckoutSession, goToCheckout, isCheckoutUrl } from '../api/create-checkout-session';
import { ALREADY_PREMIUM, LOGIN_TO_UPGRADE, PAYMENT_INIT_FAILED, PAYMENT_REQUEST_FAILED } from '../messages';

/**
 * The upgrade flow of SPEC §2 Pricing: Premium users get an info toast, visitors go to /login (and come
 * back to /pricing), everyone else is sent to the hosted checkout.
 */
export function useUpgrade(returnTo = '/pricing') {
  const navigate = useNavigate();
  const isAuthenticated = useAppStore(selectIsAuthenticated);
  const isPremium = useAppStore(selectIsPremium);
  const [busy, setBusy] = useState(false);

  const upgrade = useCallback(async () => {
    if (isPremium) {
      toast.info(ALREADY_PREMIUM, { toastId: 'already-premium' });
      return;
    }
    if (!isAuthenticated) {
      toast.info(LOGIN_TO_UPGRADE, { toastId: 'login-to-upgrade' });
      // The login form returns to `from.pathname` after signing in.
      navigate('/login', { state: { from: { pathname: returnTo } } });
      return;
    }
    setBusy(true);
    try {
      const session = await createCheckoutSession();
      if (!session?.checkout_session_id || !isCheckoutUrl(session.checkout_url)) {
        toast.error(PAYMENT_INIT_FAILED, { toastId: 'payment-failed' });
        setBusy(false);
        return;
      }
      goToCheckout(session.checkout_url);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.detail === ALREADY_PREMIUM) {
        toast.info(ALREADY_PREMIUM, { toastId: 'already-premium' });
      } else if (error instanceof ApiError && error.status !== 401) {
        toast.error(error.detail ?? PAYMENT_REQUEST_FAILED, { toastId: 'payment-failed' });
      } else if (!(error instanceof ApiError)) {
        toast.error(PAYMENT_REQUEST_FAILED, { toastId: 'payment-failed' });
      }
      setBusy(false);
    }
  }, [isAuthenticated, isPremium, navigate, returnTo]);

  return { upgrade, busy };
}
