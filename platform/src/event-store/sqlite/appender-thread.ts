/**
 * The appender thread of the SQLite event store (`appendInThread`): commits the groups of appends the
 * store sends, on a write connection of its own, so the event loop serves requests while SQLite writes and
 * fsyncs. Messages: `{ id, group }` in, `{ id, result }` or `{ id, error }` out once the commit is done;
 * `{ kind: 'ready' }` or `{ kind: 'failed', message }` once the file is open; `'close'` ends it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DatabaseSync } from 'node:sqlite';
import { GroupCommitter, bumpCommitSignal, type AppendRequest } from './group-commit.ts';
import type { AppenderData, AppenderMessage } from './appender-protocol.ts';

const port = parentPort!;
const { file, synchronous, busyTimeoutMs, autocheckpointPages, signal } = workerData as AppenderData;
const post = (message: AppenderMessage): void => port.postMessage(message);

let db: DatabaseSync | undefined;
let committer: GroupCommitter | undefined;
try {
  db = new DatabaseSync(file, { timeout: busyTimeoutMs });
  db.exec('PRAGMA journal_mode = WAL');
  db.exec(`PRAGMA synchronous = ${synchronous}`);
  db.exec(`PRAGMA wal_autocheckpoint = ${autocheckpointPages}`);
  committer = new GroupCommitter(db);
  post({ kind: 'ready' });
} catch (error) {
  db?.close();
  post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  port.close();
}

port.on('message', (message: { id: number; group: AppendRequest[] } | 'close') => {
  if (message === 'close') {
    db?.close();
    port.close();
    return;
  }
  try {
    const result = committer!.commit(message.group);
    // Readers of the log in other threads (the projection thread) learn of the commit at once.
    if (result.outcomes.some((outcome) => outcome.ok)) bumpCommitSignal(signal);
    post({ id: message.id, result });
  } catch (error) {
    post({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
