/**
 * Background WAL checkpoints for a SQLite file (the event log and the read store): a worker thread with a
 * connection of its own runs `PRAGMA wal_checkpoint(PASSIVE)` every few hundred milliseconds, so copying
 * the WAL back into the database file, and its fsyncs, happen beside the writer instead of inside its
 * commits on the event loop (a PASSIVE checkpoint never blocks the writer nor readers). The writer keeps a
 * high automatic checkpoint as a safety valve should this thread fall behind or stop.
 */
import { Worker } from 'node:worker_threads';

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
let db;
try {
  db = new DatabaseSync(workerData.file, { timeout: 1000 });
} catch {
  parentPort.close();
  return;
}
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const timer = setInterval(() => {
  try { checkpoint.get(); } catch { /* busy or closing: the next tick tries again */ }
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'close') return;
  clearInterval(timer);
  try { db.close(); } catch { /* already gone */ }
  parentPort.close();
});
`;

export interface Checkpointer {
  close(): Promise<void>;
}

export function startCheckpointer(file: string, intervalMs = 200): Checkpointer {
  const worker = new Worker(`(() => {${WORKER}})()`, { eval: true, workerData: { file, intervalMs } });
  worker.unref();
  // A failing checkpointer only means larger WALs: the writer's own automatic checkpoint takes over.
  worker.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async close() {
      // Kept alive until it has closed its connection.
      worker.ref();
      worker.postMessage('close');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 2000)))]);
      clearTimeout(timer);
      await worker.terminate();
    },
  };
}
