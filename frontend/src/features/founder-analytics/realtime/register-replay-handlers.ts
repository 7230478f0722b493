import type { RegisterHandlers } from '@/lib/socket';
import { replayFeed } from './replay-feed';

/** `replay:progress` (sent to the `admins` room) feeds the founder analytics page's progress bar. */
export const registerReplayHandlers: RegisterHandlers = (socket, onReconnect) => {
  socket.on('replay:progress', (progress) => replayFeed.publish({ type: 'progress', progress }));
  onReconnect(() => replayFeed.publish({ type: 'resync' }));
};
