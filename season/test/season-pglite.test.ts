import { describe, expect, it } from 'vitest';
import { runCheckedSeason } from './run-checked.js';

/**
 * Issue #14, bounded run: 32 clans on the embedded default (PGlite, one instance), the calendar
 * compressed, every invariant checked. The season's lines are printed only when it fails.
 */
describe('season rehearsal on the embedded default', () => {
  it('32 clans play a season to a champion with every invariant holding', async () => {
    const report = await runCheckedSeason({
      clans: 32,
      speed: 3,
      seed: 1414,
      ladderMatches: 2,
      maxSwissRounds: 3,
    });
    expect(report.stages.map((s) => s.name)).toEqual([
      'teams (register, lock)',
      'ladder',
      'qualifier (swiss)',
      'finals (double elimination)',
    ]);
    expect(report.stages.find((s) => s.name === 'ladder')!.matches).toBeGreaterThan(0);
  });
});
