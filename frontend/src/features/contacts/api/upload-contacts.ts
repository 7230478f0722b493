import { api } from '@/lib/api-client';

/** One refused row of the file: its 1-based data row (header excluded), its email and why. */
export type RejectedContactRow = { row: number; email: string; reason: string };

/** POST /contacts/bulk answers how many contacts were added and each row it refused. */
export type UploadContactsResult = { message: string; added: number; rejected: RejectedContactRow[] };

/**
 * POST /contacts/bulk, multipart with the file in the `file` field (.csv with a name,email header row, or
 * .json array of { name, email }). A malformed file is refused whole with a 400 detail; too large a 413.
 */
export function uploadContacts(file: File): Promise<UploadContactsResult> {
  const formData = new FormData();
  formData.append('file', file, file.name);
  return api.post<UploadContactsResult>('/contacts/bulk', undefined, { formData });
}
