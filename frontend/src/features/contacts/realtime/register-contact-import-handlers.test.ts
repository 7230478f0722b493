import { describe, expect, it } from 'vitest';
import type { AppSocket } from '@/lib/socket';
import { FakeSocket } from '@/testing/fake-socket';
import { contactImportFeed, type ContactImportProgress } from './contact-import-feed';
import { registerContactImportHandlers } from './register-contact-import-handlers';

describe('registerContactImportHandlers', () => {
  it('forwards usable contacts:import pushes to the import feed and drops malformed ones', () => {
    const socket = new FakeSocket();
    registerContactImportHandlers(socket as unknown as AppSocket, () => {});
    const received: ContactImportProgress[] = [];
    const unsubscribe = contactImportFeed.subscribe((progress) => received.push(progress));

    socket.push('contacts:import', { done: 12500, total: 50000, import_id: 'imp-1' });
    socket.push('contacts:import', { done: 'half', total: 50000 });
    socket.push('contacts:import', { done: 1, total: 0 });
    socket.push('contacts:import', null);
    socket.push('contacts:import', { done: 60000, total: 50000 });
    unsubscribe();
    socket.push('contacts:import', { done: 50000, total: 50000 });

    expect(received).toEqual([
      { done: 12500, total: 50000, importId: 'imp-1' },
      { done: 50000, total: 50000, importId: null },
    ]);
  });
});
