import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';

/**
 * Forgot-password flood protection: reset e-mails are limited per email address (default 3 per hour) and
 * per client IP (default 20 per hour), counted whether or not the address is registered. Over either limit
 * the route still gives its generic 200 answer (no account enumeration, nothing to tell a flooder), but no
 * reset is requested and no e-mail goes out. Counts live in memory in the one-process start and in Redis
 * when several API nodes share REDIS_URL.
 */
export interface ResetLimiter {
  /** Counts one request; false when the address or the IP is over its limit. */
  allow(email: string, ip: string): Promise<boolean>;
}

export interface ResetLimiterOptions {
  /** Requests per email address per hour (default 3). */
  perEmail?: number;
  /** Requests per IP per hour (default 20). */
  perIp?: number;
  redis?: Redis;
}

const HOUR_S = 60 * 60;

export function createResetLimiter(options: ResetLimiterOptions = {}): ResetLimiter {
  // While Redis is unreachable each API node counts in memory (rate-limiter-flexible's insurance limiter).
  const make = (points: number, keyPrefix: string) => {
    const memory = new RateLimiterMemory({ points, duration: HOUR_S, keyPrefix });
    return options.redis ? new RateLimiterRedis({ storeClient: options.redis, points, duration: HOUR_S, keyPrefix, insuranceLimiter: memory }) : memory;
  };
  const byEmail = make(options.perEmail ?? 3, 'reset_email');
  const byIp = make(options.perIp ?? 20, 'reset_ip');

  const consume = async (limiter: RateLimiterMemory | RateLimiterRedis, key: string): Promise<boolean> => {
    try {
      await limiter.consume(key);
      return true;
    } catch (error) {
      // consume() rejects with a RateLimiterRes when over the limit; anything else (Redis down) is an error.
      if (error instanceof RateLimiterRes) return false;
      throw error;
    }
  };

  return {
    async allow(email, ip) {
      const [emailOk, ipOk] = await Promise.all([consume(byEmail, email.trim().toLowerCase()), consume(byIp, ip)]);
      return emailOk && ipOk;
    },
  };
}
