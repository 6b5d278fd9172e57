import { DomainError } from '../errors/domain-error.js';
import type { RedisClient } from '../redis.js';

/** One key's fixed window: hits counted so far and the milliseconds until the window ends. */
export interface RateWindow {
  count: number;
  resetMs: number;
}

/**
 * Fixed-window counters. With Redis (`REDIS_URL`) every instance shares one count per key; without
 * it each instance counts on its own, in memory.
 */
export interface RateLimiter {
  /** Counts one hit on `key`; the window after counting. */
  hit(key: string): Promise<RateWindow>;
  /** The window of `key` without counting. */
  peek(key: string): Promise<RateWindow>;
}

/** In-process counters; bounded memory (expired windows are dropped once the map grows large). */
export function createMemoryRateLimiter(windowMs: number, now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  const current = (key: string, at: number) => {
    const window = windows.get(key);
    return window && at - window.start < windowMs ? window : null;
  };
  const view = (window: { start: number; count: number } | null, at: number): RateWindow =>
    window ? { count: window.count, resetMs: window.start + windowMs - at } : { count: 0, resetMs: windowMs };
  return {
    async hit(key) {
      const at = now();
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (at - w.start >= windowMs) windows.delete(k);
      }
      let window = current(key, at);
      if (!window) {
        window = { start: at, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      return view(window, at);
    },
    async peek(key) {
      const at = now();
      return view(current(key, at), at);
    },
  };
}

/**
 * Shared counters in Redis: INCR, then PEXPIRE … NX starts the window on the first hit only (one
 * MULTI, so a key never lives without its expiry). Keys: `cwh:rate:{name}:{key}`.
 */
export function createRedisRateLimiter(redis: RedisClient, name: string, windowMs: number): RateLimiter {
  const keyOf = (key: string) => `cwh:rate:${name}:${key}`;
  const window = (count: unknown, ttl: unknown): RateWindow => {
    const ms = Number(ttl);
    return { count: Number(count ?? 0), resetMs: ms > 0 ? ms : windowMs };
  };
  return {
    async hit(key) {
      const k = keyOf(key);
      const [count, , ttl] = await redis.multi().incr(k).pExpire(k, windowMs, 'NX').pTTL(k).exec();
      return window(count, ttl);
    },
    async peek(key) {
      const k = keyOf(key);
      const [count, ttl] = await redis.multi().get(k).pTTL(k).exec();
      return window(count, ttl);
    },
  };
}

/**
 * Redis-backed when a client is given, with the in-memory counter as fallback while Redis fails (a
 * Redis outage must not lock everybody out, nor lift every limit).
 */
export function createRateLimiter(options: {
  name: string;
  windowMs: number;
  redis: RedisClient | null;
  onRedisError?: (error: unknown) => void;
  now?: () => number;
}): RateLimiter {
  const memory = createMemoryRateLimiter(options.windowMs, options.now);
  if (!options.redis) return memory;
  const shared = createRedisRateLimiter(options.redis, options.name, options.windowMs);
  const guarded =
    (op: 'hit' | 'peek') =>
    async (key: string): Promise<RateWindow> => {
      try {
        return await shared[op](key);
      } catch (error) {
        options.onRedisError?.(error);
        return memory[op](key);
      }
    };
  return { hit: guarded('hit'), peek: guarded('peek') };
}

export function rateLimited(detail: string, window: RateWindow): DomainError {
  return new DomainError('RATE_LIMITED', detail, {
    meta: { retryAfterSeconds: Math.max(1, Math.ceil(window.resetMs / 1000)) },
  });
}

/**
 * Limits failed attempts (wrong password, wrong API token) per key: a key that reached `limit`
 * failures in the window is refused with RATE_LIMITED before the attempt runs; successes are free.
 */
export function createFailureLimit(
  limiter: RateLimiter,
  options: { limit: number; detail: string; isFailure: (error: unknown) => boolean },
) {
  return async function guard<T>(key: string, attempt: () => Promise<T>): Promise<T> {
    const window = await limiter.peek(key);
    if (window.count >= options.limit) throw rateLimited(options.detail, window);
    try {
      return await attempt();
    } catch (error) {
      if (options.isFailure(error)) await limiter.hit(key);
      throw error;
    }
  };
}
export type FailureLimit = ReturnType<typeof createFailureLimit>;
