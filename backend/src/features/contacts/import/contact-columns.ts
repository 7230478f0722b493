import { ValidationError } from '@crossfeed/domain/shared/errors.ts';

/** Which columns of a file hold what, by their names as written in the file. */
export interface ColumnMapping {
  email: string;
  /** Joined with a space into the name; empty: names made from the addresses. */
  name: string[];
  /** The columns `listStatusOf` reads (docs/features/contact-import.md, "Status"). */
  status: string[];
}

/** What a creator may choose instead of the detected mapping; status columns are always detected. */
export interface MappingOverride {
  email: string;
  name: string[];
}

/** A column name as compared: case, spaces, `_`, `-` and `.` do not matter (`E-mail Address` = `email_address`). */
export const columnKey = (column: string): string => column.toLowerCase().replace(/[\s_.-]/g, '');

// Aliases by preference: the first one the header has wins.
const EMAIL = ['email', 'emailaddress', 'email1value', 'primaryemail', 'subscriberemail', 'email(primary)', 'mail'];
const FULL_NAME = ['name', 'fullname', 'displayname', 'subscribername'];
const FIRST_NAME = ['firstname', 'givenname', 'fname'];
const MIDDLE_NAME = ['middlename', 'additionalname'];
const LAST_NAME = ['lastname', 'familyname', 'surname', 'lname'];
/** The keys of the status columns; `list-status.ts` holds what their values mean. */
const STATUS_COLUMN_KEYS = ['unsubtime', 'cleantime', 'emaildisabled', 'state', 'status', 'subscribedtoemails', 'subscribed'] as const;
export type StatusColumnKey = (typeof STATUS_COLUMN_KEYS)[number];
export const isStatusColumnKey = (key: string): key is StatusColumnKey => (STATUS_COLUMN_KEYS as readonly string[]).includes(key);

function findColumn(header: readonly string[], aliases: readonly string[]): string | undefined {
  const keys = header.map(columnKey);
  for (const alias of aliases) {
    const index = keys.indexOf(alias);
    if (index !== -1) return header[index];
  }
  return undefined;
}

/** The header's status columns, in header order. */
const statusColumns = (header: readonly string[]): string[] =>
  header.filter((column) => isStatusColumnKey(columnKey(column)));

/** The columns of a file as one line of an error message (at most 20 of them). */
export function columnList(header: readonly string[]): string {
  const shown = header.slice(0, 20).join(', ');
  return header.length > 20 ? `${shown}, ...` : shown;
}

/**
 * The mapping found in a header, or null when it has no e-mail column. The name is a full-name column, else
 * first (+ middle) + last name, else none (names then come from the addresses).
 */
export function detectColumns(header: readonly string[]): ColumnMapping | null {
  const email = findColumn(header, EMAIL);
  if (email === undefined) return null;
  const fullName = findColumn(header, FULL_NAME);
  const name =
    fullName !== undefined
      ? [fullName]
      : [findColumn(header, FIRST_NAME), findColumn(header, MIDDLE_NAME), findColumn(header, LAST_NAME)].filter(
          (column): column is string => column !== undefined,
        );
  // A middle name alone is not a name.
  const hasName = name.some((column) => !MIDDLE_NAME.includes(columnKey(column)));
  return { email, name: hasName ? name : [], status: statusColumns(header) };
}

/** The creator's mapping checked against the header (columns as the header spells them), with the detected status columns. */
export function overrideColumns(header: readonly string[], override: MappingOverride): ColumnMapping {
  for (const column of [override.email, ...override.name]) {
    if (!header.includes(column)) throw new ValidationError(`The file has no column "${column}". The columns are: ${columnList(header)}.`);
  }
  return { email: override.email, name: [...override.name], status: statusColumns(header) };
}
