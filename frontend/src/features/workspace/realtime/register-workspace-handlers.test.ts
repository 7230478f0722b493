import type { ContentDto } from '@crossfeed/domain/api/content.dto.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppSocket } from '@/lib/socket';
import { useAppStore } from '@/stores/app-store';
import { FakeSocket } from '@/testing/fake-socket';
import { makeContent } from '@/testing/make-content';
import { registerWorkspaceHandlers } from './register-workspace-handlers';

describe('registerWorkspaceHandlers', () => {
  let socket: FakeSocket;
  const kept: ContentDto = makeContent('c1', { title: 'Kept' });
  const removed: ContentDto = makeContent('c2', { title: 'Removed by an admin' });

  beforeEach(() => {
    socket = new FakeSocket();
    registerWorkspaceHandlers(socket as unknown as AppSocket, () => undefined);
    useAppStore.setState({ ownContents: [kept, removed], ownContentsTotal: 2, selectedContents: [removed] });
  });

  it('content:removed drops the item from the own list and the selection without a reload', () => {
    socket.push('content:removed', { content_id: 'c2', by: 'admin' });
    const state = useAppStore.getState();
    expect(state.ownContents.map((content) => content.id)).toEqual(['c1']);
    expect(state.ownContentsTotal).toBe(1);
    expect(state.selectedContents).toEqual([]);
  });

  it('content:updated shows a user flag on the item (its reason)', () => {
    socket.push('content:updated', { ...kept, moderation_reason: 'Spam link' });
    expect(useAppStore.getState().ownContents[0]?.moderation_reason).toBe('Spam link');
  });
});
