import { createPrivateKey } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_EMAIL_BUDGETS, type EmailBudgets } from '@crossfeed/domain/rules/share-credit.ts';

/**
 * Configuration from the environment, validated once at start. A missing engine URL means the embedded
 * adapter (DESIGN §3); a bad value stops the process with a message naming the variable.
 */
const optionalUrl = (protocols: readonly string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || protocols.some((p) => value.startsWith(p)), {
      message: `must start with ${protocols.join(' or ')}`,
    });

/**
 * The schemes the EventStoreDB client (`@eventstore/db-client` 6) parses: it refuses any other at start,
 * `kurrentdb://` included (KurrentDB servers are reached with `esdb://`). config.unit.test.ts checks this
 * list against the client's own parser.
 */
export const EVENTSTORE_URL_SCHEMES = ['esdb://', 'esdb+discover://'] as const;

/** An optional string where an empty value (`FOO=` in an env file) means unset. */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** A PEM key; env files often hold it on one line with literal `\n` sequences. */
const pemText = optionalText.transform((value) => value?.replace(/\\n/g, '\n'));

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .optional()
  .transform((value) => (value === undefined ? undefined : ['true', '1', 'yes'].includes(value)));

const perHour = (fallback: number) => z.coerce.number({ message: 'must be a number' }).int().min(1).default(fallback);

/** Express's names for address ranges (`trust proxy`). */
const PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrSubnet = (value: string): boolean => {
  if (PROXY_PRESETS.has(value)) return true;
  const [address = '', bits, extra] = value.split('/');
  if (extra !== undefined || net.isIP(address) === 0) return false;
  if (bits === undefined) return true;
  const max = net.isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
};

/**
 * Which proxies may tell us the client's address (X-Forwarded-For): nothing by default, so every throttle
 * keys on the connection's own address and a forged header changes nothing. Set it to the proxies in front
 * of the API: a hop count (`1`), or addresses, subnets and Express's presets (`10.0.0.0/8,loopback`).
 */
const TrustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    if (value === undefined || ['', 'false', '0', 'no', 'none'].includes(value.toLowerCase())) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
    const bad = entries.find((entry) => !isAddressOrSubnet(entry));
    if (value.toLowerCase() === 'true' || bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a hop count or a comma-separated list of proxy addresses, subnets or loopback/linklocal/uniquelocal${bad ? ` (not ${bad})` : ' (trusting every address would let anyone forge theirs)'}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ message: 'must be a number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url({ message: 'must be an absolute URL' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  EVENTSTORE_URL: optionalUrl(EVENTSTORE_URL_SCHEMES),
  MONGODB_URL: optionalUrl(['mongodb://', 'mongodb+srv://']),
  MONGODB_DB: z.string().min(1).default('crossfeed'),
  REDIS_URL: optionalUrl(['redis://', 'rediss://']),
  SMTP_URL: optionalUrl(['smtp://', 'smtps://']),
  MAIL_FROM: z.string().min(3).default('Crossfeed <no-reply@crossfeed.local>'),
  /** DKIM signing of every e-mail (all three or none): the signing domain, the selector and the RSA key (PEM). */
  DKIM_DOMAIN: optionalText.refine((value) => value === undefined || /^(?=.{1,253}$)[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(value), {
    message: 'must be a domain name such as crossfeed.example.com',
  }),
  DKIM_SELECTOR: optionalText.refine((value) => value === undefined || /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/.test(value), {
    message: 'must be a DNS label such as mail2026',
  }),
  DKIM_PRIVATE_KEY: pemText,
  /** The sender's postal address, in every share e-mail's footer (CAN-SPAM); required in production. */
  MAIL_POSTAL_ADDRESS: optionalText,
  STRIPE_SECRET_KEY: z.string().trim().startsWith('sk_', { message: 'must start with sk_' }).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(8).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().trim().startsWith('pk_', { message: 'must start with pk_' }).optional(),
  JWT_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((email) => email.trim().toLowerCase()).filter(Boolean)),
  SEED_DEMO: booleanFlag,
  SQLITE_SYNCHRONOUS: z.enum(['FULL', 'NORMAL']).default('FULL'),
  /** Crossfeed share e-mails one address receives per UTC day at most, from all creators together. */
  MAX_EMAILS_PER_ADDRESS_PER_DAY: z.coerce.number({ message: 'must be a number' }).int().min(0).default(3),
  /**
   * People one account may e-mail per UTC day (docs/exchange.md "Sending is earned"): an account whose own
   * address is unconfirmed, a confirmed one younger than 7 days, then Free and Premium.
   */
  DAILY_EMAIL_BUDGET_UNCONFIRMED: z.coerce.number({ message: 'must be a number' }).int().min(0).default(DEFAULT_EMAIL_BUDGETS.unconfirmed),
  DAILY_EMAIL_BUDGET_NEW: z.coerce.number({ message: 'must be a number' }).int().min(0).default(DEFAULT_EMAIL_BUDGETS.newAccount),
  DAILY_EMAIL_BUDGET_FREE: z.coerce.number({ message: 'must be a number' }).int().min(0).default(DEFAULT_EMAIL_BUDGETS.free),
  DAILY_EMAIL_BUDGET_PREMIUM: z.coerce.number({ message: 'must be a number' }).int().min(0).default(DEFAULT_EMAIL_BUDGETS.premium),
  /** Signs `POST /mail/events` (bounces, complaints, unsubscribes from the mail relay); unset, the endpoint answers 503. */
  MAIL_EVENTS_SECRET: z.string().trim().min(16, { message: 'must be at least 16 characters' }).optional(),
  TRUST_PROXY: TrustProxy,
  /** Throttles (docs/operations.md, "Admins, throttles and Redis"): account and waitlist sign-ups per client IP, flags per user. */
  REGISTRATIONS_PER_IP_PER_HOUR: perHour(20),
  WAITLIST_SIGNUPS_PER_IP_PER_HOUR: perHour(20),
  FLAGS_PER_USER_PER_HOUR: perHour(20),
  /**
   * The month of Premium promised to waitlist positions past the top 100 (docs/features/waitlist.md):
   * `at-signup` grants it when the account is linked (pre-launch), `off` records the tier only.
   */
  WAITLIST_MONTH_FREE: z.enum(['at-signup', 'off']).default('at-signup'),
  /**
   * Start even though Redis may lose or evict jobs (docs/operations.md, "Admins, throttles and Redis"): for
   * throwaway and test setups only.
   */
  REDIS_ALLOW_VOLATILE: booleanFlag,
  /**
   * Namespaces this deployment's keys in a Redis it shares with others (docs/operations.md, "Several processes"): BullMQ's
   * prefix becomes `<REDIS_PREFIX>:bull` and the socket.io channels `<REDIS_PREFIX>:socket.io`.
   */
  /**
   * How long a worker's hold on a running job lasts unless renewed (BullMQ's lock; stalled jobs are looked for
   * as often): the jobs of a worker that died are taken up again after about twice this. BullMQ's 30 s if unset.
   */
  JOB_LOCK_MS: z.coerce.number({ message: 'must be a number' }).int().min(1000).optional(),
  REDIS_PREFIX: z.string().trim().regex(/^[A-Za-z0-9._-]+$/, { message: 'must be letters, digits, dots, dashes or underscores' }).optional(),
});

