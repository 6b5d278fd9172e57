import type { Executor } from '../../db/client.js';
import { createSegmentRepository } from '../segments/segment-repository.js';
import { createRosterMemberRepository } from './roster-member-repository.js';
import { createRosterReads } from './roster-reads.js';
import { createRosterWrites } from './roster-writes.js';

export type {
  NewRoster,
  NewRosterMember,
  RemovedReason,
  RosterListFilter,
  RosterMemberRow,
  RosterRow,
} from './roster-rows.js';

/**
 * The rosters' one repository (the only SQL on rosters and their members), made of one small
 * module per concern: reads (`roster-reads.ts`), writes (`roster-writes.ts`), members
 * (`roster-member-repository.ts`), and the segments capability's tenant-aware segment lookup.
 */
export function createRosterRepository(db: Executor) {
  const segmentsRepo = createSegmentRepository(db);
  return {
    /** The segment with its event, within the tenant (the segments capability's one lookup). */
    findSegment: segmentsRepo.findInTenant,
    getSegment: segmentsRepo.getInTenant,
    ...createRosterReads(db),
    ...createRosterWrites(db),
    ...createRosterMemberRepository(db),
  };
}
export type RosterRepository = ReturnType<typeof createRosterRepository>;
