import { describe, expect, it } from 'vitest';
import { createDoubleElimination } from './double-elimination.js';
import {
  applyBracketResult,
  type BracketResult,
  type DoubleEliminationState,
  resolveDoubleElimination,
} from './double-elimination-state.js';

const field = (n: number) => Array.from({ length: n }, (_, i) => ({ rosterId: `t${i + 1}`, seed: i + 1 }));

/** 8 teams: U1-1 t1 v t8, U1-2 t4 v t5, U1-3 t2 v t7, U1-4 t3 v t6; U2-1 takes the winners of U1-1/U1-2. */
const bracket8 = createDoubleElimination(field(8));

/** Records the winners in order through applyBracketResult (each must be accepted). */
function play(picks: readonly (readonly [string, string])[], bracket = bracket8): BracketResult[] {
  let results: BracketResult[] = [];
  for (const [matchId, winnerRosterId] of picks) {
    results = applyBracketResult(bracket, results, { matchId, winnerRosterId }).results;
  }
  return results;
}

const matchOf = (state: DoubleEliminationState, id: string) => state.matches.find((m) => m.id === id)!;
const sides = (state: DoubleEliminationState, id: string) => {
  const m = matchOf(state, id);
  return { status: m.status, home: m.homeRosterId, away: m.awayRosterId };
};

/** The higher seeds win every match up to the first final: t1 reaches GF1 from above, t2 from below. */
const TO_GRAND_FINAL = [
  ['U1-1', 't1'],
  ['U1-2', 't4'],
  ['U1-3', 't2'],
  ['U1-4', 't3'],
  ['L1-1', 't5'],
  ['L1-2', 't6'],
  ['U2-1', 't1'],
  ['U2-2', 't2'],
  ['L2-1', 't3'],
  ['L2-2', 't4'],
  ['L3-1', 't3'],
  ['U3-1', 't1'],
  ['L4-1', 't2'],
] as const;

