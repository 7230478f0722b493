import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CsvError, parse } from 'csv-parse';
import type { ListStatus } from '@crossfeed/domain/contacts/contact.events.ts';
import { ValidationError } from '@crossfeed/domain/shared/errors.ts';
import { CONTACT_FILE_MAX_ROWS, CONTACT_FILE_TYPES, CONTACT_JSON_MAX_BYTES, CONTACT_NAME_MAX } from '@crossfeed/domain/rules/limits.ts';
import { isValidEmail, MESSAGES } from '@crossfeed/domain/rules/validation.ts';
import { columnList, detectColumns, overrideColumns, type ColumnMapping, type MappingOverride } from './contact-columns.ts';
import { listStatusOf } from './list-status.ts';

/** One data row of an import, as written (the domain validates it). */
export interface ImportRow {
  /** 1-based data row: the header and skipped empty lines are not counted. */
  row: number;
  name: string;
  email: string;
  listStatus: ListStatus | null;
}

export interface ContactFileReader {
  format: 'csv' | 'json';
  /** The header as written (JSON: the keys of the objects, in first-seen order). */
  columns: string[];
  mapping: ColumnMapping;
  /**
   * The rows in order, in batches of at most `batchSize`, yielding the event loop between batches. Each call
   * reads the file again from its start. Throws a ValidationError part-way for a malformed CSV or one with
   * too many rows: read it whole (a dry pass) before writing anything.
   */
  batches(batchSize?: number): AsyncGenerator<ImportRow[]>;
}

export const CONTACT_FILE_MESSAGES = {
  wrongType: 'Only .csv or .json files are accepted.',
  notText: 'The file is not UTF-8 or UTF-16 text.',
  empty: 'The file contains no contacts.',
  tooManyRows: `The file has more than ${CONTACT_FILE_MAX_ROWS} contacts.`,
  jsonShape: 'The JSON file must be an array of objects with an email.',
  jsonTooLarge: `A JSON file may be at most ${CONTACT_JSON_MAX_BYTES / (1024 * 1024)} MB: save a longer list as CSV.`,
} as const;

const noEmailColumnMessage = (columns: readonly string[]): string =>
  // A header that holds an address is a first data row: the file has no header.
  columns.some((column) => isValidEmail(column.trim()))
    ? 'The first row must name the columns (for example name,email); it holds an address.'
    : `No e-mail column found. The columns are: ${columnList(columns)}.`;

// Slices small enough that decoding or parsing one never holds the event loop for long.
const SLICE_BYTES = 16 * 1024;
const SLICES_PER_TURN = 16;
const DEFAULT_BATCH_SIZE = 1000;

/** A name for an address without one: `ada.lovelace+news@x.org` → `Ada Lovelace`, `j_smith42@x` → `J Smith`. */
export function nameFromAddress(email: string): string {
  const local = email.trim().split('@')[0] ?? '';
  const words = (local.split('+')[0] ?? '').split(/[._\-\d]+/).filter(Boolean);
  const name = words.length > 0 ? words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ') : local;
  // Cut to the domain's limit without leaving half of a surrogate pair.
  return name.slice(0, CONTACT_NAME_MAX).replace(/[\uD800-\uDBFF]$/, '').trim();
}

/** UTF-16 when the file says so with its BOM, or looks like ASCII saved as UTF-16 LE (a zero in most odd bytes). */
function encodingOf(bytes: Buffer): 'utf-8' | 'utf-16le' | 'utf-16be' {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  const sample = bytes.subarray(0, 4096);
  let zeros = 0;
  for (let i = 1; i < sample.length; i += 2) if (sample[i] === 0) zeros++;
  return sample.length >= 2 && zeros > sample.length / 4 ? 'utf-16le' : 'utf-8';
}

/**
 * The file's text in slices (a BOM dropped), decoded a few slices per turn of the event loop: a 20 MB file
 * decoded at once holds it for 15 ms (UTF-8) to 90 ms (UTF-16).
 */
