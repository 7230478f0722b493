import type { ContactStatus } from '@/lib/api/contacts';
import type { ContactImportAnswer, ContactImportCounts, ContactPreviewRow, RejectedContactRow } from '../api/upload-contacts';
import { fallbackSummary, NAME_FROM_ADDRESS } from '../messages';

/** POST /contacts/bulk's answer with safe defaults: what the form reads of it. */
export type ContactImportResult = {
  summary: string;
  columns: string[];
  /** The mapping the answer used; `email` null when the answer named none. */
  mapping: { email: string | null; name: string[] };
  counts: ContactImportCounts;
  rejected: RejectedContactRow[];
  preview: ContactPreviewRow[];
};

const STATUSES: readonly ContactStatus[] = ['active', 'unsubscribed', 'bounced', 'suppressed'];

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});
const wholeCount = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

const isRejectedRow = (value: unknown): value is RejectedContactRow => typeof record(value).reason === 'string';

function previewRow(value: unknown): ContactPreviewRow | null {
  const row = record(value);
  if (typeof row.email !== 'string') return null;
  const status = STATUSES.includes(row.status as ContactStatus) ? (row.status as ContactStatus) : 'active';
  return { row: wholeCount(row.row) ?? 0, name: typeof row.name === 'string' ? row.name : '', email: row.email, status };
}

/**
 * Reads the answer of a dry run or an import (docs/features/contact-import.md) with defaults for what is missing or
 * malformed: an older answer (`added` and `rejected` only) still reads as that many new and that many skipped.
 */
export function readImportResult(answer: unknown): ContactImportResult {
  const body = record(answer) as Partial<Record<keyof ContactImportAnswer, unknown>>;
  const rejected = Array.isArray(body.rejected) ? body.rejected.filter(isRejectedRow) : [];
  const counts = record(body.counts);
  const added = wholeCount(counts.new) ?? wholeCount(body.added) ?? 0;
  const mapping = record(body.mapping);
  return {
    summary: typeof body.summary === 'string' && body.summary ? body.summary : fallbackSummary(added, rejected.length),
    columns: strings(body.columns),
    mapping: { email: typeof mapping.email === 'string' ? mapping.email : null, name: strings(mapping.name) },
    counts: {
      rows: wholeCount(counts.rows) ?? added + rejected.length,
      new: added,
      suppressed: wholeCount(counts.suppressed) ?? 0,
      existing: wholeCount(counts.existing) ?? 0,
      invalid: wholeCount(counts.invalid) ?? 0,
    },
    rejected,
    preview: Array.isArray(body.preview) ? body.preview.map(previewRow).filter((row): row is ContactPreviewRow => row !== null) : [],
  };
}

/** One choice of the Name select: the columns joined into the name. */
export type NameChoice = { value: string; label: string; columns: string[] };

/** The select's value of a list of name columns. */
export const nameChoiceValue = (columns: readonly string[]): string => JSON.stringify(columns);

/**
 * The Name select's choices: the detected columns when they are several ("First Name + Last Name"), each
 * single column, and the name made from the address (`[]`). `current` is kept as a choice if it is none of
 * these, so the select always shows what the preview used.
 */
export function nameChoices(columns: readonly string[], detected: readonly string[], current: readonly string[]): NameChoice[] {
  const choices: NameChoice[] = [];
  const add = (names: readonly string[], label: string) => {
    const value = nameChoiceValue(names);
    if (!choices.some((choice) => choice.value === value)) choices.push({ value, label, columns: [...names] });
  };
  if (detected.length > 1) add(detected, detected.join(' + '));
  for (const column of columns) add([column], column);
  if (current.length > 0) add(current, current.join(' + '));
  add([], NAME_FROM_ADDRESS);
  return choices;
}

/** The E-mail column select's choices: the file's columns, and the one in use if the answer did not list it. */
export function emailChoices(columns: readonly string[], current: string | null): string[] {
  return current && !columns.includes(current) ? [current, ...columns] : [...columns];
}

