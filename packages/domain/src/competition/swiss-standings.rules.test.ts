import { describe, expect, it } from 'vitest';
import { FIXED_3, FOUR_TEAMS, standingsGame } from './swiss-fixtures.js';
import { computeSwissStandings } from './swiss-standings.js';
import type { SwissConfig, SwissStanding, SwissTeam, SwissTiebreak } from './swiss-types.js';

const fixed3 = FIXED_3;
const game = standingsGame;
const teams = FOUR_TEAMS;

const withKeys = (tiebreaks: SwissTiebreak[]): SwissConfig => ({ ...fixed3, tiebreaks });
const ids = (standings: SwissStanding[]) => standings.map((s) => s.rosterId);

describe('computeSwissStandings: every field of a standing', () => {
  it('a team that has not played yet', () => {
    const [first] = computeSwissStandings(teams, [], [], fixed3);
    expect(first).toEqual({
      rosterId: 'a',
      seed: 1,
      rank: 1,
      wins: 0,
      losses: 0,
      draws: 0,
      byes: 0,
      matchPoints: 0,
      buchholz: 0,
      headToHead: 0,
      starsFor: 0,
      starsAgainst: 0,
      destructionFor: 0,
      destructionAgainst: 0,
      record: '0-0',
      status: 'active',
      opponents: [],
    });
  });

  it('both sides of one game, destruction with decimals kept to the hundredth', () => {
    const standings = computeSwissStandings(
      teams,
      [game('b', 'a', 'away', [7, 10], [66.25, 100])],
      [],
      fixed3,
    );
    const [a, b] = [standings.find((s) => s.rosterId === 'a')!, standings.find((s) => s.rosterId === 'b')!];
    expect(a).toMatchObject({
      wins: 1,
      losses: 0,
      starsFor: 10,
      starsAgainst: 7,
      destructionFor: 100,
      destructionAgainst: 66.25,
      record: '1-0',
      opponents: ['b'],
    });
    expect(b).toMatchObject({
      wins: 0,
      losses: 1,
      starsFor: 7,
      starsAgainst: 10,
      destructionFor: 66.25,
      destructionAgainst: 100,
      record: '0-1',
      opponents: ['a'],
    });
  });

  it.each([
    { why: 'a game against a roster outside the stage', result: game('a', 'zz', 'home') },
    { why: 'a game from a roster outside the stage', result: game('zz', 'a', 'away') },
    { why: 'a team against itself', result: game('a', 'a', 'home') },
  ])('ignores $why in the tally', ({ result }) => {
    // Without head-to-head in the list: headToHeadPoints does not skip a game against itself.
    const config = withKeys(['matchPoints', 'buchholz', 'starDifference', 'seed']);
    expect(computeSwissStandings(teams, [result], [], config)).toEqual(
      computeSwissStandings(teams, [], [], config),
    );
  });

  it('ignores a bye of a roster outside the stage', () => {
    expect(computeSwissStandings(teams, [], [{ roundNumber: 1, rosterId: 'zz' }], fixed3)).toEqual(
      computeSwissStandings(teams, [], [], fixed3),
    );
  });
});

describe('computeSwissStandings: tiebreak keys', () => {
  it('head-to-head counts 3 for a win, 1 for a draw, home or away, among the tied group only', () => {
    // Ranked by head-to-head alone: everyone is one tie group. a beat b at home, c won away at a,
    // b and c drew (b at home), d lost away to c.
    const results = [
      game('a', 'b', 'home'),
      game('a', 'c', 'away'),
      game('b', 'c', 'draw', [5, 5], [50, 50]),
      game('d', 'c', 'away'),
    ];
    const standings = computeSwissStandings(teams, results, [], withKeys(['headToHead', 'seed']));
    expect(standings.map((s) => [s.rosterId, s.headToHead])).toEqual([
      ['c', 7],
      ['a', 3],
      ['b', 1],
      ['d', 0],
    ]);
  });

  it('leaves head-to-head at 0 when the tiebreak list does not use it', () => {
    const standings = computeSwissStandings(
      teams,
      [game('a', 'b', 'home'), game('c', 'd', 'home')],
      [],
      fixed3,
    );
    expect(standings.map((s) => s.headToHead)).toEqual([0, 0, 0, 0]);
    const byPoints = computeSwissStandings(
      teams,
      [game('a', 'b', 'home'), game('c', 'd', 'home')],
      [],
      withKeys(['matchPoints', 'seed']),
    );
    expect(byPoints.map((s) => s.headToHead)).toEqual([0, 0, 0, 0]);
  });

  it('star difference is stars for minus stars against (a 10-9 win ranks below a 3-0 loss… of stars)', () => {
    // a: 10 for, 9 against (+1); b: 9 for, 10 against (−1); c: 3 for, 0 against (+3); d: −3.
    const results = [game('a', 'b', 'home', [10, 9], [50, 50]), game('c', 'd', 'away', [3, 0], [50, 50])];
    const standings = computeSwissStandings(teams, results, [], withKeys(['starDifference', 'seed']));
    expect(ids(standings)).toEqual(['c', 'a', 'b', 'd']);
  });

  it('seed as the first key decides alone, whatever comes after it', () => {
    const results = [game('d', 'a', 'home'), game('c', 'b', 'home')];
    const standings = computeSwissStandings(teams, results, [], withKeys(['seed', 'matchPoints']));
    expect(ids(standings)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a list without seed still ends on the seed order, then the roster id', () => {
    const results = [game('d', 'a', 'home'), game('c', 'b', 'home')];
    expect(ids(computeSwissStandings(teams, results, [], withKeys(['matchPoints'])))).toEqual([
      'c',
      'd',
      'a',
      'b',
    ]);
    // Seeds are unique in a stage; should two be equal, the roster id keeps the order stable.
    const twins: SwissTeam[] = [
      { rosterId: 'y', seed: 1 },
      { rosterId: 'x', seed: 1 },
      { rosterId: 'w', seed: 2 },
    ];
    expect(ids(computeSwissStandings(twins, [], [], withKeys(['matchPoints'])))).toEqual(['x', 'y', 'w']);
    expect(ids(computeSwissStandings([...twins].reverse(), [], [], withKeys(['matchPoints'])))).toEqual([
      'x',
      'y',
      'w',
    ]);
  });
});

describe('computeSwissStandings: status', () => {
  it('a fixed-round stage keeps everyone active, even once it is over', () => {
    const standings = computeSwissStandings(
      teams,
      [game('a', 'b', 'home'), game('c', 'd', 'draw')],
      [],
      fixed3,
      3,
    );
    expect(standings.map((s) => s.status)).toEqual(['active', 'active', 'active', 'active']);
  });

  it('early exit 3/3: three losses eliminate before the end, two do not', () => {
    const config: SwissConfig = { format: { mode: 'early_exit', wins: 3, losses: 3 } };
    const results = [
      game('a', 'd', 'home'),
      game('b', 'd', 'home'),
      game('c', 'd', 'home'),
      game('a', 'c', 'home'),
      game('b', 'c', 'home'),
    ];
    const standings = computeSwissStandings(teams, results, [], config, 3);
    expect(Object.fromEntries(standings.map((s) => [s.rosterId, s.status]))).toEqual({
      a: 'active',
      b: 'active',
      c: 'active',
      d: 'eliminated',
    });
  });
});
