import { toast } from '@/lib/toast';
import type { RegisterHandlers } from '@/lib/socket';
import { OUTCOME_PREFIX } from '../messages';

/** A scheduled action's outcome arrives as a notification: it is also toasted, whatever screen is open. */
export const registerScheduleHandlers: RegisterHandlers = (socket) => {
  socket.on('notification', (notification) => {
    if (!notification.message.startsWith(OUTCOME_PREFIX)) return;
    const ran = notification.message.includes(' ran:');
    (ran ? toast.success : toast.warning)(notification.message, { toastId: `schedule-outcome-${notification.id}` });
  });
};
