import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { FormMessage } from '@/components/ui/form-message';
import { useAppStore } from '@/stores/app-store';
import { NO_SESSION_ID, PAYMENT_REFRESH_FAILED, PAYMENT_SUCCESS } from '../messages';

/**
 * /success?session_id=…: the provider sends the user back here. The webhook has made them Premium, so the
 * user is reloaded, a Spanish toast confirms it, and the workspace opens (SPEC §2 Payment success).
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

  if (!sessionId) {
    return (
      <div className="content-layout">
        <FormMessage tone="error">{NO_SESSION_ID}</FormMessage>
        <Link to="/pricing" className="button button-primary">
          Volver a precios
        </Link>
      </div>
    );
  }
  if (failed) return <FormMessage tone="error">{PAYMENT_REFRESH_FAILED}</FormMessage>;
  return (
    <p className="lead" role="status">
      Confirmando tu pago…
    </p>
  );
}
