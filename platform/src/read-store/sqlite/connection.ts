/**
 * The SQLite connection of a read-model file: opening it with the store's pragmas and metadata tables, the
 * prepared statements it keeps, and what SQLite's error codes mean to the store.
 */
import { DatabaseSync } from 'node:sqlite';
import type { StatementSync } from 'node:sqlite';

const FORMAT = 'crossfeed-read-store/1';
/**
 * WAL pages (16 KB) after which the writer checkpoints by itself: 64 MB. The background checkpointer copies
 * most of the WAL back beside the writer, but under a steady stream of batches its PASSIVE checkpoint never
 * reaches the last frame, so only the writer's own checkpoint lets the WAL start over; it then finds nearly
 * every frame copied already. (At 32,768 pages the WAL of a ten-second share load reached 410 MB, and the
 * checkpoint that finally came had hundreds of MB to copy in one go.)
 */
const AUTO_CHECKPOINT_PAGES = 4096;
/**
 * Prepared statements kept by their SQL (the oldest go first): every read and row write runs one, and
 * preparing costs more than running the usual one-row statement. Holds the `api` targets (docs/performance.md).
 */
const STATEMENT_CACHE = 256;
/** SQLITE_CONSTRAINT_UNIQUE, SQLITE_CONSTRAINT_PRIMARYKEY. */
const UNIQUE_CODES = new Set([2067, 1555]);
/** SQLITE_CORRUPT, SQLITE_NOTADB (primary codes). */
const CORRUPT_CODES = new Set([11, 26]);

const SCHEMA = `
CREATE TABLE IF NOT EXISTS _rs_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS _rs_collections (
  name TEXT PRIMARY KEY,
  tid INTEGER NOT NULL UNIQUE,
  indexes TEXT NOT NULL,
  paths TEXT NOT NULL
);
INSERT OR IGNORE INTO _rs_meta (key, value) VALUES ('format', '${FORMAT}'), ('meta_version', '0'), ('next_tid', '1');
`;

function errcode(error: unknown): number | undefined {
  const code = (error as { errcode?: unknown } | null)?.errcode;
  return typeof code === 'number' ? code : undefined;
}

export function isCorruptError(error: unknown): boolean {
  const code = errcode(error);
  return code !== undefined && CORRUPT_CODES.has(code & 0xff);
}

export function isUniqueViolation(error: unknown): boolean {
  const code = errcode(error);
  return code !== undefined && UNIQUE_CODES.has(code);
}

export class Connection {
  readonly file: string;
  readonly #busyTimeoutMs: number;
  db!: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();

  constructor(file: string, busyTimeoutMs: number) {
    this.file = file;
    this.#busyTimeoutMs = busyTimeoutMs;
  }

  /** Opens the file (a new connection, statements prepared afresh) with the store's pragmas and tables. */
  open(): DatabaseSync {
    const db = new DatabaseSync(this.file, { timeout: this.#busyTimeoutMs });
    this.db = db;
    this.#statements.clear();
    // 16 KB pages (a new file only): a rebuild loading millions of documents wants large pages (4 KB ones
    // made it 25 % slower), a live batch small ones, since each page it touches is written whole to the WAL
    // (32 KB ones made it 35 % dearer than 4 KB); 16 KB costs the rebuild ~2 % and live batches ~18 %.
    db.exec('PRAGMA page_size = 16384');
    db.exec('PRAGMA journal_mode = WAL');
    // Read models are derivable and each batch commits with its checkpoint: a tail lost to a power cut is
    // simply applied again, so the WAL is not synced at every commit.
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec(`PRAGMA wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
    db.exec('PRAGMA journal_size_limit = 67108864');
    db.exec('PRAGMA cache_size = -65536');
    db.exec('PRAGMA temp_store = MEMORY');
    db.exec(SCHEMA);
    return db;
  }

  /** The prepared statement of `sql`, rows as arrays. */
  stmt(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      statement.setReturnArrays(true);
      if (this.#statements.size >= STATEMENT_CACHE) this.#statements.delete(this.#statements.keys().next().value!);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  metaValue(key: string): string | undefined {
    const row = this.stmt('SELECT value FROM _rs_meta WHERE key = ?').get(key) as unknown as [string] | undefined;
    return row?.[0];
  }

  setMetaValue(key: string, value: string): void {
    this.stmt('UPDATE _rs_meta SET value = ? WHERE key = ?').run(value, key);
  }

  /** Closes the connection, ignoring a failure (a broken file being replaced). */
  closeQuietly(): void {
    try {
      if (this.db?.isOpen) this.db.close();
    } catch {
      // closing a broken file may fail; it is being replaced
    }
  }
}
