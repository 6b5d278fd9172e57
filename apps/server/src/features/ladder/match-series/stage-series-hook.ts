import type { WarForfeit } from '@cwh/domain';
import type { Executor } from '../../../db/client.js';
import type { MatchSeriesRow } from '../ladder-repository.js';

/** A war's result as the ladder records it (the game, the official poller, a forfeit, an organizer). */
export type WarOutcome = {
  matchSeriesId: string;
  stars: { home: number; away: number };
  destruction?: { home: number; away: number } | undefined;
  /** The side that forfeited; `both` is a double forfeit (both sides lose; see docs/api/brackets.md). */
  forfeit?: WarForfeit | undefined;
};

/**
 * What a competition stage did with a result of one of its series (the brackets feature records it:
 * bracket propagation, swiss history). `finished` is false when the series stays open for the
 * organizer (a double forfeit or a draw in double elimination).
 */
export interface StageSeriesOutcome {
  series: MatchSeriesRow;
  finished: boolean;
}

/**
 * Records a result of a series that belongs to a competition stage, inside the ladder's
 * transaction; null when the series is not a stage series (the ladder records it). Wired at
 * composition by the brackets feature (src/wiring/stages.ts), so the ladder never imports it.
 */
export type StageSeriesResultHook = (
  series: MatchSeriesRow,
  result: WarOutcome,
  tx: Executor,
) => Promise<StageSeriesOutcome | null>;
