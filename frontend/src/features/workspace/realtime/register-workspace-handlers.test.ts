import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { queryClient } from '@/lib/query/query-client';
import type { AppSocket } from '@/lib/socket';
import { useAppStore } from '@/stores/app-store';
import { FakeSocket } from '@/testing/fake-socket';
import { makeUser } from '@/testing/fixtures';
import { makeContent } from '@/testing/make-content';
import { showKeptWorkspace } from '@/features/workspace/testing/show-kept-workspace';
import { showOwnContents } from '@/testing/own-contents';
import { MATCHES_KEY } from '../api/matches-query';
import { registerWorkspaceHandlers } from './register-workspace-handlers';

describe('registerWorkspaceHandlers', () => {
  let socket: FakeSocket;
  const kept: ContentDto = makeContent('c1', { title: 'Kept' });
  const removed: ContentDto = makeContent('c2', { title: 'Removed by an admin' });

  let own: Awaited<ReturnType<typeof showOwnContents>>;
  let queue: Awaited<ReturnType<typeof showKeptWorkspace>>;

  beforeEach(async () => {
    socket = new FakeSocket();
    registerWorkspaceHandlers(socket as unknown as AppSocket, () => undefined);
    own = await showOwnContents([kept, removed]);
    queue = await showKeptWorkspace({ contents: [removed] });
  });

  it('content:removed drops the item from the own list and the selection without a reload', async () => {
    socket.push('content:removed', { content_id: 'c2', by: 'admin' });
    await waitFor(() => expect(own.contents().map((content) => content.id)).toEqual(['c1']));
    expect(own.total()).toBe(1);
    await waitFor(() => expect(queue.workspace().contents).toEqual([]));
  });

  it('content:updated shows a user flag on the item (its reason)', async () => {
    socket.push('content:updated', { ...kept, moderation_reason: 'Spam link' });
    await waitFor(() => expect(own.contents()[0]?.moderation_reason).toBe('Spam link'));
  });

  describe('matches:changed', () => {
    const user = makeUser({ id: 'me', profile: { name: 'Me', bio: '', categories: ['science'], interests: ['Rivers'], content_type: 'article', audience_score: null } });
    const full = ['m1', 'm2', 'm3', 'm4'].map((id) => makeContent(id));
    let get: ReturnType<typeof vi.spyOn>;
    const showList = (items: ContentDto[]) => queryClient.setQueryData([...MATCHES_KEY, 'standard'], { items, shuffled: false });
    beforeEach(() => {
      vi.useFakeTimers();
      // The lists stand for ones on screen: no component observes them here, so they are kept by hand.
      queryClient.setQueryDefaults(MATCHES_KEY, { gcTime: Infinity });
      get = vi.spyOn(api, 'get').mockResolvedValue([]);
      useAppStore.setState({ user });
      showList(full);
    });
    afterEach(() => {
      vi.useRealTimers();
      queryClient.removeQueries({ queryKey: MATCHES_KEY });
      queryClient.setQueryDefaults(MATCHES_KEY, {});
    });
    const matchReads = () => get.mock.calls.filter((call: unknown[]) => call[0] === '/content/match').length;

    it("refreshes the list quietly, once for pushes close together, when another creator's related content arrives", () => {
      socket.push('matches:changed', { content_id: 'n1', categories: ['science'], user_id: 'other' });
      socket.push('matches:changed', { content_id: 'n2', categories: ['rivers'], user_id: 'other' });
      expect(matchReads()).toBe(0);
      vi.advanceTimersByTime(2000);
      expect(matchReads()).toBe(1);
    });

    it('fetches nothing for own content, unrelated content on a full list, or a list not loaded', () => {
      socket.push('matches:changed', { content_id: 'n1', categories: ['science'], user_id: 'me' });
      socket.push('matches:changed', { content_id: 'n2', categories: ['cooking'], user_id: 'other' });
      queryClient.removeQueries({ queryKey: MATCHES_KEY });
      socket.push('matches:changed', { content_id: 'n3', categories: ['science'], user_id: 'other' });
      vi.advanceTimersByTime(2000);
      expect(matchReads()).toBe(0);
    });

    it('a list not full yet takes unrelated content too (it is topped up with it)', () => {
      showList(full.slice(0, 2));
      socket.push('matches:changed', { content_id: 'n2', categories: ['cooking'], user_id: 'other' });
      vi.advanceTimersByTime(2000);
      expect(matchReads()).toBe(1);
    });
  });
});
