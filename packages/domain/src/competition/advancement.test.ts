import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advanceStage, ladderAdvanceRule, rankBracketPlacements, type StageRanking } from './advancement.js';
import { createDoubleElimination } from './double-elimination.js';
import {
  applyBracketResult,
  type BracketResult,
  resolveDoubleElimination,
} from './double-elimination-state.js';
import { createPrng, seededShuffle } from './prng.js';

const ladder = (n: number): StageRanking[] =>
  Array.from({ length: n }, (_, i) => ({ rosterId: `r${i + 1}`, rank: i + 1 }));

describe('advanceStage', () => {
  it('ladder top 128 to the Monthly Qualifier (championship), seeded by rank; the rest eliminated', () => {
    const { outcomes, seedsBySegment } = advanceStage(ladder(300), [ladderAdvanceRule('championship', 'mq')]);
    expect(outcomes.filter((o) => o.outcome === 'qualified')).toHaveLength(128);
    expect(outcomes.find((o) => o.rosterId === 'r128')).toMatchObject({
      outcome: 'qualified',
      nextSegmentId: 'mq',
      nextSeed: 128,
    });
    expect(outcomes.find((o) => o.rosterId === 'r129')).toMatchObject({
      outcome: 'eliminated',
      nextSegmentId: null,
      nextSeed: null,
    });
    expect(seedsBySegment.mq![0]).toEqual({ rosterId: 'r1', seed: 1 });
  });

  it('cup ladder top 8 to the Finals', () => {
    const { seedsBySegment } = advanceStage(ladder(20), [ladderAdvanceRule('townHallCup', 'finals')]);
    expect(seedsBySegment.finals!.map((s) => s.rosterId)).toEqual([
      'r1',
      'r2',
      'r3',
      'r4',
      'r5',
      'r6',
      'r7',
      'r8',
    ]);
  });

  it('swiss early exit: the qualified status advances, an eliminated status never does', () => {
    const rankings: StageRanking[] = [
      { rosterId: 'a', rank: 1, status: 'qualified' },
      { rosterId: 'b', rank: 2, status: 'eliminated' },
      { rosterId: 'c', rank: 3, status: 'qualified' },
    ];
    const { outcomes } = advanceStage(rankings, [
      { id: 'q', nextSegmentId: 'mf', qualified: true, placements: [2] },
    ]);
    expect(outcomes.map((o) => [o.rosterId, o.outcome, o.nextSeed])).toEqual([
      ['a', 'qualified', 1],
      ['b', 'eliminated', null],
      ['c', 'qualified', 2],
    ]);
  });

  it('ticket winners and the Last Chance Qualifier from a monthly final bracket', () => {
    const teams = Array.from({ length: 8 }, (_, i) => ({ rosterId: `t${i + 1}`, seed: i + 1 }));
    const bracket = createDoubleElimination(teams);
    let results: BracketResult[] = [];
    for (;;) {
      const ready = resolveDoubleElimination(bracket, results).matches.find((m) => m.status === 'ready');
      if (!ready) break;
      const winner =
        Number(ready.homeRosterId!.slice(1)) < Number(ready.awayRosterId!.slice(1))
          ? ready.homeRosterId!
          : ready.awayRosterId!;
      results = applyBracketResult(bracket, results, { matchId: ready.id, winnerRosterId: winner }).results;
    }
    const rankings = rankBracketPlacements(resolveDoubleElimination(bracket, results).placements, teams);
    const { outcomes, seedsBySegment } = advanceStage(rankings, [
      { id: 'golden', nextSegmentId: 'cf', placements: [1], ticket: 'golden' },
      { id: 'silver', nextSegmentId: 'cf', placements: [2], ticket: 'silver' },
      { id: 'lcq', nextSegmentId: 'lcq', placements: [3, 4, 5, 6] },
    ]);
    expect(outcomes.map((o) => [o.rosterId, o.ticket, o.nextSegmentId])).toEqual([
      ['t1', 'golden', 'cf'],
      ['t2', 'silver', 'cf'],
      ['t3', null, 'lcq'],
      ['t4', null, 'lcq'],
      ['t5', null, 'lcq'],
      ['t6', null, 'lcq'],
      ['t7', null, null],
      ['t8', null, null],
    ]);
    expect(seedsBySegment.lcq!.map((s) => s.seed)).toEqual([1, 2, 3, 4]);
  });

  it('refuses duplicate ranks', () => {
    expect(() => advanceStage([...ladder(2), { rosterId: 'x', rank: 1 }], [])).toThrowError(
      expect.objectContaining({ code: 'INVALID_COMPETITION_INPUT' }),
    );
  });

  it('every roster ends qualified or eliminated, seeds are 1..k per segment, input order is irrelevant (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer(),
        (n, top, seed) => {
          const rules = [
            { id: 'a', nextSegmentId: 's1', placements: Array.from({ length: top }, (_, i) => i + 1) },
            { id: 'b', nextSegmentId: 's2', placements: [top + 1, top + 2] },
          ];
          const reference = advanceStage(ladder(n), rules);
          const shuffled = advanceStage(seededShuffle(ladder(n), createPrng(seed)), rules);
          expect(shuffled).toEqual(reference);
          expect(reference.outcomes).toHaveLength(n);
          expect(reference.outcomes.filter((o) => o.outcome === 'qualified')).toHaveLength(
            Math.min(n, top + 2),
          );
          for (const list of Object.values(reference.seedsBySegment))
            expect(list.map((s) => s.seed)).toEqual(list.map((_, i) => i + 1));
        },
      ),
    );
  });
});
