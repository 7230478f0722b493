/**
 * The read-model file lost or damaged: whatever happened to it, the runner ends with read models equal to a
 * clean rebuild from the event log (and each event applied once), never serving a half-empty store as if
 * it were current.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventStore } from '@crossfeed/platform/event-store/event-store.port.ts';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import { createLogger } from '@crossfeed/platform/logger.ts';
import { ReadStoreResetError, type ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import { projections } from '../registry.ts';
import { APPLIED, countingProjection } from '../testing/counting.projection.ts';
import { readModelHash } from '../testing/read-model-hash.ts';
import { seedUsers } from '../testing/seed-users.ts';
import { USERS } from '../users/users.projection.ts';
import type { ReplayProgress } from './projection-runner.ts';
import { ProjectionRunner } from './projection-runner.ts';

const all = [...projections, countingProjection];
const USERS_SEEDED = 1500;

let dir: string;
let eventStore: EventStore;
let cleanHash: string;
before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-recovery-'));
  eventStore = await createSqliteEventStore({ file: path.join(dir, 'events.db') });
  await seedUsers(eventStore, USERS_SEEDED);
  const clean = await createSqliteReadStore({ file: ':memory:' });
  const runner = new ProjectionRunner({ eventStore, readStore: clean, projections: all });
  await runner.start();
  await runner.stop();
  cleanHash = await readModelHash(clean, all);
  await clean.close();
});
after(async () => {
  await eventStore.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

let files = 0;
/** A read-model file holding the current read models, closed cleanly. */
async function builtFile(): Promise<string> {
  const file = path.join(dir, `read-models-${++files}.db`);
  const store = await createSqliteReadStore({ file });
  const runner = new ProjectionRunner({ eventStore, readStore: store, projections: all });
  await runner.start();
  await runner.stop();
  await store.close();
  return file;
}

/** Where a collection's table starts in the file, and where the middle one of its leaf pages is. */
function pageInfo(file: string, collection: string): { pageSize: number; rootOffset: number; middleLeafOffset: number } {
  const db = new DatabaseSync(file, { readOnly: true });
  const { tid } = db.prepare('SELECT tid FROM _rs_collections WHERE name = ?').get(collection) as { tid: number };
  const { rootpage } = db.prepare('SELECT rootpage FROM sqlite_schema WHERE name = ?').get(`c${tid}`) as { rootpage: number };
  const { page_size: pageSize } = db.prepare('PRAGMA page_size').get() as { page_size: number };
  const leaves = (db.prepare("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno").all(`c${tid}`) as { pageno: number }[]).map((row) => row.pageno);
  db.close();
  assert.ok(leaves.length > 2, `the ${collection} table spans several pages`);
  return { pageSize, rootOffset: (rootpage - 1) * pageSize, middleLeafOffset: (leaves[Math.floor(leaves.length / 2)]! - 1) * pageSize };
}

function overwrite(file: string, offset: number, length: number): void {
  const garbage = Buffer.alloc(length, 0);
  for (let i = 0; i < length; i++) garbage[i] = (i * 131 + 7) % 256;
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, garbage, 0, length, offset);
  fs.closeSync(fd);
}

function markUnclean(file: string): void {
  const db = new DatabaseSync(file);
  db.exec("UPDATE _rs_meta SET value = '0' WHERE key = 'clean_shutdown'");
  db.close();
}

const movedAside = (file: string): string[] =>
  fs.readdirSync(path.dirname(file)).filter((name) => name.startsWith(`${path.basename(file)}.corrupt-`) && !/-(wal|shm)$/.test(name));

/** Starts a runner over the file, reads every read model (which finds any damage left), waits out a rebuild. */
async function recover(file: string): Promise<{ store: ReadStore; runner: ProjectionRunner; progress: ReplayProgress[]; warnings: string[] }> {
  const logger = createLogger({ level: 'silent' });
  const warnings: string[] = [];
  logger.warn = ((_fields: unknown, message: string) => void warnings.push(message)) as typeof logger.warn;
  const store = await createSqliteReadStore({ file, logger });
  const progress: ReplayProgress[] = [];
  const runner = new ProjectionRunner({ eventStore, readStore: store, projections: all, logger, onCatchUpProgress: (p) => progress.push(p) });
  await runner.start();
  return { store, runner, progress, warnings };
}

