import { api } from '@/lib/api-client';
import { saveCsv } from '@/lib/save-csv';

/** The name the download is saved under. */
export const CONTACTS_CSV_NAME = 'contacts.csv';

/**
 * GET /contacts/export.csv with the session's token (`name,email,status,audience_score,added_at`, one row per
 * contact, oldest first), saved as contacts.csv. Rejects with the server's error and saves nothing.
 */
export async function exportContacts(): Promise<void> {
  const body = await api.get<unknown>('/contacts/export.csv');
  saveCsv(typeof body === 'string' ? body : '', CONTACTS_CSV_NAME);
}
