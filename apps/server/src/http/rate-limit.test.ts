import { describe, expect, it } from 'vitest';
import { describeNeeding } from '../../test/test-database.js';
import { DomainError } from '../errors/domain-error.js';
import { connectRedis } from '../redis.js';
import { createFailureLimit, createRateLimiter } from './rate-limit.js';

const memoryLimiter = (name: string) => createRateLimiter({ name, windowMs: 60_000, redis: null });
const wrongPassword = async () => {
  throw new DomainError('UNAUTHENTICATED', 'Invalid e-mail or password');
};
const isFailure = (error: unknown) => error instanceof DomainError && error.code === 'UNAUTHENTICATED';
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (error: DomainError) => error.code,
  );

describe('rate limiter counts atomically', () => {
  it('counts hits per key, peeks without counting, refunds', async () => {
    const limiter = memoryLimiter('unit');
    expect((await limiter.peek('a')).count).toBe(0);
    expect((await limiter.hit('a')).count).toBe(1);
    expect((await limiter.hit('a')).count).toBe(2);
    expect((await limiter.peek('a')).count).toBe(2);
    expect((await limiter.peek('b')).count).toBe(0);
    await limiter.refund('a');
    expect((await limiter.peek('a')).count).toBe(1);
    const window = await limiter.hit('a');
    expect(window.resetMs).toBeGreaterThan(0);
    expect(window.resetMs).toBeLessThanOrEqual(60_000);
  });

  it('60 parallel wrong passwords: at most the limit are checked, the rest are 429', async () => {
    const guard = createFailureLimit([{ limiter: memoryLimiter('parallel'), limit: 10 }], {
      detail: 'Too many',
      isFailure,
    });
    let checked = 0;
    const attempt = () => {
      checked += 1;
      return wrongPassword();
    };
    const results = await Promise.all(Array.from({ length: 60 }, () => outcome(guard('ip|mail', attempt))));
    expect(results.filter((r) => r === 'UNAUTHENTICATED').length).toBe(10);
    expect(results.filter((r) => r === 'RATE_LIMITED').length).toBe(50);
    expect(checked).toBe(10);
  });

  it('any key over its limit refuses, and gives back the points taken on the others', async () => {
    const perPair = memoryLimiter('pair');
    const perIp = memoryLimiter('ip');
    const guard = createFailureLimit(
      [
        { limiter: perPair, limit: 5 },
        { limiter: perIp, limit: 3 },
      ],
      { detail: 'Too many', isFailure },
    );
    // One password sprayed over many e-mails from one IP: the per-IP key stops it.
    const sprayed = [];
    for (let i = 0; i < 5; i++) sprayed.push(await outcome(guard([`ip|user${i}`, 'ip'], wrongPassword)));
    expect(sprayed).toEqual([
      'UNAUTHENTICATED',
      'UNAUTHENTICATED',
      'UNAUTHENTICATED',
      'RATE_LIMITED',
      'RATE_LIMITED',
    ]);
    expect((await perPair.peek('ip|user3')).count).toBe(0);
    expect((await perIp.peek('ip')).count).toBe(3);
  });

  it('successes and other errors are free', async () => {
    const limiter = memoryLimiter('free');
    const guard = createFailureLimit([{ limiter, limit: 1 }], { detail: 'Too many', isFailure });
    for (let i = 0; i < 3; i++) expect(await guard('k', async () => 'signed in')).toBe('signed in');
    const other = guard('k', async () => {
      throw new DomainError('NOT_FOUND');
    });
    await expect(other).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await limiter.peek('k')).count).toBe(0);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describeNeeding(['redis'], 'redis rate limiter', () => {
  it('shares one count per key between instances', async () => {
    const a = await connectRedis(redisUrl!, () => {});
    const b = await connectRedis(redisUrl!, () => {});
    const name = `test-${process.pid}-${Date.now()}`;
    try {
      const first = createRateLimiter({ name, windowMs: 5_000, redis: a });
      const second = createRateLimiter({ name, windowMs: 5_000, redis: b });
      expect((await first.peek('k')).count).toBe(0);
      expect((await first.hit('k')).count).toBe(1);
      expect((await second.hit('k')).count).toBe(2);
      const seen = await first.peek('k');
      expect(seen.count).toBe(2);
      expect(seen.resetMs).toBeLessThanOrEqual(5_000);
      expect((await second.peek('other')).count).toBe(0);
    } finally {
      await a.quit();
      await b.quit();
    }
  });

  it('counts in memory while Redis is down', async () => {
    const client = await connectRedis(redisUrl!, () => {});
    await client.quit();
    const limiter = createRateLimiter({ name: 'down', windowMs: 60_000, redis: client });
    expect((await limiter.hit('k')).count).toBe(1);
    expect((await limiter.hit('k')).count).toBe(2);
  });
});
