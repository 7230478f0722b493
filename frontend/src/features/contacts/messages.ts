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

/** A contact shares can no longer e-mail, by status (nothing is shown for an active one). */
export const CONTACT_STATUS_LABELS = { unsubscribed: 'Unsubscribed', bounced: 'Bounced' } as const;
