import { describe, expect, it } from 'vitest';
import { type BracketSource, createDoubleElimination } from './double-elimination.js';

const field = (n: number) => Array.from({ length: n }, (_, i) => ({ rosterId: `t${i + 1}`, seed: i + 1 }));
const homeOf = (n: number, prefix: string) =>
  createDoubleElimination(field(n))
    .nodes.filter((node) => node.id.startsWith(prefix))
    .map((node) => node.home as Extract<BracketSource, { matchId: string }>)
    .map((source) => `${source.kind} ${source.matchId}`);

describe('createDoubleElimination: structure', () => {
  it('stores the teams by seed whatever the input order', () => {
    const bracket = createDoubleElimination([...field(4)].reverse());
    expect(bracket.teams.map((t) => t.seed)).toEqual([1, 2, 3, 4]);
  });

  it('4 teams: every node in play order, with the final and its reset', () => {
    const bracket = createDoubleElimination(field(4));
    expect(bracket.nodes.map((n) => [n.number, n.id, n.section, n.round])).toEqual([
      [1, 'U1-1', 'upper', 1],
      [2, 'U1-2', 'upper', 1],
      [3, 'L1-1', 'lower', 1],
      [4, 'U2-1', 'upper', 2],
      [5, 'L2-1', 'lower', 2],
      [6, 'GF1', 'final', 1],
      [7, 'GF2', 'final', 2],
    ]);
    expect(bracket.nodes.at(-2)).toMatchObject({
      home: { kind: 'winner', matchId: 'U2-1' },
      away: { kind: 'winner', matchId: 'L2-1' },
    });
    expect(bracket.nodes.at(-1)).toEqual({
      id: 'GF2',
      section: 'final',
      round: 2,
      position: 1,
      number: 7,
      home: { kind: 'winner', matchId: 'GF1' },
      away: { kind: 'loser', matchId: 'GF1' },
    });
  });

  it('2 teams: no lower bracket, the first final is a rematch against the loser of the only match', () => {
    const bracket = createDoubleElimination(field(2));
    expect(bracket.lowerRounds).toBe(0);
    expect(bracket.nodes.map((n) => n.id)).toEqual(['U1-1', 'GF1', 'GF2']);
    expect(bracket.nodes[1]).toMatchObject({
      home: { kind: 'winner', matchId: 'U1-1' },
      away: { kind: 'loser', matchId: 'U1-1' },
    });
  });

  it.each([
    {
      why: '16 teams, lower round 2 takes the upper round-2 losers reversed within each half',
      n: 16,
      prefix: 'L2-',
      expected: ['loser U2-2', 'loser U2-1', 'loser U2-4', 'loser U2-3'],
    },
    {
      why: '32 teams, lower round 4 takes the upper round-3 losers with the halves swapped',
      n: 32,
      prefix: 'L4-',
      expected: ['loser U3-3', 'loser U3-4', 'loser U3-1', 'loser U3-2'],
    },
    {
      why: '32 teams, lower round 6 takes the single upper round-4 loser of each half, in order',
      n: 32,
      prefix: 'L6-',
      expected: ['loser U4-1', 'loser U4-2'],
    },
  ])('crosses the drop-ins: $why', ({ n, prefix, expected }) => {
    expect(homeOf(n, prefix)).toEqual(expected);
  });
});

describe('createDoubleElimination: refusals', () => {
  it.each([
    {
      why: 'one team',
      teams: field(1),
      code: 'BRACKET_SIZE_UNSUPPORTED',
      message: 'double elimination needs 2 to 64 teams, got 1',
    },
    {
      why: '65 teams',
      teams: field(65),
      code: 'BRACKET_SIZE_UNSUPPORTED',
      message: 'double elimination needs 2 to 64 teams, got 65',
    },
    {
      why: 'a duplicate roster',
      teams: [...field(2), { rosterId: 't1', seed: 3 }],
      code: 'INVALID_COMPETITION_INPUT',
      message: 'double elimination: seeds must be 1..n, rosters unique',
    },
    {
      why: 'a duplicate seed',
      teams: [...field(2), { rosterId: 't3', seed: 2 }],
      code: 'INVALID_COMPETITION_INPUT',
      message: 'double elimination: seeds must be 1..n, rosters unique',
    },
    {
      why: 'seed 0',
      teams: [
        { rosterId: 'a', seed: 0 },
        { rosterId: 'b', seed: 1 },
      ],
      code: 'INVALID_COMPETITION_INPUT',
      message: 'double elimination: seeds must be 1..n, rosters unique',
    },
    {
      why: 'a seed above the field size',
      teams: [
        { rosterId: 'a', seed: 1 },
        { rosterId: 'b', seed: 3 },
      ],
      code: 'INVALID_COMPETITION_INPUT',
      message: 'double elimination: seeds must be 1..n, rosters unique',
    },
    {
      why: 'a fractional seed',
      teams: [
        { rosterId: 'a', seed: 1 },
        { rosterId: 'b', seed: 1.5 },
      ],
      code: 'INVALID_COMPETITION_INPUT',
      message: 'double elimination: seeds must be 1..n, rosters unique',
    },
  ])('refuses $why', ({ teams, code, message }) => {
    expect(() => createDoubleElimination(teams)).toThrowError(expect.objectContaining({ code, message }));
  });
});
