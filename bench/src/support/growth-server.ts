/**
 * The API as `npm start` composes it (embedded adapters from the configuration, the projections in their
 * thread, the realtime pushes) on argv[2] as DATA_DIR, for `bench -- growth`. The dispatcher and the
 * workers are left out: the benchmark seeds hundreds of thousands of past events, and their e-mails and
 * score jobs are not what it measures. Prints `READY {"port":N}`; answers IPC messages `reset` and
 * `delay` with the event-loop delay histogram of this process (perf_hooks.monitorEventLoopDelay).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '@crossfeed/platform/config/config.ts';
import { openEventStore } from '@crossfeed/platform/config/adapters.ts';
import { createLocalJobQueue } from '@crossfeed/platform/jobs/local-job-queue.ts';
import { Lifecycle } from '@crossfeed/platform/lifecycle.ts';
import { createLogger } from '@crossfeed/platform/logger.ts';
import { createSocketIoPublisher } from '@crossfeed/platform/realtime/socketio-realtime.ts';
import { createPushReactor } from '@crossfeed/projections/realtime/push-reactor.ts';
import { openReadModels } from '@crossfeed/projections/runner/open-read-models.ts';
import { composeApiContext, tokenServiceFor } from '@crossfeed/backend/api/compose.ts';
import { apiRouters } from '@crossfeed/backend/api/routers.ts';
import { socketIdentityVerifier } from '@crossfeed/backend/api/socket-identity.ts';
import { createHttpServer, serve } from '@crossfeed/backend/http-server.ts';

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const ms = (ns: number): number => ns / 1e6;
process.on('message', (message) => {
  if (message === 'reset') {
    delay.reset();
    process.send?.({ reset: true });
  } else if (message === 'delay') {
    process.send?.({ p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max), samples: delay.count });
  }
});

// The daily e-mail budgets are lifted: the benchmark's creators share hundreds of times a day from fresh,
// unconfirmed accounts (a budget of 5), and what it measures is the cost of a long stream, not the budget.
const UNLIMITED = String(1_000_000_000);
const config = loadConfig({
  DATA_DIR: process.argv[2] ?? '',
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  DAILY_EMAIL_BUDGET_UNCONFIRMED: UNLIMITED,
  DAILY_EMAIL_BUDGET_NEW: UNLIMITED,
  DAILY_EMAIL_BUDGET_FREE: UNLIMITED,
  DAILY_EMAIL_BUDGET_PREMIUM: UNLIMITED,
});
const logger = createLogger({ level: 'silent' });
const lifecycle = new Lifecycle(logger);
lifecycle.handleSignals();
const runtime = { config, logger, lifecycle };

const eventStore = await openEventStore(runtime);
const { readStore, createRunner } = await openReadModels(runtime, eventStore, { soleWriter: true });
const jobQueue = await createLocalJobQueue({ file: ':memory:' });
lifecycle.add('job queue', () => jobQueue.close());
const tokens = tokenServiceFor(runtime);
const { server, io } = createHttpServer(runtime, socketIdentityVerifier(tokens, readStore));
const realtime = createSocketIoPublisher(io);
const runner = createRunner({ onLiveEvent: createPushReactor({ readStore, publisher: realtime }) });
const ctx = await composeApiContext({ runtime, tokens, eventStore, readStore, readModels: runner, jobQueue, realtime });
lifecycle.add('projections', () => runner.stop());
await runner.start();
const url = await serve({ runtime, server, io, isReady: () => true, routers: apiRouters(ctx) });
process.stdout.write(`READY ${JSON.stringify({ port: Number(new URL(url).port) })}\n`);
