import { readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';

/** One row of the SQLite `events` table as `generate-legacy-log.ts` dumped it (data and metadata as JSON text). */
interface EventRow {
  id: string;
  stream: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  created_at: string;
}

/**
 * Writes the rows of an NDJSON dump into the SQLite event log `file` exactly as they were stored (ids,
 * streams, revisions, global order), as if the process that wrote them had run in this data folder.
 */
export async function importEventLog(ndjsonFile: string, file: string): Promise<number> {
  await createSqliteEventStore({ file }).close(); // creates the schema of the current version
  const rows = readFileSync(ndjsonFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as EventRow);
  const db = new DatabaseSync(file);
  try {
    const insert = db.prepare('INSERT INTO events (id, stream, revision, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    db.exec('BEGIN');
    for (const row of rows) insert.run(row.id, row.stream, row.revision, row.type, row.data, row.metadata, row.created_at);
    db.exec('COMMIT');
  } finally {
    db.close();
  }
  return rows.length;
}
