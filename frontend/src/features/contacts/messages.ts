import { SHARE_REASON_LABELS } from '@crossfeed/domain/rules/share-reasons.ts';
import type { ContactStatus } from '@/lib/api/contacts';

/** SPEC §2 Contacts, §5 Contact and Bulk upload, §8 Contacts: the contacts modal's texts. */
export const CONTACTS_TITLE = 'Contacts';
export const CONTACTS_LOADING = 'Loading contacts...';
export const CONTACTS_EMPTY = 'No contacts added yet.';
export const CONTACTS_FETCH_FAILED = 'Failed to fetch contacts.';
export const CONTACT_ADDED = 'Contact added successfully!';
export const CONTACT_ADD_FAILED = 'Failed to add contact.';
export const CONTACTS_UPLOADED = 'Contacts uploaded successfully!';
export const CONTACTS_UPLOAD_FAILED = 'Failed to upload contacts.';
export const CONTACT_DELETED = 'Contact deleted successfully!';
export const CONTACT_DELETE_FAILED = 'Failed to delete contact.';
export const CONTACT_DELETE_CONFIRM = 'Are you sure you want to delete this contact?';
export const CONTACTS_BATCH_DELETE_FAILED = 'Failed to delete contacts: nothing was deleted.';
export const CONTACTS_BATCH_PREMIUM = 'Select several contacts to delete them at once with Premium.';
export const contactsBatchDeleteQuestion = (count: number): string =>
  `Are you sure you want to delete ${count === 1 ? 'this contact' : `these ${count} contacts`}? This cannot be undone.`;

/**
 * A contact shares can no longer e-mail, by status (nothing is shown for an active one): the domain's words,
 * the ones the share modal gives for the same contact.
 */
export const CONTACT_STATUS_LABELS: Readonly<Record<Exclude<ContactStatus, 'active'>, string>> = {
  unsubscribed: SHARE_REASON_LABELS.unsubscribed,
  bounced: SHARE_REASON_LABELS.bounced,
  suppressed: SHARE_REASON_LABELS.suppressed,
};

/** A row of the import preview, by status. */
export const PREVIEW_STATUS_LABELS: Readonly<Record<ContactStatus, string>> = { active: 'Active', ...CONTACT_STATUS_LABELS };

/** Bulk upload: an e-mail tool's export, previewed (a dry run), then imported. */
export const CONTACTS_FILE_LABEL = 'Contacts file (.csv or .json)';
export const CONTACTS_FILE_HINT =
  'Exports of Mailchimp, Substack, Kit, beehiiv, Ghost, Google Contacts or Outlook work as they are, or any CSV with an e-mail column. People your list marks as unsubscribed or bounced are kept, and never e-mailed.';
export const PREVIEW_CHECKING = 'Checking the file...';
export const EMAIL_COLUMN_LABEL = 'E-mail column';
export const NAME_COLUMNS_LABEL = 'Name';
export const NAME_FROM_ADDRESS = 'Made from the e-mail address';
export const PREVIEW_TABLE_CAPTION = 'The first rows as they would be imported';
export const PREVIEW_COUNTS_LABEL = 'What the import would do';
export const SKIPPED_ROWS_LABEL = 'Skipped rows';
export const UPLOAD_BUTTON = 'Upload';
export const IMPORTING = 'Importing...';
export const NOTHING_TO_IMPORT = 'Nothing new to import';
export const IMPORT_PROGRESS_LABEL = 'Import progress';
export const IMPORT_WAITING = 'Starting the import...';
export const CONTACTS_EXPORT = 'Export CSV';
export const CONTACTS_EXPORTING = 'Exporting...';
export const CONTACTS_EXPORT_FAILED = 'Failed to export contacts.';

const count = (value: number): string => value.toLocaleString('en-US');
export const importButtonText = (added: number): string => `Import ${count(added)} ${added === 1 ? 'contact' : 'contacts'}`;
export const newCountText = (added: number, suppressed: number): string =>
  `${count(added)} new${suppressed > 0 ? ` (${count(suppressed)} suppressed \u2014 never e-mailed)` : ''}`;
export const existingCountText = (existing: number): string => `${count(existing)} already in your contacts`;
export const invalidCountText = (invalid: number): string => `${count(invalid)} invalid`;
export const moreRowsText = (more: number): string => `and ${count(more)} more`;
export const importProgressText = (done: number, total: number): string => `${count(done)} of ${count(total)} rows`;
/** An older answer without a summary: what the form said before. */
export const fallbackSummary = (added: number, skipped: number): string =>
  `${count(added)} ${added === 1 ? 'contact' : 'contacts'} added, ${count(skipped)} ${skipped === 1 ? 'row' : 'rows'} skipped.`;
