/**
 * Starts Crossfeed the way a user does (`npm start`: builds the UI when needed, then the one-process
 * start on the embedded adapters) with a fresh temporary DATA_DIR and a free port, and stops it with
 * SIGTERM. The child runs in its own process group, so npm, its shell and the node server are stopped
 * together, and a crash of the test process still takes them down.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.join(import.meta.dirname, '..', '..', '..');
/** `npm start` may build the UI first (a few seconds, more on a busy machine). */
const START_TIMEOUT_MS = 150_000;
const STOP_TIMEOUT_MS = 15_000;
const OUTPUT_LINES_KEPT = 200;

/** Variables that would take the app off its embedded, simulated, file-mail defaults. */
const UNSET = [
  'REDIS_URL',
  'MONGODB_URL',
  'MONGODB_DB',
  'EVENTSTORE_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PUBLISHABLE_KEY',
  'PUBLIC_URL',
  'HOST',
  'JWT_SECRET',
  'ADMIN_EMAILS',
  'SEED_DEMO',
  'NODE_ENV',
  'NODE_OPTIONS',
];

export interface RunningApp {
  /** `http://localhost:PORT`, the app's PUBLIC_URL (the socket origin check and e-mailed links use it). */
  url: string;
  dataDir: string;
  /** DATA_DIR/mail: the embedded mailer's `.eml` outbox. */
  mailDir: string;
  /** The last lines the app printed (for failure messages). */
  output(): string;
  /** SIGTERM, then SIGKILL after a grace period; removes the data directory unless told to keep it. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether any process of the group still runs. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // Already gone.
  }
}

async function waitForGroupExit(pgid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!groupAlive(pgid)) return true;
    await delay(100);
  }
  return !groupAlive(pgid);
}

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

export async function startApp(): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crossfeed-e2e-'));
  const url = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
  // Every journey and the demo seed sign up from 127.0.0.1: the per-IP sign-up throttles would count them all.
  env.REGISTRATIONS_PER_IP_PER_HOUR = '1000';
  env.WAITLIST_SIGNUPS_PER_IP_PER_HOUR = '1000';
  for (const name of UNSET) delete env[name];

  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > OUTPUT_LINES_KEPT) lines.splice(0, lines.length - OUTPUT_LINES_KEPT);
  };
  const output = () => lines.join('\n');

  // E2E_NO_BUILD=1 skips the UI build step of `npm start` and serves frontend/dist as it is (for iterating
  // on the journeys while the UI sources are being edited).
  const [command, args] = process.env.E2E_NO_BUILD === '1'
    ? [process.execPath, ['--disable-warning=ExperimentalWarning', 'backend/src/start.ts']]
    : ['npm', ['start']];
  const child: ChildProcess = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const pgid = child.pid;
  if (pgid === undefined) throw new Error('could not spawn npm start');
  let exited: string | null = null;
  child.once('exit', (code, signal) => (exited = `exit ${code ?? signal}`));
  // If this process ends without stopping the app (a crash, Ctrl-C), the app must not outlive it: it runs
  // in its own process group, so the terminal's signals do not reach it.
  const killOnExit = () => signalGroup(pgid, 'SIGKILL');
  const stopOnSignal = (signal: NodeJS.Signals) => {
    signalGroup(pgid, 'SIGTERM');
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('exit', killOnExit);
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);

  let stopped = false;
  const stop = async (options: { keepData?: boolean } = {}) => {
    if (stopped) return;
    stopped = true;
    signalGroup(pgid, 'SIGTERM');
    if (!(await waitForGroupExit(pgid, STOP_TIMEOUT_MS))) {
      signalGroup(pgid, 'SIGKILL');
      await waitForGroupExit(pgid, 5_000);
    }
    process.removeListener('exit', killOnExit);
    process.removeListener('SIGINT', stopOnSignal);
    process.removeListener('SIGTERM', stopOnSignal);
    if (!options.keepData) await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  try {
    while (!(await healthy(url))) {
      if (exited) throw new Error(`the app ended (${exited}) before /health answered 200`);
      if (Date.now() > deadline) throw new Error(`GET /health did not answer 200 within ${START_TIMEOUT_MS / 1000} s`);
      await delay(250);
    }
  } catch (error) {
    await stop({ keepData: true });
    throw new Error(`${(error as Error).message}; DATA_DIR kept at ${dataDir}. Last output:\n${output()}`, { cause: error });
  }
  return { url, dataDir, mailDir: path.join(dataDir, 'mail'), output, stop };
}
