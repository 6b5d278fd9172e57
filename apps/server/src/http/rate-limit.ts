import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError } from '../errors/domain-error.js';
import type { RedisClient } from '../redis.js';

/** One key's window: hits counted so far (this one included) and the milliseconds until it ends. */
export interface RateWindow {
  count: number;
  resetMs: number;
}

/**
 * Fixed-window counters on rate-limiter-flexible. `hit` increments and reads in one atomic step
 * (Redis: one Lua call), so parallel requests each see their own count: no peek-then-hit race.
 * With Redis (`REDIS_URL`) every instance shares one count per key (`cwh:rate:{name}:{key}`);
 * while Redis fails, and without it, each instance counts in memory on its own.
 */
export interface RateLimiter {
  hit(key: string): Promise<RateWindow>;
  peek(key: string): Promise<RateWindow>;
  /** Gives one hit back (an attempt that did not fail, or never ran). */
  refund(key: string): Promise<void>;
}

// The limit is compared by the callers; the library only counts, so it must never refuse itself.
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

export function createRateLimiter(options: {
  name: string;
  windowMs: number;
  redis: RedisClient | null;
  onRedisError?: (error: unknown) => void;
}): RateLimiter {
  const duration = Math.max(1, Math.ceil(options.windowMs / 1000));
  const memory = new RateLimiterMemory({ points: UNBOUNDED, duration, keyPrefix: options.name });
  const limiter = options.redis
    ? new RateLimiterRedis({
        storeClient: options.redis,
        useRedisPackage: true,
        rejectIfRedisNotReady: true,
        points: UNBOUNDED,
        duration,
        keyPrefix: `cwh:rate:${options.name}`,
        insuranceLimiter: memory,
      })
    : memory;
  const window = (res: RateLimiterRes | null): RateWindow =>
    res ? { count: res.consumedPoints, resetMs: res.msBeforeNext } : { count: 0, resetMs: options.windowMs };
  const settle = async (run: () => Promise<RateLimiterRes | null>) => {
    try {
      return window(await run());
    } catch (error) {
      // The library rejects with a RateLimiterRes when over its points; an Error is a store failure.
      if (error instanceof RateLimiterRes) return window(error);
      options.onRedisError?.(error);
      throw error;
    }
  };
  return {
    hit: (key) => settle(() => limiter.consume(key, 1)),
    peek: (key) => settle(() => limiter.get(key)),
    refund: async (key) => {
      await settle(() => limiter.reward(key, 1));
    },
  };
}

export function rateLimited(detail: string, window: RateWindow): DomainError {
  return new DomainError('RATE_LIMITED', detail, {
    meta: { retryAfterSeconds: Math.max(1, Math.ceil(window.resetMs / 1000)) },
  });
}

/** One counter of a failure limit and how many failures it allows per window. */
export interface FailureRule {
  limiter: RateLimiter;
  limit: number;
}

/**
 * Limits failed attempts (wrong password, wrong API token) over several keys at once (e.g. IP and
 * e-mail, the e-mail across IPs, the IP across e-mails). Each attempt first takes one point on
 * every key, atomically; an attempt that would pass a limit gives its points back and is refused
 * with RATE_LIMITED, so N parallel wrong passwords run at most `limit` checks. A success (or an
 * error that is no failure) gives its points back: successes are free.
 */
export function createFailureLimit(
  rules: readonly FailureRule[],
  options: { detail: string; isFailure: (error: unknown) => boolean },
) {
  return async function guard<T>(keys: string | readonly string[], attempt: () => Promise<T>): Promise<T> {
    const list = typeof keys === 'string' ? [keys] : keys;
    const taken: { rule: FailureRule; key: string }[] = [];
    const giveBack = () => Promise.all(taken.map(({ rule, key }) => rule.limiter.refund(key)));
    for (const [index, rule] of rules.entries()) {
      const key = list[index];
      if (key === undefined) continue;
      const window = await rule.limiter.hit(key);
      taken.push({ rule, key });
      if (window.count > rule.limit) {
        await giveBack();
        throw rateLimited(options.detail, window);
      }
    }
    try {
      const result = await attempt();
      await giveBack();
      return result;
    } catch (error) {
      if (!options.isFailure(error)) await giveBack();
      throw error;
    }
  };
}
export type FailureLimit = ReturnType<typeof createFailureLimit>;
