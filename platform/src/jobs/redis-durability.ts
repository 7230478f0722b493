/**
 * Jobs (share e-mails, password resets, referral credits...) live in Redis from the moment the dispatcher
 * enqueues them until a worker completes them, and the dispatcher's checkpoint has moved past their
 * events by then: a Redis that forgets them on a restart (no append-only file) or evicts them under memory
 * pressure (any `maxmemory-policy` but `noeviction`) loses them for good. With 586 of 2,880 share e-mails
 * lost to a non-persistent Redis killed mid-load, every process that uses REDIS_URL checks this at start
 * and refuses to run on such a Redis, unless REDIS_ALLOW_VOLATILE=true says the loss is accepted.
 */
import { Redis } from 'ioredis';
import type { Runtime } from '../runtime.ts';

export interface RedisDurability {
  /** `aof_enabled` of INFO persistence: every write is in the append-only file. */
  appendOnly: boolean | undefined;
  /** `maxmemory_policy` of INFO memory. */
  maxMemoryPolicy: string | undefined;
}

export class RedisNotDurable extends Error {
  override readonly name = 'RedisNotDurable';
}

const field = (info: string, name: string): string | undefined =>
  new RegExp(`^${name}:(.*)$`, 'm').exec(info)?.[1]?.trim();

/** Where the URL points, without credentials (for messages). */
export function redisAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'REDIS_URL';
  }
}

/** Reads the persistence and eviction settings (INFO, which managed Redis services allow where CONFIG is not). */
export async function readRedisDurability(url: string): Promise<RedisDurability> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5000, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const [persistence, memory] = await Promise.all([client.info('persistence'), client.info('memory')]);
    const aof = field(persistence, 'aof_enabled');
    return { appendOnly: aof === undefined ? undefined : aof === '1', maxMemoryPolicy: field(memory, 'maxmemory_policy') };
  } finally {
    client.disconnect();
  }
}

/** What is wrong with these settings for a job queue; empty when jobs survive a restart and are never evicted. */
export function durabilityProblems(durability: RedisDurability): string[] {
  const problems: string[] = [];
  if (durability.appendOnly !== true) {
    problems.push(`appendonly is ${durability.appendOnly === false ? 'no' : 'unknown'}: queued jobs are lost when Redis restarts`);
  }
  if (durability.maxMemoryPolicy !== 'noeviction') {
    problems.push(`maxmemory-policy is ${durability.maxMemoryPolicy ?? 'unknown'}: queued jobs can be evicted when memory runs short`);
  }
  return problems;
}

/**
 * Refuses (throws `RedisNotDurable`, with what to change) unless the Redis at `url` keeps jobs across a
 * restart and never evicts them; with `allowVolatile` it only warns.
 */
export async function checkRedisDurability(
  url: string,
  options: { allowVolatile: boolean; logger?: { warn(fields: object, message: string): void } },
): Promise<void> {
  let problems: string[];
  try {
    problems = durabilityProblems(await readRedisDurability(url));
  } catch (error) {
    problems = [`its settings could not be read (${error instanceof Error ? error.message : String(error)})`];
  }
  if (problems.length === 0) return;
  const where = redisAddress(url);
  if (options.allowVolatile) {
    options.logger?.warn({ redis: where, problems }, 'REDIS_ALLOW_VOLATILE=true: starting on a Redis that may lose queued jobs');
    return;
  }
  throw new RedisNotDurable(
    `Refusing to start: the Redis at ${where} may lose queued jobs (e-mails, referral credits...): ${problems.join('; ')}. ` +
      'Run it with `--appendonly yes --maxmemory-policy noeviction` (redis.conf: appendonly yes, maxmemory-policy noeviction), ' +
      'or set REDIS_ALLOW_VOLATILE=true to start anyway and accept losing jobs.',
  );
}

/** The entry points' one line: checks REDIS_URL's Redis when it is set. */
export async function requireDurableRedis({ config, logger }: Pick<Runtime, 'config' | 'logger'>): Promise<void> {
  if (!config.REDIS_URL) return;
  await checkRedisDurability(config.REDIS_URL, { allowVolatile: config.REDIS_ALLOW_VOLATILE === true, logger });
}
