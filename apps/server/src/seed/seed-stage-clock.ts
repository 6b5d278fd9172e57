import type { WarScore } from '@cwh/domain';
import type { Db, Executor } from '../db/client.js';
import { type BracketsDeps, createBracketsDeps, WITHOUT_APP } from '../features/brackets/brackets-service.js';
import { recordSeriesResultIn } from '../features/brackets/stage-results-service.js';

/** An organizer's result of one stage series, through the stage results service. */
export async function recordResult(deps: BracketsDeps, matchSeriesId: string, score: WarScore, tx: Executor) {
  await recordSeriesResultIn(deps, { matchSeriesId, score, source: 'organizer' }, tx);
}

/** A settable clock for the stage services: each result is written at its war's end. */
export function clockedDeps(db: Db, start: Date): { deps: BracketsDeps; set: (at: Date) => void } {
  let at = start;
  // The seed runs before any app: no deadline jobs or pick and ban here, the app's start makes them.
  return { deps: createBracketsDeps(db, () => at, WITHOUT_APP), set: (next) => (at = next) };
}
