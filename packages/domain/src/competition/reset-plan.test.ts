import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDoubleElimination, type DoubleEliminationBracket } from './double-elimination.js';
import {
  applyBracketResult,
  type BracketResult,
  resolveDoubleElimination,
} from './double-elimination-state.js';
import { downstreamMatches, planBracketCorrection, planSwissCorrection } from './reset-plan.js';

const field = (n: number) => Array.from({ length: n }, (_, i) => ({ rosterId: `t${i + 1}`, seed: i + 1 }));

/** Plays `steps` results: each step picks one ready match (by index) and a side (by parity). */
function playOut(bracket: DoubleEliminationBracket, steps: readonly number[]): BracketResult[] {
  let results: BracketResult[] = [];
  for (const step of steps) {
    const ready = resolveDoubleElimination(bracket, results).matches.filter((m) => m.status === 'ready');
    if (ready.length === 0) break;
    const match = ready[step % ready.length]!;
    const winner = Math.floor(step / ready.length) % 2 === 0 ? match.homeRosterId! : match.awayRosterId!;
    results = applyBracketResult(bracket, results, { matchId: match.id, winnerRosterId: winner }).results;
  }
  return results;
}

/** A bracket of 2 to 16 teams played part of the way, and one of its finished matches. */
const playedBracket = fc
  .record({
    teams: fc.integer({ min: 2, max: 16 }),
    steps: fc.array(fc.nat(1000), { minLength: 1, maxLength: 40 }),
    pick: fc.nat(1000),
  })
  .map(({ teams, steps, pick }) => {
    const bracket = createDoubleElimination(field(teams));
    const results = playOut(bracket, steps);
    const state = resolveDoubleElimination(bracket, results);
    const finished = state.matches.filter((m) => m.status === 'finished');
    const match = finished[pick % finished.length]!;
    const other = match.winnerRosterId === match.homeRosterId ? match.awayRosterId! : match.homeRosterId!;
    return { bracket, results, match, other };
  });

describe('planBracketCorrection (properties)', () => {
  it('resets exactly the recorded results downstream of the corrected match, and keeps every other one', () => {
    fc.assert(
      fc.property(playedBracket, ({ bracket, results, match, other }) => {
        const plan = planBracketCorrection(bracket, results, { matchId: match.id, winnerRosterId: other });
        const downstream = new Set(downstreamMatches(bracket, match.id));
        const recordedDownstream = results.filter((r) => downstream.has(r.matchId)).map((r) => r.matchId);
        expect(new Set(plan.reset)).toEqual(new Set(recordedDownstream));
        const kept = results.filter((r) => r.matchId !== match.id && !downstream.has(r.matchId));
        expect(plan.results).toEqual([...kept, { matchId: match.id, winnerRosterId: other }]);
      }),
    );
  });

  it('leaves a bracket that resolves, with the new winner, and no reset match finished', () => {
    fc.assert(
      fc.property(playedBracket, ({ bracket, results, match, other }) => {
        const plan = planBracketCorrection(bracket, results, { matchId: match.id, winnerRosterId: other });
        expect(resolveDoubleElimination(bracket, plan.results)).toEqual(plan.state);
        const corrected = plan.state.matches.find((m) => m.id === match.id)!;
        expect(corrected).toMatchObject({ status: 'finished', winnerRosterId: other });
        for (const id of plan.reset)
          expect(plan.state.matches.find((m) => m.id === id)!.status).not.toBe('finished');
        // The reset list is in play order and names only later matches.
        const order = plan.reset.map((id) => bracket.nodes.find((n) => n.id === id)!.number);
        expect(order).toEqual([...order].sort((a, b) => a - b));
        expect(order.every((n) => n > match.number)).toBe(true);
      }),
    );
  });

  it('changes only the corrected match and matches downstream of it', () => {
    fc.assert(
      fc.property(playedBracket, ({ bracket, results, match, other }) => {
        const plan = planBracketCorrection(bracket, results, { matchId: match.id, winnerRosterId: other });
        const downstream = new Set([match.id, ...downstreamMatches(bracket, match.id)]);
        expect(plan.changes.every((m) => downstream.has(m.id))).toBe(true);
        expect(plan.changes.some((m) => m.id === match.id)).toBe(true);
      }),
    );
  });

  it('agrees with applyBracketResult whenever nothing later was played, and is empty for the same winner', () => {
    fc.assert(
      fc.property(playedBracket, ({ bracket, results, match, other }) => {
        const same = planBracketCorrection(bracket, results, {
          matchId: match.id,
          winnerRosterId: match.winnerRosterId!,
        });
        expect(same).toMatchObject({ reset: [], changes: [], results: [...results] });
        const plan = planBracketCorrection(bracket, results, { matchId: match.id, winnerRosterId: other });
        if (plan.reset.length === 0) {
          const applied = applyBracketResult(bracket, results, { matchId: match.id, winnerRosterId: other });
          expect(plan.results).toEqual(applied.results);
          expect(plan.changes).toEqual(applied.changes);
        }
      }),
    );
  });
});

