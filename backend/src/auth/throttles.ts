import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import type { Config } from '@crossfeed/platform/config/config.ts';
import { API_TOKEN_REQUESTS_PER_MINUTE } from '@crossfeed/domain/api-tokens/api-token.rules.ts';
import { HttpError } from '../http/http-error.ts';

/**
 * Request throttles that are not about passwords (those are the login limiter's): account sign-ups and
 * waitlist sign-ups per client IP, flags per user. Each request is counted before any work is done, and
 * atomically (in memory in the one-process start, in Redis when API nodes share REDIS_URL), so a burst of
 * parallel requests cannot slip past the limit. Past it, the answer is a 429 with a `detail` saying when
 * to try again.
 */
export interface Throttle {
  /** Counts one request for `key`; resolves 0 when it may go ahead, else the seconds until one may. */
  take(key: string): Promise<number>;
}

export interface Throttles {
  /** POST /auth/register per client IP. */
  registrations: Throttle;
  /** POST /api/waitlist/signup per client IP. */
  waitlistSignups: Throttle;
  /** POST /flags/ per user. */
  flags: Throttle;
  /** Requests per personal API token (issue 26), per minute. */
  apiTokenRequests: Throttle;
}

const HOUR_S = 60 * 60;

export function createThrottle(options: { points: number; durationSeconds: number; keyPrefix: string; redis?: Redis | undefined }): Throttle {
  const memory = new RateLimiterMemory({ points: options.points, duration: options.durationSeconds, keyPrefix: options.keyPrefix });
  // With Redis, counts are shared by the API nodes; while Redis is unreachable each node counts in memory.
  const limiter = options.redis
    ? new RateLimiterRedis({
        storeClient: options.redis,
        points: options.points,
        duration: options.durationSeconds,
        keyPrefix: options.keyPrefix,
        insuranceLimiter: memory,
      })
    : memory;
  return {
    async take(key) {
      try {
        await limiter.consume(key);
        return 0;
      } catch (error) {
        // consume() rejects with a RateLimiterRes past the limit; anything else (Redis down) is an error.
        if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        throw error;
      }
    },
  };
}

export function createThrottles(
  config: Pick<Config, 'REGISTRATIONS_PER_IP_PER_HOUR' | 'WAITLIST_SIGNUPS_PER_IP_PER_HOUR' | 'FLAGS_PER_USER_PER_HOUR'>,
  redis?: Redis,
): Throttles {
  return {
    registrations: createThrottle({ points: config.REGISTRATIONS_PER_IP_PER_HOUR, durationSeconds: HOUR_S, keyPrefix: 'throttle_register_ip', redis }),
    waitlistSignups: createThrottle({ points: config.WAITLIST_SIGNUPS_PER_IP_PER_HOUR, durationSeconds: HOUR_S, keyPrefix: 'throttle_waitlist_ip', redis }),
    flags: createThrottle({ points: config.FLAGS_PER_USER_PER_HOUR, durationSeconds: HOUR_S, keyPrefix: 'throttle_flag_user', redis }),
    apiTokenRequests: createThrottle({ points: API_TOKEN_REQUESTS_PER_MINUTE, durationSeconds: 60, keyPrefix: 'throttle_api_token', redis }),
  };
}

export const inMinutes = (seconds: number): string => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/** Counts a request against `throttle`; past its limit throws a 429 whose detail is `message` + when to retry. */
export async function throttle(limit: Throttle, key: string, message: string): Promise<void> {
  const wait = await limit.take(key);
  if (wait > 0) throw new HttpError(429, `${message} Please try again in ${inMinutes(wait)}.`);
}

export const THROTTLE_MESSAGES = {
  registrations: 'Too many sign-ups from your network.',
  waitlistSignups: 'Too many waitlist sign-ups from your network.',
  flags: 'You have flagged a lot of content in a short time.',
} as const;
