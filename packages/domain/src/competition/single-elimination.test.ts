import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPrng, seededShuffle } from './prng.js';
import {
  applySingleEliminationResult,
  createSingleElimination,
  resolveSingleElimination,
  type SeriesResult,
} from './single-elimination.js';

const field = (n: number) => Array.from({ length: n }, (_, i) => ({ rosterId: `t${i + 1}`, seed: i + 1 }));

/** Plays the bracket to its end with random winners; returns the results and the final state. */
function playOut(n: number, seed: number, options = {}) {
  const bracket = createSingleElimination(field(n), options);
  const coin = createPrng(seed);
  let results: SeriesResult[] = [];
  for (;;) {
    const state = resolveSingleElimination(bracket, results);
    const next = state.matches.find((m) => m.status === 'ready');
    if (!next) return { bracket, results, state };
    const winnerRosterId = coin() < 0.5 ? next.homeRosterId! : next.awayRosterId!;
    results = applySingleEliminationResult(bracket, results, { matchId: next.id, winnerRosterId }).results;
  }
}

describe('single elimination: structure', () => {
  it('8 teams with a third-place match: standard order, the third-place match before the final', () => {
    const bracket = createSingleElimination(field(8), { thirdPlace: true });
    expect(bracket.nodes.map((n) => n.id)).toEqual([
      'U1-1',
      'U1-2',
      'U1-3',
      'U1-4',
      'U2-1',
      'U2-2',
      'T-1',
      'U3-1',
    ]);
    expect(
      bracket.nodes.slice(0, 4).map((n) => [n.home, n.away].map((s) => (s.kind === 'seed' ? s.seed : 0))),
    ).toEqual([
      [1, 8],
      [4, 5],
      [2, 7],
      [3, 6],
    ]);
  });

  it('byes go to the best seeds: 5 teams, seeds 1-3 wait for round 2, where 2 and 3 can already play', () => {
    const state = resolveSingleElimination(createSingleElimination(field(5)), []);
    expect(state.matches.filter((m) => m.status === 'bye').map((m) => m.winnerRosterId)).toEqual([
      't1',
      't2',
      't3',
    ]);
    expect(
      state.matches.filter((m) => m.status === 'ready').map((m) => [m.homeRosterId, m.awayRosterId]),
    ).toEqual([
      ['t4', 't5'],
      ['t2', 't3'],
    ]);
  });

  it('256 teams: 255 matches, 8 rounds', () => {
    const { state, bracket } = playOut(256, 1);
    expect([bracket.rounds, state.playedMatches, state.complete]).toEqual([8, 255, true]);
    expect(state.placements.filter((p) => p.label === '129-256')).toHaveLength(128);
  });

  it.each([
    { why: 'one team', teams: field(1), code: 'BRACKET_SIZE_UNSUPPORTED' },
    { why: '257 teams', teams: field(257), code: 'BRACKET_SIZE_UNSUPPORTED' },
    {
      why: 'a duplicate seed',
      teams: [...field(2), { rosterId: 'x', seed: 2 }],
      code: 'INVALID_COMPETITION_INPUT',
    },
  ])('refuses $why', ({ teams, code }) => {
    expect(() => createSingleElimination(teams)).toThrowError(expect.objectContaining({ code }));
  });

  it('refuses an even best-of', () => {
    expect(() => createSingleElimination(field(4), { bestOf: 2 })).toThrowError(
      expect.objectContaining({ code: 'INVALID_COMPETITION_INPUT' }),
    );
  });
});

describe('single elimination: best of N and corrections', () => {
  const bracket = createSingleElimination(field(4), { bestOf: 3 });

  it('a best-of-3 match is won 2-0 or 2-1, with the game score', () => {
    const ok = applySingleEliminationResult(bracket, [], {
      matchId: 'U1-1',
      winnerRosterId: 't4',
      games: [1, 2],
    });
    expect(ok.state.matches.find((m) => m.id === 'U2-1')?.homeRosterId).toBe('t4');
    for (const games of [
      [2, 2],
      [1, 1],
      [3, 0],
    ] as [number, number][]) {
      expect(() =>
        applySingleEliminationResult(bracket, [], { matchId: 'U1-1', winnerRosterId: 't1', games }),
      ).toThrowError(expect.objectContaining({ code: 'INVALID_COMPETITION_INPUT' }));
    }
    expect(() =>
      applySingleEliminationResult(bracket, [], { matchId: 'U1-1', winnerRosterId: 't1' }),
    ).toThrowError(expect.objectContaining({ code: 'INVALID_COMPETITION_INPUT' }));
  });

  it('a result is locked once the next match has one; before that it can be corrected', () => {
    let results = applySingleEliminationResult(bracket, [], {
      matchId: 'U1-1',
      winnerRosterId: 't1',
      games: [2, 0],
    }).results;
    results = applySingleEliminationResult(bracket, results, {
      matchId: 'U1-1',
      winnerRosterId: 't4',
      games: [0, 2],
    }).results;
    results = applySingleEliminationResult(bracket, results, {
      matchId: 'U1-2',
      winnerRosterId: 't2',
      games: [2, 1],
    }).results;
    results = applySingleEliminationResult(bracket, results, {
      matchId: 'U2-1',
      winnerRosterId: 't4',
      games: [2, 1],
    }).results;
    expect(() =>
      applySingleEliminationResult(bracket, results, {
        matchId: 'U1-1',
        winnerRosterId: 't1',
        games: [2, 0],
      }),
    ).toThrowError(expect.objectContaining({ code: 'BRACKET_RESULT_LOCKED' }));
    expect(resolveSingleElimination(bracket, results).championRosterId).toBe('t4');
  });
});

describe('single elimination: properties', () => {
  it('every team plays at most once per round, one champion, everyone placed, no rematch (2-256 teams)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 256 }), fc.boolean(), fc.nat(), (n, thirdPlace, seed) => {
        const { state } = playOut(n, seed, { thirdPlace });
        const rounds = new Map<string, string[]>();
        const met = new Set<string>();
        for (const m of state.matches.filter((x) => x.status === 'finished')) {
          const key = m.id === 'T-1' ? 'T' : m.id.split('-')[0]!;
          rounds.set(key, [...(rounds.get(key) ?? []), m.homeRosterId!, m.awayRosterId!]);
          const pair = [m.homeRosterId, m.awayRosterId].sort().join('|');
          expect(met.has(pair)).toBe(false);
          met.add(pair);
        }
        for (const teams of rounds.values()) expect(new Set(teams).size).toBe(teams.length);
        expect(state.complete).toBe(true);
        expect(state.placements.map((p) => p.rosterId).sort()).toEqual(
          field(n)
            .map((t) => t.rosterId)
            .sort(),
        );
        expect(state.placements.filter((p) => p.placement === 1)).toHaveLength(1);
      }),
      { numRuns: 30 },
    );
  }, 60_000);

  it('the bracket and its state do not depend on the input order of the teams or the results', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 64 }), fc.nat(), (n, seed) => {
        const { bracket, results } = playOut(n, seed);
        const shuffled = createSingleElimination(seededShuffle(field(n), createPrng(seed)));
        expect(shuffled).toEqual(bracket);
        expect(resolveSingleElimination(shuffled, seededShuffle(results, createPrng(seed + 1)))).toEqual(
          resolveSingleElimination(bracket, results),
        );
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});
