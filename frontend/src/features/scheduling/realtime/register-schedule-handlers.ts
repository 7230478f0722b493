import { queryClient } from '@/lib/query/query-client';
import { toast } from '@/lib/toast';
import type { RegisterHandlers } from '@/lib/socket';
import { SCHEDULES_KEY } from '../api/get-schedules';
import { OUTCOME_PREFIX } from '../messages';

/**
 * A scheduled action's outcome arrives as a notification: it is also toasted, whatever screen is open, and
 * the Scheduled list, when shown, asks again (as after a reconnect, which may have missed outcomes).
 */
export const registerScheduleHandlers: RegisterHandlers = (socket, onReconnect) => {
  onReconnect(() => void queryClient.invalidateQueries({ queryKey: SCHEDULES_KEY }));
  socket.on('notification', (notification) => {
    if (!notification.message.startsWith(OUTCOME_PREFIX)) return;
    void queryClient.invalidateQueries({ queryKey: SCHEDULES_KEY });
    const ran = notification.message.includes(' ran:');
    (ran ? toast.success : toast.warning)(notification.message, { toastId: `schedule-outcome-${notification.id}` });
  });
};