describe('resolveDoubleElimination: states before and between results', () => {
  it('a fresh bracket: only upper round 1 is ready, nobody has lost, nothing is placed', () => {
    const state = resolveDoubleElimination(bracket8, []);
    expect(state.matches.filter((m) => m.status === 'ready').map((m) => m.id)).toEqual([
      'U1-1',
      'U1-2',
      'U1-3',
      'U1-4',
    ]);
    expect(state.matches.filter((m) => m.status !== 'ready').every((m) => m.status === 'pending')).toBe(true);
    expect(sides(state, 'L1-1')).toEqual({ status: 'pending', home: null, away: null });
    expect(sides(state, 'GF2')).toEqual({ status: 'pending', home: null, away: null });
    expect(state.losses).toEqual({ t1: 0, t2: 0, t3: 0, t4: 0, t5: 0, t6: 0, t7: 0, t8: 0 });
    expect(state.placements).toEqual([]);
    expect(state.championRosterId).toBeNull();
    expect(state.complete).toBe(false);
    expect(state.playedMatches).toBe(0);
  });

  it.each([
    {
      why: 'only the home feeder is decided',
      picks: [['U1-1', 't8']] as const,
      upper: { status: 'pending', home: 't8', away: null },
      lower: { status: 'pending', home: 't1', away: null },
      lost: ['t1'],
    },
    {
      why: 'only the away feeder is decided',
      picks: [['U1-2', 't5']] as const,
      upper: { status: 'pending', home: null, away: 't5' },
      lower: { status: 'pending', home: null, away: 't4' },
      lost: ['t4'],
    },
    {
      why: 'both feeders are decided',
      picks: [
        ['U1-1', 't8'],
        ['U1-2', 't5'],
      ] as const,
      upper: { status: 'ready', home: 't8', away: 't5' },
      lower: { status: 'ready', home: 't1', away: 't4' },
      lost: ['t1', 't4'],
    },
  ])('a match with one side unknown stays pending: $why', ({ picks, upper, lower, lost }) => {
    const state = resolveDoubleElimination(bracket8, play(picks));
    expect(sides(state, 'U2-1')).toEqual(upper);
    expect(sides(state, 'L1-1')).toEqual(lower);
    expect(state.losses).toEqual({
      ...{ t1: 0, t2: 0, t3: 0, t4: 0, t5: 0, t6: 0, t7: 0, t8: 0 },
      ...Object.fromEntries(lost.map((id) => [id, 1])),
    });
  });

  it('the reset waits for the first final, is played when the lower winner takes it, and only then is there a champion', () => {
    const toFinal = play(TO_GRAND_FINAL);
    const before = resolveDoubleElimination(bracket8, toFinal);
    expect(sides(before, 'GF1')).toEqual({ status: 'ready', home: 't1', away: 't2' });
    expect(sides(before, 'GF2')).toEqual({ status: 'pending', home: null, away: null });
    // Lower bracket losers are placed as soon as they are out; the final two are not.
    expect(before.placements.map((p) => [p.rosterId, p.label])).toEqual([
      ['t3', '3'],
      ['t4', '4'],
      ['t5', '5-6'],
      ['t6', '5-6'],
      ['t7', '7-8'],
      ['t8', '7-8'],
    ]);
    const lowerWon = applyBracketResult(bracket8, toFinal, { matchId: 'GF1', winnerRosterId: 't2' }).state;
    // The reset keeps the sides of the first final.
    expect(sides(lowerWon, 'GF2')).toEqual({ status: 'ready', home: 't1', away: 't2' });
    expect(lowerWon.championRosterId).toBeNull();
    expect(lowerWon.complete).toBe(false);
    expect(lowerWon.placements.map((p) => p.rosterId)).not.toContain('t1');
    expect(lowerWon.losses).toMatchObject({ t1: 1, t2: 1 });
    const upperWon = applyBracketResult(bracket8, toFinal, { matchId: 'GF1', winnerRosterId: 't1' }).state;
    expect(sides(upperWon, 'GF2')).toEqual({ status: 'cancelled', home: 't1', away: 't2' });
    expect(upperWon.championRosterId).toBe('t1');
    expect(upperWon.complete).toBe(true);
  });

  it.each([
    {
      why: 'an unknown match',
      results: [{ matchId: 'U9-9', winnerRosterId: 't1' }],
      code: 'BRACKET_MATCH_NOT_READY',
      message: 'no match U9-9',
    },
    {
      why: 'a winner for a match whose opponents are not known yet',
      results: [{ matchId: 'U2-1', winnerRosterId: 't1' }],
      code: 'BRACKET_MATCH_NOT_READY',
      message: 'U2-1 has a result but no opponents',
    },
    {
      why: 'a winner for a cancelled reset',
      results: [
        ...play(TO_GRAND_FINAL),
        { matchId: 'GF1', winnerRosterId: 't1' },
        { matchId: 'GF2', winnerRosterId: 't1' },
      ],
      code: 'BRACKET_MATCH_NOT_READY',
      message: 'GF2 has a result but no opponents',
    },
    {
      why: 'a winner who does not play the match',
      results: [{ matchId: 'U1-1', winnerRosterId: 't2' }],
      code: 'BRACKET_INVALID_WINNER',
      message: 't2 does not play U1-1',
    },
  ])('refuses $why', ({ results, code, message }) => {
    expect(() => resolveDoubleElimination(bracket8, results)).toThrowError(
      expect.objectContaining({ code, message }),
    );
  });

  it('refuses a winner for a seed bye (6 teams: t1 has no opponent in U1-1)', () => {
    const bracket6 = createDoubleElimination(field(6));
    expect(sides(resolveDoubleElimination(bracket6, []), 'U1-1')).toEqual({
      status: 'bye',
      home: 't1',
      away: null,
    });
    expect(() =>
      resolveDoubleElimination(bracket6, [{ matchId: 'U1-1', winnerRosterId: 't1' }]),
    ).toThrowError(expect.objectContaining({ code: 'BRACKET_MATCH_NOT_READY', message: 'U1-1 is a bye' }));
  });
});

