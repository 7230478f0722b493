import { toast } from '@/lib/toast';

/** Toast texts used from more than one feature (SPEC §8). */
export const SESSION_EXPIRED = 'Session expired. Please log in again.';

/** Fixed ids keep a message from stacking when several calls fail at once (or StrictMode runs twice). */
export function notifySessionExpired(): void {
  toast.warning(SESSION_EXPIRED, { toastId: 'session-expired' });
}
