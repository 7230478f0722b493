import type { RegisterHandlers } from '@/lib/socket';
import { contactImportFeed, readImportProgress } from './contact-import-feed';

/** `contacts:import` (sent to `user:{id}`) feeds the progress bar of the bulk upload form. */
export const registerContactImportHandlers: RegisterHandlers = (socket) => {
  // Pushed after each command of a large import (docs/features/contact-import.md); checked before use all the same.
  socket.on('contacts:import', (payload) => {
    const progress = readImportProgress(payload);
    if (progress) contactImportFeed.publish(progress);
  });
};
