import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPrng, seededShuffle } from './prng.js';
import { FIXED_3, FOUR_TEAMS, standingsGame } from './swiss-fixtures.js';
import { computeSwissStandings, swissMaxRounds } from './swiss-standings.js';
import type { SwissConfig, SwissResult } from './swiss-types.js';

const fixed = FIXED_3;
const game = standingsGame;
const teams = FOUR_TEAMS;

describe('computeSwissStandings', () => {
  it('scores win 3, draw 1, bye as a win; records W-L and W-L-D', () => {
    const standings = computeSwissStandings(
      teams,
      [game('a', 'b', 'home'), game('c', 'd', 'draw', [8, 8], [75, 75])],
      [{ roundNumber: 2, rosterId: 'b' }],
      fixed,
    );
    expect(standings.map((s) => [s.rosterId, s.matchPoints, s.record, s.byes])).toEqual([
      // Same points: b's opponent (a, 1-0) gives b the better Buchholz.
      ['b', 3, '1-1', 1],
      ['a', 3, '1-0', 0],
      ['c', 1, '0-0-1', 0],
      ['d', 1, '0-0-1', 0],
    ]);
  });

  it('scores a double forfeit (outcome none) as a loss for both sides, 0 match points each', () => {
    const standings = computeSwissStandings(
      teams,
      [game('a', 'b', 'none', [0, 0]), game('c', 'd', 'home')],
      [],
      fixed,
    );
    const by = new Map(standings.map((s) => [s.rosterId, s]));
    expect([by.get('a'), by.get('b')].map((s) => [s!.matchPoints, s!.record, s!.wins, s!.losses])).toEqual([
      [0, '0-1', 0, 1],
      [0, '0-1', 0, 1],
    ]);
    // Both played each other (Buchholz counts the opponent), and both rank below the winner c.
    expect(by.get('a')!.opponents).toEqual(['b']);
    expect(standings[0]!.rosterId).toBe('c');
  });

  it('breaks ties by Buchholz (opponents W-L) before head-to-head and stars', () => {
    // a and d both 1-1; a met b (2-0) and d, d met c (0-2) and a: a had the stronger opponents.
    const results = [
      game('a', 'b', 'away'),
      game('c', 'd', 'away'),
      game('b', 'c', 'home'),
      game('d', 'a', 'away', [0, 1]),
    ];
    const standings = computeSwissStandings(teams, results, [], fixed);
    expect(standings.map((s) => [s.rosterId, s.record, s.buchholz])).toEqual([
      ['b', '2-0', -2],
      ['a', '1-1', 2],
      ['d', '1-1', -2],
      ['c', '0-2', 2],
    ]);
  });

  it('uses head-to-head among the tied teams, and follows a segment-specific order', () => {
    // b and c: both 1-1; c beat b by one star, b has the far better star difference overall.
    const results = [
      game('c', 'b', 'home', [7, 6]),
      game('b', 'd', 'home', [15, 0]),
      game('a', 'c', 'home', [9, 0]),
      game('a', 'd', 'home'),
    ];
    const standard = computeSwissStandings(teams, results, [], {
      ...fixed,
      tiebreaks: ['matchPoints', 'headToHead', 'starDifference', 'seed'],
    });
    const byStars = computeSwissStandings(teams, results, [], {
      ...fixed,
      tiebreaks: ['matchPoints', 'starDifference', 'seed'],
    });
    const order = (list: typeof standard) =>
      list.filter((s) => s.rosterId === 'b' || s.rosterId === 'c').map((s) => s.rosterId);
    expect(order(standard)).toEqual(['c', 'b']);
    expect(standard.find((s) => s.rosterId === 'c')!.headToHead).toBe(3);
    expect(order(byStars)).toEqual(['b', 'c']);
  });

  it('falls back to destruction difference, then seed', () => {
    const results = [game('a', 'b', 'draw', [9, 9], [80, 80]), game('c', 'd', 'draw', [9, 9], [80.5, 80])];
    const standings = computeSwissStandings(teams, results, [], fixed);
    expect(standings.map((s) => s.rosterId)).toEqual(['c', 'a', 'b', 'd']);
  });

  it('marks early-exit teams qualified at 3 wins, eliminated at 3 losses, and undecided ones out at the end', () => {
    const config: SwissConfig = { format: { mode: 'early_exit', wins: 1, losses: 1 } };
    expect(swissMaxRounds(config.format)).toBe(1);
    const standings = computeSwissStandings(
      teams,
      [game('a', 'b', 'home'), game('c', 'd', 'draw')],
      [],
      config,
      1,
    );
    expect(Object.fromEntries(standings.map((s) => [s.rosterId, s.status]))).toEqual({
      a: 'qualified',
      b: 'eliminated',
      c: 'eliminated',
      d: 'eliminated',
    });
  });

  it('does not depend on the order of teams, results and byes (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), fc.integer(), (n, seed) => {
        const random = createPrng(seed);
        const field = Array.from({ length: n }, (_, i) => ({ rosterId: `t${i}`, seed: i + 1 }));
        const results: SwissResult[] = Array.from({ length: n * 2 }, (_, i) => {
          const home = field[Math.floor(random() * n)]!.rosterId;
          const away = field[Math.floor(random() * n)]!.rosterId;
          const roll = random();
          return {
            ...game(
              home,
              away,
              roll < 0.2 ? 'draw' : roll < 0.6 ? 'home' : 'away',
              [Math.floor(random() * 16), Math.floor(random() * 16)],
              [Math.round(random() * 10000) / 100, Math.round(random() * 10000) / 100],
            ),
            roundNumber: i,
          };
        });
        const byes = [{ roundNumber: 1, rosterId: field[0]!.rosterId }];
        const config: SwissConfig = { format: { mode: 'fixed', rounds: 5 } };
        const reference = computeSwissStandings(field, results, byes, config);
        const shuffled = computeSwissStandings(
          seededShuffle(field, random),
          seededShuffle(results, random),
          byes,
          config,
        );
        expect(shuffled).toEqual(reference);
        expect(reference.map((s) => s.rank)).toEqual(field.map((_, i) => i + 1));
      }),
      { numRuns: 200 },
    );
  });
});
