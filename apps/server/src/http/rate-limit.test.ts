import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors/domain-error.js';
import { connectRedis } from '../redis.js';
import {
  createFailureLimit,
  createMemoryRateLimiter,
  createRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from './rate-limit.js';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('memory rate limiter (fixed window)', () => {
  it('counts hits per key, peeks without counting, and starts over when the window ends', async () => {
    const c = clock();
    const limiter = createMemoryRateLimiter(60_000, c.now);
    expect(await limiter.peek('a')).toEqual({ count: 0, resetMs: 60_000 });
    expect(await limiter.hit('a')).toEqual({ count: 1, resetMs: 60_000 });
    c.advance(10_000);
    expect(await limiter.hit('a')).toEqual({ count: 2, resetMs: 50_000 });
    expect(await limiter.peek('a')).toEqual({ count: 2, resetMs: 50_000 });
    expect(await limiter.peek('b')).toEqual({ count: 0, resetMs: 60_000 });
    c.advance(50_000);
    expect(await limiter.peek('a')).toEqual({ count: 0, resetMs: 60_000 });
    expect(await limiter.hit('a')).toEqual({ count: 1, resetMs: 60_000 });
  });
});

describe('failure limit', () => {
  const wrong = () => new DomainError('INVALID_TOKEN', 'wrong');
  const setup = () => {
    const c = clock();
    const limiter = createMemoryRateLimiter(900_000, c.now);
    const guard = createFailureLimit(limiter, {
      limit: 3,
      detail: 'Too many wrong tokens',
      isFailure: (error) => error instanceof DomainError && error.code === 'INVALID_TOKEN',
    });
    return { c, guard };
  };

  it('refuses a key after `limit` failures, before the attempt runs, with a retry time', async () => {
    const { c, guard } = setup();
    for (let i = 0; i < 3; i++)
      await expect(guard('ip1', async () => Promise.reject(wrong()))).rejects.toThrow('wrong');
    c.advance(100_000);
    let ran = false;
    const refused = await guard('ip1', async () => {
      ran = true;
      return 'ok';
    }).catch((error: unknown) => error);
    expect(ran).toBe(false);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', meta: { retryAfterSeconds: 800 } });
    // Another key is not affected; the key is free again once the window ends.
    expect(await guard('ip2', async () => 'ok')).toBe('ok');
    c.advance(800_000);
    expect(await guard('ip1', async () => 'ok')).toBe('ok');
  });

  it('does not count successes or other errors', async () => {
    const { guard } = setup();
    for (let i = 0; i < 5; i++) expect(await guard('ip1', async () => 'ok')).toBe('ok');
    for (let i = 0; i < 5; i++)
      await expect(
        guard('ip1', async () => Promise.reject(new DomainError('NO_CLAN'))),
      ).rejects.toMatchObject({
        code: 'NO_CLAN',
      });
    expect(await guard('ip1', async () => 'still ok')).toBe('still ok');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('redis rate limiter', () => {
  it('shares one count per key between instances, with the window expiry set on the first hit', async () => {
    const a = await connectRedis(redisUrl!, () => {});
    const b = await connectRedis(redisUrl!, () => {});
    const name = `test-${process.pid}-${Date.now()}`;
    try {
      const first: RateLimiter = createRedisRateLimiter(a, name, 5_000);
      const second: RateLimiter = createRedisRateLimiter(b, name, 5_000);
      expect((await first.peek('k')).count).toBe(0);
      expect((await first.hit('k')).count).toBe(1);
      expect((await second.hit('k')).count).toBe(2);
      const seen = await first.peek('k');
      expect(seen.count).toBe(2);
      expect(seen.resetMs).toBeGreaterThan(0);
      expect(seen.resetMs).toBeLessThanOrEqual(5_000);
      expect(await a.pTTL(`cwh:rate:${name}:k`)).toBeGreaterThan(0);
      expect((await second.peek('other')).count).toBe(0);
    } finally {
      await a.del(`cwh:rate:${name}:k`);
      await a.quit();
      await b.quit();
    }
  });

  it('falls back to counting in memory while Redis fails', async () => {
    const client = await connectRedis(redisUrl!, () => {});
    await client.quit();
    const errors: unknown[] = [];
    const limiter = createRateLimiter({
      name: 'down',
      windowMs: 60_000,
      redis: client,
      onRedisError: (error) => errors.push(error),
    });
    expect((await limiter.hit('k')).count).toBe(1);
    expect((await limiter.hit('k')).count).toBe(2);
    expect(errors.length).toBe(2);
  });
});
