import { useCallback, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { createPortalSession, goToPortal } from '../api/create-portal-session';
import { isCheckoutUrl } from '../api/create-checkout-session';
import { PORTAL_FAILED } from '../messages';

/** 'Manage subscription': opens the provider's portal (cancel, resume, invoices) for the signed-in account. */
export function useManageSubscription() {
  const [busy, setBusy] = useState(false);
  const manage = useCallback(async () => {
    setBusy(true);
    try {
      const { url } = await createPortalSession();
      if (!isCheckoutUrl(url)) throw new Error('invalid portal URL');
      goToPortal(url);
    } catch (error) {
      toast.error(errorMessage(error, PORTAL_FAILED), { toastId: 'portal-failed' });
      setBusy(false);
    }
  }, []);
  return { manage, busy };
}
