import { describe, expect, it } from 'vitest';
import { competitionSeed, createPrng } from './prng.js';
import { pairSwissRound } from './swiss-pairing.js';
import type {
  SwissBye,
  SwissConfig,
  SwissOutcome,
  SwissResult,
  SwissRoundInput,
  SwissRoundOutput,
  SwissTeam,
} from './swiss-types.js';

/** t01 … tNN, seeded in that order (t01 = seed 1 = best). */
const teamsOf = (n: number): SwissTeam[] =>
  Array.from({ length: n }, (_, i) => ({ rosterId: `t${String(i + 1).padStart(2, '0')}`, seed: i + 1 }));

const FIXED_9: SwissConfig = { format: { mode: 'fixed', rounds: 9 } };

/** One finished game; `destruction` lets a draw still separate the two teams in the standings. */
function game(
  home: string,
  away: string,
  outcome: SwissOutcome,
  roundNumber = 1,
  destruction: [number, number] = [50, 50],
): SwissResult {
  const stars = outcome === 'draw' ? [5, 5] : outcome === 'home' ? [6, 3] : [3, 6];
  return {
    roundNumber,
    homeRosterId: home,
    awayRosterId: away,
    outcome,
    homeStars: stars[0]!,
    awayStars: stars[1]!,
    homeDestruction: destruction[0],
    awayDestruction: destruction[1],
  };
}

/** "a=b" draw, "a>b" home win, "a<b" away win. */
const games = (spec: string, roundNumber = 1): SwissResult[] =>
  spec
    .split(' ')
    .filter(Boolean)
    .map((g) => {
      const [, home, sign, away] = /^(\w+)([=<>])(\w+)$/.exec(g)!;
      return game(home!, away!, sign === '=' ? 'draw' : sign === '>' ? 'home' : 'away', roundNumber);
    });

function input(
  n: number,
  results: SwissResult[],
  more: Partial<SwissRoundInput> = {},
  byes: SwissBye[] = [],
): SwissRoundInput {
  const roundNumber =
    Math.max(0, ...results.map((r) => r.roundNumber), ...byes.map((b) => b.roundNumber)) + 1;
  return { segmentId: 'seg', roundNumber, config: FIXED_9, teams: teamsOf(n), results, byes, ...more };
}

/** The tables in order, each as its two teams sorted ("t01 v t08"). */
const tables = (round: SwissRoundOutput) =>
  round.pairings.map((p) => [p.homeRosterId, p.awayRosterId].sort().join(' v '));

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

describe('pairSwissRound: table numbers, sides and labels', () => {
  it('numbers the tables 1…n and seats home by the round coin: the higher seed is home when the coin is below one half', () => {
    const round = pairSwissRound(input(8, [], { segmentId: 'seg-sides' }));
    expect(round.prngSeed).toBe(competitionSeed('seg-sides', 1));
    expect(round.pairings.map((p) => p.table)).toEqual([1, 2, 3, 4]);
    const coin = createPrng(round.prngSeed);
    const coins = round.pairings.map(() => coin());
    // The round must show both sides of the coin for this check to mean anything.
    expect(coins.some((c) => c < 0.5) && coins.some((c) => c >= 0.5)).toBe(true);
    const fold = [
      ['t01', 't08'],
      ['t02', 't07'],
      ['t03', 't06'],
      ['t04', 't05'],
    ];
    expect(round.pairings.map((p) => [p.homeRosterId, p.awayRosterId])).toEqual(
      fold.map(([high, low], i) => (coins[i]! < 0.5 ? [high, low] : [low, high])),
    );
    expect(round.pairings.map((p) => p.pool)).toEqual(['0-0', '0-0', '0-0', '0-0']);
  });

  it('labels a float with the record of the team from the higher pool and seats it by the coin', () => {
    // t03 and t04 drew: the 1-point pool cannot play again, so both drop to meet t01 and t02.
    const round = pairSwissRound(input(4, games('t03=t04'), { segmentId: 'seg-float' }));
    const coin = createPrng(round.prngSeed);
    const expected = [
      ['t03', 't02'],
      ['t04', 't01'],
    ].map(([high, low]) => (coin() < 0.5 ? [high, low] : [low, high]));
    expect(round.pairings.map((p) => [p.homeRosterId, p.awayRosterId])).toEqual(expected);
    expect(round.pairings.map((p) => p.pool)).toEqual(['0-0-1', '0-0-1']);
    expect(round.pairings.map((p) => p.float)).toEqual([true, true]);
  });
});

