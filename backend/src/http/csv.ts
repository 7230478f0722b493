/**
 * CSV (RFC 4180) for spreadsheet exports. A text cell that a spreadsheet would run as a formula (starting
 * with = + - @, a tab or a carriage return: OWASP "CSV injection") gets a leading apostrophe, so a contact
 * named `=HYPERLINK(...)` stays text. Cells holding a comma, a quote or a line break are quoted, quotes
 * doubled. Numbers are written as they are.
 */
export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows ended by CRLF, as RFC 4180 writes them. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