async function decode(bytes: Buffer): Promise<string[]> {
  const decoder = new TextDecoder(encodingOf(bytes), { fatal: true });
  const slices: string[] = [];
  try {
    for (let start = 0; start < bytes.length; start += SLICE_BYTES) {
      const end = start + SLICE_BYTES;
      const slice = decoder.decode(bytes.subarray(start, end), { stream: end < bytes.length });
      // Text has no NUL: this is a binary file (a spreadsheet, an archive) that happens to decode.
      if (slice.includes('\0')) throw new ValidationError(CONTACT_FILE_MESSAGES.notText);
      slices.push(slice);
      if (slices.length % SLICES_PER_TURN === 0) await nextTurn();
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw new ValidationError(CONTACT_FILE_MESSAGES.notText);
  }
  return slices;
}

/** The separator the header line uses most outside quotes: comma, semicolon or tab (comma on a tie). */
function separatorOf(slices: readonly string[]): string {
  const counts = new Map([[',', 0], [';', 0], ['\t', 0]]);
  let quoted = false;
  let started = false; // blank lines before the header are skipped, as the parser skips them
  scan: for (const slice of slices) {
    for (const char of slice) {
      if (char === '"') quoted = !quoted;
      else if (quoted) continue;
      else if (char === '\n' || char === '\r') {
        if (started) break scan;
      } else if (counts.has(char)) counts.set(char, counts.get(char)! + 1);
      if (char.trim()) started = true;
    }
  }
  return [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
}

/**
 * The records of a CSV text (its header row included), parsed a slice per turn of the event loop: csv-parse
 * takes a few milliseconds a slice, and more than a second for 50,000 rows of a Mailchimp export.
 */
async function* csvRecords(slices: readonly string[], delimiter: string): AsyncGenerator<string[]> {
  const parser = parse({ delimiter, bom: true, trim: true, relax_column_count: true, skip_empty_lines: true, skip_records_with_empty_values: true });
  const records: string[][] = [];
  let failure: unknown;
  parser.on('data', (record: string[]) => records.push(record));
  parser.on('error', (error) => (failure ??= error));
  try {
    for (let i = 0; i <= slices.length; i++) {
      if (i < slices.length) parser.write(slices[i]);
      else parser.end();
      await nextTurn();
      if (failure) throw failure instanceof CsvError ? new ValidationError(`Invalid CSV file: ${failure.message}`) : failure;
      yield* records.splice(0);
    }
  } finally {
    parser.destroy();
  }
}

/** A data row as the cells of the mapped columns, by column name. */
type Cells = (column: string) => string;

function importRow(row: number, cell: Cells, mapping: ColumnMapping): ImportRow {
  const email = cell(mapping.email).trim();
  const name = mapping.name.map((column) => cell(column).trim()).filter(Boolean).join(' ');
  const status = Object.fromEntries(mapping.status.map((column) => [column, cell(column)]));
  return { row, email, name: name || nameFromAddress(email), listStatus: listStatusOf(status, mapping.status) };
}

function resolveMapping(columns: string[], override: MappingOverride | undefined): ColumnMapping {
  if (override) return overrideColumns(columns, override);
  const mapping = detectColumns(columns);
  if (!mapping) throw new ValidationError(noEmailColumnMessage(columns));
  return mapping;
}

/** Groups rows into batches, giving the event loop a turn after each one. */
async function* inBatches(rows: AsyncIterable<ImportRow> | Iterable<ImportRow>, batchSize: number): AsyncGenerator<ImportRow[]> {
  const size = Math.max(1, Math.floor(batchSize) || DEFAULT_BATCH_SIZE);
  let batch: ImportRow[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length === size) {
      yield batch;
      batch = [];
      await nextTurn();
    }
  }
  if (batch.length > 0) yield batch;
}

async function openCsv(slices: string[], override: MappingOverride | undefined): Promise<ContactFileReader> {
  const delimiter = separatorOf(slices);
  // The header and the first data row; `batches` reads the file again from its start.
  const firstRecords: string[][] = [];
  for await (const record of csvRecords(slices, delimiter)) if (firstRecords.push(record) === 2) break;
  const [header, firstRow] = firstRecords;
  if (!header || !firstRow) throw new ValidationError(CONTACT_FILE_MESSAGES.empty);
  const mapping = resolveMapping(header, override);
  // A column named twice: its first one counts.
  const index = new Map(header.map((column, i) => [column, i] as const).reverse());

  async function* rows(): AsyncGenerator<ImportRow> {
    let row = -1; // the header
    for await (const record of csvRecords(slices, delimiter)) {
      if (++row === 0) continue;
      if (row > CONTACT_FILE_MAX_ROWS) throw new ValidationError(CONTACT_FILE_MESSAGES.tooManyRows);
      yield importRow(row, (column) => record[index.get(column)!] ?? '', mapping);
    }
  }
  return { format: 'csv', columns: header, mapping, batches: (batchSize = DEFAULT_BATCH_SIZE) => inBatches(rows(), batchSize) };
}

const cellText = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

function openJson(text: string, override: MappingOverride | undefined): ContactFileReader {
  let value: unknown;
  try {
    // Whole, unlike CSV: about 20 ms for the largest JSON file accepted (CONTACT_JSON_MAX_BYTES).
    value = JSON.parse(text);
  } catch (error) {
    throw new ValidationError(`Invalid JSON file: ${error instanceof Error ? error.message : 'unreadable'}`);
  }
  if (!Array.isArray(value)) throw new ValidationError(CONTACT_FILE_MESSAGES.jsonShape);
  if (value.length === 0) throw new ValidationError(CONTACT_FILE_MESSAGES.empty);
  if (value.length > CONTACT_FILE_MAX_ROWS) throw new ValidationError(CONTACT_FILE_MESSAGES.tooManyRows);
  // Keys compared ignoring case and surrounding spaces, as CSV headers are: the first spelling names the column.
  const keyOf = (key: string): string => key.trim().toLowerCase();
  const columns = new Map<string, string>();
  value.forEach((item: unknown, i) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw new ValidationError(`${CONTACT_FILE_MESSAGES.jsonShape} Row ${i + 1} is not an object.`);
    }
    for (const key of Object.keys(item)) if (!columns.has(keyOf(key))) columns.set(keyOf(key), key);
  });
  const objects = value as Record<string, unknown>[];
  const header = [...columns.values()];
  const mapping = resolveMapping(header, override);

  function* rows(): Generator<ImportRow> {
    for (const [i, object] of objects.entries()) {
      const cells = new Map(Object.entries(object).map(([key, cell]) => [keyOf(key), cell]));
      yield importRow(i + 1, (column) => cellText(cells.get(keyOf(column))), mapping);
    }
  }
  return { format: 'json', columns: header, mapping, batches: (batchSize = DEFAULT_BATCH_SIZE) => inBatches(rows(), batchSize) };
}

