/** Embedded stores for the scheduled-job tests: SQLite log, memory read models, the projection runner. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EventStore, Position } from '@crossfeed/platform/event-store/event-store.port.ts';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import type { Job } from '@crossfeed/platform/jobs/job-queue.port.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { projections } from '@crossfeed/projections/registry.ts';
import { ProjectionRunner } from '@crossfeed/projections/runner/projection-runner.ts';

export interface Harness {
  eventStore: EventStore;
  readStore: ReadStore;
  runner: ProjectionRunner;
  record(stream: string, type: string, data: Record<string, unknown>): Promise<Position>;
  settle(): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-jobs-'));
  const eventStore = await createSqliteEventStore({ file: path.join(dir, 'events.db') });
  const readStore = await createSqliteReadStore({ file: ':memory:' });
  const runner = new ProjectionRunner({ eventStore, readStore, projections });
  await runner.start();
  return {
    eventStore,
    readStore,
    runner,
    async record(stream, type, data) {
      return (await eventStore.append(stream, [{ type, data }], { expectedRevision: 'any' })).position;
    },
    async settle() {
      const head = (await eventStore.head()).position;
      if (head !== undefined && !(await runner.waitFor(head, 5000))) throw new Error('projections did not catch up');
    },
    async close() {
      await runner.stop();
      await eventStore.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A job as a queue would hand it to a processor; its progress reports are kept, in order, in `reports`. */
export function fakeJob<Data>(data: Data, id = 'job-1'): Job<Data> & { reports: unknown[] } {
  const reports: unknown[] = [];
  const job: Job<Data> & { reports: unknown[] } = {
    id,
    queue: 'test',
    name: 'test',
    data,
    attemptsMade: 0,
    progress: 0,
    reports,
    updateProgress: async (value) => {
      reports.push(value);
      job.progress = value;
    },
  };
  return job;
}
