import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ContentFlagged } from '@crossfeed/domain/flags/flag.events.ts';
import { contentStream, flagStream } from '@crossfeed/domain/shared/streams.ts';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import { ProjectionRunner } from '../runner/projection-runner.ts';
import { FLAGS, flagsProjection, type FlagDoc } from './flags.projection.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-flags-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

const now = '2026-11-21T10:00:00.000Z';
const flagged = (flagId: string, contentId: string): ContentFlagged => ({
  type: 'ContentFlagged',
  data: {
    flagId,
    contentId,
    ownerId: 'owner',
    contentTitle: `Title of ${contentId}`,
    reporterId: 'reporter',
    reporterUsername: 'rita',
    reason: 'Spam',
    flaggedAt: now,
  },
});

async function project(events: { stream: string; type: string; data: unknown }[]) {
  const eventStore = await createSqliteEventStore({ file: path.join(dir, `${crypto.randomUUID()}.db`) });
  for (const event of events) await eventStore.append(event.stream, [{ type: event.type, data: event.data }]);
  const readStore = await createSqliteReadStore({ file: ':memory:' });
  const runner = new ProjectionRunner({ eventStore, readStore, projections: [flagsProjection] });
  await runner.start();
  await runner.stop();
  await eventStore.close();
  return readStore.collection<FlagDoc>(FLAGS);
}

describe('flags projection', () => {
  test('keeps each open flag with its reporter and the content title at flag time', async () => {
    const flags = await project([{ stream: flagStream('f1'), ...flagged('f1', 'c1') }]);
    assert.deepEqual(await flags.find({}, { projection: { _pos: 0 } }), [
      {
        _id: 'f1',
        content_id: 'c1',
        owner_id: 'owner',
        reason: 'Spam',
        created_at: now,
        user: { id: 'reporter', username: 'rita' },
        content: { title: 'Title of c1' },
      },
    ]);
  });

  test('a deleted flag leaves the list', async () => {
    const flags = await project([
      { stream: flagStream('f1'), ...flagged('f1', 'c1') },
      { stream: flagStream('f2'), ...flagged('f2', 'c1') },
      { stream: flagStream('f1'), type: 'FlagDeleted', data: { flagId: 'f1', contentId: 'c1', deletedBy: 'admin', deletedAt: now } },
    ]);
    assert.deepEqual((await flags.find({})).map((flag) => flag._id), ['f2']);
  });

  test("content removed by an admin takes all of its flags with it, and only its own", async () => {
    const flags = await project([
      { stream: flagStream('f1'), ...flagged('f1', 'c1') },
      { stream: flagStream('f2'), ...flagged('f2', 'c1') },
      { stream: flagStream('f3'), ...flagged('f3', 'c2') },
      {
        stream: contentStream('c1'),
        type: 'ContentRemovedByAdmin',
        data: { contentId: 'c1', ownerId: 'owner', contentTitle: 'Title of c1', removedBy: 'admin', removedAt: now },
      },
    ]);
    assert.deepEqual((await flags.find({})).map((flag) => flag._id), ['f3']);
  });
});
