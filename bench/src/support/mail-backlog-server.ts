/**
 * The one-process start (`npm start`: API, projections, dispatcher and every worker with the embedded
 * adapters) on a DATA_DIR seeded through the event store. argv: <dataDir> <backlogShares>.
 *
 * Seeds 200 established Premium sharers with 100 contacts each and 400 other creators' live contents; with
 * <backlogShares> > 0 also that many `ContentShared` events of 5 new people each, so the share e-mail jobs of
 * `backlogShares × 5` e-mails wait when the server starts (the dispatcher enqueues them as it catches up).
 * Prints `READY {"port", "tokens"}`: tokens of the sharers, for requests made while the backlog drains.
 *
 * The dispatcher and the workers start only on SIGUSR2 (printing `STARTED`), so the same warm process is
 * measured first idle, then while its backlog drains.
 */
import path from 'node:path';
import { normalizedEmail } from '@crossfeed/domain/rules/email-identity.ts';
import { DEFAULT_REQUIRED_SHARES } from '@crossfeed/domain/rules/limits.ts';
import { contactsStream, userStream } from '@crossfeed/domain/shared/streams.ts';
import { openEventStore, openJobQueue } from '@crossfeed/platform/config/adapters.ts';
import { loadConfig } from '@crossfeed/platform/config/config.ts';
import { createSqliteEventStore } from '@crossfeed/platform/event-store/sqlite-event-store.ts';
import type { NewEvent } from '@crossfeed/platform/event-store/event-store.port.ts';
import { Lifecycle } from '@crossfeed/platform/lifecycle.ts';
import { createLogger } from '@crossfeed/platform/logger.ts';
import { createSocketIoPublisher } from '@crossfeed/platform/realtime/socketio-realtime.ts';
import { hashPassword } from '@crossfeed/platform/security/passwords.ts';
import { openReadModels } from '@crossfeed/projections/runner/open-read-models.ts';
import { Dispatcher } from '@crossfeed/workers/dispatch/dispatcher.ts';
import { rebuildPools } from '@crossfeed/workers/matching/matching.processor.ts';
import { jobRoutes, startWorkers } from '@crossfeed/workers/registry.ts';
import { composeApiContext, tokenServiceFor } from '@crossfeed/backend/api/compose.ts';
import { apiRouters } from '@crossfeed/backend/api/routers.ts';
import { createHttpServer, serve } from '@crossfeed/backend/http-server.ts';

const [dataDir = '', backlogArg = '0'] = process.argv.slice(2);
const backlogShares = Number(backlogArg);
export const SHARERS = 200;
const CONTACTS_PER_SHARER = 100;
const OWNERS = 400;
const PEOPLE_PER_SHARE = 5;

const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
const logger = createLogger({ level: 'silent' });
const lifecycle = new Lifecycle(logger);
lifecycle.handleSignals();
const runtime = { config, logger, lifecycle };

