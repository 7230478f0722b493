/**
 * The default writer thread of `ThreadedSqliteReadStore`: owns the read-model file and serves its writes
 * (writer-service.ts), so serialising documents, SQLite's page writes and the commits happen beside the
 * event loop instead of on it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { WriterData } from './writer-protocol.ts';
import { openWriterStore, serveWrites } from './writer-service.ts';

const port = parentPort!;
const store = openWriterStore(port, workerData as WriterData);
if (store) serveWrites(port, store);
else port.close();
