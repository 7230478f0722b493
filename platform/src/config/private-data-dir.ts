import fs from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the event log, read models with password hashes, secrets and `.eml` files with reset
 * links: nobody but the process's own user may read it. Every process creates files with the umask
 * 077 (files 0600, folders 0700, whoever creates them: SQLite, the mailer, the snapshot writer), and the
 * folder itself, with anything an older version left readable in it, is made private at start.
 */
export const PRIVATE_UMASK = 0o077;
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** New files of this process are private (0600 / 0700). Worker threads cannot set it: the main thread does. */
export function usePrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

const secured = new Set<string>();

/** Creates `dir` 0700 if missing, and makes it and everything in it private (once per process and folder). */
export function securePrivateDir(dir: string): void {
  const resolved = path.resolve(dir);
  if (secured.has(resolved)) return;
  fs.mkdirSync(resolved, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(resolved, PRIVATE_DIR_MODE);
  tightenTree(resolved);
  secured.add(resolved);
}

/**
 * The mail outbox grows with every e-mail sent: a walk of it would make each start slower than the last. An
 * outbox with the mailer's `.ids` index was written by this version, under the private umask, so its files
 * are not walked (its folder is tightened, which alone keeps them from other users); an older outbox is
 * walked once more.
 */
const isCurrentOutbox = (dir: string, name: string): boolean => name === 'mail' && fs.existsSync(path.join(dir, '.ids'));

function tightenTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      tighten(file, PRIVATE_DIR_MODE);
      if (!isCurrentOutbox(file, entry.name)) tightenTree(file);
    } else if (entry.isFile()) tighten(file, PRIVATE_FILE_MODE);
  }
}

function tighten(file: string, mode: number): void {
  try {
    if ((fs.statSync(file).mode & 0o777 & ~mode) !== 0) fs.chmodSync(file, mode);
  } catch (error) {
    // A file removed meanwhile (a mail being renamed, a WAL checkpoint) needs nothing.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
