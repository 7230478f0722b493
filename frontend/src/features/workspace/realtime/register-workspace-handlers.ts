import type { RegisterHandlers } from '@/lib/socket';
import { useAppStore } from '@/stores/app-store';

/**
 * `content:progress` moves the user's own content towards its required shares without a reload; after a
 * reconnect the own list, if the workspace has loaded it, is fetched again for the pushes missed meanwhile.
 */
export const registerWorkspaceHandlers: RegisterHandlers = (socket, onReconnect) => {
  socket.on('content:progress', (progress) => {
    useAppStore.getState().applyContentProgress(progress);
  });
  // Released, paused, resumed or moderated: the owner's content as it is now, wherever it is listed.
  socket.on('content:updated', (content) => {
    useAppStore.getState().replaceOwnContent(content);
  });
  onReconnect(() => {
    const state = useAppStore.getState();
    if (state.ownContentsStatus !== 'idle') void state.fetchOwnContents({ refresh: true });
  });
};
