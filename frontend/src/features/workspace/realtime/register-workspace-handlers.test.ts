import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppSocket } from '@/lib/socket';
import { useAppStore } from '@/stores/app-store';
import { FakeSocket } from '@/testing/fake-socket';
import { makeUser } from '@/testing/fixtures';
import { makeContent } from '@/testing/make-content';
import { showOwnContents } from '@/testing/own-contents';
import { registerWorkspaceHandlers } from './register-workspace-handlers';

describe('registerWorkspaceHandlers', () => {
  let socket: FakeSocket;
  const kept: ContentDto = makeContent('c1', { title: 'Kept' });
  const removed: ContentDto = makeContent('c2', { title: 'Removed by an admin' });

  let own: Awaited<ReturnType<typeof showOwnContents>>;

  beforeEach(async () => {
    socket = new FakeSocket();
    registerWorkspaceHandlers(socket as unknown as AppSocket, () => undefined);
    own = await showOwnContents([kept, removed]);
    useAppStore.setState({ selectedContents: [removed] });
  });

  it('content:removed drops the item from the own list and the selection without a reload', async () => {
    socket.push('content:removed', { content_id: 'c2', by: 'admin' });
    await waitFor(() => expect(own.contents().map((content) => content.id)).toEqual(['c1']));
    expect(own.total()).toBe(1);
    expect(useAppStore.getState().selectedContents).toEqual([]);
  });

  it('content:updated shows a user flag on the item (its reason)', async () => {
    socket.push('content:updated', { ...kept, moderation_reason: 'Spam link' });
    await waitFor(() => expect(own.contents()[0]?.moderation_reason).toBe('Spam link'));
  });

  describe('matches:changed', () => {
    const fetchMatchedContent = vi.fn(async () => {});
    const user = makeUser({ id: 'me', profile: { name: 'Me', bio: '', categories: ['science'], interests: ['Rivers'], content_type: 'article', audience_score: null } });
    const full = ['m1', 'm2', 'm3', 'm4'].map((id) => makeContent(id));
    beforeEach(() => {
      vi.useFakeTimers();
      fetchMatchedContent.mockClear();
      useAppStore.setState({ user, matchedStatus: 'ready', matchedContents: full, fetchMatchedContent });
    });
    afterEach(() => vi.useRealTimers());

    it("refreshes the list quietly, once for pushes close together, when another creator's related content arrives", () => {
      socket.push('matches:changed', { content_id: 'n1', categories: ['science'], user_id: 'other' });
      socket.push('matches:changed', { content_id: 'n2', categories: ['rivers'], user_id: 'other' });
      expect(fetchMatchedContent).not.toHaveBeenCalled();
      vi.advanceTimersByTime(2000);
      expect(fetchMatchedContent).toHaveBeenCalledTimes(1);
      expect(fetchMatchedContent).toHaveBeenCalledWith({ quiet: true });
    });

    it('fetches nothing for own content, unrelated content on a full list, or a list not loaded', () => {
      socket.push('matches:changed', { content_id: 'n1', categories: ['science'], user_id: 'me' });
      socket.push('matches:changed', { content_id: 'n2', categories: ['cooking'], user_id: 'other' });
      useAppStore.setState({ matchedStatus: 'loading' });
      socket.push('matches:changed', { content_id: 'n3', categories: ['science'], user_id: 'other' });
      vi.advanceTimersByTime(2000);
      expect(fetchMatchedContent).not.toHaveBeenCalled();
    });

    it('a list not full yet takes unrelated content too (it is topped up with it)', () => {
      useAppStore.setState({ matchedContents: full.slice(0, 2) });
      socket.push('matches:changed', { content_id: 'n2', categories: ['cooking'], user_id: 'other' });
      vi.advanceTimersByTime(2000);
      expect(fetchMatchedContent).toHaveBeenCalledTimes(1);
    });
  });
});
