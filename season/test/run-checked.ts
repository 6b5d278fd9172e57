import { expect } from 'vitest';
import { runSeason, type SeasonOptions, type SeasonReport } from '../src/run.js';

/**
 * A bounded season for a test: its lines are kept and printed only when it throws or breaks an
 * invariant; every invariant holds and there is a champion. The caller checks the rest.
 */
export async function runCheckedSeason(options: Partial<SeasonOptions>): Promise<SeasonReport> {
  const lines: string[] = [];
  const report = await runSeason({ ...options, reportDir: null, log: (line) => lines.push(line) }).catch(
    (error: unknown) => {
      console.log(lines.join('\n'));
      throw error;
    },
  );
  const broken = report.invariants.filter((i) => !i.ok);
  if (broken.length > 0) console.log(lines.join('\n'));
  expect(broken).toEqual([]);
  expect(report.champion).not.toBeNull();
  return report;
}
