/**
 * SIGKILL in the middle of a write load on the embedded setup `npm start` runs (appender thread,
 * projection thread): after a restart every acknowledged write is in the log and in the read models, and
 * the read models equal a clean rebuild of the log (nothing applied twice, nothing skipped).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@crossfeed/platform/config/config.ts';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import { Lifecycle } from '@crossfeed/platform/lifecycle.ts';
import { createLogger } from '@crossfeed/platform/logger.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import { projections } from '../registry.ts';
import { readModelHash } from '../testing/read-model-hash.ts';
import { USERS } from '../users/users.projection.ts';
import { openReadModels } from './open-read-models.ts';
import { ProjectionRunner } from './projection-runner.ts';

let dir: string;
before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-threaded-crash-'));
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

const ACKED_BEFORE_KILL = 400;

test('SIGKILL under a write load: every acknowledged write survives, and the read models equal a clean rebuild', async () => {
  const child = path.join(import.meta.dirname, '../testing/threaded-crash-child.ts');
  const acked: string[] = [];
  const killed = await new Promise<boolean>((resolve, reject) => {
    const proc = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', child, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    let buffer = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('acked ')) acked.push(line.slice('acked '.length));
      if (acked.length >= ACKED_BEFORE_KILL) proc.kill('SIGKILL');
    });
    proc.on('error', reject);
    proc.on('exit', (_code, signal) => resolve(signal === 'SIGKILL'));
  });
  assert.equal(killed, true);
  assert.ok(acked.length >= ACKED_BEFORE_KILL);

  // Restart as npm start does: the runner catches up from the checkpoints the read-model file holds.
  const logger = createLogger({ level: 'silent' });
  const lifecycle = new Lifecycle(logger);
  const eventStore = createSqliteEventStore({ file: path.join(dir, 'events.db'), appendInThread: true });
  lifecycle.add('event store', () => eventStore.close());
  const { readStore, createRunner } = await openReadModels({ config: loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), logger, lifecycle }, eventStore);
  const runner = createRunner();
  lifecycle.add('projections', () => runner.stop());
  await runner.start();
  try {
    const users = readStore.collection(USERS);
    const stored = new Set((await users.find({ _id: { $in: acked } }, { projection: { _id: 1 } })).map((doc) => doc._id));
    assert.deepEqual(acked.filter((id) => !stored.has(id)), [], 'every acknowledged registration is read back');
    const logged = (await eventStore.readAll({ limit: 1_000_000 })).length;
    assert.ok(logged >= acked.length);
    assert.equal(await users.count({}), logged, 'one user per event in the log: nothing applied twice, nothing skipped');

    const clean = await createSqliteReadStore({ file: ':memory:' });
    const rebuild = new ProjectionRunner({ eventStore, readStore: clean, projections });
    await rebuild.start();
    await rebuild.stop();
    assert.equal(await readModelHash(readStore, projections), await readModelHash(clean, projections));
    await clean.close();
  } finally {
    await lifecycle.shutdown();
  }
});
