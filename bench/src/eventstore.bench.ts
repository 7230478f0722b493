/**
 * `npm run bench -- eventstore [--events N] [--seconds S]`
 * - append: raw node:sqlite single-row transactions/s vs our `append` of one event per call, both with
 *   WAL + synchronous=FULL (the durability the product runs with);
 * - replay: raw read + JSON.parse of the log vs our replay (readAll + parse + apply the users projection
 *   into a fresh SQLite read-model file, every batch one transaction with its checkpoint, then the swap),
 *   over N events (default 1,000,000). One warm-up round of each, then `--rounds` (default 5) measured
 *   rounds alternating the two, each after a full collection (the bench runs with --expose-gc); the
 *   medians are compared.
 * - start-up: opening a read-model file holding the 1,000,000 users with current checkpoints and starting
 *   the runner over the log (no reload, no replay: open + checkpoint read).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DatabaseSync } from 'node:sqlite';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import { ProjectionRunner } from '@crossfeed/projections/runner/projection-runner.ts';
import { usersProjection } from '@crossfeed/projections/users/users.projection.ts';
import { fmt, percentile, perSecond, printReport } from './report.ts';
import { rawReadAndParse } from './support/raw-read.ts';

export async function main(args: string[]): Promise<boolean> {
  const { values } = parseArgs({ args, options: { events: { type: 'string' }, seconds: { type: 'string' }, rounds: { type: 'string' } } });
  const totalEvents = Number(values.events ?? 1_000_000);
  const seconds = Number(values.seconds ?? 3);
  const rounds = Number(values.rounds ?? 5);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-bench-'));
  try {
    // --- append: one durable transaction per call -------------------------------------------------
    const rawFile = path.join(dir, 'raw.db');
    const raw = new DatabaseSync(rawFile);
    raw.exec('PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;');
    raw.exec('CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, stream TEXT, data TEXT)');
    const insert = raw.prepare('INSERT INTO t (stream, data) VALUES (?, ?)');
    const payload = JSON.stringify({ userId: 'u', username: 'bench', email: 'bench@example.com', isAdmin: false });
    const rawAppends = timed(seconds, (i) => {
      raw.exec('BEGIN IMMEDIATE');
      insert.run(`s-${i}`, payload);
      raw.exec('COMMIT');
    });
    raw.close();

    const store = await createSqliteEventStore({ file: path.join(dir, 'ours.db') });
    const ourAppends = await timedAsync(seconds, (i) =>
      store.append(`user-${i}`, [{ type: 'BenchAppended', data: JSON.parse(payload) }], { expectedRevision: 'no_stream' }),
    );
    await store.close();

    // --- replay over the event log -------------------------------------------------------------
    const logFile = path.join(dir, 'log.db');
    const seeded = await createSqliteEventStore({ file: logFile, synchronous: 'NORMAL' });
    await seeded.close();
    seedLog(logFile, totalEvents);
    // The seeding wrote without syncing: its writeback must not land in the measured rounds.
    syncFile(logFile);

    const rawTimes: number[] = [];
    const replayTimes: number[] = [];
    const readModels = path.join(dir, 'read-models.db');
    for (let round = 0; round <= rounds; round++) {
      removeDb(readModels);
      collectGarbage();
      const rawMs = rawReadAndParse(logFile);
      collectGarbage();
      const replayMs = await replayUsers(logFile, readModels, totalEvents);
      console.log(`${round === 0 ? 'warm-up' : `round ${round}`}: raw ${fmt(rawMs)} ms, replay ${fmt(replayMs)} ms`);
      if (round === 0) continue;
      rawTimes.push(rawMs);
      replayTimes.push(replayMs);
    }
    const rawReplayMs = percentile(rawTimes, 50);
    const replayMs = percentile(replayTimes, 50);
    const fileMb = fs.statSync(readModels).size / 1e6;

    // --- start-up over the last round's read models (current checkpoints) -------------------------
    const startTimes: number[] = [];
    for (let round = 0; round < 3; round++) startTimes.push(await startUp(logFile, readModels, totalEvents));
    const startMs = percentile(startTimes, 50);

    const rawAppendRate = perSecond(rawAppends.count, rawAppends.ms);
    const ourAppendRate = perSecond(ourAppends.count, ourAppends.ms);
    const rawReplayRate = perSecond(totalEvents, rawReplayMs);
    const ourReplayRate = perSecond(totalEvents, replayMs);
    const appendRatio = ourAppendRate / rawAppendRate;
    const replayRatio = ourReplayRate / rawReplayRate;
    return printReport(
      `Event store on ${os.cpus().length} cores, Node ${process.versions.node}, SQLite WAL synchronous=FULL, ${fmt(totalEvents)} events replayed, medians of ${rounds} rounds`,
      [
        { measure: 'raw node:sqlite single-row transactions/s', value: fmt(rawAppendRate) },
        { measure: 'our append, one event per call, /s', value: fmt(ourAppendRate), baseline: fmt(rawAppendRate), ratio: appendRatio },
        { measure: 'raw read + JSON.parse, events/s', value: fmt(rawReplayRate) },
        { measure: 'our replay (read + parse + users projection into SQLite), events/s', value: fmt(ourReplayRate), baseline: fmt(rawReplayRate), ratio: replayRatio },
        { measure: 'read-model file after the replay, MB', value: fileMb.toFixed(0) },
        { measure: `start-up over current read models (${fmt(totalEvents)} users), ms`, value: startMs.toFixed(1) },
      ],
      [
        { label: `append >= 0.6x raw (${appendRatio.toFixed(2)}x)`, met: appendRatio >= 0.6 },
        { label: `replay >= 100,000 events/s (${fmt(ourReplayRate)}, ${replayRatio.toFixed(2)}x raw)`, met: ourReplayRate >= 100_000 },
        { label: `start-up <= 1,000 ms, whatever the data size (${startMs.toFixed(1)} ms)`, met: startMs <= 1000 },
      ],
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Rebuilds the users projection from the log into a fresh SQLite read-model file; returns ms. */
async function replayUsers(logFile: string, readModels: string, expectedUsers: number): Promise<number> {
  const eventStore = await createSqliteEventStore({ file: logFile });
  const readStore = await createSqliteReadStore({ file: readModels });
  try {
    const runner = new ProjectionRunner({ eventStore, readStore, projections: [usersProjection], batchSize: 2000 });
    const start = performance.now();
    await runner.rebuild('users');
    const ms = performance.now() - start;
    const users = await readStore.collection('users').count();
    if (users !== expectedUsers) throw new Error(`replay produced ${users} users, expected ${expectedUsers}`);
    return ms;
  } finally {
    await readStore.close();
    await eventStore.close();
  }
}

