import type { Config } from '@crossfeed/platform/config/config.ts';
import type { EventStore } from '@crossfeed/platform/event-store/event-store.port.ts';
import type { JobQueue } from '@crossfeed/platform/jobs/job-queue.port.ts';
import type { Logger } from '@crossfeed/platform/logger.ts';
import type { Mailer } from '@crossfeed/platform/mail/mailer.port.ts';
import type { Payments } from '@crossfeed/platform/payments/payments.port.ts';
import type { ReadStore } from '@crossfeed/platform/read-store/read-store.port.ts';
import type { RealtimePublisher } from '@crossfeed/platform/realtime/realtime.port.ts';
import type { ReadModelWaiter } from '@crossfeed/projections/runner/read-model-waiter.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { LoginLimiter } from '../auth/login-limiter.ts';
import type { ResetLimiter } from '../auth/reset-limiter.ts';
import type { Throttles } from '../auth/throttles.ts';

/** Everything a feature router needs, wired once by the composition root (start.ts, main.ts, tests). */
export interface ApiContext {
  config: Config;
  logger: Logger;
  eventStore: EventStore;
  readStore: ReadStore;
  /** Read-your-writes: command handlers wait for the projections before answering. */
  readModels: ReadModelWaiter;
  /**
   * False while the read models are not whole (caught up from the log at start, rebuilt after the read store
   * lost its contents, or too far behind it): an answer they cannot give yet is a 503, never a wrong 401.
   */
  readModelsReady: () => boolean;
  jobQueue: JobQueue;
  mailer: Mailer;
  payments: Payments;
  realtime: RealtimePublisher;
  tokens: TokenService;
  loginLimiter: LoginLimiter;
  /** Forgot-password e-mails per address and per IP. */
  resetLimiter: ResetLimiter;
  /** Sign-ups per IP, flags per user (auth/throttles.ts). */
  throttles: Throttles;
  /** The current time; tests may replace it to cross quota windows. */
  clock: () => Date;
  /** New ids (uuid v4). */
  newId: () => string;
}
