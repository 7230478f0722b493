import type { Decider } from '../shared/decider.ts';
import { emailKey } from '../shared/streams.ts';
import { ConflictError, NotFoundError, QuotaExceededError, ValidationError } from '../shared/errors.ts';
import { CONTACT_FILE_MAX_ROWS, CONTACT_NAME_MAX, CONTACTS_MAX_FREE, CONTACTS_MAX_PREMIUM } from '../rules/limits.ts';
import { hasControlCharacters, isValidEmail } from '../rules/validation.ts';
import { normalizedEmail } from '../rules/email-identity.ts';
import { batchIds, nameList } from '../rules/batch.ts';
import type { ContactCommand, ContactRow } from './contacts.commands.ts';
import type { ContactAdded, ContactEvent } from './contact.events.ts';

/**
 * One creator's contacts (`contacts-{userId}`): contact id → email key, emails unique case-insensitively,
 * and how many contacts reach each mailbox (`normalizedEmail`: an import adds no copy of a known person).
 * Updated in place by `evolve` (O(1) per event, however many contacts the creator has).
 */
export interface ContactsState {
  contacts: Map<string, string>;
  emailKeys: Set<string>;
  mailboxes: Map<string, number>;
}

/** Why a contact row is refused; the bulk upload reports these per row. */
export const CONTACT_REJECTIONS = {
  nameRequired: 'Name is required.',
  nameTooLong: `Name is longer than ${CONTACT_NAME_MAX} characters.`,
  nameControlCharacters: 'Name may not contain line breaks or other control characters.',
  invalidEmail: 'Invalid email address.',
  duplicateInFile: 'Duplicate email in file.',
  alreadyExists: 'Contact already exists.',
} as const;
export const CONTACT_EXISTS_MESSAGE = 'A contact with this email already exists.';
/** The refusal of a batch delete naming the contacts it could not find: nothing was deleted. */
export const contactsNotFoundMessage = (ids: readonly string[]): string =>
  `Nothing was deleted: ${ids.length === 1 ? 'this contact was' : 'these contacts were'} not found: ${nameList(ids)}.`;

/** How many contacts a tier may keep: every append to `contacts-{userId}` is bounded. */
export const contactsCap = (isPremium: boolean): number => (isPremium ? CONTACTS_MAX_PREMIUM : CONTACTS_MAX_FREE);

/** The refusal past the cap (429), saying how many are allowed and what to do. */
export function contactsLimitMessage(maxContacts: number): string {
  const limit = maxContacts.toLocaleString('en-US');
  return maxContacts < CONTACTS_MAX_PREMIUM
    ? `Contact limit reached: you can keep at most ${limit} contacts. Delete some, or upgrade to Premium for up to ${CONTACTS_MAX_PREMIUM.toLocaleString('en-US')}.`
    : `Contact limit reached: you can keep at most ${limit} contacts. Delete some to add new ones.`;
}

/** The rule of SPEC §5 Contact for one row (trimmed name 1-100 characters, valid email), or null when it holds. */
export function contactRowProblem(name: string, email: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return CONTACT_REJECTIONS.nameRequired;
  if (trimmed.length > CONTACT_NAME_MAX) return CONTACT_REJECTIONS.nameTooLong;
  // A name is written into the e-mails the contact receives: one line, never a forged paragraph.
  if (hasControlCharacters(trimmed)) return CONTACT_REJECTIONS.nameControlCharacters;
  if (!isValidEmail(email.trim())) return CONTACT_REJECTIONS.invalidEmail;
  return null;
}

export interface ScreenedRow<Row> {
  row: Row;
  /** Null when the row becomes a contact. */
  reason: string | null;
}

/**
 * Screens bulk rows in order: invalid rows, later rows reaching a mailbox an earlier row of the file reaches
 * (case, `+tags`, Gmail dots), and mailboxes the creator already has a contact for are refused with their
 * reason. `seen` carries the file's mailboxes from one chunk of it to the next. Used by the decider
 * (authority) and by the import to explain and count each row.
 */