// --- seed (NORMAL durability: seeding is not what is measured) ----------------------------------------
const seedStore = await createSqliteEventStore({ file: path.join(dataDir, 'events.db'), synchronous: 'NORMAL' });
const now = new Date().toISOString();
const monthAgo = new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString();
const passwordHash = await hashPassword('Bench!Passw0rd');
const append = (stream: string, events: NewEvent[]) => seedStore.append(stream, events, { expectedRevision: 'any' });
const email = (u: number, c: number) => `c${c}.u${u}@example.com`;
for (let u = 0; u < SHARERS + OWNERS; u++) {
  const userId = `bench-user-${u}`;
  const events: NewEvent[] = [
    {
      type: 'UserRegistered',
      data: { userId, username: `bench${u}`, email: `bench${u}@example.com`, passwordHash, isAdmin: false, referralCode: `BENCH${u}`, registeredAt: monthAgo },
    },
    { type: 'ProfileCreated', data: { userId, name: `Bench ${u}`, bio: 'Benchmark creator', categories: ['technology'], interests: ['Marketing'], contentType: 'article', createdAt: monthAgo } },
    { type: 'UserEmailConfirmed', data: { userId, email: `bench${u}@example.com`, confirmedAt: monthAgo } },
  ];
  if (u < SHARERS) events.push({ type: 'PremiumStarted', data: { userId, source: 'admin', reference: 'bench', startedAt: monthAgo, endsAt: null } });
  else {
    // Before the exchange's queue: active at once, in every sharer's reach.
    events.push({
      type: 'ContentSubmitted',
      data: {
        contentId: `bench-content-${u}`,
        userId,
        username: `bench${u}`,
        title: `Benchmark post ${u}`,
        description: 'Seeded for the mail benchmark',
        url: `https://example.com/posts/${u}`,
        contentType: 'article',
        categories: ['technology'],
        requiredShares: DEFAULT_REQUIRED_SHARES,
        submittedAt: monthAgo,
      },
    });
  }
  await append(userStream(userId), events);
  if (u < SHARERS) {
    await append(
      contactsStream(userId),
      Array.from({ length: CONTACTS_PER_SHARER }, (_, c) => ({
        type: 'ContactAdded',
        data: { contactId: `bench-contact-${u}-${c}`, userId, name: `Contact ${c}`, email: email(u, c), source: 'single', addedAt: monthAgo },
      })),
    );
  }
}
// The backlog: shares decided just now, their e-mails not sent yet. Each reaches 5 of the sharer's contacts
// not reached before (a contact is in one share only: no address meets its daily cap).
const perSharer = Math.ceil(backlogShares / SHARERS);
if (perSharer * PEOPLE_PER_SHARE > CONTACTS_PER_SHARER) throw new Error(`at most ${(SHARERS * CONTACTS_PER_SHARER) / PEOPLE_PER_SHARE} backlog shares`);
for (let i = 0; i < backlogShares; i++) {
  const u = i % SHARERS;
  const k = Math.floor(i / SHARERS);
  const contacts = Array.from({ length: PEOPLE_PER_SHARE }, (_, j) => k * PEOPLE_PER_SHARE + j);
  const owner = SHARERS + ((u + k * 7) % OWNERS);
  await append(userStream(`bench-user-${u}`), [
    {
      type: 'ContentShared',
      data: {
        shareId: `bench-share-${i}`,
        contentId: `bench-content-${owner}`,
        contentOwnerId: `bench-user-${owner}`,
        contentTitle: `Benchmark post ${owner}`,
        sharerId: `bench-user-${u}`,
        sharerUsername: `bench${u}`,
        contactIds: contacts.map((c) => `bench-contact-${u}-${c}`),
        mailboxes: contacts.map((c) => normalizedEmail(email(u, c))),
        credit: PEOPLE_PER_SHARE,
        skipped: [],
        note: null,
        sharedAt: now,
      },
    },
  ]);
}
await seedStore.close();

// --- serve, as all-in-one.ts does --------------------------------------------------------------------
const eventStore = await openEventStore(runtime);
const readModels = await openReadModels(runtime, eventStore, { soleWriter: true });
const { readStore } = readModels;
const jobQueue = await openJobQueue(runtime);
const tokens = tokenServiceFor(runtime);
const { server, io } = createHttpServer(runtime, () => Promise.reject(new Error('no sockets in this benchmark')));
const realtime = createSocketIoPublisher(io);
const runner = readModels.createRunner();
const ctx = await composeApiContext({ runtime, tokens, eventStore, readStore, readModels: runner, jobQueue, realtime });
lifecycle.add('projections', () => runner.stop());
await runner.start();
// The matching worker's rebuild at start (npm start runs it when the pools are missing): built before READY.
await rebuildPools(readStore, new Date().toISOString());
const url = await serve({ runtime, server, io, isReady: () => true, routers: apiRouters(ctx) });

process.once('SIGUSR2', () => {
  const workers = startWorkers({ config, logger, jobQueue, eventStore, readStore, mailer: ctx.mailer, realtime });
  lifecycle.add('workers', async () => {
    await Promise.all(workers.map((worker) => worker.close()));
  });
  const dispatcher = new Dispatcher({ eventStore, readStore, readModels: runner, jobQueue, routes: jobRoutes, logger });
  lifecycle.add('dispatcher', () => dispatcher.stop());
  void dispatcher.start().then(() => process.stdout.write('STARTED\n'));
});

const sessions = [];
for (let u = 0; u < SHARERS; u++) sessions.push((await tokens.issue(`bench-user-${u}`)).token);
process.stdout.write(`READY ${JSON.stringify({ port: Number(new URL(url).port), tokens: sessions })}\n`);
