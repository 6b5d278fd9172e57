import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bracketSeedOrder, createDoubleElimination } from './double-elimination.js';
import {
  applyBracketResult,
  type BracketResult,
  resolveDoubleElimination,
} from './double-elimination-state.js';
import { worldFinalsSchedule } from './finals-schedule.js';
import { createPrng } from './prng.js';

const field = (n: number) => Array.from({ length: n }, (_, i) => ({ rosterId: `t${i + 1}`, seed: i + 1 }));

/** Plays the bracket out; `pick` chooses the winner of each ready match. */
function playOut(n: number, pick: (home: string, away: string, matchId: string) => string) {
  const bracket = createDoubleElimination(field(n));
  let results: BracketResult[] = [];
  const log: { matchId: string; home: string; away: string; changes: string[] }[] = [];
  for (;;) {
    const ready = resolveDoubleElimination(bracket, results).matches.find((m) => m.status === 'ready');
    if (!ready) break;
    const applied = applyBracketResult(bracket, results, {
      matchId: ready.id,
      winnerRosterId: pick(ready.homeRosterId!, ready.awayRosterId!, ready.id),
    });
    results = applied.results;
    log.push({
      matchId: ready.id,
      home: ready.homeRosterId!,
      away: ready.awayRosterId!,
      changes: applied.changes.map((c) => c.id),
    });
  }
  return { bracket, results, log, state: resolveDoubleElimination(bracket, results) };
}

const higherSeed = (home: string, away: string) =>
  Number(home.slice(1)) < Number(away.slice(1)) ? home : away;

