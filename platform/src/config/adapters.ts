import path from 'node:path';
import { bullPrefix, type Config } from './config.ts';
import { securePrivateDir } from './private-data-dir.ts';
import type { EventStore } from '../event-store/event-store.port.ts';
import type { ReadStore } from '../read-store/read-store.port.ts';
import type { JobQueue } from '../jobs/job-queue.port.ts';
import type { DkimSettings } from '../mail/mail-options.ts';
import type { Mailer } from '../mail/mailer.port.ts';
import type { Payments } from '../payments/payments.port.ts';
import type { Logger } from '../logger.ts';
import type { Runtime } from '../runtime.ts';

/**
 * Chooses each port's adapter from the configuration (DESIGN §3): an engine URL selects the production
 * adapter, its absence the embedded one. Adapters are imported lazily so the embedded start never loads
 * the production clients, and engine-specific code stays in each adapter's own file.
 */

export const dataPath = (config: Config, ...parts: string[]): string => {
  // Private: 0700, and whatever an older version left readable in it becomes 0600 (see private-data-dir.ts).
  securePrivateDir(config.DATA_DIR);
  return path.join(config.DATA_DIR, ...parts);
};

export async function createEventStore(config: Config): Promise<EventStore> {
  if (config.EVENTSTORE_URL) {
    const { createEventStoreDbEventStore } = await import('../event-store/eventstoredb-event-store.ts');
    return createEventStoreDbEventStore({ connectionString: config.EVENTSTORE_URL, validation: 'strict' });
  }
  const { createSqliteEventStore } = await import('../event-store/sqlite-event-store.ts');
  // Appends are committed (and fsynced) on a thread of their own, beside the event loop. Only domain events,
  // each as its type says (event-validation.ts).
  return createSqliteEventStore({ file: dataPath(config, 'events.db'), synchronous: config.SQLITE_SYNCHRONOUS, appendInThread: true, validation: 'strict' });
}

/**
 * `guest`: this process shares the embedded read-model file with the `projections` service that owns it
 * (the `api` and `workers` services of a split deployment; see SqliteReadStoreOptions.guest).
 */
export async function createReadStore(config: Config, logger?: Logger, options: { guest?: boolean } = {}): Promise<ReadStore> {
  if (config.MONGODB_URL) {
    const { createMongoReadStore } = await import('../read-store/mongo-read-store.ts');
    return createMongoReadStore({ url: config.MONGODB_URL, dbName: config.MONGODB_DB });
  }
  const file = dataPath(config, 'read-models.db');
  if (options.guest) {
    const { createSqliteReadStore } = await import('../read-store/sqlite-read-store.ts');
    return createSqliteReadStore({ file, logger, guest: true });
  }
  // The owner writes on a thread of its own, beside the event loop (threaded-sqlite-read-store.ts).
  const { createThreadedSqliteReadStore } = await import('../read-store/threaded-sqlite-read-store.ts');
  return createThreadedSqliteReadStore({ file, logger });
}

export async function createJobQueue(config: Config): Promise<JobQueue> {
  if (config.REDIS_URL) {
    const { createBullmqJobQueue } = await import('../jobs/bullmq-job-queue.ts');
    const lock = config.JOB_LOCK_MS;
    return createBullmqJobQueue({
      url: config.REDIS_URL,
      prefix: bullPrefix(config),
      ...(lock === undefined ? {} : { workerSettings: { lockDuration: lock, stalledInterval: lock } }),
    });
  }
  const { createLocalJobQueue } = await import('../jobs/local-job-queue.ts');
  return createLocalJobQueue({ file: dataPath(config, 'jobs.db') });
}

/** DKIM signing settings when DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are set (loadConfig allows all or none). */
export function dkimSettings(config: Config): DkimSettings | undefined {
  const { DKIM_DOMAIN: domainName, DKIM_SELECTOR: keySelector, DKIM_PRIVATE_KEY: privateKey } = config;
  return domainName && keySelector && privateKey ? { domainName, keySelector, privateKey } : undefined;
}

export async function createMailer(config: Config): Promise<Mailer> {
  const dkim = dkimSettings(config);
  const signing = dkim ? { dkim } : {};
  if (config.SMTP_URL) {
    const { createSmtpMailer } = await import('../mail/smtp-mailer.ts');
    return createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM, ...signing });
  }
  const { createFileMailer } = await import('../mail/file-mailer.ts');
  return createFileMailer({
    dir: dataPath(config, 'mail'),
    from: config.MAIL_FROM,
    // The outbox is as durable as the event log: SQLITE_SYNCHRONOUS=NORMAL accepts losing the newest writes to
    // a power cut, and then the e-mails are not fsynced either (file-mailer.ts, `fsync`).
    fsync: config.SQLITE_SYNCHRONOUS === 'FULL',
    ...signing,
  });
}

export async function createPayments(config: Config, webhookSecret: string): Promise<Payments> {
  if (config.STRIPE_SECRET_KEY) {
    const { createStripePayments } = await import('../payments/stripe-payments.ts');
    return createStripePayments({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret });
  }
  // A production server never simulates a payment (docs/operations.md, STRIPE_SECRET_KEY).
  if (config.NODE_ENV === 'production') {
    const { createUnavailablePayments } = await import('../payments/unavailable-payments.ts');
    return createUnavailablePayments();
  }
  const { createSimulatedPayments } = await import('../payments/simulated-payments.ts');
  return createSimulatedPayments({ webhookSecret, publicUrl: config.PUBLIC_URL });
}

/** Opens an adapter and registers its graceful close with the process lifecycle (every entry point does). */
export async function openEventStore({ config, lifecycle }: Runtime): Promise<EventStore> {
  const eventStore = await createEventStore(config);
  lifecycle.add('event store', () => eventStore.close());
  return eventStore;
}

/** Closing the embedded read store records a clean shutdown: the next start opens it as it is. */
export async function openReadStore({ config, logger, lifecycle }: Runtime, options: { guest?: boolean } = {}): Promise<ReadStore> {
  const readStore = await createReadStore(config, logger, options);
  lifecycle.add('read store', () => readStore.close());
  return readStore;
}

export async function openJobQueue({ config, lifecycle }: Runtime): Promise<JobQueue> {
  const jobQueue = await createJobQueue(config);
  lifecycle.add('job queue', () => jobQueue.close());
  return jobQueue;
}