describe('pairSwissRound: pools and the fold', () => {
  it.each([
    {
      why: 'pools go by match points even when the tiebreak list ranks by seed alone',
      results: 't03>t01 t04>t02',
      config: { format: { mode: 'fixed', rounds: 9 }, tiebreaks: ['seed'] } as SwissConfig,
      expected: ['t03 v t04', 't01 v t02'],
    },
    {
      why: 'a pool is folded by seed, not by its order in the standings (draws split by destruction)',
      results: '',
      draws: [
        ['t01', 't02', [40, 60]],
        ['t03', 't04', [40, 60]],
      ] as const,
      config: FIXED_9,
      expected: ['t01 v t04', 't02 v t03'],
    },
    {
      why: 'an odd pool floats its lowest seed down; the floater meets the best seed of the pool below',
      results: 't02>t03 t04=t01',
      config: FIXED_9,
      expected: ['t01 v t02', 't03 v t04'],
    },
    {
      why: 'two drawn teams that met cannot play again: the top one meets the lowest seed of the pool below',
      results: 't03=t04',
      config: FIXED_9,
      expected: ['t02 v t03', 't01 v t04'],
    },
    {
      why: 'fold t02-t05 is a rematch: the highest seed takes the lowest seed it has not met (greedy), 6 teams',
      results: 't01=t04 t02=t05 t03=t06',
      config: FIXED_9,
      expected: ['t01 v t06', 't02 v t04', 't03 v t05'],
    },
    {
      why: 'merged pools are matched, not folded: only t06, who met both 1-point teams, floats',
      results: 't01=t06 t02=t06',
      config: FIXED_9,
      expected: ['t05 v t06', 't01 v t02', 't03 v t04'],
    },
    {
      why: 'an unavoidable rematch is played between the closest pools (t03 met t01 and t04, t04 met t01)',
      results: 't03>t01 t03>t04 t04>t01',
      config: FIXED_9,
      expected: ['t03 v t04', 't01 v t02'],
    },
  ])('$why', ({ results, draws, config, expected }) => {
    const played = [
      ...games(results),
      ...(draws ?? []).map(([home, away, destruction]) => game(home, away, 'draw', 1, [...destruction])),
    ];
    const round = pairSwissRound(input(expected.length * 2, played, { roundNumber: 2, config }));
    expect(tables(round)).toEqual(expected);
    const playedKeys = new Set(played.map((r) => pairKey(r.homeRosterId, r.awayRosterId)));
    expect(round.rematches).toBe(
      round.pairings.filter((p) => playedKeys.has(pairKey(p.homeRosterId, p.awayRosterId))).length,
    );
  });

  it('flags the unavoidable rematch on its table and counts it', () => {
    const round = pairSwissRound(input(4, games('t03>t01 t03>t04 t04>t01'), { roundNumber: 2 }));
    expect(round.pairings.map((p) => p.rematch)).toEqual([true, false]);
    expect(round.rematches).toBe(1);
  });

  it('28 teams after drawn games: rematch-free, inside the pool, and no two tables could swap partners into a more fold-like round', () => {
    const results = games(
      't04=t03 t14=t15 t05=t24 t26=t09 t02=t18 t11=t23 t20=t17 t12=t21 t08=t01 t19=t13 t07=t16 t22=t25 t06=t10 t27=t28',
    );
    const round = pairSwissRound(input(28, results));
    const played = new Set(results.map((r) => pairKey(r.homeRosterId, r.awayRosterId)));
    const seedOf = (id: string) => Number(id.slice(1));
    const pairs = round.pairings.map((p) => [seedOf(p.homeRosterId), seedOf(p.awayRosterId)] as const);
    expect(new Set(pairs.flat()).size).toBe(28);
    expect(round.rematches).toBe(0);
    expect(round.pairings.every((p) => !p.float)).toBe(true);
    // Fold-likeness: Σ (seed gap)² is largest for highest-against-lowest.
    const gap = (a: number, b: number) => (a - b) ** 2;
    const fresh = (a: number, b: number) =>
      !played.has(pairKey(`t${String(a).padStart(2, '0')}`, `t${String(b).padStart(2, '0')}`));
    for (let x = 0; x < pairs.length; x++) {
      for (let y = x + 1; y < pairs.length; y++) {
        const [a, b] = pairs[x]!;
        const [c, d] = pairs[y]!;
        const now = gap(a, b) + gap(c, d);
        for (const [p, q, r, s] of [
          [a, c, b, d],
          [a, d, b, c],
        ] as const) {
          if (fresh(p, q) && fresh(r, s)) expect(gap(p, q) + gap(r, s)).toBeLessThanOrEqual(now);
        }
      }
    }
    // The fold itself is kept wherever it was not a rematch.
    expect(tables(round).slice(0, 3)).toEqual(['t01 v t28', 't02 v t27', 't03 v t26']);
  });

  it('28 teams with two opponents left each (their neighbours on a ring): a rematch-free round takes every other link of the ring', () => {
    // The greedy gets stuck on this ring, and t01's partners (t14, t15) lie outside the sparse
    // neighbourhood of its fold partner, so only the complete matching finds a rematch-free round.
    const ring =
      't01 t14 t11 t19 t09 t10 t08 t18 t28 t27 t02 t13 t17 t20 t25 t03 t06 t22 t04 t16 t07 t26 t21 t24 t12 t05 t23 t15'.split(
        ' ',
      );
    const link = (k: number) => [ring[k]!, ring[(k + 1) % ring.length]!].sort().join(' v ');
    const links = new Set(ring.map((_, k) => link(k)));
    const results: SwissResult[] = [];
    for (const home of ring) {
      for (const away of ring) {
        if (home < away && !links.has(`${home} v ${away}`)) results.push(game(home, away, 'draw'));
      }
    }
    const round = pairSwissRound(input(28, results));
    expect(round.rematches).toBe(0);
    const every = (start: number) => Array.from({ length: 14 }, (_, k) => link(2 * k + start));
    const [even, odd] = [every(0), every(1)];
    const paired = tables(round).sort();
    expect([even.sort(), odd.sort()]).toContainEqual(paired);
  });
});

