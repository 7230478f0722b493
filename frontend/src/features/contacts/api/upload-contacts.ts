import { api } from '@/lib/api-client';
import type { ContactImportAnswer, ContactMapping } from '@crossfeed/domain/api/contact-import.dto.ts';

export type {
  ContactImportAnswer,
  ContactImportCounts,
  ContactMapping,
  ContactPreviewRow,
  RejectedContactRow,
} from '@crossfeed/domain/api/contact-import.dto.ts';

export type UploadContactsOptions = {
  /** Absent: the server's detected mapping. */
  mapping?: ContactMapping | null;
  /** Answers what the import would do and writes nothing. */
  dryRun?: boolean;
  /** Echoed in the `contacts:import` pushes of this import, so that the form follows its own. */
  importId?: string;
  signal?: AbortSignal;
};

/**
 * POST /contacts/bulk (`?dry_run=true` for a preview), multipart: `mapping` (a JSON string, only when one is
 * chosen) and the file in `file` (.csv or .json, an e-mail tool's export as it is). A file that cannot be
 * read is refused whole with a 400 detail (no e-mail column, malformed, too many rows); too large a 413;
 * past the contact cap a 429.
 */
export function uploadContacts(file: File, { mapping, dryRun = false, importId, signal }: UploadContactsOptions = {}): Promise<ContactImportAnswer> {
  const formData = new FormData();
  if (importId) formData.append('import_id', importId);
  // Before the file, so a parser that streams the parts knows the mapping when the rows arrive.
  if (mapping) formData.append('mapping', JSON.stringify({ email: mapping.email, name: mapping.name }));
  formData.append('file', file, file.name);
  return api.post<ContactImportAnswer>('/contacts/bulk', undefined, {
    formData,
    query: dryRun ? { dry_run: 'true' } : undefined,
    signal,
  });
}
