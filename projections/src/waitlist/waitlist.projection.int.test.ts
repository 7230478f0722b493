import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { WaitlistJoined } from '@crossfeed/domain/waitlist/waitlist.events.ts';
import { waitlistStream } from '@crossfeed/domain/shared/streams.ts';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import type { EventStore } from '@crossfeed/platform/event-store/event-store.port.ts';
import { createSqliteReadStore } from '@crossfeed/platform/read-store/sqlite-read-store.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import { CHECKPOINTS } from '../projection.ts';
import { ProjectionRunner } from '../runner/projection-runner.ts';
import { WAITLIST, waitlistProjection, type WaitlistDoc } from './waitlist.projection.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-waitlist-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

const now = '2026-11-21T10:00:00.000Z';
const joined = (key: string, code: string, referredBy: string | null = null): WaitlistJoined => ({
  type: 'WaitlistJoined',
  data: { emailKey: key, email: key.toUpperCase(), referralCode: code, referredBy, joinedAt: now },
});

async function seed(): Promise<EventStore> {
  const eventStore = await createSqliteEventStore({ file: path.join(dir, `${crypto.randomUUID()}.db`) });
  await eventStore.append(waitlistStream('a@x.io'), [joined('a@x.io', 'AAAA2222')]);
  await eventStore.append(waitlistStream('b@x.io'), [joined('b@x.io', 'BBBB2222', 'AAAA2222')]);
  await eventStore.append(waitlistStream('a@x.io'), [
    { type: 'WaitlistReferralCredited', data: { emailKey: 'a@x.io', referredEmailKey: 'b@x.io', creditedAt: now } },
  ]);
  await eventStore.append(waitlistStream('c@x.io'), [joined('c@x.io', 'CCCC2222', 'AAAA2222')]);
  await eventStore.append(waitlistStream('a@x.io'), [
    { type: 'WaitlistReferralCredited', data: { emailKey: 'a@x.io', referredEmailKey: 'c@x.io', creditedAt: now } },
    { type: 'WaitlistEmailConfirmed', data: { emailKey: 'a@x.io', confirmedAt: now } },
  ]);
  return eventStore;
}

async function run(eventStore: EventStore, readStore: ReadStore): Promise<void> {
  const runner = new ProjectionRunner({ eventStore, readStore, projections: [waitlistProjection] });
  await runner.start();
  await runner.stop();
}

/** What the API computes: 1 + entries that joined before this one. */
async function position(readStore: ReadStore, key: string): Promise<number> {
  const waitlist = readStore.collection<WaitlistDoc>(WAITLIST);
  const doc = await waitlist.findOne({ _id: key });
  assert.ok(doc);
  return waitlist.count({ joined_position: { $lte: doc.joined_position } });
}

describe('waitlist projection', () => {
  test('keeps one entry per email with its code, referrer, referral count and confirmation', async () => {
    const eventStore = await seed();
    const readStore = await createSqliteReadStore({ file: ':memory:' });
    await run(eventStore, readStore);
    const a = await readStore.collection<WaitlistDoc>(WAITLIST).findOne({ _id: 'a@x.io' });
    assert.equal(a?.referral_code, 'AAAA2222');
    assert.equal(a?.referrals, 2);
    assert.equal(a?.confirmed, true);
    const b = await readStore.collection<WaitlistDoc>(WAITLIST).findOne({ _id: 'b@x.io' });
    assert.equal(b?.referred_by, 'AAAA2222');
    assert.equal(b?.referrals, 0);
    assert.equal(b?.confirmed, false);
    await eventStore.close();
  });

  test('positions follow the order of joining, whatever happened in between', async () => {
    const eventStore = await seed();
    const readStore = await createSqliteReadStore({ file: ':memory:' });
    await run(eventStore, readStore);
    assert.deepEqual(
      [await position(readStore, 'a@x.io'), await position(readStore, 'b@x.io'), await position(readStore, 'c@x.io')],
      [1, 2, 3],
    );
    await eventStore.close();
  });

  test('applying the log a second time counts each referral once', async () => {
    const eventStore = await seed();
    const readStore = await createSqliteReadStore({ file: ':memory:' });
    await run(eventStore, readStore);
    // Lose the checkpoint: every event is applied a second time to the same documents.
    await readStore.collection(CHECKPOINTS).deleteOne({ _id: 'waitlist' });
    await run(eventStore, readStore);
    const a = await readStore.collection<WaitlistDoc>(WAITLIST).findOne({ _id: 'a@x.io' });
    assert.equal(a?.referrals, 2);
    assert.equal(await position(readStore, 'c@x.io'), 3);
    await eventStore.close();
  });
});
