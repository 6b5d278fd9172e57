import type { Executor } from '../../db/client.js';
import { createPickbanCatalogueRepository } from './pickban-catalogue-repository.js';
import { createPickbanChallengeRepository } from './pickban-challenge-repository.js';

export type { CategoryRow, ItemRow, SegmentVetoRow } from './pickban-catalogue-repository.js';
export {
  type ChallengeRow,
  type ChallengeSide,
  NOT_STARTED_STATES,
  type OpeningSeriesRow,
  type VoteRow,
} from './pickban-challenge-repository.js';

/** The SQL of pick and ban, composed of the catalogue's (categories, items, segment vetoes) and the challenges' (challenges and their votes). */
export function createPickbanRepository(db: Executor) {
  return {
    ...createPickbanCatalogueRepository(db),
    ...createPickbanChallengeRepository(db),
  };
}
export type PickbanRepository = ReturnType<typeof createPickbanRepository>;
