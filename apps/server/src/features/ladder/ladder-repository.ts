import type { Executor } from '../../db/client.js';
import { createLadderRosterRepository } from './ladder-roster-repository.js';
import { createLadderSeriesRepository } from './match-series/ladder-series-repository.js';
import { createMatchUpRepository } from './match-ups/match-up-repository.js';
import { createQueueEntryRepository } from './queue/queue-entry-repository.js';
import { createLadderStandingsRepository } from './standings/ladder-standings-repository.js';

export type { RosterRow, SegmentRow } from './ladder-roster-repository.js';
export {
  type CompetitorRow,
  type MatchSeriesRow,
  OPEN_SERIES_STATES,
} from './match-series/ladder-series-repository.js';
export type { MatchUpRow, MatchUpSideRow, NewPair } from './match-ups/match-up-repository.js';
export type { QueueEntryRow, WaitingRow } from './queue/queue-entry-repository.js';

/** SQL of ladder play, composed of the ladder's repositories (rosters, queue entries, match-ups, series, standings). */
export function createLadderRepository(db: Executor) {
  return {
    ...createLadderRosterRepository(db),
    ...createQueueEntryRepository(db),
    ...createMatchUpRepository(db),
    ...createLadderSeriesRepository(db),
    ...createLadderStandingsRepository(db),
  };
}
export type LadderRepository = ReturnType<typeof createLadderRepository>;
