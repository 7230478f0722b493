import type { ListStatus } from './contact.events.ts';

export interface AddContact {
  type: 'AddContact';
  data: {
    contactId: string;
    userId: string;
    name: string;
    email: string;
    now: string;
    /** Contacts the creator's tier may keep (`contactsCap`); the Free cap when absent. */
    maxContacts?: number;
  };
}

export interface ContactRow {
  contactId: string;
  name: string;
  email: string;
  /** What the imported list said of the person; null or absent: active. */
  listStatus?: ListStatus | null;
}

/** Bulk upload: only the valid rows whose mailbox is new (to the creator and to the file) become contacts. */
export interface AddContacts {
  type: 'AddContacts';
  data: { userId: string; rows: ContactRow[]; now: string; maxContacts?: number };
}

export interface RemoveContact {
  type: 'RemoveContact';
  data: { contactId: string; userId: string; now: string };
}

/**
 * Delete several contacts at once (Premium): all live on `contacts-{userId}`, so the batch is one command
 * and one append; one unknown id refuses it all.
 */
export interface RemoveContacts {
  type: 'RemoveContacts';
  data: { contactIds: string[]; userId: string; isPremium: boolean; now: string };
}

export type ContactCommand = AddContact | AddContacts | RemoveContact | RemoveContacts;
