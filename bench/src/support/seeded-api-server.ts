/**
 * The API as `npm start` runs it (embedded adapters, projections in process), on a DATA_DIR seeded with
 * argv: <dataDir> <users> <contents> <sharers>. Seeds through the event store with the real event types,
 * then prints one JSON line `READY {...}` with the port, tokens and ids the benchmark drives.
 */
import path from 'node:path';
import { contactsStream, userStream } from '@crossfeed/domain/shared/streams.ts';
import { DEFAULT_REQUIRED_SHARES } from '@crossfeed/domain/rules/limits.ts';
import { openEventStore } from '@crossfeed/platform/config/adapters.ts';
import { loadConfig } from '@crossfeed/platform/config/config.ts';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import { createLocalJobQueue } from '@crossfeed/platform/jobs/local-job-queue.ts';
import { Lifecycle } from '@crossfeed/platform/lifecycle.ts';
import { createLogger } from '@crossfeed/platform/logger.ts';
import { hashPassword } from '@crossfeed/platform/security/passwords.ts';
import { createSocketIoPublisher } from '@crossfeed/platform/realtime/socketio-realtime.ts';
import type { NewEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import { openReadModels } from '@crossfeed/projections/runner/open-read-models.ts';
import { composeApiContext, tokenServiceFor } from '@crossfeed/backend/api/compose.ts';
import { apiRouters } from '@crossfeed/backend/api/routers.ts';
import { rebuildPools } from '@crossfeed/workers/matching/matching.processor.ts';
import { createHttpServer, serve } from '@crossfeed/backend/http-server.ts';

const [dataDir = '', usersArg = '10000', contentsArg = '50000', sharersArg = '200'] = process.argv.slice(2);
const users = Number(usersArg);
const contents = Number(contentsArg);
const sharers = Math.min(Number(sharersArg), users);
const CATEGORIES = ['technology', 'art', 'science', 'health', 'business', 'education', 'finance', 'travel'];
/**
 * Enough for a run of delivered shares: each share reaches two contacts who have not had that content, and
 * no address gets more than its daily cap (MAX_EMAILS_PER_ADDRESS_PER_DAY, 3) in a run of ~150 shares per
 * sharer (api.bench.ts picks them in turn). Sharers are established, confirmed Premium accounts, so their
 * daily e-mail budget (2,000 people) is not what stops them.
 */
const CONTACTS_PER_SHARER = 200;

const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
const logger = createLogger({ level: 'silent' });
const lifecycle = new Lifecycle(logger);
lifecycle.handleSignals();
const runtime = { config, logger, lifecycle };
const file = path.join(dataDir, 'events.db');

// --- seed (NORMAL durability: seeding is not what is measured) ----------------------------------------
// A data dir seeded before (a profiling session serving it again) is served as it is.
const seedStore = await createSqliteEventStore({ file, synchronous: 'NORMAL' });
const seeded = (await seedStore.head()).position !== undefined;
const now = new Date().toISOString();
const monthAgo = new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString();
const passwordHash = await hashPassword('Bench!Passw0rd');
const append = (stream: string, events: NewEvent[]) => seedStore.append(stream, events, { expectedRevision: 'any' });
for (let u = 0; u < users && !seeded; u++) {
  const userId = `bench-user-${u}`;
  const categories = [CATEGORIES[u % CATEGORIES.length]!, CATEGORIES[(u + 3) % CATEGORIES.length]!];
  const events: NewEvent[] = [
    {
      type: 'UserRegistered',
      data: { userId, username: `bench${u}`, email: `bench${u}@example.com`, passwordHash, isAdmin: false, referralCode: `BENCH${u}`, registeredAt: monthAgo },
    },
    {
      type: 'ProfileCreated',
      data: { userId, name: `Bench ${u}`, bio: 'Benchmark creator', categories, interests: ['Marketing'], contentType: 'article', createdAt: now },
    },
  ];
  if (u < sharers) {
    events.push({ type: 'PremiumStarted', data: { userId, source: 'admin', reference: 'bench', startedAt: now, endsAt: null } });
    events.push({ type: 'UserEmailConfirmed', data: { userId, email: `bench${u}@example.com`, confirmedAt: monthAgo } });
  }
  await append(userStream(userId), events);
  if (u < sharers) {
    await append(
      contactsStream(userId),
      Array.from({ length: CONTACTS_PER_SHARER }, (_, c) => ({
        type: 'ContactAdded',
        data: { contactId: `bench-contact-${u}-${c}`, userId, name: `Contact ${c}`, email: `c${c}.u${u}@example.com`, source: 'single', addedAt: now },
      })),
    );
  }
}
for (let c = 0; c < contents && !seeded; c++) {
  const owner = c % users;
  const userId = `bench-user-${owner}`;
  await append(userStream(userId), [
    {
      type: 'ContentSubmitted',
      data: {
        contentId: `bench-content-${c}`,
        userId,
        username: `bench${owner}`,
        title: `Benchmark post ${c}`,
        description: 'Seeded for the API benchmark',
        url: `https://example.com/posts/${c}`,
        contentType: 'article',
        categories: [CATEGORIES[c % CATEGORIES.length]!, CATEGORIES[(c + 5) % CATEGORIES.length]!],
        requiredShares: DEFAULT_REQUIRED_SHARES,
        submittedAt: now,
      },
    },
  ]);
}
await seedStore.close();

// --- serve, as start.ts does -------------------------------------------------------------------------
const eventStore = await openEventStore(runtime);
const { readStore, createRunner } = await openReadModels(runtime, eventStore, { soleWriter: true });
const jobQueue = await createLocalJobQueue({ file: path.join(dataDir, 'jobs.db') });
lifecycle.add('job queue', () => jobQueue.close());
const tokens = tokenServiceFor(runtime);
const { server, io } = createHttpServer(runtime, () => Promise.reject(new Error('no sockets in this benchmark')));
const runner = createRunner();
const ctx = await composeApiContext({ runtime, tokens, eventStore, readStore, readModels: runner, jobQueue, realtime: createSocketIoPublisher(io) });
lifecycle.add('projections', () => runner.stop());
await runner.start();
// The matching worker's rebuild at start (npm start runs it when the pools are missing): built before READY.
await rebuildPools(readStore, new Date().toISOString());
const url = await serve({ runtime, server, io, isReady: () => true, routers: apiRouters(ctx) });

// Sharers share other creators' content: owners outside the sharer range.
const sessions = [];
for (let u = 0; u < sharers; u++) {
  const { token } = await tokens.issue(`bench-user-${u}`);
  sessions.push({
    token,
    contactIds: Array.from({ length: CONTACTS_PER_SHARER }, (_, c) => `bench-contact-${u}-${c}`),
  });
}
const shareTargets = Array.from({ length: 2000 }, (_, i) => `bench-content-${(sharers + i * 7) % contents}`).filter(
  (id) => Number(id.split('-').at(-1)) % users >= sharers,
);
process.stdout.write(`READY ${JSON.stringify({ port: Number(new URL(url).port), sessions, shareTargets })}\n`);
