import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A secret taken from the environment, or generated once and kept in DATA_DIR/secrets.json (mode 600) so
 * tokens and signed webhooks stay valid across restarts of the one-command start.
 *
 * Several processes may share DATA_DIR (docs/operations.md, "Several processes on one machine": two API nodes starting
 * together): the first to need a secret generates it under a lock and every other one reads that same
 * value, so a token signed by one node verifies on the other.
 */
export function persistentSecret(dataDir: string, name: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'secrets.json');
  const existing = readSecrets(file)[name];
  if (existing) return existing;
  return withLock(`${file}.lock`, () => {
    // Read again under the lock: another process may have just written it.
    const secrets = readSecrets(file);
    const written = secrets[name];
    if (written) return written;
    const secret = crypto.randomBytes(48).toString('base64url');
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, JSON.stringify({ ...secrets, [name]: secret }, null, 2), { mode: 0o600 });
    fs.renameSync(temp, file);
    return secret;
  });
}

function readSecrets(file: string): Record<string, string> {
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
}

/** A lock left by a process killed while holding it is taken over after this long (holding it takes ms). */
const STALE_LOCK_MS = 10_000;

/** Runs `work` holding a lock directory (mkdir is atomic); waits for another holder, at start-up only. */
function withLock<T>(lock: string, work: () => T): T {
  const deadline = Date.now() + 2 * STALE_LOCK_MS;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) fs.rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`${lock} is held by another process`);
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10); // a synchronous 10 ms pause
    }
  }
  try {
    return work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
