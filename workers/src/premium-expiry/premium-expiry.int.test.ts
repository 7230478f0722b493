import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { userDecider } from '@crossfeed/domain/users/user.decider.ts';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import { handleCommand } from '@crossfeed/platform/commands/command-handler.ts';
import { createLocalJobQueue } from '@crossfeed/platform/jobs/local-job-queue.ts';
import { USERS, type UserDoc } from '@crossfeed/projections/users/users.projection.ts';
import { fakeJob, startHarness, type Harness } from '../testing/scheduled-jobs-harness.ts';
import { PREMIUM_EXPIRY_QUEUE, premiumExpiryProcessor } from './premium-expiry.processor.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(() => h.close());

async function user(id: string, premium?: { source: 'promo' | 'checkout'; endsAt: string | null }): Promise<void> {
  await handleCommand(h.eventStore, userDecider, userStream(id), {
    type: 'RegisterUser',
    data: { userId: id, username: id, email: `${id}@example.com`, passwordHash: 'x', isAdmin: false, now: '2026-01-01T00:00:00.000Z' },
  });
  if (premium) {
    await handleCommand(h.eventStore, userDecider, userStream(id), {
      type: 'StartPremium',
      data: { userId: id, source: premium.source, reference: `ref-${id}`, now: '2026-01-01T00:00:00.000Z', endsAt: premium.endsAt },
    });
  }
}

const ended = async (id: string) => (await h.eventStore.readStream(userStream(id))).filter((event) => event.type === 'PremiumEnded');

test('ends an expired promo Premium exactly once, and leaves running and open-ended ones alone', async () => {
  await user('expired', { source: 'promo', endsAt: '2026-02-01T00:00:00.000Z' });
  await user('running', { source: 'promo', endsAt: '2026-04-01T00:00:00.000Z' });
  await user('subscriber', { source: 'checkout', endsAt: null });
  await user('free');
  await h.settle();

  const now = () => new Date('2026-03-01T00:00:00.000Z');
  const process = premiumExpiryProcessor(h, now);
  assert.deepEqual(await process(fakeJob({})), { checked: 1, ended: 1 });
  // A second run (a retry, or the read model not caught up yet) decides nothing new.
  await process(fakeJob({}));
  await h.settle();
  assert.deepEqual(await process(fakeJob({})), { checked: 0, ended: 0 });

  const events = await ended('expired');
  assert.equal(events.length, 1);
  assert.deepEqual((events[0]?.data as { reason: string }).reason, 'expired');
  assert.equal((await ended('running')).length, 0);
  assert.equal((await ended('subscriber')).length, 0);
  const doc = await h.readStore.collection<UserDoc>(USERS).findOne({ _id: 'expired' });
  assert.equal(doc?.is_premium, false);
});

test('runs on its queue as a scheduled job', async () => {
  await user('expired2', { source: 'promo', endsAt: '2026-01-02T00:00:00.000Z' });
  await h.settle();
  const queue = await createLocalJobQueue({ file: ':memory:' });
  try {
    const handle = queue.process(PREMIUM_EXPIRY_QUEUE, premiumExpiryProcessor(h));
    await queue.upsertScheduler(PREMIUM_EXPIRY_QUEUE, 'test-expiry', { every: 60_000 }, { name: 'expire', data: {} });
    const deadline = Date.now() + 5000;
    while ((await ended('expired2')).length === 0) {
      if (Date.now() > deadline) assert.fail('the scheduled job did not end the expired Premium');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await handle.close();
  } finally {
    await queue.close();
  }
  assert.equal((await ended('expired2')).length, 1);
});