/**
 * Opens an uploaded export of an e-mail tool (docs/features/contact-import.md): decodes it, finds its columns (or
 * checks the creator's `override`) and reads its first rows. Refuses (ValidationError, 400) a missing file,
 * another extension, bytes that are not text, a file with no e-mail column or no rows, a malformed JSON.
 */
export async function openContactFile(
  file: { originalname: string; buffer: Buffer } | undefined,
  override?: MappingOverride,
): Promise<ContactFileReader> {
  if (!file) throw new ValidationError(MESSAGES.fileRequired);
  const extension = path.extname(file.originalname).toLowerCase();
  if (!(CONTACT_FILE_TYPES as readonly string[]).includes(extension)) throw new ValidationError(CONTACT_FILE_MESSAGES.wrongType);
  // JSON is parsed whole (one JSON.parse): bounded so that it never holds the event loop for long.
  if (extension === '.json' && file.buffer.length > CONTACT_JSON_MAX_BYTES) throw new ValidationError(CONTACT_FILE_MESSAGES.jsonTooLarge);
  const slices = await decode(file.buffer);
  if (!slices.some((slice) => /\S/.test(slice))) throw new ValidationError(CONTACT_FILE_MESSAGES.empty);
  return extension === '.csv' ? openCsv(slices, override) : openJson(slices.join(''), override);
}
