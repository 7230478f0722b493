import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import type { Projection } from '../projection.ts';
import { ProjectionRunner } from '../runner/projection-runner.ts';

export interface TestEvent {
  stream: string;
  type: string;
  data: unknown;
}

/** Projection tests' "given these events, then this read model": appends them to a temporary log and runs the projections over it. */
export async function projectEvents(projections: Projection | readonly Projection[], events: readonly TestEvent[]): Promise<ReadStore> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-projection-'));
  try {
    const eventStore = await createSqliteEventStore({ file: path.join(dir, 'events.db') });
    for (const { stream, type, data } of events) await eventStore.append(stream, [{ type, data }], { expectedRevision: 'any' });
    const readStore = await createSqliteReadStore({ file: ':memory:' });
    const runner = new ProjectionRunner({ eventStore, readStore, projections: Array.isArray(projections) ? projections : [projections as Projection] });
    await runner.start();
    await runner.stop();
    await eventStore.close();
    return readStore;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
