import fs from 'node:fs';
import path from 'node:path';

/**
 * One process owns an embedded DATA_DIR at a time: the in-memory read models are snapshotted there, and
 * two writers would overwrite each other's snapshot. A stale lock (its process is gone) is taken over.
 */
export function lockDataDir(dataDir: string, role: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'crossfeed.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify({ pid: process.pid, role }), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) {
        throw new Error(
          `${dataDir} is in use by another Crossfeed process (${holder.role}, pid ${holder.pid}). Stop it first or use another DATA_DIR.`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function readHolder(file: string): { pid: number; role: string } | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
