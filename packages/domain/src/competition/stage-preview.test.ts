import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDoubleElimination } from './double-elimination.js';
import { resolveDoubleElimination } from './double-elimination-state.js';
import { defaultSwissRounds, previewFirstRound } from './stage-preview.js';
import { pairSwissRound } from './swiss-pairing.js';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `t${i + 1}`);
const text = (list: ReturnType<typeof previewFirstRound>) =>
  list.map((p) => `${p.home?.rosterId ?? '-'} v ${p.away?.rosterId ?? '-'}`);

describe('previewFirstRound', () => {
  it('double elimination, 8 teams: 1v8, 4v5, 2v7, 3v6 with their seeds', () => {
    const preview = previewFirstRound({ format: 'double_elimination', segmentId: 's', rosterIds: ids(8) });
    expect(text(preview)).toEqual(['t1 v t8', 't4 v t5', 't2 v t7', 't3 v t6']);
    expect(preview[0]).toEqual({
      table: 1,
      home: { rosterId: 't1', seed: 1 },
      away: { rosterId: 't8', seed: 8 },
    });
  });

  it('double elimination, 6 teams: seeds 1 and 2 have the byes', () => {
    const preview = previewFirstRound({ format: 'double_elimination', segmentId: 's', rosterIds: ids(6) });
    expect(text(preview)).toEqual(['t1 v -', 't4 v t5', 't2 v -', 't3 v t6']);
  });

  it('follows the seed order it is given (reordering moves the pairings)', () => {
    const order = ['t4', 't2', 't3', 't1'];
    const preview = previewFirstRound({ format: 'double_elimination', segmentId: 's', rosterIds: order });
    expect(text(preview)).toEqual(['t4 v t1', 't2 v t3']);
  });

  it('swiss: the pairings the engine makes for round 1, the odd team out on a bye', () => {
    const rosterIds = ids(5);
    const preview = previewFirstRound({ format: 'swiss', segmentId: 'seg-1', rosterIds });
    const round = pairSwissRound({
      segmentId: 'seg-1',
      roundNumber: 1,
      config: { format: { mode: 'fixed', rounds: defaultSwissRounds(5) } },
      teams: rosterIds.map((rosterId, i) => ({ rosterId, seed: i + 1 })),
      results: [],
      byes: [],
    });
    expect(preview.slice(0, 2).map((p) => [p.home?.rosterId, p.away?.rosterId])).toEqual(
      round.pairings.map((p) => [p.homeRosterId, p.awayRosterId]),
    );
    expect(preview[2]).toEqual({ table: 3, home: { rosterId: round.byeRosterId, seed: 5 }, away: null });
  });

  it('refuses a field the format cannot take', () => {
    expect(() =>
      previewFirstRound({ format: 'double_elimination', segmentId: 's', rosterIds: ['t1'] }),
    ).toThrow(/2 to 64/);
  });

  it('defaultSwissRounds: log2 of the field, at least 1', () => {
    expect([1, 2, 3, 4, 5, 8, 9, 128].map(defaultSwissRounds)).toEqual([1, 1, 2, 2, 3, 3, 4, 7]);
  });

  it('every team appears exactly once in the first round, in both formats', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 64 }),
        fc.constantFrom('swiss' as const, 'double_elimination' as const),
        (n, format) => {
          const preview = previewFirstRound({ format, segmentId: 'seg', rosterIds: ids(n) });
          const seen = preview.flatMap((p) => [p.home?.rosterId, p.away?.rosterId]).filter(Boolean);
          expect([...seen].sort()).toEqual(ids(n).sort());
        },
      ),
      { numRuns: 60 },
    );
  });

  it('double elimination: the preview is the bracket the engine builds', () => {
    const bracket = createDoubleElimination(ids(7).map((rosterId, i) => ({ rosterId, seed: i + 1 })));
    const upper = resolveDoubleElimination(bracket, []).matches.filter(
      (m) => m.section === 'upper' && m.round === 1,
    );
    const preview = previewFirstRound({ format: 'double_elimination', segmentId: 's', rosterIds: ids(7) });
    expect(preview.map((p) => [p.home?.rosterId ?? null, p.away?.rosterId ?? null])).toEqual(
      upper.map((m) => [m.homeRosterId, m.awayRosterId]),
    );
  });
});
