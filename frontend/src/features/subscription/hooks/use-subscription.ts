import { useEffect, useState } from 'react';
import { getSubscription, type SubscriptionDto } from '../api/get-subscription';

/**
 * The account's subscription while `enabled` (the plan window is open for a Premium user): fetched each
 * time it opens, since the portal changes it outside the app. `failed` when it could not be read.
 */
export function useSubscription(enabled: boolean) {
  const [subscription, setSubscription] = useState<SubscriptionDto | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    setFailed(false);
    getSubscription().then(
      (data) => {
        if (current) setSubscription(data);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [enabled]);

  return { subscription: enabled ? subscription : null, failed };
}