describe('applyBracketResult: what changes, corrections and refusals', () => {
  it('reports a node whose only change is its away side', () => {
    const { changes } = applyBracketResult(bracket8, [], { matchId: 'U1-2', winnerRosterId: 't4' });
    expect(changes.map((c) => [c.id, c.status, c.homeRosterId, c.awayRosterId])).toEqual([
      ['U1-2', 'finished', 't4', 't5'],
      ['L1-1', 'pending', null, 't5'],
      ['U2-1', 'pending', null, 't4'],
    ]);
  });

  it('recording the same winner again is a no-op even after a later match used it', () => {
    const results = play([
      ['U1-1', 't1'],
      ['U1-2', 't4'],
      ['U2-1', 't1'],
    ]);
    const again = applyBracketResult(bracket8, results, { matchId: 'U1-1', winnerRosterId: 't1' });
    expect(again.results).toEqual(results);
    expect(again.changes).toEqual([]);
    expect(again.state).toEqual(resolveDoubleElimination(bracket8, results));
  });

  it('a correction replaces the earlier result and is allowed while only unrelated later matches were played', () => {
    const results = play([
      ['U1-1', 't1'],
      ['U1-2', 't4'],
      ['U1-3', 't2'],
      ['U1-4', 't3'],
      ['U2-2', 't2'],
      ['L1-2', 't6'],
    ]);
    const corrected = applyBracketResult(bracket8, results, { matchId: 'U1-1', winnerRosterId: 't8' });
    expect(corrected.results.filter((r) => r.matchId === 'U1-1')).toEqual([
      { matchId: 'U1-1', winnerRosterId: 't8' },
    ]);
    expect(corrected.results).toHaveLength(results.length);
    expect(corrected.changes.map((c) => c.id)).toEqual(['U1-1', 'L1-1', 'U2-1']);
  });

  it.each([
    {
      why: 'its winner played on (the away side of U2-1)',
      picks: [
        ['U1-1', 't1'],
        ['U1-2', 't4'],
        ['U2-1', 't4'],
      ] as const,
      correction: { matchId: 'U1-2', winnerRosterId: 't5' },
    },
    {
      why: 'its loser played on (the home side of L1-1)',
      picks: [
        ['U1-1', 't1'],
        ['U1-2', 't4'],
        ['L1-1', 't8'],
      ] as const,
      correction: { matchId: 'U1-1', winnerRosterId: 't8' },
    },
    {
      why: 'the reset was played after the first final',
      picks: [...TO_GRAND_FINAL, ['GF1', 't2'], ['GF2', 't1']] as const,
      correction: { matchId: 'GF1', winnerRosterId: 't1' },
    },
  ])('locks a result once $why', ({ picks, correction }) => {
    expect(() => applyBracketResult(bracket8, play(picks), correction)).toThrowError(
      expect.objectContaining({
        code: 'BRACKET_RESULT_LOCKED',
        message: `${correction.matchId}: a later match already used this result`,
      }),
    );
  });

  it('corrects the first final before the reset is played: the reset is cancelled and t1 is champion', () => {
    const results = play([...TO_GRAND_FINAL, ['GF1', 't2']]);
    const corrected = applyBracketResult(bracket8, results, { matchId: 'GF1', winnerRosterId: 't1' });
    expect(corrected.changes.map((c) => [c.id, c.status])).toEqual([
      ['GF1', 'finished'],
      ['GF2', 'cancelled'],
    ]);
    expect(corrected.state.championRosterId).toBe('t1');
  });

  it.each([
    {
      why: 'a match that is not ready',
      picks: [] as const,
      result: { matchId: 'U2-1', winnerRosterId: 't1' },
      code: 'BRACKET_MATCH_NOT_READY',
      message: 'U2-1 cannot take a result',
    },
    {
      why: 'a winner who does not play a ready match',
      picks: [] as const,
      result: { matchId: 'U1-1', winnerRosterId: 't2' },
      code: 'BRACKET_INVALID_WINNER',
      message: 't2 does not play U1-1',
    },
    {
      why: 'a winner who does not play a finished match, even one a later match used',
      picks: [
        ['U1-1', 't1'],
        ['U1-2', 't4'],
        ['U2-1', 't1'],
      ] as const,
      result: { matchId: 'U1-1', winnerRosterId: 't2' },
      code: 'BRACKET_INVALID_WINNER',
      message: 't2 does not play U1-1',
    },
  ])('refuses $why', ({ picks, result, code, message }) => {
    expect(() => applyBracketResult(bracket8, play(picks), result)).toThrowError(
      expect.objectContaining({ code, message }),
    );
  });
});
