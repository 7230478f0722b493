import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';

/**
 * Login brute-force protection (OWASP), keyed by the account whatever name is typed for it (username or
 * e-mail, any case: the caller resolves both to one key), and by the client IP:
 *
 * - every attempt is counted BEFORE the password is checked, atomically, so parallel attempts cannot all
 *   pass a check that was read before any of them was counted; a successful login gives its own count back;
 * - per account and IP: 5 attempts per 15 minutes, then 15 minutes blocked;
 * - per account across all IPs: 20 attempts per hour, then blocked with backoff (1, 2, 4... minutes, at
 *   most an hour, doubling for every block in the last day), so rotating addresses does not help;
 * - per IP across accounts: 100 attempts per day, then an hour blocked.
 *
 * Counts live in memory in the one-process start and in Redis when API nodes share REDIS_URL.
 */
export interface LoginLimiter {
  /** Counts one attempt; resolves 0 when it may go ahead, else the seconds to wait (nothing is checked then). */
  attempt(accountKey: string, ip: string): Promise<number>;
  /** The attempt was right: its counts are given back and the account+IP count starts over. */
  succeeded(accountKey: string, ip: string): Promise<void>;
}

export interface LoginLimiterOptions {
  /** Attempts per account+IP per 15 minutes (default 5). */
  perAccountAndIp?: number;
  /** Attempts per account across IPs per hour (default 20). */
  perAccount?: number;
  /** Attempts per IP per day (default 100). */
  perIp?: number;
  redis?: Redis;
}

const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;
const DAY_S = 24 * HOUR_S;
/** The first account-wide block; each further block within a day doubles it, up to an hour. */
const BACKOFF_START_S = MINUTE_S;
const BACKOFF_MAX_S = HOUR_S;

export function createLoginLimiter(options: LoginLimiterOptions = {}): LoginLimiter {
  // With Redis, counts are shared by the API nodes; while Redis is unreachable each node counts in memory.
  const make = (points: number, duration: number, blockDuration: number, keyPrefix: string): RateLimiterAbstract => {
    const memory = new RateLimiterMemory({ points, duration, blockDuration, keyPrefix });
    return options.redis
      ? new RateLimiterRedis({ storeClient: options.redis, points, duration, blockDuration, keyPrefix, insuranceLimiter: memory })
      : memory;
  };
  const byAccountIp = make(options.perAccountAndIp ?? 5, 15 * MINUTE_S, 15 * MINUTE_S, 'login_account_ip');
  // No fixed block: a block's length comes from the strikes below.
  const byAccount = make(options.perAccount ?? 20, HOUR_S, 0, 'login_account');
  const strikes = make(1_000_000, DAY_S, 0, 'login_account_strikes');
  const byIp = make(options.perIp ?? 100, DAY_S, HOUR_S, 'login_ip');
  const accountIpKey = (account: string, ip: string) => `${account}_${ip}`;

  /** Consumes one point: the seconds to wait when that passed the limit (else 0), and the count it reached. */
  const take = async (limiter: RateLimiterAbstract, key: string): Promise<{ wait: number; consumed: number }> => {
    try {
      const res = await limiter.consume(key);
      return { wait: 0, consumed: res.consumedPoints };
    } catch (error) {
      if (error instanceof RateLimiterRes) return { wait: Math.max(1, Math.ceil(error.msBeforeNext / 1000)), consumed: error.consumedPoints };
      throw error;
    }
  };

  /** Blocks the account for its backoff: a minute, doubled for each earlier block of the last day, an hour at most. */
  const blockAccount = async (account: string): Promise<number> => {
    const strike = await strikes.penalty(account, 1);
    const seconds = Math.min(BACKOFF_MAX_S, BACKOFF_START_S * 2 ** Math.min(strike.consumedPoints - 1, 16));
    await byAccount.block(account, seconds);
    return seconds;
  };

  return {
    async attempt(account, ip) {
      // In this order, and each refusal stops there: an address hammering one account spends its own
      // budget, not the account's (which would lock its owner out from everywhere).
      const accountIp = await take(byAccountIp, accountIpKey(account, ip));
      if (accountIp.wait > 0) return accountIp.wait;
      const fromIp = await take(byIp, ip);
      if (fromIp.wait > 0) return fromIp.wait;
      const accountWide = await take(byAccount, account);
      if (accountWide.wait === 0) return 0;
      // Exactly one attempt reaches limit + 1 (the counter is atomic): it starts the block.
      return accountWide.consumed === byAccount.points + 1 ? blockAccount(account) : accountWide.wait;
    },
    async succeeded(account, ip) {
      await Promise.all([byAccountIp.delete(accountIpKey(account, ip)), byAccount.reward(account, 1), byIp.reward(ip, 1)]);
    },
  };
}
