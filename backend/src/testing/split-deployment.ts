/**
 * Runs the split deployment (docs/operations.md, "Several processes on one machine") as real child processes for
 * integration tests: `projections`, `api` and `workers`, each started from its own entry point with the
 * environment docs/operations.md gives, sharing one DATA_DIR (the embedded event log and read models) and Redis.
 *
 * Every child is killed (SIGKILL) when the test process exits, whatever happened, so a failing test never
 * leaves servers behind.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { STRONG_PASSWORD } from './test-app.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export const ENTRY_POINTS = {
  api: 'backend/src/main.ts',
  projections: 'projections/src/main.ts',
  workers: 'workers/src/main.ts',
} as const;

export type Role = keyof typeof ENTRY_POINTS;

/** Engines and secrets of the developer's shell that must not leak into the children. */
const SCRUBBED = ['EVENTSTORE_URL', 'MONGODB_URL', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY', 'PORT', 'PUBLIC_URL'];

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** SIGKILLs every child still running and waits for them (a test's `after`, even when `before` failed). */
export async function killAll(): Promise<void> {
  await Promise.all(
    [...running].map(async (child) => {
      const exit = new Promise((resolve) => child.once('exit', resolve));
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      else return;
      await exit;
    }),
  );
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it returns a value other than undefined/false; fails with `what` after the timeout. */
export async function waitUntil<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 20_000, intervalMs = 20): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) assert.fail(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}

export interface Service {
  role: Role;
  name: string;
  child: ChildProcess;
  /** Everything the process printed so far (pino JSON lines and anything else). */
  output(): string;
  /** The `msg` of every pino line printed so far. */
  messages(): string[];
  /** Resolves once a log line's `msg` equals `message` (fails if the process exits first). */
  waitForMessage(message: string, timeoutMs?: number): Promise<void>;
  exited(): boolean;
  /** SIGKILL: no cleanup at all, as a crash or an OOM kill leaves things. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the graceful shutdown. */
  stop(): Promise<void>;
}

export function startService(role: Role, name: string, env: NodeJS.ProcessEnv): Service {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const key of SCRUBBED) delete childEnv[key];
  Object.assign(childEnv, env);
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', ENTRY_POINTS[role]], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exit.then(() => running.delete(child));
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = (): boolean => child.exitCode !== null || child.signalCode !== null;
  const messages = (): string[] =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => {
        try {
          return String((JSON.parse(line) as { msg?: unknown }).msg ?? '');
        } catch {
          return '';
        }
      });
  const service: Service = {
    role,
    name,
    child,
    output: () => output,
    messages,
    async waitForMessage(message, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (!messages().includes(message)) {
        if (exited()) assert.fail(`${name} exited (${child.exitCode ?? child.signalCode}) before logging "${message}":\n${output}`);
        if (Date.now() > deadline) assert.fail(`${name} did not log "${message}" within ${timeoutMs} ms:\n${output}`);
        await sleep(20);
      }
    },
    exited,
    async kill() {
      if (!exited()) child.kill('SIGKILL');
      await exit;
    },
    async stop() {
      if (!exited()) child.kill('SIGTERM');
      await exit;
      assert.equal(child.exitCode, 0, `${name} did not shut down cleanly:\n${output}`);
    },
  };
  return service;
}

/** Starts an API node and waits until GET /health answers 200. */
export async function startApi(name: string, env: NodeJS.ProcessEnv, port: number): Promise<Service & { url: string }> {
  const service = startService('api', name, { ...env, PORT: String(port), HOST: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (service.exited()) assert.fail(`${name} exited before it was ready:\n${service.output()}`);
    if (await fetch(`${url}/health`).then((response) => response.status === 200, () => false)) break;
    if (Date.now() > deadline) assert.fail(`${name} did not answer /health within 60 s:\n${service.output()}`);
    await sleep(50);
  }
  return Object.assign(service, { url });
}

/** An API node of the split deployment (`startApi`). */
export type Api = Service & { url: string };

/** A signed-in user of a split-deployment test. */
export interface Session {
  token: string;
  user: { id: string; username: string };
}

/** One HTTP call to an API node: JSON, a form or multipart in, the parsed answer (or its text) out. */
export async function callApi(api: Api, method: string, route: string, options: { token?: string; json?: unknown; form?: Record<string, string>; body?: FormData } = {}) {
  const headers: Record<string, string> = {};
  let body: string | FormData | undefined = options.body;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const response = await fetch(`${api.url}${route}`, { method, headers, ...(body === undefined ? {} : { body }) });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed as any, text, headers: response.headers };
}

/** Registers `username` through an API node and signs in. */
export async function registerOn(api: Api, username: string): Promise<Session> {
  const registered = await callApi(api, 'POST', '/auth/register', { json: { username, email: `${username}@example.com`, password: STRONG_PASSWORD } });
  assert.equal(registered.status, 201, registered.text);
  const login = await callApi(api, 'POST', '/auth/login', { form: { username, password: STRONG_PASSWORD } });
  assert.equal(login.status, 200, login.text);
  return { token: login.body.access_token, user: login.body.user };
}
