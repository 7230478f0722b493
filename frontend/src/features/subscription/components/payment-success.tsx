import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { ContentLayout } from '@/components/layouts/content-layout';
import { FormMessage } from '@/components/ui/form-message';
import { useAppStore } from '@/stores/app-store';
import {
  BACK_TO_PRICING,
  NO_SESSION_ID,
  PAYMENT_CONFIRMING,
  PAYMENT_CONFIRMING_HEADING,
  PAYMENT_NO_SESSION_TEXT,
  PAYMENT_NOT_CONFIRMED_HEADING,
  PAYMENT_REFRESH_FAILED,
  PAYMENT_REFRESH_FAILED_TEXT,
  PAYMENT_SUCCESS,
} from '../messages';

/**
 * /success?session_id=…: the provider sends the user back here. The webhook has made them Premium, so the
 * user is reloaded, a Spanish toast confirms it, and the workspace opens (SPEC §2 Payment success). The page
 * is headed by what is happening, in English like the rest of the product (only the toasts are Spanish):
 * the payment being confirmed, or, when it cannot be, what to do next.
 */
export function PaymentSuccess() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const navigate = useNavigate();
  const refreshUser = useAppStore((state) => state.refreshUser);
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!sessionId) {
      toast.error(NO_SESSION_ID, { toastId: 'no-session-id' });
      setFailed(true);
      return;
    }
    void (async () => {
      await refreshUser();
      // refreshUser logs out (and toasts in English) when it fails; the Spanish toast follows it.
      if (!useAppStore.getState().token) {
        toast.error(PAYMENT_REFRESH_FAILED, { toastId: 'payment-refresh-failed' });
        setFailed(true);
        return;
      }
      toast.success(PAYMENT_SUCCESS, { toastId: 'payment-success' });
      navigate('/app/home', { replace: true });
    })();
  }, [sessionId, refreshUser, navigate]);

  if (!sessionId || failed) {
    return (
      <ContentLayout title={PAYMENT_NOT_CONFIRMED_HEADING}>
        <FormMessage tone="error">{sessionId ? PAYMENT_REFRESH_FAILED_TEXT : PAYMENT_NO_SESSION_TEXT}</FormMessage>
        <p className="payment-actions">
          <Link to="/app/home" className="button button-primary">
            Go to my workspace
          </Link>{' '}
          <Link to="/pricing" className="button button-ghost">
            {BACK_TO_PRICING}
          </Link>
        </p>
      </ContentLayout>
    );
  }
  return (
    <ContentLayout title={PAYMENT_CONFIRMING_HEADING}>
      <p className="lead" role="status">
        {PAYMENT_CONFIRMING}
      </p>
    </ContentLayout>
  );
}