describe('double elimination: table cases', () => {
  it('seeds 8 teams 1v8, 4v5, 2v7, 3v6', () => {
    expect(bracketSeedOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    const state = resolveDoubleElimination(createDoubleElimination(field(8)), []);
    expect(
      state.matches
        .filter((m) => m.section === 'upper' && m.round === 1)
        .map((m) => `${m.homeRosterId} v ${m.awayRosterId}`),
    ).toEqual(['t1 v t8', 't4 v t5', 't2 v t7', 't3 v t6']);
  });

  it('8 teams: 14 played matches when the upper winner takes the grand final, reset cancelled', () => {
    const { state } = playOut(8, higherSeed);
    expect(state.playedMatches).toBe(14);
    expect(state.matches.find((m) => m.id === 'GF2')!.status).toBe('cancelled');
    expect(state.championRosterId).toBe('t1');
    expect(state.placements.map((p) => [p.rosterId, p.label])).toEqual([
      ['t1', '1'],
      ['t2', '2'],
      ['t3', '3'],
      ['t4', '4'],
      ['t5', '5-6'],
      ['t6', '5-6'],
      ['t7', '7-8'],
      ['t8', '7-8'],
    ]);
  });

  it('8 teams: 15 matches when the lower winner takes the first final (reset played)', () => {
    const { state, log } = playOut(8, (home, away, id) => (id === 'GF1' ? away : higherSeed(home, away)));
    expect(state.playedMatches).toBe(15);
    expect(log.at(-1)!.matchId).toBe('GF2');
    expect(state.championRosterId).toBe('t1');
    expect(state.losses.t1).toBe(1);
    expect(state.losses.t2).toBe(2);
  });

  it('propagation returns the next nodes of winner and loser', () => {
    const bracket = createDoubleElimination(field(8));
    const { changes } = applyBracketResult(bracket, [], { matchId: 'U1-1', winnerRosterId: 't8' });
    expect(changes.map((c) => [c.id, c.homeRosterId, c.awayRosterId])).toEqual([
      ['U1-1', 't1', 't8'],
      ['L1-1', 't1', null],
      ['U2-1', 't8', null],
    ]);
  });

  it('crosses drop-ins: the loser of upper semi 1 meets the lower side of the other half', () => {
    const bracket = createDoubleElimination(field(8));
    const l21 = bracket.nodes.find((n) => n.id === 'L2-1')!;
    expect(l21.home).toEqual({ kind: 'loser', matchId: 'U2-2' });
  });

  it('the world finals schedule splits 15 matches 6 / 6 / 3', () => {
    const schedule = worldFinalsSchedule(createDoubleElimination(field(8)));
    expect([1, 2, 3].map((day) => schedule.filter((s) => s.day === day).length)).toEqual([6, 6, 3]);
    expect(schedule.filter((s) => s.day === 3).map((s) => s.matchId)).toEqual(['L4-1', 'GF1', 'GF2']);
    expect(schedule.filter((s) => s.day === 1).map((s) => s.matchId)).toEqual([
      'U1-1',
      'U1-2',
      'U1-3',
      'U1-4',
      'L1-1',
      'L1-2',
    ]);
    expect(() => worldFinalsSchedule(createDoubleElimination(field(6)))).toThrowError(
      expect.objectContaining({ code: 'BRACKET_SIZE_UNSUPPORTED' }),
    );
  });

  it('gives byes to the best seeds in a 6-team field and places everyone', () => {
    const { state } = playOut(6, higherSeed);
    const byes = state.matches.filter((m) => m.status === 'bye').map((m) => m.id);
    expect(byes).toEqual(['U1-1', 'U1-3', 'L1-1', 'L1-2']);
    expect(state.placements.map((p) => p.label)).toEqual(['1', '2', '3', '4', '5-6', '5-6']);
  });

  it('refuses fields of 1 or 65, duplicate seeds, a winner who does not play, a match not ready', () => {
    expect(() => createDoubleElimination(field(1))).toThrowError(
      expect.objectContaining({ code: 'BRACKET_SIZE_UNSUPPORTED' }),
    );
    expect(() => createDoubleElimination(field(65))).toThrowError(
      expect.objectContaining({ code: 'BRACKET_SIZE_UNSUPPORTED' }),
    );
    expect(() => createDoubleElimination([...field(3), { rosterId: 'x', seed: 3 }])).toThrowError(
      expect.objectContaining({ code: 'INVALID_COMPETITION_INPUT' }),
    );
    const bracket = createDoubleElimination(field(8));
    expect(() => applyBracketResult(bracket, [], { matchId: 'U1-1', winnerRosterId: 't2' })).toThrowError(
      expect.objectContaining({ code: 'BRACKET_INVALID_WINNER' }),
    );
    expect(() => applyBracketResult(bracket, [], { matchId: 'U2-1', winnerRosterId: 't1' })).toThrowError(
      expect.objectContaining({ code: 'BRACKET_MATCH_NOT_READY' }),
    );
  });

  it('corrects a result while its next matches are unplayed, refuses once one was played', () => {
    const bracket = createDoubleElimination(field(8));
    let results = applyBracketResult(bracket, [], { matchId: 'U1-1', winnerRosterId: 't1' }).results;
    results = applyBracketResult(bracket, results, { matchId: 'U1-2', winnerRosterId: 't4' }).results;
    const corrected = applyBracketResult(bracket, results, { matchId: 'U1-1', winnerRosterId: 't8' });
    expect(corrected.changes.map((c) => c.id)).toEqual(['U1-1', 'L1-1', 'U2-1']);
    expect(corrected.state.matches.find((m) => m.id === 'U2-1')!.homeRosterId).toBe('t8');
    const same = applyBracketResult(bracket, corrected.results, { matchId: 'U1-1', winnerRosterId: 't8' });
    expect(same.changes).toEqual([]);
    const played = applyBracketResult(bracket, corrected.results, {
      matchId: 'U2-1',
      winnerRosterId: 't8',
    }).results;
    expect(() => applyBracketResult(bracket, played, { matchId: 'U1-1', winnerRosterId: 't1' })).toThrowError(
      expect.objectContaining({ code: 'BRACKET_RESULT_LOCKED' }),
    );
  });
});

describe('double elimination: properties', () => {
  it('any field of 2-64 with random results: one champion, two losses eliminate, everyone placed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 64 }), fc.integer(), (n, seed) => {
        const random = createPrng(seed);
        const { state, log } = playOut(n, (home, away) => (random() < 0.5 ? home : away));
        expect(state.complete).toBe(true);
        expect(state.championRosterId).not.toBeNull();
        expect(state.losses[state.championRosterId!]).toBeLessThanOrEqual(1);
        const losses = new Map<string, number>();
        for (const entry of log) {
          // Nobody plays after a second loss.
          expect(losses.get(entry.home) ?? 0).toBeLessThan(2);
          expect(losses.get(entry.away) ?? 0).toBeLessThan(2);
          const match = state.matches.find((m) => m.id === entry.matchId)!;
          losses.set(match.loserRosterId!, (losses.get(match.loserRosterId!) ?? 0) + 1);
        }
        for (const team of field(n)) {
          if (team.rosterId !== state.championRosterId) expect(state.losses[team.rosterId]).toBe(2);
        }
        expect(state.placements.map((p) => p.rosterId).sort()).toEqual(
          field(n)
            .map((t) => t.rosterId)
            .sort(),
        );
        expect(state.placements.filter((p) => p.placement === 1)).toHaveLength(1);
        const sizes = new Map<string, number>();
        for (const p of state.placements) sizes.set(p.label, (sizes.get(p.label) ?? 0) + 1);
        for (const p of state.placements) expect(sizes.get(p.label)).toBe(p.placementTo - p.placement + 1);
        const full = n === 2 ** Math.ceil(Math.log2(n));
        if (full) expect(state.playedMatches).toBeGreaterThanOrEqual(2 * n - 2);
        expect(state.playedMatches).toBeLessThanOrEqual(2 * n - 1);
      }),
      { numRuns: 80 },
    );
  }, 60_000);

  it('upper round-2 losers never meet a team they already played in their first lower match', () => {
    fc.assert(
      fc.property(fc.constantFrom(8, 16, 32, 64), fc.integer(), (n, seed) => {
        const random = createPrng(seed);
        const { log } = playOut(n, (home, away) => (random() < 0.5 ? home : away));
        const met = new Set<string>();
        for (const entry of log) {
          const key = [entry.home, entry.away].sort().join('|');
          if (entry.matchId.startsWith('L2-')) expect(met.has(key)).toBe(false);
          met.add(key);
        }
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it('is deterministic: the same results replayed in another order give the same state', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 32 }), fc.integer(), (n, seed) => {
        const random = createPrng(seed);
        const { bracket, results, state } = playOut(n, (home, away) => (random() < 0.5 ? home : away));
        expect(resolveDoubleElimination(bracket, [...results].reverse())).toEqual(state);
      }),
      { numRuns: 50 },
    );
  });
});
