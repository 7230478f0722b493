import { forgetOwnContent, refreshOwnContents, replaceOwnContent, updateOwnContents } from '@/lib/api/own-contents';
import type { RegisterHandlers } from '@/lib/socket';
import { useAppStore } from '@/stores/app-store';
import { applyContentProgress, forgetQueuedContent, refreshKeptWorkspace, replaceQueuedContent } from '../api/kept-workspace';
import { refreshMatchesQuietly, shownMatchLists } from '../api/matches-query';
import { matchesChangeConcerns } from '../workspace-rules';

/** A `matches:changed` refresh waits this long, plus up to the spread (so tabs do not all fetch at once). */
export const MATCHES_REFRESH_MIN_MS = 300;
export const MATCHES_REFRESH_SPREAD_MS = 1500;

/**
 * `content:progress` moves the user's own content towards its required shares without a reload, and
 * `content:updated` replaces it when it is released, paused, resumed or moderated, `content:removed` drops it;
 * `workspace:updated` (a toggle, a reset or a share in any tab or device of this user) fetches the kept
 * workspace again; `matches:changed` (another creator's content entered the match pools) refreshes the
 * match list when it may concern it. After a reconnect the own list and the workspace, if loaded, are fetched again for the
 * pushes missed meanwhile.
 */
export const registerWorkspaceHandlers: RegisterHandlers = (socket, onReconnect) => {
  socket.on('content:progress', (progress) => {
    const { content_id: contentId, share_count: shareCount, required_shares: requiredShares, status } = progress;
    // Pushes can overtake each other; a count never goes back.
    updateOwnContents((item) =>
      item.id === contentId ? { ...item, share_count: Math.max(item.share_count, shareCount), required_shares: requiredShares, status } : item,
    );
    applyContentProgress(progress);
  });
  socket.on('workspace:updated', () => void refreshKeptWorkspace());
  // Released, paused, resumed or moderated: the owner's content as it is now, wherever it is listed.
  socket.on('content:updated', (content) => {
    replaceOwnContent(content);
    replaceQueuedContent(content);
  });
  // Deleted in another tab or removed by an admin: out of every list here too, without a reload.
  socket.on('content:removed', ({ content_id: contentId }) => {
    forgetOwnContent(contentId);
    forgetQueuedContent(contentId);
  });
  // New content in the match pools: a list it may concern follows, quietly. Pushes within a moment are one
  // fetch, and tabs spread their fetches over a second or two rather than all asking at once.
  let matchesRefresh: ReturnType<typeof setTimeout> | undefined;
  socket.on('matches:changed', (change) => {
    const shown = shownMatchLists();
    if (shown.length === 0 || matchesRefresh !== undefined) return;
    if (!shown.some((list) => matchesChangeConcerns(change, useAppStore.getState().user, list.items.length))) return;
    matchesRefresh = setTimeout(() => {
      matchesRefresh = undefined;
      void refreshMatchesQuietly();
    }, MATCHES_REFRESH_MIN_MS + Math.random() * MATCHES_REFRESH_SPREAD_MS);
  });
  onReconnect(() => {
    void refreshOwnContents();
    void refreshKeptWorkspace();
  });
};
