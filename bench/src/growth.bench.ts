/**
 * `npm run bench -- growth [--samples N] [--sizes 10,1000,10000,100000] [--log N] [--skip-log]`
 *
 * Does a command's cost depend on how long its streams are (DESIGN §3)? Measured in one run:
 * 1. For creators with 10, 1,000, 10,000 and 100,000 prior events on each stream a command touches
 *    (`user-{id}`: past shares, 150 a day; `contacts-{id}`: contacts; `notifications-{id}`: reads), the
 *    p50 and p99 latency of N sequential HTTP commands of each kind (share, contact add, mark-read,
 *    profile update), each as a ratio to a fresh creator's; the server's event-loop delay p99 while the
 *    commands run; and 16 shares in flight at once on one creator's stream (commands/s, 409s). Then a
 *    creator uploads 20,000 contacts in 5,000-row files (each upload timed) and adds more one by one.
 *    The server is the API as `npm start` composes it, in its own process (support/growth-server.ts).
 *    Past events are appended straight into the SQLite log by this process, as another writer would:
 *    the first command after them folds them (its latency is in the samples).
 * 2. On a log of `--log` events (default 1,000,000, the replay bench's mix): rebuilding every read model
 *    from position 0 (events/s, ratio to the raw read), then `npm start` on that data folder with its
 *    read models current: the time until GET /health answers 200, and the process's RSS then.
 * GROWTH_SERVER_ARGS adds node flags to the measured server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
 * or `--trace-gc`): how the figures in docs/performance.md were explained.
 */
