import { registerSessionHandlers } from '@/features/auth/realtime/register-session-handlers';
import { registerNotificationHandlers } from '@/features/notifications/realtime/register-notification-handlers';
import { startRealtime } from '@/lib/socket';
import { useAppStore } from '@/stores/app-store';

/** Wires the features' socket handlers to the one session socket; returns the stop function. */
export function startAppRealtime(): () => void {
  return startRealtime({
    handlers: [registerSessionHandlers, registerNotificationHandlers],
    // The next account must not see this one's notifications.
    onSessionEnd: () => useAppStore.getState().resetNotifications(),
  });
}
