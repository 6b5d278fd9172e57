import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { competitionSeed, createPrng, hashString, seededShuffle } from './prng.js';

// Known answers: stored seeds must regenerate a round bit for bit on every instance and version.
describe('hashString (32-bit FNV-1a)', () => {
  it.each([
    { text: '', hash: 0x811c9dc5 },
    { text: 'a', hash: 0xe40c292c },
    { text: 'foobar', hash: 0xbf9cf968 },
  ])('hashes $text to the published FNV-1a value', ({ text, hash }) => {
    expect(hashString(text)).toBe(hash);
  });

  it('a round seed is the hash of "segment#round"', () => {
    expect(competitionSeed('seg-1', 3)).toBe(hashString('seg-1#3'));
    expect(competitionSeed('seg-1', 3)).not.toBe(competitionSeed('seg-1', 4));
  });
});

describe('createPrng (mulberry32)', () => {
  it('seed 42 gives the reference sequence', () => {
    const random = createPrng(42);
    expect([random(), random(), random()]).toEqual([
      0.6011037519201636, 0.44829055899754167, 0.8524657934904099,
    ]);
  });

  it('stays in [0, 1) and depends only on the seed modulo 2³² (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (seed) => {
        const a = createPrng(seed);
        const b = createPrng(seed + 2 ** 32);
        for (let i = 0; i < 5; i++) {
          const value = a();
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThan(1);
          expect(b()).toBe(value);
        }
      }),
      { numRuns: 50 },
    );
  });
});

describe('seededShuffle (Fisher-Yates)', () => {
  it('gives the reference permutation for seed 7 and leaves the input alone', () => {
    const items = ['a', 'b', 'c', 'd', 'e'];
    expect(seededShuffle(items, createPrng(7))).toEqual(['d', 'b', 'c', 'e', 'a']);
    expect(items).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it.each([
    {
      why: 'a generator stuck at 0 swaps each slot with the first',
      value: 0,
      expected: ['b', 'c', 'd', 'a'],
    },
    {
      why: 'a generator just below 1 swaps each slot with itself',
      value: 0.999,
      expected: ['a', 'b', 'c', 'd'],
    },
    { why: 'one half picks the middle slot each time', value: 0.5, expected: ['a', 'd', 'b', 'c'] },
  ])('$why', ({ value, expected }) => {
    expect(seededShuffle(['a', 'b', 'c', 'd'], () => value)).toEqual(expected);
  });

  it('is a permutation (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 30 }), fc.integer(), (items, seed) => {
        expect([...seededShuffle(items, createPrng(seed))].sort()).toEqual([...items].sort());
      }),
      { numRuns: 50 },
    );
  });
});
