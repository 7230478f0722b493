import type { RegisterHandlers } from '@/lib/socket';
import { useAppStore } from '@/stores/app-store';

/**
 * `content:progress` moves the user's own content towards its required shares without a reload, and
 * `content:updated` replaces it when it is released, paused, resumed or moderated, `content:removed` drops it;
 * `workspace:updated` (a toggle, a reset or a share in any tab or device of this user) fetches the kept
 * workspace again. After a reconnect the own list and the workspace, if loaded, are fetched again for the
 * pushes missed meanwhile.
 */
export const registerWorkspaceHandlers: RegisterHandlers = (socket, onReconnect) => {
  socket.on('content:progress', (progress) => {
    useAppStore.getState().applyContentProgress(progress);
  });
  socket.on('workspace:updated', () => {
    const state = useAppStore.getState();
    if (state.workspaceStatus !== 'idle') void state.fetchWorkspace();
  });
  // Released, paused, resumed or moderated: the owner's content as it is now, wherever it is listed.
  socket.on('content:updated', (content) => {
    useAppStore.getState().replaceOwnContent(content);
  });
  // Deleted in another tab or removed by an admin: out of every list here too, without a reload.
  socket.on('content:removed', ({ content_id: contentId }) => {
    useAppStore.getState().forgetContent(contentId);
  });
  onReconnect(() => {
    const state = useAppStore.getState();
    if (state.ownContentsStatus !== 'idle') void state.fetchOwnContents({ refresh: true });
    if (state.workspaceStatus !== 'idle') void state.fetchWorkspace();
  });
};