/** Opens the read-model file and starts the runner over the log (checkpoints current): returns ms. */
async function startUp(logFile: string, readModels: string, expectedUsers: number): Promise<number> {
  const eventStore = await createSqliteEventStore({ file: logFile });
  try {
    const start = performance.now();
    const readStore = await createSqliteReadStore({ file: readModels });
    const runner = new ProjectionRunner({ eventStore, readStore, projections: [usersProjection], batchSize: 2000 });
    await runner.start();
    const ms = performance.now() - start;
    await runner.stop();
    const user = await readStore.collection('users').findOne({ email: `creator${expectedUsers - 1}@example.com` });
    await readStore.close();
    if (!user) throw new Error('the read models were not there after the start');
    return ms;
  } finally {
    await eventStore.close();
  }
}

function syncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
}

function removeDb(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
}

/** A full collection between rounds (when run with --expose-gc): no round pays for the garbage of the one before. */
function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function timed(seconds: number, work: (i: number) => void): { count: number; ms: number } {
  const start = performance.now();
  const deadline = start + seconds * 1000;
  let count = 0;
  while (performance.now() < deadline) work(count++);
  return { count, ms: performance.now() - start };
}

async function timedAsync(seconds: number, work: (i: number) => Promise<unknown>): Promise<{ count: number; ms: number }> {
  const start = performance.now();
  const deadline = start + seconds * 1000;
  let count = 0;
  while (performance.now() < deadline) await work(count++);
  return { count, ms: performance.now() - start };
}

/** Writes N `UserRegistered` events straight into the adapter's table (seeding only; not measured). */
function seedLog(file: string, count: number): void {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA synchronous=OFF');
  const insert = db.prepare(
    'INSERT INTO events (id, stream, revision, type, data, metadata, created_at) VALUES (?, ?, 0, ?, ?, ?, ?)',
  );
  const createdAt = new Date('2026-01-01T00:00:00.000Z').toISOString();
  db.exec('BEGIN');
  for (let i = 0; i < count; i++) {
    const userId = `u${i}`;
    const data = JSON.stringify({
      userId,
      username: `creator${i}`,
      email: `creator${i}@example.com`,
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$bench',
      isAdmin: false,
      registeredAt: createdAt,
    });
    insert.run(crypto.randomUUID(), `user-${userId}`, 'UserRegistered', data, '{}', createdAt);
  }
  db.exec('COMMIT');
  db.close();
}
