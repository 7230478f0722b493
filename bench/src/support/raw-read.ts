import { DatabaseSync } from 'node:sqlite';

/**
 * The replay baselines' "raw": the event rows read with node:sqlite the fastest way it offers (arrays,
 * batches of 2,000, as the adapter reads) and their data and metadata parsed, nothing else. Returns ms.
 */
export function rawReadAndParse(file: string): number {
  const db = new DatabaseSync(file);
  const select = db.prepare(
    'SELECT position, id, stream, revision, type, data, metadata, created_at FROM events WHERE position > ? ORDER BY position LIMIT 2000',
  );
  select.setReturnArrays(true);
  const start = performance.now();
  let from = 0;
  for (;;) {
    const rows = select.all(from) as unknown as [number, string, string, number, string, string, string, string][];
    if (rows.length === 0) break;
    for (const row of rows) {
      JSON.parse(row[5]);
      JSON.parse(row[6]);
    }
    from = rows.at(-1)![0];
  }
  const ms = performance.now() - start;
  db.close();
  return ms;
}
