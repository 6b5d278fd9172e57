import { describe, expect, it } from 'vitest';
import { pairSwissRound } from './swiss-pairing.js';
import type { SwissBye, SwissResult, SwissRoundInput, SwissRoundOutput, SwissTeam } from './swiss-types.js';

/**
 * The weighted matching behind a swiss round, on hand-made fields: its weight layers (fewest
 * rematches, then the smallest pool distance, then the fold order), its sparse first pass on groups
 * of more than 26 teams, and the pairs a merge reuses from an earlier pass.
 */

const id = (seed: number) => `t${String(seed).padStart(2, '0')}`;

const teamsOf = (n: number): SwissTeam[] =>
  Array.from({ length: n }, (_, i) => ({ rosterId: id(i + 1), seed: i + 1 }));

const win = (home: number, away: number): SwissResult => ({
  roundNumber: 1,
  homeRosterId: id(home),
  awayRosterId: id(away),
  outcome: 'home',
  homeStars: 6,
  awayStars: 3,
  homeDestruction: 50,
  awayDestruction: 50,
});

/**
 * Round 2 of a field where team k (seed k) has `levels[k - 1]` wins: the games listed (each a win of
 * its first team) and byes for the rest of the wins. So the pools are set by the levels (the higher,
 * the better pool) and the games already played are exactly the ones listed.
 */
function field(levels: readonly number[], played: readonly [number, number][]): SwissRoundInput {
  const wins = new Map<number, number>();
  for (const [home] of played) wins.set(home, (wins.get(home) ?? 0) + 1);
  const byes: SwissBye[] = levels.flatMap((level, i) => {
    const missing = level - (wins.get(i + 1) ?? 0);
    if (missing < 0) throw new Error(`seed ${i + 1} won more games than its level`);
    return Array.from({ length: missing }, () => ({ roundNumber: 1, rosterId: id(i + 1) }));
  });
  return {
    segmentId: 'seg-matching',
    roundNumber: 2,
    config: { format: { mode: 'fixed', rounds: 9 } },
    teams: teamsOf(levels.length),
    results: played.map(([home, away]) => win(home, away)),
    byes,
  };
}

/** The tables in order, each as its two teams sorted ("t01 v t08"). */
const tables = (round: SwissRoundOutput) =>
  round.pairings.map((p) => [p.homeRosterId, p.awayRosterId].sort().join(' v '));

/**
 * One pool of 28 (every team at the same level): t01 already met every seed from `firstMet` down to
 * t28, and the `more` games were played too.
 */
function pool28(firstMet: number, more: [number, number][]): SwissRoundInput {
  const played: [number, number][] = [];
  for (let seed = firstMet; seed <= 28; seed++) played.push([1, seed]);
  return field(new Array<number>(28).fill(28 - firstMet + 1), [...played, ...more]);
}

describe('pairSwissRound: the weight layers of the matching', () => {
  it('avoids a rematch even at the cost of floating two teams two pools down (rematches outweigh pool distance)', () => {
    // Pools {t01, t02} {t03, t04} {t05, t06}: t01 met t02, and t03 and t04 met them both. With the
    // rematch t01 v t02 nobody would float; without it, t01 and t02 can only meet the bottom pool.
    const round = pairSwissRound(
      field(
        [3, 3, 2, 2, 1, 1],
        [
          [1, 2],
          [3, 1],
          [3, 2],
          [4, 1],
          [4, 2],
        ],
      ),
    );
    expect(tables(round)).toEqual(['t01 v t06', 't02 v t05', 't03 v t04']);
    expect(round.rematches).toBe(0);
    expect(round.pairings.map((p) => p.float)).toEqual([true, true, false]);
  });

  it('floats no more teams than it must, even against the fold order (pool distance outweighs the fold)', () => {
    // Pools of four: t01 met the rest of its pool, so it floats, with one partner for parity; the
    // other two pairs of the top group stay in their pools although t03-t06 and t04-t05 are more fold-like.
    const round = pairSwissRound(
      field(
        [3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1],
        [
          [1, 2],
          [1, 3],
          [1, 4],
        ],
      ),
    );
    expect(tables(round)).toEqual([
      't01 v t08',
      't02 v t07',
      't03 v t04',
      't05 v t06',
      't09 v t12',
      't10 v t11',
    ]);
    expect(round.pairings.map((p) => p.float)).toEqual([true, true, false, false, false, false]);
    expect(round.rematches).toBe(0);
  });
});

