/**
 * Boots the whole API on embedded adapters in a temporary DATA_DIR for HTTP tests: a real server on a
 * free port, the projection runner, the durable in-process queue, the file mailer and simulated payments.
 * With `{ workers: true }` it also runs the job dispatcher and every queue processor on that queue, so
 * tests can observe worker effects (`settleJobs()` waits for them).
 */
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@crossfeed/platform/config/config.ts';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import type { RecordedEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { JobQueue } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { createLocalJobQueue } from '@crossfeed/platform/jobs/local-job-queue.ts';
import { Lifecycle } from '@crossfeed/platform/lifecycle.ts';
import { createLogger } from '@crossfeed/platform/logger.ts';
import { readOutbox } from '@crossfeed/platform/mail/file-mailer.ts';
import { accountConfirmationLink, accountConfirmationSecret, signingSecret } from '@crossfeed/platform/security/derived-tokens.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import { createSocketIoPublisher } from '@crossfeed/platform/realtime/socketio-realtime.ts';
import type { RealtimePublisher, Room } from '@crossfeed/platform/realtime/realtime.port.ts';
import type { Runtime } from '@crossfeed/platform/runtime.ts';
import { userDecider } from '@crossfeed/domain/users/user.decider.ts';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import { projections } from '@crossfeed/projections/registry.ts';
import { ProjectionRunner } from '@crossfeed/projections/runner/projection-runner.ts';
import { createPushReactor } from '@crossfeed/projections/realtime/push-reactor.ts';
import { Dispatcher, jobsFor } from '@crossfeed/workers/dispatch/dispatcher.ts';
import { jobRoutes, startWorkers } from '@crossfeed/workers/registry.ts';
import type { ApiContext } from '../api/api-context.ts';
import { execute } from '../api/execute.ts';
import { composeApiContext, tokenServiceFor } from '../api/compose.ts';
import { apiRouters } from '../api/routers.ts';
import { checkAnswer } from '../api/openapi/response-check.ts';
import { createHttpServer, serve } from '../http-server.ts';
import { socketIdentityVerifier } from '../api/socket-identity.ts';
import { importEventLog } from './legacy-log/import-event-log.ts';

export const ADMIN_EMAIL = 'admin@crossfeed.test';
export const STRONG_PASSWORD = 'Str0ng!Passw0rd';

export interface TestResponse<Body = any> {
  status: number;
  body: Body;
  text: string;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  json?: unknown;
  /** Form-encoded body (login). */
  form?: Record<string, string>;
  /** Raw body with its content type (malformed input tests, multipart). */
  body?: RequestInit['body'];
  headers?: Record<string, string>;
}

export interface Session {
  token: string;
  user: { id: string; username: string; email: string; is_admin: boolean; is_premium: boolean; [key: string]: unknown };
  password: string;
}

