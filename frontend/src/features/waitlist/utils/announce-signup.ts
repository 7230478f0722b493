import { toast } from '@/lib/toast';
import { CONFIRM_REMINDER_DELAY_MS, LONG_TOAST_MS } from '../constants';
import { CONFIRM_EMAIL_REMINDER, JOIN_SUCCESS } from '../messages';

/**
 * SPEC §8 Waitlist success toasts: 'Almost there!…' at once, then after 1 s the confirmation reminder,
 * shown for 8 s. The reminder is not tied to the page: it still shows if the visitor moves on meanwhile.
 */
export function announceWaitlistSignup(): void {
  toast.success(JOIN_SUCCESS, { toastId: 'waitlist-joined' });
  setTimeout(() => {
    toast.info(CONFIRM_EMAIL_REMINDER, { toastId: 'waitlist-confirm-email', autoClose: LONG_TOAST_MS });
  }, CONFIRM_REMINDER_DELAY_MS);
}
