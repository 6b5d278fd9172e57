import { describe, expect, it } from 'vitest';
import { runSeason } from '../src/run.js';

/**
 * Issue #14, bounded run: 32 clans on the embedded default (PGlite, one instance), the calendar
 * compressed, every invariant checked. The season's lines are printed only when it fails.
 */
describe('season rehearsal on the embedded default', () => {
  it('32 clans play a season to a champion with every invariant holding', async () => {
    const lines: string[] = [];
    const report = await runSeason({
      clans: 32,
      speed: 3,
      seed: 1414,
      ladderMatches: 2,
      maxSwissRounds: 3,
      reportDir: null,
      log: (line) => lines.push(line),
    }).catch((error: unknown) => {
      console.log(lines.join('\n'));
      throw error;
    });
    const broken = report.invariants.filter((i) => !i.ok);
    if (broken.length > 0) console.log(lines.join('\n'));
    expect(broken).toEqual([]);
    expect(report.champion).not.toBeNull();
    expect(report.stages.map((s) => s.name)).toEqual([
      'teams (register, lock)',
      'ladder',
      'qualifier (swiss)',
      'finals (double elimination)',
    ]);
    expect(report.stages.find((s) => s.name === 'ladder')!.matches).toBeGreaterThan(0);
  });
});
