/**
 * Abuse limits (issue 3), kept per e-mail address, per account and per client IP so that
 * players who share one carrier IP are not locked out by each other. Counters live in Redis
 * when REDIS_URL is set (shared by every node), else in memory. RATE_LIMITS=off disables them.
 */
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { RedisClientType } from 'redis';
import { AppError } from './errors.js';

/** The limits, by name: `points` per `duration` seconds (issue 3 "Rate limits"). */
export const RATE_LIMITS = {
  /** Code e-mails (sign-up and reset) to one address. */
  codeMailsPerEmail: { points: 5, duration: 30 * 60 },
  /** Failed logins of one account. */
  failedLoginsPerAccount: { points: 10, duration: 15 * 60 },
  /** Code e-mails requested from one client IP. */
  codeMailsPerIp: { points: 20, duration: 30 * 60 },
  /** Login attempts from one client IP. */
  loginsPerIp: { points: 100, duration: 5 * 60 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

export interface RateLimiter {
  /**
   * Counts one hit of `name` for `key`.
   * @throws AppError 429 'Too many attempts. Please try again in N minutes.' once used up.
   */
  consume(name: RateLimitName, key: string): Promise<void>;
  /** Forgets `key`'s hits of `name` (a successful login clears its failures). */
  reset(name: RateLimitName, key: string): Promise<void>;
}

function tooMany(msBeforeNext: number): AppError {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60_000));
  return new AppError(
    'rate_limited',
    429,
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

/** A limiter; with `enabled` false every call passes. */
export function createRateLimiter(enabled: boolean, redis?: RedisClientType): RateLimiter {
  if (!enabled) {
    return {
      consume: () => Promise.resolve(),
      reset: () => Promise.resolve(),
    };
  }
  const limiters = Object.fromEntries(
    Object.entries(RATE_LIMITS).map(([name, { points, duration }]) => {
      const options = { keyPrefix: `gameon_rl_${name}`, points, duration };
      const limiter: RateLimiterAbstract = redis
        ? new RateLimiterRedis({ ...options, storeClient: redis, useRedisPackage: true })
        : new RateLimiterMemory(options);
      return [name, limiter];
    }),
  ) as Record<RateLimitName, RateLimiterAbstract>;

  return {
    async consume(name, key) {
      try {
        await limiters[name].consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooMany(error.msBeforeNext);
        throw error;
      }
    },
    async reset(name, key) {
      await limiters[name].delete(key);
    },
  };
}
