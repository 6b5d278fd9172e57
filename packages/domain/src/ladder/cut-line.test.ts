import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advancingAtCut, type CutGame, type CutTally, orderForCut } from './cut-line.js';

const tally = (rosterId: string, points: number, wins: number, at: number | null): CutTally => ({
  rosterId,
  points,
  wins,
  pointsReachedAt: at,
});

describe('orderForCut: one tiebreak order for the leaderboard and the advancement', () => {
  it('points, then head-to-head among the tied, then wins, then the earlier time, then roster id', () => {
    const tallies = [
      tally('e', 6, 2, 500),
      tally('d', 6, 2, 400),
      tally('c', 6, 1, 100),
      tally('b', 6, 2, 900),
      tally('a', 9, 3, 50),
      tally('f', 6, 2, 400),
    ];
    // b beat d, the only game among the teams tied on 6.
    const games: CutGame[] = [{ homeRosterId: 'b', awayRosterId: 'd', winnerRosterId: 'b' }];
    const rows = orderForCut(tallies, games);
    expect(rows.map((r) => [r.rosterId, r.decidedBy])).toEqual([
      ['a', 'points'],
      ['b', 'headToHead'],
      ['d', 'rosterId'],
      ['f', 'reachedAt'],
      ['e', 'wins'],
      ['c', null],
    ]);
    expect(advancingAtCut(rows, 3)).toEqual(['a', 'b', 'd']);
  });

  it('a draw between tied teams gives each one point; a double forfeit none', () => {
    const rows = orderForCut(
      [tally('x', 3, 1, 10), tally('y', 3, 1, 20), tally('z', 3, 1, 30)],
      [
        { homeRosterId: 'z', awayRosterId: 'y', winnerRosterId: null },
        { homeRosterId: 'x', awayRosterId: 'y', winnerRosterId: null, bothLost: true },
      ],
    );
    expect(rows.map((r) => [r.rosterId, r.headToHead])).toEqual([
      ['y', 1],
      ['z', 1],
      ['x', 0],
    ]);
  });

  const field = fc
    .uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 30 })
    .chain((ids) =>
      fc.tuple(
        fc.constant(ids),
        fc.array(
          fc.record({
            points: fc.integer({ min: 0, max: 4 }),
            wins: fc.integer({ min: 0, max: 2 }),
            at: fc.option(fc.integer({ min: 0, max: 3 })),
          }),
          {
            minLength: ids.length,
            maxLength: ids.length,
          },
        ),
        fc.array(fc.tuple(fc.nat(ids.length - 1), fc.nat(ids.length - 1), fc.integer({ min: 0, max: 2 }))),
      ),
    )
    .map(([ids, stats, pairs]) => ({
      tallies: ids.map((id, i) => tally(id, stats[i]!.points * 3, stats[i]!.wins, stats[i]!.at)),
      games: pairs
        .filter(([a, b]) => a !== b)
        .map(([a, b, o]) => ({
          homeRosterId: ids[a]!,
          awayRosterId: ids[b]!,
          winnerRosterId: o === 0 ? ids[a]! : o === 1 ? ids[b]! : null,
        })),
    }));

  it('property: independent of input order, a total order by points, exactly N advance', () => {
    fc.assert(
      fc.property(field, fc.integer({ min: 0, max: 40 }), ({ tallies, games }, top) => {
        const rows = orderForCut(tallies, games);
        expect(orderForCut([...tallies].reverse(), [...games].reverse())).toEqual(rows);
        expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i + 1));
        for (let i = 1; i < rows.length; i++)
          expect(rows[i - 1]!.points).toBeGreaterThanOrEqual(rows[i]!.points);
        expect(advancingAtCut(rows, top)).toHaveLength(Math.min(top, tallies.length));
      }),
    );
  });
});
