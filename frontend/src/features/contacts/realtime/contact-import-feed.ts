import { createFeed } from '@/lib/feed';

/** `contacts:import`: how many of the file's rows an import running for this user has gone through. */
export type ContactImportProgress = { done: number; total: number; importId: string | null };

/** The pushes, fanned out to the bulk upload form while it imports (nothing is kept while none listens). */
export const contactImportFeed = createFeed<ContactImportProgress>();

/** A usable push: finite, non-negative counts with `done` at most `total`; anything else is dropped. */
export function readImportProgress(payload: unknown): ContactImportProgress | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { done, total, import_id: importId } = payload as { done?: unknown; total?: unknown; import_id?: unknown };
  if (typeof done !== 'number' || typeof total !== 'number') return null;
  if (!Number.isFinite(done) || !Number.isFinite(total) || done < 0 || total <= 0) return null;
  return { done: Math.min(done, total), total, importId: typeof importId === 'string' ? importId : null };
}