export interface TestApp {
  url: string;
  ctx: ApiContext;
  runner: ProjectionRunner;
  jobQueue: JobQueue;
  dataDir: string;
  /** What the realtime publisher emitted, in order (it also reaches the real socket.io server at `url`). */
  pushes: { room: Room; event: string; payload: unknown }[];
  request<Body = any>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<Body>>;
  /** Registers (and logs in) a new user; unique defaults per call. */
  register(overrides?: { username?: string; email?: string; password?: string }): Promise<Session>;
  /** Registers an admin (an ADMIN_EMAILS address). */
  registerAdmin(): Promise<Session>;
  /** Confirms the user's own e-mail address by following the link their confirmation e-mail carries. */
  confirmEmail(session: Session): Promise<void>;
  /** Makes a user Premium through the user decider (as a completed checkout would). */
  grantPremium(userId: string): Promise<void>;
  /** E-mails written to the outbox. */
  outbox(): Promise<{ to: string; subject: string; text: string }[]>;
  /** Moves the clock used by commands (quota windows, expiry). */
  setNow(iso: string | undefined): void;
  /** With `workers: true`: waits until every job the log has asked for so far is completed or failed. */
  settleJobs(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Run the job dispatcher and every queue processor (off by default). */
  workers?: boolean;
  /** An NDJSON dump of event rows (see testing/legacy-log) the log holds before the app starts. */
  eventLog?: string;
}

let counter = 0;

export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-api-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_EMAILS: ADMIN_EMAIL,
    SEED_DEMO: 'false',
    JWT_SECRET: 'test-secret-test-secret-test-secret-42',
    // Every test client is 127.0.0.1: the per-IP and per-user throttles are tested with their own limits.
    REGISTRATIONS_PER_IP_PER_HOUR: '1000000',
    WAITLIST_SIGNUPS_PER_IP_PER_HOUR: '1000000',
    FLAGS_PER_USER_PER_HOUR: '1000000',
    ...env,
  });
  const logger = createLogger({ level: 'silent' });
  const lifecycle = new Lifecycle(logger);
  const runtime: Runtime = { config, logger, lifecycle };

  if (options.eventLog) await importEventLog(options.eventLog, path.join(dataDir, 'events.db'));
  const eventStore = await createSqliteEventStore({ file: path.join(dataDir, 'events.db'), synchronous: 'NORMAL' });
  lifecycle.add('event store', () => eventStore.close());
  const readStore = await createSqliteReadStore({ file: ':memory:' });
  const jobQueue = await createLocalJobQueue({ file: ':memory:' });
  lifecycle.add('job queue', () => jobQueue.close());
  const tokens = tokenServiceFor(runtime);
  // The real socket server (same token checks as production) with the in-process publisher, recorded too.
  const { server, io } = createHttpServer(runtime, socketIdentityVerifier(tokens, readStore));
  const sockets = createSocketIoPublisher(io);
  const pushes: TestApp['pushes'] = [];
  const recorder: RealtimePublisher = {
    emit: (room, event, payload) => {
      pushes.push({ room, event, payload });
      sockets.emit(room, event, payload);
    },
    disconnect: (room) => sockets.disconnect(room),
    close: async () => undefined,
  };
  const runner = new ProjectionRunner({
    eventStore,
    readStore,
    projections,
    logger,
    onLiveEvent: createPushReactor({ readStore, publisher: recorder }),
  });
  const ctx = await composeApiContext({ runtime, tokens, eventStore, readStore, readModels: runner, jobQueue, realtime: recorder });
  let now: string | undefined;
  ctx.clock = () => (now ? new Date(now) : new Date());

  const url = await serve({ runtime, server, io, isReady: () => true, routers: apiRouters(ctx) });
  lifecycle.add('projections', () => runner.stop());
  await runner.start();

  let dispatcher: Dispatcher | undefined;
  if (options.workers) {
    const handles = startWorkers({ config, logger, jobQueue, eventStore, readStore, mailer: ctx.mailer, realtime: recorder });
    lifecycle.add('workers', () => Promise.all(handles.map((handle) => handle.close())).then(() => undefined));
    dispatcher = new Dispatcher({ eventStore, readStore, readModels: runner, jobQueue, routes: jobRoutes, logger });
    lifecycle.add('dispatcher', () => dispatcher?.stop());
    await dispatcher.start();
  }

  const settleJobs = async (timeoutMs = 10_000): Promise<void> => {
    if (!dispatcher) throw new Error('settleJobs needs startTestApp(env, { workers: true })');
    const deadline = Date.now() + timeoutMs;
    const waitUntil = async (what: string, check: () => boolean | Promise<boolean>): Promise<void> => {
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error(`settleJobs: timed out waiting for ${what}`);
        await sleep(10);
      }
    };
    // Jobs append events whose own jobs follow (a referral credit, then its reward): settled once a round
    // of waiting finds no new event.
    for (let settledUpTo: string | undefined; ; ) {
      const head = (await eventStore.head()).position;
      if (head === undefined || head === settledUpTo) return;
      await waitUntil('the dispatcher', () => (dispatcher?.position() ?? '') >= head);
      const events: RecordedEvent[] = [];
      for (let batch = await eventStore.readAll({ ...(settledUpTo !== undefined && { fromPosition: settledUpTo }) }); batch.length > 0; ) {
        events.push(...batch.filter((event) => event.position <= head));
        if ((batch.at(-1)?.position ?? '') >= head) break;
        batch = await eventStore.readAll({ fromPosition: batch.at(-1)?.position ?? '', limit: 1000 });
      }
      for (const [queue, specs] of jobsFor(jobRoutes, events)) {
        for (const spec of specs) {
          await waitUntil(`job ${spec.jobId}`, async () => {
            const state = (await jobQueue.getJob(queue, spec.jobId))?.state;
            return state === 'completed' || state === 'failed';
          });
        }
      }
      settledUpTo = head;
    }
  };

  const request = async <Body = any>(method: string, pathname: string, options: RequestOptions = {}): Promise<TestResponse<Body>> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: RequestInit['body'] = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = new URLSearchParams(options.form);
    }
    const response = await fetch(`${url}${pathname}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    // Every answer is held to the OpenAPI document (issue 26): a body or 2xx status it does not describe throws.
    checkAnswer({ method, path: pathname, status: response.status, contentType: response.headers.get('content-type'), text });
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as Body, text, headers: response.headers };
  };

  const register: TestApp['register'] = async (overrides = {}) => {
    const n = ++counter;
    const username = overrides.username ?? `creator${n}_${process.pid}`;
    const email = overrides.email ?? `${username}@example.com`;
    const password = overrides.password ?? STRONG_PASSWORD;
    const registered = await request('POST', '/auth/register', { json: { username, email, password } });
    if (registered.status !== 200 && registered.status !== 201) {
      throw new Error(`register failed: ${registered.status} ${registered.text}`);
    }
    const login = await request('POST', '/auth/login', { form: { username, password } });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
    return { token: login.body.access_token, user: login.body.user, password };
  };

  /** Follows the link the account's confirmation e-mail carries. */
  const confirmEmail = async (session: Session): Promise<void> => {
    const link = new URL(accountConfirmationLink(url, accountConfirmationSecret(signingSecret(config)), session.user.id, session.user.email));
    const confirmed = await request('GET', `${link.pathname}${link.search}`);
    if (confirmed.status !== 303) throw new Error(`e-mail confirmation failed: ${confirmed.status} ${confirmed.text}`);
  };

  return {
    url,
    ctx,
    runner,
    jobQueue,
    dataDir,
    pushes,
    request,
    register,
    async registerAdmin() {
      const session = await register({ username: `admin${++counter}`, email: ADMIN_EMAIL });
      // An ADMIN_EMAILS account is admin once its address is confirmed.
      await confirmEmail(session);
      return { ...session, user: (await request('GET', '/auth/me', { token: session.token })).body };
    },
    confirmEmail,
    async grantPremium(userId) {
      await execute(ctx, userDecider, userStream(userId), {
        type: 'StartPremium',
        data: { userId, source: 'admin', reference: `test-${ctx.newId()}`, now: ctx.clock().toISOString(), endsAt: null },
      });
    },
    outbox: () => readOutbox(path.join(dataDir, 'mail')),
    setNow: (iso) => {
      now = iso;
    },
    settleJobs,
    async close() {
      await lifecycle.shutdown().catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