import { spawn } from 'node:child_process';
import { startServer, stopProcess } from './support/api-process.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { contactsStream, notificationsStream, userStream } from '@crossfeed/domain/shared/streams.ts';
import { loadConfig } from '@crossfeed/platform/config/config.ts';
import { createSqliteEventStore, type SqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import type { NewEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import { checkpointOp } from '@crossfeed/projections/projection.ts';
import { projections } from '@crossfeed/projections/registry.ts';
import { openReadModels } from '@crossfeed/projections/runner/open-read-models.ts';
import { Lifecycle } from '@crossfeed/platform/lifecycle.ts';
import { createLogger } from '@crossfeed/platform/logger.ts';
import { DISPATCHER_CHECKPOINT } from '@crossfeed/workers/dispatch/dispatcher.ts';
import { rebuildPools } from '@crossfeed/workers/matching/matching.processor.ts';
import { computeRollups } from '@crossfeed/workers/analytics-rollup/analytics-rollup.processor.ts';
import { fmt, percentile, perSecond, printReport, type Row, type Target } from './report.ts';
import { seedMixedLog } from './replay.bench.ts';
import { rawReadAndParse } from './support/raw-read.ts';

const PASSWORD = 'Growth#Passw0rd';
const COMMANDS = ['share', 'contact add', 'mark-read', 'profile update'] as const;
type CommandName = (typeof COMMANDS)[number];
const SHARES_PER_DAY = 150;
const DAY_MS = 86_400_000;
const REPO = path.resolve(import.meta.dirname, '../..');

interface Creator {
  id: string;
  token: string;
  username: string;
  contentId: string;
  contactIds: string[];
  notificationIds: string[];
}

interface Latencies {
  samples: number[];
  p50: number;
  p99: number;
  max: number;
}

export async function main(args: string[]): Promise<boolean> {
  const { values } = parseArgs({
    args,
    options: { samples: { type: 'string' }, sizes: { type: 'string' }, log: { type: 'string' }, 'skip-log': { type: 'boolean' } },
  });
  const samples = Number(values.samples ?? 200);
  const sizes = (values.sizes ?? '10,1000,10000,100000').split(',').map(Number);
  const logEvents = Number(values.log ?? 1_000_000);

  const rows: Row[] = [];
  const targets: Target[] = [];
  await measureCommands(samples, sizes, rows, targets);
  if (!values['skip-log']) await measureLargeLog(logEvents, rows, targets);
  return printReport(
    `Growth on ${os.cpus().length} cores, Node ${process.versions.node}: ${samples} sequential commands of each kind per creator`,
    rows,
    targets,
  );
}

// --- 1. commands on long streams ------------------------------------------------------------------

async function measureCommands(samples: number, sizes: readonly number[], rows: Row[], targets: Target[]): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-bench-growth-'));
  const server = await startServer(dataDir);
  const seeder = createSqliteEventStore({ file: path.join(dataDir, 'events.db'), synchronous: 'NORMAL' });
  try {
    const api = client(`http://127.0.0.1:${server.port}`);
    const owner = await api.creator('owner', samples);
    const results = new Map<number, Map<CommandName, Latencies>>();
    const delays: { size: number; p99: number; max: number }[] = [];
    const concurrency: { size: number; rate: number; conflicts: number; errors: number }[] = [];

    // A warm-up creator first, unreported, so the fresh creator's figures are not the JIT's first round.
    for (const size of [-1, 0, ...sizes]) {
      const creator = await api.creator(size < 0 ? 'warmup' : `c${size}`, samples + IN_FLIGHT_CONTACTS);
      process.stdout.write(`creator with ${fmt(Math.max(0, size))} prior events per stream: seeding...`);
      await seedHistory(seeder, api, creator, owner, Math.max(0, size), samples);
      process.stdout.write(' measuring...');
      await server.reset();
      const byCommand = new Map<CommandName, Latencies>();
      byCommand.set('share', await timeEach(samples, (i) => api.share(creator, owner.contentId, creator.contactIds[i]!)));
      byCommand.set('contact add', await timeEach(samples, (i) => api.addContact(creator, `late${i}@growth.example.com`)));
      byCommand.set('mark-read', await timeEach(samples, (i) => api.markRead(creator, creator.notificationIds[i]!)));
      byCommand.set('profile update', await timeEach(samples, (i) => api.updateProfile(creator, i)));
      const delay = await server.delay();
      const inFlight = await sixteenInFlight(api, creator, owner.contentId, samples);
      if (size < 0) {
        process.stdout.write(' (warm-up) done\n');
        continue;
      }
      delays.push({ size, p99: delay.p99, max: delay.max });
      concurrency.push({ size, ...inFlight });
      results.set(size, byCommand);
      process.stdout.write(' done\n');
    }

    await measureUploads(api, samples, rows, targets);

    const fresh = results.get(0)!;
    for (const command of COMMANDS) {
      const base = fresh.get(command)!;
      rows.push({ measure: `${command}, fresh creator: p50 / p99 / max (ms)`, value: triple(base) });
      for (const size of sizes) {
        const at = results.get(size)!.get(command)!;
        rows.push({ measure: `${command}, ${fmt(size)} prior events: p50 / p99 / max (ms)`, value: triple(at), baseline: ms(base.p50), ratio: at.p50 / base.p50 });
      }
      const largest = sizes.at(-1)!;
      const ratio = results.get(largest)!.get(command)!.p50 / base.p50;
      targets.push({ label: `${command}: p50 at ${fmt(largest)} prior events <= 1.5x fresh (${ratio.toFixed(2)}x)`, met: ratio <= 1.5 });
    }
    for (const { size, p99, max } of delays) {
      rows.push({ measure: `event-loop delay while commanding, ${fmt(size)} prior events: p99 / max (ms)`, value: `${p99.toFixed(1)} / ${max.toFixed(1)}` });
    }
    const worstDelay = Math.max(...delays.map((d) => d.p99));
    targets.push({ label: `event-loop delay p99 <= 50 ms while the commands run (worst ${worstDelay.toFixed(1)} ms)`, met: worstDelay <= 50 });
    for (const { size, rate, conflicts, errors } of concurrency) {
      rows.push({ measure: `16 shares in flight on one stream, ${fmt(size)} prior events: commands/s (409s, errors)`, value: `${fmt(rate)} (${conflicts}, ${errors})` });
    }
    const slowest = Math.min(...concurrency.map((c) => c.rate));
    const conflicts = concurrency.reduce((sum, c) => sum + c.conflicts + c.errors, 0);
    targets.push({ label: `16 in flight on one stream >= 500 commands/s with no 409 (slowest ${fmt(slowest)}/s, ${conflicts} failed)`, met: slowest >= 500 && conflicts === 0 });
  } finally {
    await seeder.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const UPLOAD_ROWS = 5_000;
const UPLOADS = 4;

/**
 * Through HTTP only: a creator's first contact adds, then four 5,000-row uploads (20,000 contacts, each
 * upload timed), then the same number of single adds again, as a ratio to the first ones.
 */
async function measureUploads(api: Client, samples: number, rows: Row[], targets: Target[]): Promise<void> {
  process.stdout.write(`uploads of ${fmt(UPLOAD_ROWS)} rows...`);
  const creator = await api.creator('uploader', 1);
  const adds = Math.min(samples, 100);
  const first = await timeEach(adds, (i) => api.addContact(creator, `first${i}@upload.example.com`));
  const uploads: number[] = [];
  for (let u = 0; u < UPLOADS; u++) {
    const emails = Array.from({ length: UPLOAD_ROWS }, (_, i) => `u${u}-${i}@upload.example.com`);
    const started = performance.now();
    await api.uploadContacts(creator, emails);
    uploads.push(performance.now() - started);
  }
  const later = await timeEach(adds, (i) => api.addContact(creator, `later${i}@upload.example.com`));
  process.stdout.write(' done\n');
  const total = UPLOAD_ROWS * UPLOADS;
  rows.push({ measure: `contact add, first ${adds} of a creator: p50 / p99 / max (ms)`, value: triple(first) });
  rows.push({ measure: `${UPLOADS} uploads of ${fmt(UPLOAD_ROWS)} rows: each answered after (ms)`, value: uploads.map(ms).join(', ') });
  rows.push({ measure: `contact add after ${fmt(total)} uploaded contacts: p50 / p99 / max (ms)`, value: triple(later), baseline: ms(first.p50), ratio: later.p50 / first.p50 });
  const slowest = Math.max(...uploads);
  targets.push({ label: `a ${fmt(UPLOAD_ROWS)}-row upload answers in under 2 s (slowest ${(slowest / 1000).toFixed(2)} s)`, met: slowest < 2000 });
  const ratio = later.p50 / first.p50;
  targets.push({ label: `contact add after ${fmt(total)} contacts <= 1.5x the first (${ratio.toFixed(2)}x)`, met: ratio <= 1.5 });
}

/**
 * `size` past events on each of the creator's streams, and `samples` unread notifications for mark-read
 * (shares of the creator's content by a helper account). Appended in chunks, then waited for: a last
 * contact is the sentinel (projections apply the log in order, so once it is counted all is applied).
 */
async function seedHistory(store: SqliteEventStore, api: Client, creator: Creator, owner: Creator, size: number, samples: number): Promise<void> {
  const start = Date.now() - Math.ceil(size / SHARES_PER_DAY + 2) * DAY_MS;
  const at = (i: number) => new Date(start + Math.floor(i / SHARES_PER_DAY) * DAY_MS + (i % SHARES_PER_DAY) * 1000).toISOString();
  const helper = `growth-helper-${creator.id}`;
  await appendChunked(store, userStream(helper), samples, (i) => ({
    type: 'ContentShared',
    data: { shareId: `h${i}`, contentId: creator.contentId, contentOwnerId: creator.id, contentTitle: 'Mine', sharerId: helper, sharerUsername: 'helper', contactIds: [], sharedAt: new Date().toISOString() },
  }));
  await appendChunked(store, userStream(creator.id), size, (i) => ({
    type: 'ContentShared',
    data: { shareId: `past-${i}`, contentId: owner.contentId, contentOwnerId: owner.id, contentTitle: 'Theirs', sharerId: creator.id, sharerUsername: creator.username, contactIds: [], sharedAt: at(i) },
  }));
  await appendChunked(store, notificationsStream(creator.id), size, (i) => ({
    type: 'NotificationRead',
    data: { userId: creator.id, notificationId: `past-${i}`, readAt: at(i) },
  }));
  await appendChunked(store, contactsStream(creator.id), size, (i) => ({
    type: 'ContactAdded',
    data: { contactId: `past-${creator.id}-${i}`, userId: creator.id, name: `Past ${i}`, email: `past${i}@growth.example.com`, source: 'bulk', addedAt: at(i) },
  }));
  await appendChunked(store, contactsStream(creator.id), 1, () => ({
    type: 'ContactAdded',
    data: { contactId: `sentinel-${creator.id}`, userId: creator.id, name: 'Sentinel', email: `sentinel.${creator.id}@growth.example.com`, source: 'bulk', addedAt: new Date().toISOString() },
  }));
  const expected = creator.contactIds.length + size + 1;
  for (const deadline = Date.now() + 600_000; (await api.contactCount(creator)) < expected; ) {
    if (Date.now() > deadline) throw new Error(`the read models did not catch up with ${fmt(size)} seeded events`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  creator.notificationIds = (await api.unreadNotifications(creator)).slice(0, samples);
  if (creator.notificationIds.length < samples) throw new Error(`expected ${samples} unread notifications, got ${creator.notificationIds.length}`);
}

async function appendChunked(store: SqliteEventStore, stream: string, count: number, event: (i: number) => NewEvent): Promise<void> {
  for (let from = 0; from < count; from += 1000) {
    const events = Array.from({ length: Math.min(1000, count - from) }, (_, k) => event(from + k));
    await store.append(stream, events, { expectedRevision: 'any' });
  }
}

async function timeEach(count: number, command: (i: number) => Promise<void>): Promise<Latencies> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await command(i);
    samples.push(performance.now() - started);
  }
  return { samples, p50: percentile(samples, 50), p99: percentile(samples, 99), max: Math.max(...samples) };
}

/** 16 requests in flight on one creator's stream for two seconds: shares to the creator's contacts in turn. */
/**
 * Contacts kept for the shares in flight: each share reaches one contact who has not had the content yet
 * (a delivered share; a repeat would rightly be a 409), so two seconds at 1,000/s need as many.
 */
const IN_FLIGHT_CONTACTS = 2_000;

async function sixteenInFlight(api: Client, creator: Creator, contentId: string, firstContact: number): Promise<{ rate: number; conflicts: number; errors: number }> {
  let done = 0;
  let conflicts = 0;
  let errors = 0;
  let next = firstContact;
  const started = performance.now();
  const deadline = started + 2000;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (performance.now() < deadline) {
        if (next >= creator.contactIds.length) break; // every kept contact reached: the rate is over what was done
        const status = await api.shareStatus(creator, contentId, creator.contactIds[next++]!);
        if (status === 409) conflicts += 1;
        else if (status >= 400) errors += 1;
        done += 1;
      }
    }),
  );
  return { rate: perSecond(done, performance.now() - started), conflicts, errors };
}

