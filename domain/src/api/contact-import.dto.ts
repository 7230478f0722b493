import type { ListStatus } from '../contacts/contact.events.ts';

/**
 * POST /contacts/bulk's answer (docs/features/contact-import.md), for a dry run and an import alike: the API builds it
 * (backend/src/features/contacts/contact-import.ts) and the Contacts modal reads it.
 */

/** A row's standing as it would be stored: active, or what the creator's list said of the person. */
export type ContactImportStatus = 'active' | ListStatus;

/**
 * Which columns make a contact, as the file's header spells them: the e-mail column, and the columns joined
 * (with a space) into the name; `[]` makes every name from its address.
 */
export interface ContactMapping {
  email: string;
  name: string[];
}

export interface ContactImportCounts {
  rows: number;
  /** Rows that become contacts (suppressed ones included). */
  new: number;
  /** Rows whose mailbox is already a contact, or an earlier row's of the same file. */
  existing: number;
  /** Of the new rows, those the list marks as gone: kept, never e-mailed. */
  suppressed: number;
  /** Rows the contact rule refuses. */
  invalid: number;
}

/** One refused row of the file: its 1-based data row (header excluded), its e-mail as written and why. */
export interface RejectedContactRow {
  row: number;
  email: string;
  reason: string;
}

/** One of the first rows as it would be stored (a name made from the address where the file has none). */
export interface ContactPreviewRow {
  row: number;
  name: string;
  email: string;
  status: ContactImportStatus;
}

export interface ContactImportAnswer {
  message: string;
  dry_run: boolean;
  /** The counts in one sentence, e.g. `3 added (1 suppressed: never e-mailed), 2 already in your contacts.` */
  summary: string;
  format: 'csv' | 'json';
  /** The file's columns, as its header spells them. */
  columns: string[];
  /** The mapping used (the one sent, else the detected one) and the columns read for a person's status. */
  mapping: ContactMapping & { status: string[] };
  counts: ContactImportCounts;
  added: number;
  /** The rows not added (the first 500; the counts hold them all). */
  rejected: RejectedContactRow[];
  preview: ContactPreviewRow[];
}
