import { queryClient } from '@/lib/query/query-client';
import { toast } from '@/lib/toast';
import type { RegisterHandlers } from '@/lib/socket';
import { SCHEDULES_KEY } from '../api/get-schedules';

/**
 * `schedule:ran`: a scheduled action ran or failed. It is toasted, whatever screen is open (its notification
 * also reaches the list), and the Scheduled list, when shown, asks again (as after a reconnect, which may
 * have missed outcomes).
 */
export const registerScheduleHandlers: RegisterHandlers = (socket, onReconnect) => {
  onReconnect(() => void queryClient.invalidateQueries({ queryKey: SCHEDULES_KEY }));
  socket.on('schedule:ran', (outcome) => {
    void queryClient.invalidateQueries({ queryKey: SCHEDULES_KEY });
    (outcome.outcome === 'ok' ? toast.success : toast.warning)(outcome.message, { toastId: `schedule-outcome-${outcome.schedule_id}` });
  });
};
