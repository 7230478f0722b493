import { api } from '@/lib/api-client';
import type { ContactStatus } from '@/lib/api/contacts';

/** One refused row of the file: its 1-based data row (header excluded), its email as written and why. */
export type RejectedContactRow = { row: number; email: string; reason: string };

/**
 * Which columns make a contact, as the file's header spells them: the e-mail column, and the columns joined
 * (with a space) into the name; `[]` makes every name from its address.
 */
export type ContactMapping = { email: string; name: string[] };

/** What the import does (or, for a dry run, would do) with the file's rows (docs/contact-import.md). */
export type ContactImportCounts = {
  rows: number;
  /** Rows that become contacts, suppressed ones included. */
  new: number;
  /** Of the new ones, those the file marks as gone: kept, never e-mailed. */
  suppressed: number;
  /** Rows whose mailbox is already a contact, or an earlier row of the same file. */
  existing: number;
  /** Rows the contact rule refuses. */
  invalid: number;
};

/** One of the first rows as it would be stored (a name made from the address where the file has none). */
export type ContactPreviewRow = { row: number; name: string; email: string; status: ContactStatus };

/** POST /contacts/bulk's answer (200), for a dry run and an import alike (docs/contact-import.md). */
export type ContactImportAnswer = {
  message: string;
  dry_run: boolean;
  /** The counts in one sentence, e.g. `3 added (1 suppressed), 2 already in your contacts, 1 invalid.` */
  summary: string;
  format: 'csv' | 'json';
  /** The file's columns, as its header spells them. */
  columns: string[];
  /** The mapping used: the one sent, else the detected one; `status` the columns read for a person's status. */
  mapping: { email: string; name: string[]; status: string[] };
  counts: ContactImportCounts;
  added: number;
  rejected: RejectedContactRow[];
  preview: ContactPreviewRow[];
};

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
