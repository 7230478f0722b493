import type { RegisterHandlers } from '@/lib/socket';
import { receiveFlag, receiveFlagUpdate, resyncAdminLists } from '../api/flags-cache';
import { flagArrivals } from './flag-arrivals';

/**
 * `flag:created` and `flag:updated` (sent to the `admins` room only) write the admin report's lists in the
 * query cache; a new flag is also announced to an open report. A reconnect reads the lists again.
 */
export const registerFlagHandlers: RegisterHandlers = (socket, onReconnect) => {
  socket.on('flag:created', (flag) => {
    receiveFlag(flag);
    flagArrivals.publish(flag);
  });
  socket.on('flag:updated', receiveFlagUpdate);
  onReconnect(resyncAdminLists);
};
