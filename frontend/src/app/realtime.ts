import { registerFlagHandlers } from '@/features/admin-report/realtime/register-flag-handlers';
import { registerSessionHandlers } from '@/features/auth/realtime/register-session-handlers';
import { registerContactImportHandlers } from '@/features/contacts/realtime/register-contact-import-handlers';
import { registerReplayHandlers } from '@/features/founder-analytics/realtime/register-replay-handlers';
import { forgetNotifications } from '@/features/notifications/api/notifications-query';
import { registerNotificationHandlers } from '@/features/notifications/realtime/register-notification-handlers';
import { registerScheduleHandlers } from '@/features/scheduling/realtime/register-schedule-handlers';
import { forgetKeptWorkspace } from '@/features/workspace/api/kept-workspace';
import { forgetMatches } from '@/features/workspace/api/matches-query';
import { registerWorkspaceHandlers } from '@/features/workspace/realtime/register-workspace-handlers';
import { startRealtime } from '@/lib/socket';
import { useAppStore } from '@/stores/app-store';

/** Wires the features' socket handlers to the one session socket; returns the stop function. */
export function startAppRealtime(): () => void {
  return startRealtime({
    handlers: [
      registerSessionHandlers,
      registerNotificationHandlers,
      registerWorkspaceHandlers,
      registerFlagHandlers,
      registerReplayHandlers,
      registerScheduleHandlers,
      registerContactImportHandlers,
    ],
    session: useAppStore,
    // The next account must not see this one's notifications, matches, shuffle count or workspace.
    onSessionEnd: () => {
      forgetNotifications();
      forgetMatches();
      forgetKeptWorkspace();
    },
  });
}
