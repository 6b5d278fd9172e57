import { describe, expect, it } from 'vitest';
import { createResponseCache, parseMaxAge } from './response-cache.js';

describe('createResponseCache', () => {
  it('expires entries after their ttl', () => {
    let now = 1000;
    const cache = createResponseCache({ maxEntries: 10, now: () => now });
    cache.set('a', 1, 500);
    now = 1499;
    expect(cache.get('a')).toBe(1);
    now = 1500;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('evicts the least recently used entry beyond the bound', () => {
    const cache = createResponseCache({ maxEntries: 2, now: () => 0 });
    cache.set('a', 1, 100);
    cache.set('b', 2, 100);
    cache.get('a');
    cache.set('c', 3, 100);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('does not store with a zero ttl', () => {
    const cache = createResponseCache({ maxEntries: 2, now: () => 0 });
    cache.set('a', 1, 0);
    expect(cache.size).toBe(0);
  });
});

describe('parseMaxAge', () => {
  it.each([
    [null, null],
    ['max-age=600', 600],
    ['public max-age=120', 120],
    ['public, max-age=30', 30],
    ['max-age=0', null],
    ['no-store', null],
    ['no-cache, max-age=60', null],
    ['s-maxage=60', null],
  ])('%j -> %j', (header, expected) => {
    expect(parseMaxAge(header)).toBe(expected);
  });
});
