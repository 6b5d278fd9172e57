import { describe, expect, it } from 'vitest';
import { createRandom } from './seeded-random.js';

const take = (next: () => number, n: number) => Array.from({ length: n }, next);

describe('createRandom', () => {
  it('repeats for the same seed and differs across seeds', () => {
    expect(take(createRandom('match-1'), 5)).toEqual(take(createRandom('match-1'), 5));
    expect(take(createRandom('match-1'), 5)).not.toEqual(take(createRandom('match-2'), 5));
    expect(take(createRandom(7), 5)).toEqual(take(createRandom(7), 5));
  });

  it('stays in [0, 1) and is roughly uniform', () => {
    const values = take(createRandom('uniform'), 10_000);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
  });
});