export function screenContactRows<Row extends { name: string; email: string }>(
  rows: readonly Row[],
  existingMailboxes: { has(mailbox: string): boolean },
  seen: Set<string> = new Set(),
): ScreenedRow<Row>[] {
  return rows.map((row) => {
    const problem = contactRowProblem(row.name, row.email);
    if (problem) return { row, reason: problem };
    const mailbox = normalizedEmail(row.email);
    if (seen.has(mailbox)) return { row, reason: CONTACT_REJECTIONS.duplicateInFile };
    seen.add(mailbox);
    if (existingMailboxes.has(mailbox)) return { row, reason: CONTACT_REJECTIONS.alreadyExists };
    return { row, reason: null };
  });
}

function added(userId: string, row: ContactRow, source: 'single' | 'bulk', now: string): ContactAdded {
  return {
    type: 'ContactAdded',
    data: {
      contactId: row.contactId,
      userId,
      name: row.name.trim(),
      email: row.email.trim(),
      source,
      addedAt: now,
      ...(row.listStatus && { listStatus: row.listStatus }),
    },
  };
}

export const contactsDecider: Decider<ContactsState, ContactCommand, ContactEvent> = {
  initialState: () => ({ contacts: new Map(), emailKeys: new Set(), mailboxes: new Map() }),

  evolve(state, event) {
    switch (event.type) {
      case 'ContactAdded': {
        const key = emailKey(event.data.email);
        if (state.contacts.has(event.data.contactId)) return state;
        state.contacts.set(event.data.contactId, key);
        state.emailKeys.add(key);
        const mailbox = normalizedEmail(key);
        state.mailboxes.set(mailbox, (state.mailboxes.get(mailbox) ?? 0) + 1);
        return state;
      }
      case 'ContactRemoved': {
        const key = state.contacts.get(event.data.contactId);
        if (key === undefined) return state;
        state.contacts.delete(event.data.contactId);
        state.emailKeys.delete(key);
        const mailbox = normalizedEmail(key);
        const left = (state.mailboxes.get(mailbox) ?? 1) - 1;
        if (left > 0) state.mailboxes.set(mailbox, left);
        else state.mailboxes.delete(mailbox);
        return state;
      }
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'AddContact': {
        const { contactId, userId, name, email, now } = command.data;
        const problem = contactRowProblem(name, email);
        if (problem) throw new ValidationError(problem);
        if (state.contacts.has(contactId)) throw new ConflictError('Contact already added.');
        if (state.emailKeys.has(emailKey(email))) throw new ConflictError(CONTACT_EXISTS_MESSAGE);
        const maxContacts = command.data.maxContacts ?? CONTACTS_MAX_FREE;
        if (state.contacts.size >= maxContacts) throw new QuotaExceededError(contactsLimitMessage(maxContacts));
        return [added(userId, { contactId, name, email }, 'single', now)];
      }
      case 'AddContacts': {
        const { userId, rows, now } = command.data;
        if (rows.length > CONTACT_FILE_MAX_ROWS) {
          throw new ValidationError(`A file may hold at most ${CONTACT_FILE_MAX_ROWS} contacts.`);
        }
        const accepted = screenContactRows(rows, state.mailboxes)
          .filter(({ row, reason }) => reason === null && !state.contacts.has(row.contactId))
          .map(({ row }) => added(userId, row, 'bulk', now));
        // All of the rows or none: a file that would pass the cap adds nothing.
        const maxContacts = command.data.maxContacts ?? CONTACTS_MAX_FREE;
        if (state.contacts.size + accepted.length > maxContacts) throw new QuotaExceededError(contactsLimitMessage(maxContacts));
        return accepted;
      }
      case 'RemoveContact': {
        const { contactId, userId, now } = command.data;
        if (!state.contacts.has(contactId)) throw new NotFoundError('Contact not found.');
        return [{ type: 'ContactRemoved', data: { contactId, userId, removedAt: now } }];
      }
      case 'RemoveContacts': {
        const { userId, isPremium, now } = command.data;
        const ids = batchIds(command.data.contactIds, isPremium);
        const missing = ids.filter((id) => !state.contacts.has(id));
        if (missing.length > 0) throw new NotFoundError(contactsNotFoundMessage(missing));
        return ids.map((contactId) => ({ type: 'ContactRemoved', data: { contactId, userId, removedAt: now } }));
      }
    }
  },
};