const ms = (value: number): string => value.toFixed(1);
const triple = (l: Latencies): string => `${ms(l.p50)} / ${ms(l.p99)} / ${ms(l.max)}`;

// --- the HTTP side ----------------------------------------------------------------------------------

type Client = ReturnType<typeof client>;

/** JSON answers as the API gives them; this client only reads fields it knows. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

function client(base: string) {
  async function call(method: string, pathname: string, token: string | undefined, body?: unknown): Promise<{ status: number; json: Json; headers: Headers }> {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: RequestInit['body'];
    if (body instanceof FormData || body instanceof URLSearchParams) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${base}${pathname}`, { method, headers, body: payload, redirect: 'manual' });
    const text = await response.text();
    const json = response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    return { status: response.status, json, headers: response.headers };
  }
  async function ok(method: string, pathname: string, token: string | undefined, body?: unknown): Promise<Json> {
    const answer = await call(method, pathname, token, body);
    if (answer.status >= 400) throw new Error(`${method} ${pathname} answered ${answer.status}: ${JSON.stringify(answer.json)}`);
    return answer.json;
  }
  const profile = (n: number) => ({ name: `Growth ${n}`, bio: `Bio number ${n}`, categories: ['technology'], interests: ['ai'], content_type: 'article' });

  return {
    /** A Premium creator (no daily share cap) with a profile, one content and `contacts` contacts. */
    async creator(prefix: string, contacts: number): Promise<Creator> {
      const username = `${prefix}_${process.pid}`.slice(0, 32);
      await ok('POST', '/auth/register', undefined, { username, email: `${username}@growth.example.com`, password: PASSWORD });
      const login = await ok('POST', '/auth/login', undefined, new URLSearchParams({ username, password: PASSWORD }));
      const token = login.access_token as string;
      const id = login.user.id as string;
      await ok('POST', '/profiles/', token, profile(0));
      const checkout = await ok('POST', '/api/subscription/create-checkout-session', token, {});
      const paid = await call('POST', `/simulated-checkout/${encodeURIComponent(checkout.checkout_session_id)}/pay`, token);
      if (paid.status !== 303) throw new Error(`the simulated checkout answered ${paid.status}`);
      const content = await ok('POST', '/content/', token, {
        title: `${prefix} post`,
        description: 'Growth benchmark',
        url: `https://example.com/${prefix}`,
        content_type: 'article',
        categories: ['technology'],
      });
      const csv = ['name,email', ...Array.from({ length: contacts }, (_, i) => `Friend ${i},friend${i}.${username}@growth.example.com`)].join('\n');
      const file = new FormData();
      file.append('file', new Blob([csv], { type: 'text/csv' }), 'contacts.csv');
      await ok('POST', '/contacts/bulk', token, file);
      const contactIds: string[] = [];
      while (contactIds.length < contacts) {
        const page = (await ok('GET', `/contacts/?limit=${contacts - contactIds.length}&offset=${contactIds.length}`, token)) as { id: string }[];
        if (page.length === 0) break;
        contactIds.push(...page.map((c) => c.id));
      }
      return { id, token, username, contentId: content.id as string, contactIds, notificationIds: [] };
    },
    async share(creator: Creator, contentId: string, contactId: string): Promise<void> {
      await ok('POST', `/content/${contentId}/share/`, creator.token, [contactId]);
    },
    async shareStatus(creator: Creator, contentId: string, contactId: string): Promise<number> {
      return (await call('POST', `/content/${contentId}/share/`, creator.token, [contactId])).status;
    },
    async addContact(creator: Creator, email: string): Promise<void> {
      await ok('POST', '/contacts/', creator.token, { name: 'Late friend', email });
    },
    async markRead(creator: Creator, notificationId: string): Promise<void> {
      await ok('PUT', `/notifications/${notificationId}/read`, creator.token);
    },
    async updateProfile(creator: Creator, n: number): Promise<void> {
      await ok('PUT', `/profiles/${creator.id}/`, creator.token, profile(n + 1));
    },
    async uploadContacts(creator: Creator, emails: readonly string[]): Promise<void> {
      const csv = ['name,email', ...emails.map((email, i) => `Upload ${i},${email}`)].join('\n');
      const file = new FormData();
      file.append('file', new Blob([csv], { type: 'text/csv' }), 'contacts.csv');
      await ok('POST', '/contacts/bulk', creator.token, file);
    },
    async contactCount(creator: Creator): Promise<number> {
      const answer = await call('GET', '/contacts/?limit=1', creator.token);
      return Number(answer.headers.get('x-total-count') ?? 0);
    },
    async unreadNotifications(creator: Creator): Promise<string[]> {
      const list = (await ok('GET', '/notifications/?limit=500', creator.token)) as { id: string; is_read: boolean }[];
      return list.filter((n) => !n.is_read).map((n) => n.id);
    },
  };
}