async function settledHash(runner: ProjectionRunner, store: ReadStore): Promise<string> {
  for (let attempt = 0; attempt < 500; attempt++) {
    if (!runner.recovering) {
      try {
        const hash = await readModelHash(store, all);
        if (!runner.recovering) return hash;
      } catch (error) {
        if (!(error instanceof ReadStoreResetError)) throw error;
      }
    }
    await sleep(20);
  }
  assert.fail('the read models never settled');
}

async function assertClean(store: ReadStore, runner: ProjectionRunner): Promise<void> {
  assert.equal(await settledHash(runner, store), cleanHash);
  assert.equal((await store.collection(APPLIED).findOne({ _id: 'all' }))?.count, USERS_SEEDED, 'each event applied once');
}

describe('read-model file lost or damaged', () => {
  test('a missing file: the runner catches every projection up from the start of the log, with progress', async () => {
    const file = await builtFile();
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    const { store, runner, progress } = await recover(file);
    await assertClean(store, runner);
    assert.equal(progress.at(-1)?.done, USERS_SEEDED);
    assert.equal(progress.at(-1)?.total, USERS_SEEDED);
    await runner.stop();
    await store.close();
  });

  test('a file with garbage in the middle of its pages: moved aside, rebuilt, equal to a clean rebuild', async () => {
    const file = await builtFile();
    // The middle one of the users table's pages, which nothing reads at open.
    overwrite(file, pageInfo(file, USERS).middleLeafOffset, 4096);
    const { store, runner, warnings } = await recover(file);
    await assertClean(store, runner);
    assert.equal(movedAside(file).length, 1);
    assert.ok(warnings.some((message) => message.includes('moved aside')));
    await runner.stop();
    await store.close();
  });

  test('an unclean shutdown: quick_check finds the damage at open, and the read models are rebuilt', async () => {
    const file = await builtFile();
    markUnclean(file);
    overwrite(file, pageInfo(file, USERS).rootOffset, 4096);
    const { store, runner, progress } = await recover(file);
    assert.equal(movedAside(file).length, 1, 'found at open');
    await assertClean(store, runner);
    assert.equal(progress.at(-1)?.done, USERS_SEEDED);
    await runner.stop();
    await store.close();
  });

  test('an unclean shutdown of an intact file: kept, nothing replayed', async () => {
    const file = await builtFile();
    markUnclean(file);
    const { store, runner, progress } = await recover(file);
    assert.equal(movedAside(file).length, 0);
    assert.equal(progress.length, 0, 'no catch-up from scratch');
    await assertClean(store, runner);
    await runner.stop();
    await store.close();
  });

  test('corruption found on use: not ready while every projection is rebuilt, then equal to a clean rebuild and live again', async () => {
    const file = await builtFile();
    overwrite(file, pageInfo(file, USERS).rootOffset, 4096);
    const { store, runner } = await recover(file);
    assert.equal(runner.recovering, false);
    assert.equal(movedAside(file).length, 0, 'not found at open');
    // A query (an API request) meets the damage.
    await assert.rejects(store.collection(USERS).findOne({ _id: 'user-1' }), ReadStoreResetError);
    assert.equal(runner.recovering, true, 'not ready while rebuilding');
    assert.equal(movedAside(file).length, 1);
    await assertClean(store, runner);
    // Live again.
    const position = await seedUsers(eventStore, 1, 'after-reset');
    assert.ok(position);
    assert.equal(await runner.waitFor(position, 5000), true);
    assert.equal((await store.collection(USERS).findOne({ _id: 'after-reset-0' }))?.username, 'after-reset0');
    await runner.stop();
    await store.close();
    cleanHash = await (async () => {
      const clean = await createSqliteReadStore({ file: ':memory:' });
      const fresh = new ProjectionRunner({ eventStore, readStore: clean, projections: all });
      await fresh.start();
      await fresh.stop();
      const hash = await readModelHash(clean, all);
      await clean.close();
      return hash;
    })();
  });
});
