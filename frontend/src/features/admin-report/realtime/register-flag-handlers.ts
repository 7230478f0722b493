import type { RegisterHandlers } from '@/lib/socket';
import { flagFeed } from './flag-feed';

/** `flag:created` and `flag:updated` (sent to the `admins` room only) feed the open admin report. */
export const registerFlagHandlers: RegisterHandlers = (socket, onReconnect) => {
  socket.on('flag:created', (flag) => flagFeed.publish({ type: 'created', flag }));
  socket.on('flag:updated', (update) => flagFeed.publish({ type: 'updated', update }));
  onReconnect(() => flagFeed.publish({ type: 'resync' }));
};