describe('planBracketCorrection (examples)', () => {
  const bracket = createDoubleElimination(field(4));
  // 4 teams: U1-1 t1 v t4, U1-2 t2 v t3, L1-1 their losers, U2-1 their winners, L2-1, GF1, GF2.
  const results = playOut(bracket, [0, 0, 0, 0, 0, 0]);

  it('correcting the first match resets everything it fed, in play order', () => {
    const state = resolveDoubleElimination(bracket, results);
    expect(state.matches.find((m) => m.id === 'U1-1')!.winnerRosterId).toBe('t1');
    const plan = planBracketCorrection(bracket, results, { matchId: 'U1-1', winnerRosterId: 't4' });
    expect(plan.reset).toEqual(
      results.map((r) => r.matchId).filter((id) => ['L1-1', 'U2-1', 'L2-1', 'GF1', 'GF2'].includes(id)),
    );
    expect(plan.state.matches.find((m) => m.id === 'U2-1')).toMatchObject({ homeRosterId: 't4' });
  });

  it('a later match fed through a bye is reset too (the direct-dependents rule missed it)', () => {
    // 5 teams: L1-1 is a bye that passes U1-2's loser on to L2-1.
    const five = createDoubleElimination(field(5));
    const played: BracketResult[] = [
      { matchId: 'U2-2', winnerRosterId: 't3' },
      { matchId: 'U1-2', winnerRosterId: 't4' },
      { matchId: 'L2-1', winnerRosterId: 't2' },
    ];
    expect(resolveDoubleElimination(five, played).matches.find((m) => m.id === 'L2-1')).toMatchObject({
      awayRosterId: 't5',
    });
    const plan = planBracketCorrection(five, played, { matchId: 'U1-2', winnerRosterId: 't5' });
    expect(plan.reset).toEqual(['L2-1']);
    expect(plan.state.matches.find((m) => m.id === 'L2-1')).toMatchObject({
      status: 'ready',
      awayRosterId: 't4',
    });
  });

  it('a first result resets nothing; a match that cannot be played or a stranger winner is refused', () => {
    const fresh = planBracketCorrection(bracket, [], { matchId: 'U1-1', winnerRosterId: 't4' });
    expect(fresh.reset).toEqual([]);
    expect(() => planBracketCorrection(bracket, [], { matchId: 'U2-1', winnerRosterId: 't1' })).toThrow(
      expect.objectContaining({ code: 'BRACKET_MATCH_NOT_READY' }),
    );
    expect(() => planBracketCorrection(bracket, [], { matchId: 'U1-1', winnerRosterId: 't2' })).toThrow(
      expect.objectContaining({ code: 'BRACKET_INVALID_WINNER' }),
    );
  });
});

describe('planSwissCorrection', () => {
  it('removes every later round and lists its matches by round (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }).chain((started) =>
          fc.record({
            started: fc.constant(started),
            round: fc.integer({ min: 1, max: started }),
            series: fc.array(
              fc.record({ id: fc.uuid(), roundNumber: fc.integer({ min: 1, max: started }) }),
              { maxLength: 30 },
            ),
          }),
        ),
        ({ started, round, series }) => {
          const plan = planSwissCorrection(round, started, series);
          expect(plan.removedRounds).toEqual(
            Array.from({ length: started - round }, (_, i) => round + 1 + i),
          );
          expect(new Set(plan.reset)).toEqual(
            new Set(series.filter((s) => s.roundNumber > round).map((s) => s.id)),
          );
          const rounds = plan.reset.map((id) => series.find((s) => s.id === id)!.roundNumber);
          expect(rounds).toEqual([...rounds].sort((a, b) => a - b));
        },
      ),
    );
  });

  it('the last round resets nothing; a round not started is refused', () => {
    expect(planSwissCorrection(3, 3, [{ id: 'a', roundNumber: 3 }])).toEqual({
      removedRounds: [],
      reset: [],
    });
    expect(() => planSwissCorrection(4, 3, [])).toThrow(
      expect.objectContaining({ code: 'INVALID_COMPETITION_INPUT' }),
    );
  });
});