describe('pairSwissRound: the sparse pass on groups of more than 26 teams', () => {
  it('keeps a rematch-free round of the sparse neighbourhood: t01 takes t13, 12 places from itself, not t15 outside it', () => {
    // t01 met t16 … t28 (every seed within 12 places of its fold partner t28) and t14 met t16: the
    // greedy (t01 v t15, t02 v t28, …) gets stuck on t14 v t16. The complete graph's optimum gives
    // t01 the middle seed t15, outside both windows; the sparse pass is rematch-free, so it decides.
    const round = pairSwissRound(pool28(16, [[14, 16]]));
    expect(round.rematches).toBe(0);
    expect(tables(round)).toEqual([
      't01 v t13',
      't02 v t28',
      't03 v t27',
      't04 v t26',
      't05 v t25',
      't06 v t24',
      't07 v t23',
      't08 v t22',
      't09 v t21',
      't10 v t20',
      't11 v t19',
      't12 v t18',
      't14 v t17',
      't15 v t16',
    ]);
  });

  it('reaches exactly 12 places from the fold partner: t01 takes t16 when it met t17 … t28', () => {
    // The greedy (t01 v t16, t02 v t28, …) gets stuck on t14 v t15.
    const round = pairSwissRound(pool28(17, [[14, 15]]));
    expect(round.rematches).toBe(0);
    expect(tables(round)).toEqual([
      't01 v t16',
      't02 v t28',
      't03 v t27',
      't04 v t26',
      't05 v t25',
      't06 v t24',
      't07 v t23',
      't08 v t22',
      't09 v t21',
      't10 v t20',
      't11 v t19',
      't12 v t18',
      't13 v t15',
      't14 v t17',
    ]);
  });

  it('reaches exactly 12 places below a team itself: t02 takes t14 when it met t15 … t28', () => {
    // t02's fold partner is t27; every seed within 12 places of it (t15 … t28) was met, so t02's
    // partner comes from its own neighbourhood, t14 at most 12 places below. The greedy (t01 v t28,
    // t02 v t14, t03 v t27, …) gets stuck on t15 v t16.
    const played: [number, number][] = [];
    for (let seed = 15; seed <= 28; seed++) played.push([2, seed]);
    const round = pairSwissRound(field(new Array<number>(28).fill(14), [...played, [15, 16]]));
    expect(round.rematches).toBe(0);
    expect(tables(round)).toEqual([
      't01 v t28',
      't02 v t14',
      't03 v t27',
      't04 v t26',
      't05 v t25',
      't06 v t24',
      't07 v t23',
      't08 v t22',
      't09 v t21',
      't10 v t20',
      't11 v t19',
      't12 v t18',
      't13 v t16',
      't15 v t17',
    ]);
  });

  it('pairs every team when the sparse pass could only pair all but two without a rematch: the complete graph decides', () => {
    // t01 met everyone but t14 and t15, t15 everyone but t01 and t28: inside the sparse neighbourhood
    // both have nobody left, and t01 v t15 lies outside it, so a rematch-free sparse matching would
    // leave the two of them out. The greedy (t01 v t15, t02 v t28, …) gets stuck on t14 v t16.
    const played: [number, number][] = [];
    for (let seed = 2; seed <= 28; seed++) if (seed !== 14 && seed !== 15) played.push([1, seed]);
    for (let seed = 2; seed <= 27; seed++) if (seed !== 15) played.push([15, seed]);
    const round = pairSwissRound(field(new Array<number>(28).fill(25), [...played, [14, 16]]));
    expect(round.rematches).toBe(0);
    expect(tables(round)).toEqual([
      't01 v t15',
      't02 v t28',
      't03 v t27',
      't04 v t26',
      't05 v t25',
      't06 v t24',
      't07 v t23',
      't08 v t22',
      't09 v t21',
      't10 v t20',
      't11 v t19',
      't12 v t18',
      't13 v t16',
      't14 v t17',
    ]);
  });
});

describe('pairSwissRound: pairs reused after a merge', () => {
  it('pairs the pools below a merge for themselves, not with the cached pairs of an equally large group', () => {
    // Pools {t01, t02} {t03 … t06} {t07, t08} {t09, t10}: t03 met the rest of its pool, so that pool
    // merges with the next one and the pass runs again. The top pool's pairs are reused; the bottom
    // pool, as large as the top one, gets its own.
    const round = pairSwissRound(
      field(
        [4, 4, 3, 3, 3, 3, 2, 2, 1, 1],
        [
          [3, 4],
          [3, 5],
          [3, 6],
        ],
      ),
    );
    expect(tables(round)).toEqual(['t01 v t02', 't03 v t08', 't04 v t07', 't05 v t06', 't09 v t10']);
    expect(round.rematches).toBe(0);
    expect(round.pairings.map((p) => p.float)).toEqual([false, true, true, false, false]);
  });
});
