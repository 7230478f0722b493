import { useCallback, useEffect, useRef, useState } from 'react';
import type { ModeratedItemDto } from '@crossfeed/domain/api/flags.dto.ts';
import type { ModerationStatus } from '@crossfeed/domain/rules/content-types.ts';
import { toast } from '@/lib/toast';
import { appendPage, PAGE_SIZE } from '@/lib/paging';
import { getModeratedContent } from '../api/get-moderated-content';
import { ADMIN_REPORT_MESSAGES } from '../messages';
import { flagFeed } from '../realtime/flag-feed';

export type ModeratedListStatus = 'loading' | 'ready' | 'error';

/**
 * The "Moderated content" view's list: the first page of GET /admin/content for the chosen status, further
 * pages on "Load more"; a pushed moderation change updates the listed item, a reconnect reloads.
 */
export function useModeratedContent(filter: ModerationStatus | null) {
  const [status, setStatus] = useState<ModeratedListStatus>('loading');
  const [items, setItems] = useState<ModeratedItemDto[]>([]);
  const [total, setTotal] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setStatus('loading');
    setLoadingMore(false);
    getModeratedContent(filter, { offset: 0, limit: PAGE_SIZE }, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setItems(page.items);
        setTotal(page.total);
        setStatus('ready');
      },
      () => {
        if (!controller.signal.aborted) setStatus('error');
      },
    );
  }, [filter]);

  useEffect(() => {
    load();
    return () => controllerRef.current?.abort();
  }, [load]);

  const loadMore = useCallback(() => {
    if (status !== 'ready' || loadingMore || items.length >= total) return;
    const controller = new AbortController();
    controllerRef.current = controller;
    setLoadingMore(true);
    getModeratedContent(filter, { offset: items.length, limit: PAGE_SIZE }, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setItems((current) => appendPage(current, page.items));
        setTotal(page.total);
        setLoadingMore(false);
      },
      () => {
        if (controller.signal.aborted) return;
        toast.error(ADMIN_REPORT_MESSAGES.moderatedFetchFailed, { toastId: 'admin-moderated-fetch' });
        setLoadingMore(false);
      },
    );
  }, [filter, status, loadingMore, items.length, total]);

  /** Applies a change to one listed item (after the admin's own status change). */
  const update = useCallback((id: string, change: Partial<ModeratedItemDto>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  useEffect(
    () =>
      flagFeed.subscribe((event) => {
        if (event.type === 'resync') load();
        else if (event.type === 'updated' && event.update.status !== undefined) update(event.update.content_id, { status: event.update.status });
        else if (event.type === 'updated' && event.update.deleted && !event.update.flag_id) update(event.update.content_id, { status: 'deleted', removed: true });
      }),
    [load, update],
  );

  return { status, items, total, loadingMore, loadMore, update, retry: load };
}
