import { describe, expect, it } from 'vitest';
import {
  advancesFromLadder,
  type LadderResult,
  ladderAdvanceTop,
  promptsChatCheck,
  rankLadder,
} from './standings.js';

const win = (winner: string, loser: string, winnerStars = 3, loserStars = 1): LadderResult => ({
  homeRosterId: winner,
  awayRosterId: loser,
  winnerRosterId: winner,
  homeStars: winnerStars,
  awayStars: loserStars,
});

type Row = [rosterId: string, rank: number, points: number, record: string, gamesPlayed: number];
const rows = (results: LadderResult[], rosterIds?: string[]): Row[] =>
  rankLadder(results, rosterIds).map((e) => [e.rosterId, e.rank, e.points, e.record, e.gamesPlayed]);

describe('rankLadder', () => {
  it.each<[string, LadderResult[], string[] | undefined, Row[]]>([
    ['no results', [], undefined, []],
    [
      'unplayed rosters rank on 0',
      [],
      ['b', 'a'],
      [
        ['a', 1, 0, '0-0', 0],
        ['b', 1, 0, '0-0', 0],
      ],
    ],
    [
      'one win',
      [win('a', 'b')],
      undefined,
      [
        ['a', 1, 3, '1-0', 1],
        ['b', 2, 0, '0-1', 1],
      ],
    ],
    [
      'away side can win',
      [{ homeRosterId: 'a', awayRosterId: 'b', winnerRosterId: 'b', homeStars: 2, awayStars: 3 }],
      undefined,
      [
        ['b', 1, 3, '1-0', 1],
        ['a', 2, 0, '0-1', 1],
      ],
    ],
    [
      'draw gives 1 point each and shows as the third figure of the record (W-L-D)',
      [{ homeRosterId: 'a', awayRosterId: 'b', winnerRosterId: null, homeStars: 3, awayStars: 3 }],
      undefined,
      [
        ['a', 1, 1, '0-0-1', 1],
        ['b', 1, 1, '0-0-1', 1],
      ],
    ],
    [
      'star difference breaks a points tie',
      [win('a', 'x', 3, 2), win('b', 'y', 3, 0)],
      undefined,
      [
        ['b', 1, 3, '1-0', 1],
        ['a', 2, 3, '1-0', 1],
        ['x', 3, 0, '0-1', 1],
        ['y', 4, 0, '0-1', 1],
      ],
    ],
    [
      'then stars won',
      [win('a', 'x', 3, 2), win('b', 'y', 2, 1)],
      undefined,
      [
        ['a', 1, 3, '1-0', 1],
        ['b', 2, 3, '1-0', 1],
        ['x', 3, 0, '0-1', 1],
        ['y', 4, 0, '0-1', 1],
      ],
    ],
    [
      'full tie shares the rank, next rank skips',
      [win('b', 'x'), win('a', 'y'), win('c', 'z', 1, 0)],
      undefined,
      [
        ['a', 1, 3, '1-0', 1],
        ['b', 1, 3, '1-0', 1],
        ['c', 3, 3, '1-0', 1],
        ['z', 4, 0, '0-1', 1],
        ['x', 5, 0, '0-1', 1],
        ['y', 5, 0, '0-1', 1],
      ],
    ],
    [
      'forfeit scores points but no stars',
      [{ ...win('a', 'b', 3, 3), forfeit: true }, win('b', 'c', 3, 0)],
      undefined,
      [
        ['b', 1, 3, '1-1', 2],
        ['a', 2, 3, '1-0', 1],
        ['c', 3, 0, '0-1', 1],
      ],
    ],
    [
      'a double forfeit is a loss for both, no points, no stars',
      [{ ...win('a', 'b', 3, 3), winnerRosterId: null, forfeit: true, bothLost: true }, win('b', 'c', 3, 0)],
      undefined,
      [
        ['b', 1, 3, '1-1', 2],
        ['a', 2, 0, '0-1', 1],
        ['c', 3, 0, '0-1', 1],
      ],
    ],
    [
      'invalid results are skipped',
      [{ ...win('a', 'b'), winnerRosterId: 'q' }, win('a', 'a')],
      undefined,
      [],
    ],
  ])('%s', (_, results, rosterIds, expected) => expect(rows(results, rosterIds)).toEqual(expected));

  it('tracks wins, losses, draws and stars', () => {
    const [a] = rankLadder([win('a', 'b', 3, 1), win('a', 'c', 2, 2)]);
    expect(a).toEqual({
      rosterId: 'a',
      rank: 1,
      points: 6,
      wins: 2,
      losses: 0,
      draws: 0,
      gamesPlayed: 2,
      record: '2-0',
      starsFor: 5,
      starsAgainst: 3,
    });
  });
});

describe('advancement', () => {
  it.each([
    [128, 'championship', true],
    [129, 'championship', false],
    [8, 'townHallCup', true],
    [9, 'townHallCup', false],
    [0, 'championship', false],
  ] as const)('rank %i in %s → %s', (rank, competition, expected) => {
    expect(advancesFromLadder(rank, competition)).toBe(expected);
  });
  it('top sizes', () => {
    expect(ladderAdvanceTop('championship')).toBe(128);
    expect(ladderAdvanceTop('townHallCup')).toBe(8);
  });
  it.each([
    [170, true],
    [171, false],
    [1, true],
  ])('chat check at %i → %s', (rank, expected) => expect(promptsChatCheck(rank)).toBe(expected));
});