// --- the server process -----------------------------------------------------------------------------

// --- 2. a large log: rebuild everything, then start on it -------------------------------------------

async function measureLargeLog(events: number, rows: Row[], targets: Target[]): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-bench-growth-log-'));
  try {
    const logFile = path.join(dataDir, 'events.db');
    await createSqliteEventStore({ file: logFile, synchronous: 'NORMAL' }).close();
    process.stdout.write(`seeding a log of ${fmt(events)} events...`);
    seedMixedLog(logFile, events);
    process.stdout.write(' rebuilding every read model...');
    const rawMs = rawReadAndParse(logFile);

    // As npm start catches up a read-model file from nothing: the runner in the projection thread.
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const logger = createLogger({ level: 'silent' });
    const lifecycle = new Lifecycle(logger);
    const eventStore = createSqliteEventStore({ file: logFile });
    lifecycle.add('event store', () => eventStore.close());
    const { readStore, createRunner } = await openReadModels({ config, logger, lifecycle }, eventStore);
    const runner = createRunner();
    const started = performance.now();
    await runner.start();
    const rebuildMs = performance.now() - started;
    await runner.stop();
    // A process that has run all along has also dispatched every event's jobs (its checkpoint is current)
    // and keeps the workers' read models: the matching pools and the analytics roll-ups (a start without
    // them builds them first, which is not what this measures).
    const now = new Date().toISOString();
    await rebuildPools(readStore, now);
    await computeRollups(readStore, now.slice(0, 10), now);
    const head = (await eventStore.head()).position;
    if (head) await readStore.applyBatch([checkpointOp(DISPATCHER_CHECKPOINT, head, 1)]);
    await lifecycle.shutdown();

    process.stdout.write(' starting npm start on it...');
    const start = await startNpmStart(dataDir);
    process.stdout.write(' done\n');

    const rawRate = perSecond(events, rawMs);
    const rebuildRate = perSecond(events, rebuildMs);
    rows.push({ measure: `raw read + JSON.parse of ${fmt(events)} events, events/s`, value: fmt(rawRate) });
    rows.push({
      measure: `rebuild of every read model (${projections.length} projections) from ${fmt(events)} events, events/s`,
      value: fmt(rebuildRate),
      baseline: fmt(rawRate),
      ratio: rebuildRate / rawRate,
    });
    rows.push({ measure: 'npm start on that log, read models current: /health 200 after (s)', value: (start.readyMs / 1000).toFixed(2) });
    rows.push({ measure: 'npm start on that log: RSS at /health 200, and 5 s later (MB)', value: `${fmt(start.rssAtReady)} / ${fmt(start.rssLater)}` });
    targets.push({ label: `start-up on ${fmt(events)} events: /health 200 within 5 s (${(start.readyMs / 1000).toFixed(2)} s)`, met: start.readyMs <= 5000 });
    targets.push({ label: `start-up RSS under 400 MB (${fmt(Math.max(start.rssAtReady, start.rssLater))} MB)`, met: Math.max(start.rssAtReady, start.rssLater) < 400 });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Starts backend/src/start.ts as `npm start` does (without the UI build) and times its readiness. */
async function startNpmStart(dataDir: string): Promise<{ readyMs: number; rssAtReady: number; rssLater: number }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const started = performance.now();
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(REPO, 'backend/src/start.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      if (performance.now() - started > 120_000) throw new Error('npm start was not ready within 120 s');
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const readyMs = performance.now() - started;
    const rssAtReady = rssMb(child.pid!);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    return { readyMs, rssAtReady, rssLater: rssMb(child.pid!) };
  } finally {
    await stopProcess(child);
  }
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}
