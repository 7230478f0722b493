import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { ValidationError } from '@crossfeed/domain/shared/errors.ts';
import { CONTACT_FILE_MAX_ROWS, CONTACT_FILE_TYPES } from '@crossfeed/domain/rules/limits.ts';
import { MESSAGES } from '@crossfeed/domain/rules/validation.ts';

/** One row of an uploaded contacts file, as written (validation happens per row afterwards). */
export interface ContactFileRow {
  name: string;
  email: string;
}

export const CONTACT_FILE_MESSAGES = {
  wrongType: 'Only .csv or .json files are accepted.',
  notUtf8: 'The file is not UTF-8 text.',
  empty: 'The file contains no contacts.',
  tooManyRows: `The file has more than ${CONTACT_FILE_MAX_ROWS} contacts.`,
  csvHeader: 'The CSV file needs a header row with name and email columns.',
  jsonShape: 'The JSON file must be an array of objects with name and email.',
} as const;

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

function decode(buffer: Buffer): string {
  try {
    // Strips a UTF-8 BOM; refuses bytes that are not UTF-8.
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    throw new ValidationError(CONTACT_FILE_MESSAGES.notUtf8);
  }
}

function parseCsv(source: string): ContactFileRow[] {
  let records: Record<string, unknown>[];
  try {
    records = parse(source, {
      bom: true,
      columns: (header: string[]) => header.map((column) => column.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      // One more than allowed is enough to know the file is too long.
      to: CONTACT_FILE_MAX_ROWS + 1,
    }) as Record<string, unknown>[];
  } catch (error) {
    const message = error instanceof Error ? error.message : 'unreadable';
    throw new ValidationError(`Invalid CSV file: ${message}`);
  }
  const first = records[0];
  if (first && !('name' in first && 'email' in first)) throw new ValidationError(CONTACT_FILE_MESSAGES.csvHeader);
  return records.map((record) => ({ name: text(record.name), email: text(record.email) }));
}

function parseJson(source: string): ContactFileRow[] {
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    const message = error instanceof Error ? error.message : 'unreadable';
    throw new ValidationError(`Invalid JSON file: ${message}`);
  }
  if (!Array.isArray(value)) throw new ValidationError(CONTACT_FILE_MESSAGES.jsonShape);
  return value.map((item: unknown, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw new ValidationError(`${CONTACT_FILE_MESSAGES.jsonShape} Row ${index + 1} is not an object.`);
    }
    // Keys compared ignoring case, as CSV headers are.
    const fields = new Map(Object.entries(item).map(([key, field]) => [key.trim().toLowerCase(), field]));
    return { name: text(fields.get('name')), email: text(fields.get('email')) };
  });
}

/**
 * Reads an uploaded contacts file: `.csv` with a header row (name, email; any case; BOM allowed) or
 * `.json` (an array of `{ name, email }`). A malformed file is refused whole (400), so nothing is written.
 */
export function parseContactFile(file: { originalname: string; buffer: Buffer } | undefined): ContactFileRow[] {
  if (!file) throw new ValidationError(MESSAGES.fileRequired);
  const extension = path.extname(file.originalname).toLowerCase();
  if (!(CONTACT_FILE_TYPES as readonly string[]).includes(extension)) throw new ValidationError(CONTACT_FILE_MESSAGES.wrongType);
  const source = decode(file.buffer);
  const rows = extension === '.csv' ? parseCsv(source) : parseJson(source);
  if (rows.length === 0) throw new ValidationError(CONTACT_FILE_MESSAGES.empty);
  if (rows.length > CONTACT_FILE_MAX_ROWS) throw new ValidationError(CONTACT_FILE_MESSAGES.tooManyRows);
  return rows;
}