export type Config = Omit<z.infer<typeof ConfigSchema>, 'PUBLIC_URL' | 'DATA_DIR'> & {
  PUBLIC_URL: string;
  /** Absolute path. */
  DATA_DIR: string;
};

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export interface LoadConfigOptions {
  /**
   * PUBLIC_URL must be set, not defaulted: the split services (`api`, `workers`) and a production server.
   * The socket.io origin check and every e-mailed link use it, and the default (`http://localhost:PORT`) is
   * wrong for any process but a lone local one.
   */
  requirePublicUrl?: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: LoadConfigOptions = {}): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set');
  }
  const dkim = { DKIM_DOMAIN: config.DKIM_DOMAIN, DKIM_SELECTOR: config.DKIM_SELECTOR, DKIM_PRIVATE_KEY: config.DKIM_PRIVATE_KEY };
  const dkimMissing = Object.entries(dkim).filter(([, value]) => value === undefined).map(([name]) => name);
  if (dkimMissing.length > 0 && dkimMissing.length < 3) {
    const set = Object.keys(dkim).filter((name) => !dkimMissing.includes(name));
    throw new ConfigError(`Invalid configuration:\n${dkimMissing.map((name) => `  ${name}: required when ${set.join(' and ')} ${set.length > 1 ? 'are' : 'is'} set`).join('\n')}`);
  }
  if (config.DKIM_PRIVATE_KEY !== undefined) {
    try {
      createPrivateKey(config.DKIM_PRIVATE_KEY);
    } catch {
      throw new ConfigError('Invalid configuration:\n  DKIM_PRIVATE_KEY: must be a PEM private key (-----BEGIN PRIVATE KEY----- …), newlines as is or written \\n');
    }
  }
  if (config.NODE_ENV === 'production' && config.MAIL_POSTAL_ADDRESS === undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  MAIL_POSTAL_ADDRESS: required in production: CAN-SPAM requires the sender\'s valid postal address in every commercial e-mail, and share e-mails show it in their footer',
    );
  }
  if (options.requirePublicUrl && !config.PUBLIC_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL: required here: set it to the address browsers use (e.g. https://crossfeed.example.com); the socket.io origin check and e-mailed links depend on it',
    );
  }
  return {
    ...config,
    DATA_DIR: path.resolve(config.DATA_DIR),
    PUBLIC_URL: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
  };
}

/** BullMQ's key prefix and the socket.io Redis adapter's channel prefix for this deployment (REDIS_PREFIX). */
export const bullPrefix = (config: Pick<Config, 'REDIS_PREFIX'>): string => (config.REDIS_PREFIX ? `${config.REDIS_PREFIX}:bull` : 'bull');
export const socketIoKey = (config: Pick<Config, 'REDIS_PREFIX'>): string =>
  config.REDIS_PREFIX ? `${config.REDIS_PREFIX}:socket.io` : 'socket.io';

/** The daily e-mail budgets by account standing, as the share rule takes them. */
export const emailBudgetsOf = (config: Config): EmailBudgets => ({
  unconfirmed: config.DAILY_EMAIL_BUDGET_UNCONFIRMED,
  newAccount: config.DAILY_EMAIL_BUDGET_NEW,
  free: config.DAILY_EMAIL_BUDGET_FREE,
  premium: config.DAILY_EMAIL_BUDGET_PREMIUM,
});

/** True when every engine is the embedded one (the one-command start). */
export const isEmbedded = (config: Config): boolean => !config.EVENTSTORE_URL && !config.MONGODB_URL && !config.REDIS_URL;
