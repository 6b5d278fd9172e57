import { describe, expect, it } from 'vitest';
import { advanceStage, ladderAdvanceRule, rankBracketPlacements, type StageRanking } from './advancement.js';

const ladder = (n: number): StageRanking[] =>
  Array.from({ length: n }, (_, i) => ({ rosterId: `r${i + 1}`, rank: i + 1 }));

describe('advanceStage: rules, seeds and refusals', () => {
  it('seeds a segment in the order of the rules, then by rank', () => {
    const { seedsBySegment, outcomes } = advanceStage(ladder(5), [
      { id: 'late', nextSegmentId: 's', placements: [4, 3] },
      { id: 'top', nextSegmentId: 's', placements: [1, 2] },
    ]);
    expect(seedsBySegment.s).toEqual([
      { rosterId: 'r3', seed: 1 },
      { rosterId: 'r4', seed: 2 },
      { rosterId: 'r1', seed: 3 },
      { rosterId: 'r2', seed: 4 },
    ]);
    expect(outcomes.map((o) => [o.rosterId, o.ruleId, o.nextSeed])).toEqual([
      ['r1', 'top', 3],
      ['r2', 'top', 4],
      ['r3', 'late', 1],
      ['r4', 'late', 2],
      ['r5', null, null],
    ]);
  });

  it('a roster takes the first rule that covers it', () => {
    const { outcomes } = advanceStage(ladder(2), [
      { id: 'first', nextSegmentId: 'a', placements: [1] },
      { id: 'second', nextSegmentId: 'b', placements: [1, 2] },
    ]);
    expect(outcomes.map((o) => [o.rosterId, o.ruleId, o.nextSegmentId])).toEqual([
      ['r1', 'first', 'a'],
      ['r2', 'second', 'b'],
    ]);
  });

  it('a "qualified" rule takes the rosters whose status is qualified, not the active ones', () => {
    const rankings: StageRanking[] = [
      { rosterId: 'a', rank: 1, status: 'active' },
      { rosterId: 'b', rank: 2, status: 'qualified' },
    ];
    const { outcomes } = advanceStage(rankings, [{ id: 'q', nextSegmentId: 'next', qualified: true }]);
    expect(outcomes.map((o) => [o.rosterId, o.outcome, o.ruleId, o.ticket])).toEqual([
      ['a', 'eliminated', null, null],
      ['b', 'qualified', 'q', null],
    ]);
  });

  it.each([
    { why: 'a duplicate roster', rankings: [...ladder(2), { rosterId: 'r1', rank: 3 }] },
    { why: 'a duplicate rank', rankings: [...ladder(2), { rosterId: 'x', rank: 2 }] },
  ])('refuses $why', ({ rankings }) => {
    expect(() => advanceStage(rankings, [])).toThrowError(
      expect.objectContaining({
        code: 'INVALID_COMPETITION_INPUT',
        message: 'advancement: rosters and ranks must be unique',
      }),
    );
  });

  it.each([
    { competition: 'championship', id: 'ladder-top-128', top: 128 },
    { competition: 'townHallCup', id: 'ladder-top-8', top: 8 },
  ] as const)('the $competition ladder rule is $id', ({ competition, id, top }) => {
    const rule = ladderAdvanceRule(competition, 'next');
    expect(rule.id).toBe(id);
    expect(rule.nextSegmentId).toBe('next');
    expect(rule.placements).toEqual(Array.from({ length: top }, (_, i) => i + 1));
  });
});

describe('rankBracketPlacements', () => {
  it('ranks by placement, then by the better seed inside a shared range, whatever the input order', () => {
    const placements = [
      { rosterId: 't6', placement: 5 },
      { rosterId: 't2', placement: 2 },
      { rosterId: 't5', placement: 5 },
      { rosterId: 't1', placement: 1 },
    ];
    const seeds = [1, 2, 5, 6].map((seed) => ({ rosterId: `t${seed}`, seed }));
    const expected = [
      { rosterId: 't1', rank: 1 },
      { rosterId: 't2', rank: 2 },
      { rosterId: 't5', rank: 3 },
      { rosterId: 't6', rank: 4 },
    ];
    expect(rankBracketPlacements(placements, seeds)).toEqual(expected);
    expect(rankBracketPlacements([...placements].reverse(), seeds)).toEqual(expected);
    expect(placements[0]!.rosterId).toBe('t6');
  });

  it('a roster without a known seed goes first in its shared range', () => {
    const placements = [
      { rosterId: 'seeded', placement: 3 },
      { rosterId: 'unknown', placement: 3 },
    ];
    expect(
      rankBracketPlacements(placements, [{ rosterId: 'seeded', seed: 4 }]).map((r) => r.rosterId),
    ).toEqual(['unknown', 'seeded']);
  });
});
