import { Redis } from 'ioredis';
import { newId } from '@crossfeed/platform/ids.ts';
import { createMailer, createPayments } from '@crossfeed/platform/config/adapters.ts';
import { persistentSecret } from '@crossfeed/platform/config/secrets.ts';
import type { EventStore } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { JobQueue } from '@crossfeed/platform/jobs/job-queue.port.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import type { RealtimePublisher } from '@crossfeed/platform/realtime/realtime.port.ts';
import type { Runtime } from '@crossfeed/platform/runtime.ts';
import type { ReadModelWaiter } from '@crossfeed/projections/runner/read-model-waiter.ts';
import { createLoginLimiter } from '../auth/login-limiter.ts';
import { createResetLimiter } from '../auth/reset-limiter.ts';
import { createThrottles } from '../auth/throttles.ts';
import { createTokenService, type TokenService } from '../auth/tokens.ts';
import type { ApiContext } from './api-context.ts';

/** The JWT service, from JWT_SECRET or a secret generated once into DATA_DIR. */
export function tokenServiceFor(runtime: Runtime): TokenService {
  const { config } = runtime;
  return createTokenService(persistentSecret(config.DATA_DIR, 'jwtSecret', config.JWT_SECRET));
}

export interface ComposeInput {
  runtime: Runtime;
  tokens: TokenService;
  eventStore: EventStore;
  readStore: ReadStore;
  readModels: ReadModelWaiter;
  jobQueue: JobQueue;
  realtime: RealtimePublisher;
  /** Whether the read models are whole (`ApiContext.readModelsReady`); always, when not given. */
  readModelsReady?: () => boolean;
}

/** Builds the API's dependencies from the opened stores; secrets come from the env or DATA_DIR. */
export async function composeApiContext(input: ComposeInput): Promise<ApiContext> {
  const { config, logger, lifecycle } = input.runtime;
  const mailer = await createMailer(config);
  lifecycle.add('mailer', () => mailer.close());
  const webhookSecret = persistentSecret(config.DATA_DIR, 'stripeWebhookSecret', config.STRIPE_WEBHOOK_SECRET);
  const payments = await createPayments(config, webhookSecret);

  let redis: Redis | undefined;
  if (config.REDIS_URL) {
    redis = new Redis(config.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    redis.on('error', (error) => logger.warn({ err: error }, 'login limiter redis error'));
    lifecycle.add('login limiter redis', async () => {
      await redis?.quit();
    });
  }

  return {
    config,
    logger,
    eventStore: input.eventStore,
    readStore: input.readStore,
    readModels: input.readModels,
    readModelsReady: input.readModelsReady ?? (() => true),
    jobQueue: input.jobQueue,
    realtime: input.realtime,
    mailer,
    payments,
    tokens: input.tokens,
    loginLimiter: createLoginLimiter({ redis }),
    resetLimiter: createResetLimiter({ redis }),
    throttles: createThrottles(config, redis),
    clock: () => new Date(),
    newId,
  };
}
