import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormMessage } from '@/components/ui/form-message';
import { ApiError } from '@/lib/api-client';
import { createCheckoutSession, goToCheckout, isCheckoutUrl } from '../api/create-checkout-session';
import { CHECKOUT_FAILED, CHECKOUT_URL_INVALID } from '../messages';

/** /checkout: asks the server for a checkout session and leaves for its `checkout_url`. */
export function CheckoutRedirect() {
  const [error, setError] = useState<string | null>(null);
  // StrictMode mounts twice in development; one session is enough.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    createCheckoutSession().then(
      (session) => {
        if (!isCheckoutUrl(session?.checkout_url)) setError(CHECKOUT_URL_INVALID);
        else goToCheckout(session.checkout_url);
      },
      (failure: unknown) => {
        // A 409 ('You are already a Premium user.') explains itself; anything else is the generic text.
        setError(failure instanceof ApiError && failure.status === 409 && failure.detail ? failure.detail : CHECKOUT_FAILED);
      },
    );
  }, []);

  if (error) {
    return (
      <div className="content-layout">
        <FormMessage tone="error">{error}</FormMessage>
        <Link to="/pricing" className="button button-primary">
          Back to pricing
        </Link>
      </div>
    );
  }
  return (
    <p className="lead" role="status">
      Taking you to the secure checkout…
    </p>
  );
}
