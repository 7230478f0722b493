/**
 * How a bulk upload is cut into commands: at most CONTACT_ROWS_PER_COMMAND rows, and at most
 * CONTACT_BYTES_PER_COMMAND of event data, so that each command's append stays far below EventStoreDB's
 * limit for one append (MaxAppendSize, 1,048,576 bytes by default) whatever the rows hold: a 1 MiB file
 * of long rows is several appends, never one over the limit.
 */
import { CONTACT_ROWS_PER_COMMAND } from '@crossfeed/domain/rules/limits.ts';

/** A quarter of EventStoreDB's default MaxAppendSize: room for ids, metadata and the server's own framing. */
export const CONTACT_BYTES_PER_COMMAND = 256 * 1024;

/** What a ContactAdded event carries besides the row's name and email (ids, type, source, dates, JSON). */
const EVENT_OVERHEAD_BYTES = 400;

/** The bytes a row's ContactAdded event takes in an append, rounded up. */
export function contactRowBytes(row: { name: string; email: string }): number {
  return Buffer.byteLength(row.name, 'utf8') + Buffer.byteLength(row.email, 'utf8') + EVENT_OVERHEAD_BYTES;
}

/**
 * Consecutive chunks of `rows`, in order, each within both limits. Returns the index of the first row too
 * large for any chunk instead, so the caller refuses the file before anything is written.
 */
export function chunkContactRows<Row extends { name: string; email: string }>(
  rows: readonly Row[],
  maxRows = CONTACT_ROWS_PER_COMMAND,
  maxBytes = CONTACT_BYTES_PER_COMMAND,
): { chunks: Row[][] } | { oversizedRow: number } {
  const chunks: Row[][] = [];
  let chunk: Row[] = [];
  let bytes = 0;
  for (const [index, row] of rows.entries()) {
    const size = contactRowBytes(row);
    if (size > maxBytes) return { oversizedRow: index };
    if (chunk.length >= maxRows || bytes + size > maxBytes) {
      chunks.push(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(row);
    bytes += size;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return { chunks };
}
