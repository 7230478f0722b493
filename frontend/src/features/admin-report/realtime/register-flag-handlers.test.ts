import { describe, expect, it, vi } from 'vitest';
import type { FlagDto } from '@crossfeed/domain/api/realtime-events.ts';
import { queryClient } from '@/lib/query/query-client';
import { pagedListItems } from '@/lib/query/use-paged-list';
import type { AppSocket } from '@/lib/socket';
import { FakeSocket } from '@/testing/fake-socket';
import { FLAGS_KEY } from '../api/flags-cache';
import { flagArrivals } from './flag-arrivals';
import { registerFlagHandlers } from './register-flag-handlers';

const flag = (id: string, contentId = `c-${id}`): FlagDto => ({
  id,
  content_id: contentId,
  reason: 'Spam',
  created_at: '2026-03-01T12:30:00.000Z',
  user: { username: 'reporter' },
  content: { title: `Post ${id}`, content_type: 'video', categories: [], status: 'active' },
});

describe('registerFlagHandlers', () => {
  it('writes flag:created and flag:updated into the cached flag list, announces new flags, and reads the list again after a reconnect', async () => {
    queryClient.setQueryDefaults(FLAGS_KEY, { gcTime: Number.POSITIVE_INFINITY });
    queryClient.setQueryData(FLAGS_KEY, { pages: [{ items: [flag('1')], total: 1 }], pageParams: [{ offset: 0, limit: 20 }] });
    const socket = new FakeSocket();
    let reconnect: (() => void) | undefined;
    registerFlagHandlers(socket as unknown as AppSocket, (listener) => {
      reconnect = listener;
    });
    const announced: FlagDto[] = [];
    const unsubscribe = flagArrivals.subscribe((pushed) => announced.push(pushed));

    socket.push('flag:created', flag('2'));
    expect(pagedListItems<FlagDto>(FLAGS_KEY)?.map((item) => item.id)).toEqual(['2', '1']);
    socket.push('flag:updated', { content_id: 'c-1', status: 'under_review' });
    expect(pagedListItems<FlagDto>(FLAGS_KEY)?.find((item) => item.id === '1')?.content.status).toBe('under_review');
    socket.push('flag:updated', { flag_id: '2', content_id: 'c-2', deleted: true });
    expect(pagedListItems<FlagDto>(FLAGS_KEY)?.map((item) => item.id)).toEqual(['1']);
    expect(announced.map((item) => item.id)).toEqual(['2']);

    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    reconnect?.();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: FLAGS_KEY });
    unsubscribe();
    queryClient.setQueryDefaults(FLAGS_KEY, {});
  });
});
