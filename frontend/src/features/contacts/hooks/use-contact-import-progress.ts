import { useEffect, useState } from 'react';
import { contactImportFeed, type ContactImportProgress } from '../realtime/contact-import-feed';

/**
 * The latest `contacts:import` push while the import `runId` runs (null: none runs). Null until the first
 * push: a file of one chunk gets none, and the bar stays indeterminate until the answer.
 */
export function useContactImportProgress(runId: number | null): ContactImportProgress | null {
  const [latest, setLatest] = useState<{ runId: number; progress: ContactImportProgress } | null>(null);
  useEffect(() => {
    if (runId === null) return;
    return contactImportFeed.subscribe((progress) => setLatest({ runId, progress }));
  }, [runId]);
  // A push of an earlier run is not this one's.
  return latest !== null && latest.runId === runId ? latest.progress : null;
}