describe('pairSwissRound: byes and the end of the stage', () => {
  it('gives the bye to the top-ranked team when it is the only one without a bye', () => {
    const round = pairSwissRound(
      input(3, [game('t01', 't02', 'home', 1), game('t01', 't03', 'home', 2)], {}, [
        { roundNumber: 1, rosterId: 't03' },
        { roundNumber: 2, rosterId: 't02' },
      ]),
    );
    expect(round.roundNumber).toBe(3);
    expect(round.byeRosterId).toBe('t01');
    expect(tables(round)).toEqual(['t02 v t03']);
  });

  it('refuses a third bye round with the reason in the message', () => {
    expect(() =>
      pairSwissRound(
        input(
          3,
          [game('t01', 't02', 'home', 1), game('t01', 't03', 'home', 2), game('t02', 't03', 'home', 3)],
          {},
          [
            { roundNumber: 1, rosterId: 't03' },
            { roundNumber: 2, rosterId: 't02' },
            { roundNumber: 3, rosterId: 't01' },
          ],
        ),
      ),
    ).toThrowError(
      expect.objectContaining({
        code: 'SWISS_NO_BYE_CANDIDATE',
        message: 'swiss: every active team already had a bye',
      }),
    );
  });

  it('pairs two teams: two active teams are enough for a round', () => {
    const round = pairSwissRound(input(2, []));
    expect(tables(round)).toEqual(['t01 v t02']);
    expect(round.byeRosterId).toBeNull();
  });

  it('early exit 2 wins / 2 losses: round 2 is not the last round, so the 1-0 and 0-1 teams still play', () => {
    const config: SwissConfig = { format: { mode: 'early_exit', wins: 2, losses: 2 } };
    const round = pairSwissRound(input(4, games('t01>t04 t02>t03'), { config }));
    expect(tables(round)).toEqual(['t01 v t02', 't03 v t04']);
  });

  it('refuses a round with fewer than two active teams', () => {
    // 2 wins qualify, 2 losses eliminate: t01 and t02 are qualified, t04 eliminated, only t03 is left.
    const config: SwissConfig = { format: { mode: 'early_exit', wins: 2, losses: 2 } };
    expect(() =>
      pairSwissRound(
        input(4, [...games('t01>t04 t02>t03'), ...games('t01>t02 t03>t04', 2), ...games('t02>t04', 3)], {
          config,
          roundNumber: 3,
        }),
      ),
    ).toThrowError(
      expect.objectContaining({
        code: 'SWISS_STAGE_COMPLETE',
        message: 'swiss: fewer than two active teams',
      }),
    );
  });

  it('refuses a round past the fixed count with the reason in the message', () => {
    expect(() =>
      pairSwissRound(input(4, [], { roundNumber: 2, config: { format: { mode: 'fixed', rounds: 1 } } })),
    ).toThrowError(
      expect.objectContaining({ code: 'SWISS_STAGE_COMPLETE', message: 'swiss: every round was played' }),
    );
  });

  it.each([
    { why: 'round 0', more: { roundNumber: 0 } },
    { why: 'a negative round', more: { roundNumber: -1 } },
    { why: 'a fractional round', more: { roundNumber: 1.5 } },
    { why: 'a duplicate roster', more: { teams: [...teamsOf(3), { rosterId: 't01', seed: 4 }] } },
    { why: 'a duplicate seed', more: { teams: [...teamsOf(3), { rosterId: 't04', seed: 3 }] } },
  ])('refuses $why as invalid input', ({ more }) => {
    expect(() => pairSwissRound(input(4, [], more))).toThrowError(
      expect.objectContaining({
        code: 'INVALID_COMPETITION_INPUT',
        message: 'swiss: duplicate team or seed, or bad round',
      }),
    );
  });
});
