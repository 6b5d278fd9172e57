import type { rosterMembers, rosters } from '../../db/schema/rosters.js';

/** The rows of the roster tables, as the roster repositories read and write them. */
export type RosterRow = typeof rosters.$inferSelect;
export type NewRoster = typeof rosters.$inferInsert;
export type RosterMemberRow = typeof rosterMembers.$inferSelect;
export type NewRosterMember = typeof rosterMembers.$inferInsert;
export type RemovedReason = NonNullable<RosterMemberRow['removedReason']>;

export interface RosterListFilter {
  segmentId?: string | undefined;
  eventId?: string | undefined;
  ownerId?: string | undefined;
  /** Rosters the user owns or plays on (through a game account). */
  userId?: string | undefined;
}
