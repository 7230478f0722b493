import { useEffect, useState } from 'react';
import { contactImportFeed, type ContactImportProgress } from '../realtime/contact-import-feed';

/**
 * The latest `contacts:import` push of the import `importId` (null: none runs). Null until the first push:
 * a file of one chunk gets none, and the bar stays indeterminate until the answer. Pushes of another import
 * (an earlier one, or one from another tab of the same creator) are not this one's.
 */
export function useContactImportProgress(importId: string | null): ContactImportProgress | null {
  const [latest, setLatest] = useState<ContactImportProgress | null>(null);
  useEffect(() => {
    if (importId === null) return;
    return contactImportFeed.subscribe((progress) => {
      if (progress.importId === importId) setLatest(progress);
    });
  }, [importId]);
  return latest !== null && latest.importId === importId ? latest : null;
}
