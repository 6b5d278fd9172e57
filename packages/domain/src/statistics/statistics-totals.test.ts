import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SeriesFacts, seriesContribution, sideResult } from './series-statistics.js';
import { asForfeit, operations, seriesFacts } from './statistics-fixtures.test-support.js';
import { applyContribution, recomputeTotals, updateTotals } from './statistics-totals.js';

/**
 * Replays operations the way the server does: a result for a series not counted yet is recorded; a
 * result for a counted series corrects it (the stored facts taken back, the new ones added); a
 * forfeit is either. `record` of an already counted series is ignored (results are idempotent).
 */
function replay(ops: readonly { kind: string; facts: SeriesFacts }[]) {
  const stored = new Map<string, SeriesFacts>();
  let totals = recomputeTotals([]);
  for (const { kind, facts } of ops) {
    const before = stored.get(facts.seriesId) ?? null;
    if (kind === 'record' && before) continue;
    if (kind === 'correct' && !before) continue;
    totals = updateTotals(totals, before, facts);
    stored.set(facts.seriesId, facts);
  }
  return { totals, stored: [...stored.values()] };
}

const sorted = <T>(map: Map<string, T>) => [...map.entries()].sort(([a], [b]) => a.localeCompare(b));

describe('statistics totals', () => {
  it('recorded, corrected and forfeited results, applied one by one, equal a full recomputation', () => {
    fc.assert(
      fc.property(operations, (ops) => {
        const { totals, stored } = replay(ops);
        const full = recomputeTotals(stored);
        expect(sorted(totals.players)).toEqual(sorted(full.players));
        expect(sorted(totals.teams)).toEqual(sorted(full.teams));
      }),
      { numRuns: 300 },
    );
  });

  it('equals the recomputation whatever order the same results arrive in', () => {
    fc.assert(
      fc.property(fc.tuple(seriesFacts('a'), seriesFacts('b'), seriesFacts('c')), (list) => {
        const forward = recomputeTotals(list);
        const backward = recomputeTotals([...list].reverse());
        expect(sorted(forward.players)).toEqual(sorted(backward.players));
        expect(sorted(forward.teams)).toEqual(sorted(backward.teams));
      }),
    );
  });

  it('taking a contribution back leaves the totals as they were (no empty rows left)', () => {
    fc.assert(
      fc.property(seriesFacts('a'), seriesFacts('b'), (a, b) => {
        const base = recomputeTotals([a]);
        const there = applyContribution(base, seriesContribution(b), 1);
        const back = applyContribution(there, seriesContribution(b), -1);
        expect(sorted(back.players)).toEqual(sorted(base.players));
        expect(sorted(back.teams)).toEqual(sorted(base.teams));
      }),
    );
  });

  it('counts every war once per roster: wins + losses + draws = wars, and forfeits are losses', () => {
    fc.assert(
      fc.property(operations, (ops) => {
        for (const row of replay(ops).totals.teams.values()) {
          expect(row.wins + row.losses + row.draws).toBe(row.wars);
          expect(row.forfeits).toBeLessThanOrEqual(row.losses);
          expect(row.wars).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('a forfeit takes the line-ups, attacks and stars of a corrected war out of the players', () => {
    fc.assert(
      fc.property(seriesFacts('m1'), (played) => {
        const forfeited = asForfeit(played);
        const totals = updateTotals(recomputeTotals([played]), played, forfeited);
        expect(totals.players.size).toBe(0);
        const home = [...totals.teams.values()].find((t) => t.rosterId === played.home.rosterId)!;
        expect({ losses: home.losses, forfeits: home.forfeits, points: home.points }).toEqual({
          losses: 1,
          forfeits: 1,
          points: 0,
        });
        expect(sideResult(forfeited, 'away')).toBe('win');
      }),
    );
  });
});
