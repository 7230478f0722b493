import { RateLimiterMemory, RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';

/**
 * Login brute-force protection: failed attempts are counted per username+IP and per IP (OWASP). Counts
 * live in memory in the one-process start and in Redis when several API nodes share REDIS_URL.
 */
export interface LoginLimiter {
  /** Seconds to wait when the caller is blocked, else 0. */
  blockedFor(username: string, ip: string): Promise<number>;
  recordFailure(username: string, ip: string): Promise<void>;
  recordSuccess(username: string, ip: string): Promise<void>;
}

export interface LoginLimiterOptions {
  /** Failures per username+IP before a block (default 5 per 15 minutes). */
  perUserAndIp?: number;
  /** Failures per IP before a block (default 100 per day). */
  perIp?: number;
  redis?: Redis;
}

export function createLoginLimiter(options: LoginLimiterOptions = {}): LoginLimiter {
  const make = (points: number, duration: number, blockDuration: number, keyPrefix: string) =>
    options.redis
      ? new RateLimiterRedis({ storeClient: options.redis, points, duration, blockDuration, keyPrefix })
      : new RateLimiterMemory({ points, duration, blockDuration, keyPrefix });
  const byUserIp = make(options.perUserAndIp ?? 5, 15 * 60, 15 * 60, 'login_fail_user_ip');
  const byIp = make(options.perIp ?? 100, 24 * 60 * 60, 60 * 60, 'login_fail_ip');
  const userIpKey = (username: string, ip: string) => `${username.trim().toLowerCase()}_${ip}`;

  const remainingSeconds = (res: RateLimiterRes | null, limit: number): number =>
    res && res.consumedPoints >= limit ? Math.ceil(res.msBeforeNext / 1000) : 0;

  return {
    async blockedFor(username, ip) {
      const [userIp, ipOnly] = await Promise.all([byUserIp.get(userIpKey(username, ip)), byIp.get(ip)]);
      return Math.max(remainingSeconds(userIp, byUserIp.points), remainingSeconds(ipOnly, byIp.points));
    },
    async recordFailure(username, ip) {
      // consume() rejects once the limit is passed; the block is what we want, not an error here.
      await Promise.allSettled([byUserIp.consume(userIpKey(username, ip)), byIp.consume(ip)]);
    },
    async recordSuccess(username, ip) {
      await byUserIp.delete(userIpKey(username, ip));
    },
  };
}
