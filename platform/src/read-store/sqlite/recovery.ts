/**
 * Start-up and recovery of a read-model file. A missing file is created empty (the runner then catches up
 * from position 0). A file SQLite reports corrupt (at open, on use, or in `PRAGMA quick_check` after an
 * unclean shutdown, which a `clean_shutdown` flag in the file records) is moved aside
 * (`<file>.corrupt-<time>`, with its -wal and -shm) and recreated empty. A guest (another process owns the
 * file) neither records nor checks a clean shutdown and never moves the file aside.
 */
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Logger } from '../../logger.ts';
import type { Connection } from './connection.ts';
import { isCorruptError } from './connection.ts';

/** The log lines the store writes (a writer thread forwards them to its parent's logger). */
export type StoreLogger = Pick<Logger, 'info' | 'warn' | 'error'>;

export interface RecoveryOptions {
  conn: Connection;
  memory: boolean;
  guest: boolean;
  logger: StoreLogger | undefined;
}

class QuickCheckFailed extends Error {}

/**
 * Opens the file: created when missing, checked after an unclean shutdown, moved aside and recreated when
 * corrupt (unless a guest). Returns why it was created or recreated; undefined when it opened as it was.
 */
export function openFile(options: RecoveryOptions): string | undefined {
  const { conn } = options;
  if (options.memory) {
    connect(options, false);
    return undefined;
  }
  mkdirSync(dirname(conn.file), { recursive: true });
  const existed = existsSync(conn.file);
  if (!existed) {
    options.logger?.info({ file: conn.file }, 'read-model file missing: created empty; read models are rebuilt from the event log');
  }
  try {
    connect(options, existed);
    return existed ? undefined : 'missing';
  } catch (error) {
    let reason: string;
    if (error instanceof QuickCheckFailed) reason = `integrity check after an unclean shutdown failed: ${error.message}`;
    else if (isCorruptError(error) && !options.guest) reason = `SQLite reports it corrupt: ${(error as Error).message}`;
    else {
      conn.closeQuietly();
      throw error;
    }
    replaceFile(options, reason);
    return reason;
  }
}

/** Opens the connection, and checks the file when its last owner did not shut down cleanly. */
export function connect(options: RecoveryOptions, existed: boolean): void {
  const { conn, guest } = options;
  const db = conn.open();
  const clean = guest ? undefined : conn.metaValue('clean_shutdown');
  if (existed && clean === '0') {
    let result: string[];
    try {
      const rows = db.prepare('PRAGMA quick_check').all() as Record<string, unknown>[];
      result = rows.map((row) => String(Object.values(row)[0]));
    } catch (error) {
      if (!isCorruptError(error)) throw error;
      result = [(error as Error).message];
    }
    if (result.length !== 1 || result[0] !== 'ok') throw new QuickCheckFailed(result.slice(0, 5).join('; '));
  }
  if (!guest) db.exec("INSERT INTO _rs_meta (key, value) VALUES ('clean_shutdown', '0') ON CONFLICT (key) DO UPDATE SET value = excluded.value");
}

/** Moves the file aside, and opens a new empty one in its place. */
export function replaceFile(options: RecoveryOptions, reason: string): void {
  const { conn } = options;
  conn.closeQuietly();
  let movedTo: string | undefined;
  if (!options.memory) {
    movedTo = `${conn.file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    for (const suffix of ['', '-wal', '-shm']) {
      if (existsSync(conn.file + suffix)) renameSync(conn.file + suffix, movedTo + suffix);
    }
  }
  options.logger?.warn({ file: conn.file, movedTo, reason }, 'read-model file is corrupt: moved aside and recreated empty; read models are rebuilt from the event log');
  connect(options, false);
}

/** Records a clean shutdown (the owner, as it closes). */
export function recordCleanShutdown(conn: Connection): void {
  conn.db.exec("UPDATE _rs_meta SET value = '1' WHERE key = 'clean_shutdown'");
}
