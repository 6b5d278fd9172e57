import { clanRole, gameTag } from './game-tags.js';
import { document, requestBody, resource } from './jsonapi.js';
import { resourceId } from './params.js';
import * as z from './safe-zod.js';

/** Clan service `/api/clan/1.0`, bearer player token (docs/design/players-and-teams.md). */

export const memberRegistrationStatus = z.enum(['ready', 'notReady', 'pending', 'needsToRegister']);
export type MemberRegistrationStatusValue = z.infer<typeof memberRegistrationStatus>;
export const rosterPosition = z.enum(['captain', 'player']);

/** POST /user: create or update the hub user of the verified player (links the game account). */
export const clanUserBody = requestBody(
  z.object({
    firstName: z.string().trim().min(1).max(100),
    lastName: z.string().trim().min(1).max(100),
    username: z.string().trim().min(2).max(50),
    email: z.email().max(320),
    dateOfBirth: z.iso.date().optional(),
  }),
);
export type ClanUserBody = z.infer<typeof clanUserBody>;

export const clanUserDocument = document(
  z.object({
    id: z.string(),
    type: z.literal('users'),
    attributes: z.object({
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      username: z.string().nullable(),
      email: z.string(),
      dateOfBirth: z.string().nullable(),
      playerTag: z.string(),
    }),
  }),
);

/** POST /register: the selected player registers individually for the team. */
export const registerBody = requestBody(z.object({ rosterId: resourceId.optional() })).optional();

export const clanSummary = z.object({ tag: z.string(), name: z.string(), thLevel: z.number().int() });

export const clanMember = z.object({
  tag: z.string(),
  name: z.string(),
  role: clanRole,
  townHallLevel: z.number().int(),
  userId: z.string().nullable(),
  isRosterMember: z.boolean(),
  rosterPosition: z.enum(['captain']).nullable(),
  /** null for clan members who are not on the roster. */
  registrationStatus: memberRegistrationStatus.nullable(),
});
export type ClanMemberValue = z.infer<typeof clanMember>;

export const rosterMember = z.object({
  tag: z.string(),
  name: z.string(),
  /** Role now in the clan, or at selection when the player has left. */
  role: clanRole,
  townHallLevel: z.number().int(),
  position: rosterPosition,
  userId: z.string().nullable(),
  inClan: z.boolean(),
  registered: z.boolean(),
  registrationStatus: memberRegistrationStatus,
  chatAccountConnected: z.boolean(),
  /** The connected community chat account's name (spec 3 "connected chat account"); null when none. */
  chatAccountName: z.string().nullable().optional(),
});
export type RosterMemberValue = z.infer<typeof rosterMember>;

export const allowedChanges = z.object({
  used: z.number().int(),
  limit: z.number().int(),
  remaining: z.number().int(),
});
export type AllowedChanges = z.infer<typeof allowedChanges>;

export const clanRoster = z.object({
  id: z.string(),
  name: z.string(),
  eventId: z.string(),
  /** The level-0 segment the roster is registered for. */
  segmentId: z.string(),
  thLevel: z.number().int(),
  captainTag: z.string().nullable(),
  locked: z.boolean(),
  confirmedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** before / open / after: the segment's first registration phase. */
  registrationStatus: z.enum(['before', 'open', 'after']),
  /** false once registration closed without a lock: the team cannot compete this month. */
  canCompete: z.boolean(),
  /** The team's own chat group invite; null: the event's group (or the community chat) serves. */
  chatGroupUrl: z.string().nullable().optional(),
  members: z.array(rosterMember),
  changes: allowedChanges,
});
export type ClanRosterValue = z.infer<typeof clanRoster>;

/** GET /clan?includeAll=true, GET /clan/previous. */
export const clanQuery = z.object({ includeAll: z.enum(['true', 'false']).optional() });
export const clanDocument = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('clans'),
    attributes: z.object({
      clan: clanSummary,
      /** The caller. */
      playerTag: z.string(),
      role: clanRole,
      isLeader: z.boolean(),
      isCoLeader: z.boolean(),
      isCaptain: z.boolean(),
      /** Without includeAll only members at the clan's town hall level. */
      items: z.array(clanMember),
      roster: clanRoster.nullable(),
    }),
  }),
});
export type ClanDocument = z.infer<typeof clanDocument>;
/**
 * A clan roster on its own is the resource `clan-rosters` (its id, the other fields as attributes):
 * a view of the roster distinct from `rosters`, so clients do not merge the two shapes.
 */
export const clanRosterResource = resource('clan-rosters', clanRoster.omit({ id: true }));
export type ClanRosterResource = z.infer<typeof clanRosterResource>;
export const previousRosterDocument = z.object({ data: clanRosterResource.nullable() });

/** POST /members: create or change the selection. playerTag is the captain. */
export const membersBody = requestBody(
  z.object({
    playerTag: gameTag,
    members: z.array(gameTag).min(1).max(50),
    segmentId: resourceId,
  }),
);
export type MembersBody = z.infer<typeof membersBody>;
export const clanRosterDocument = z.object({ data: clanRosterResource });
export type ClanRosterDocument = z.infer<typeof clanRosterDocument>;

/** POST /captain: the leader changes the captain (must be a selected leader or co-leader). */
export const captainBody = requestBody(z.object({ playerTag: gameTag }));

/** GET /check-clan and GET /check-selected-players answer 200 with ok; failures are 400 errors. */
export const clanCheckDocument = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('clan-checks'),
    attributes: z.object({
      ok: z.literal(true),
      clanTag: z.string(),
      warStatus: z.enum(['clanWar', 'friendlyWar', 'none']).optional(),
    }),
  }),
});

/** GET /clan/roster/allowed-changes. */
export const allowedChangesDocument = z.object({
  data: z.object({ id: z.string(), type: z.literal('allowed-changes'), attributes: allowedChanges }),
});

/** POST /disband-clan. */
export const disbandBody = requestBody(z.object({ clanTag: gameTag }));
export const disbandDocument = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('rosters'),
    attributes: z.object({ withdrawnAt: z.iso.datetime({ offset: true }) }),
  }),
});

export const rosterIdParams = z.object({ id: resourceId });

/**
 * Error codes of the clan service (spec 8). Exact details:
 * INCOMPLETE_ROSTER on POST /members: 'Please pick at least 5 clan members';
 * INSUFFICIENT_ROLE on POST /members: 'You must select at least 1 Clan Leader or Co-leader';
 * ROSTER_CHANGES_LIMIT_EXCEEDED: 'Roster changes limit exceeded'.
 */
export const CLAN_ERROR_CODES = [
  'INCOMPLETE_ROSTER',
  'INSUFFICIENT_ROLE',
  'INSUFFICIENT_PERMISSION',
  'TH_LEVELS_MISMATCH',
  'INVALID_CLAN_LEVEL',
  'WRONG_MEMBER',
  'ROSTER_FULL',
  'ROSTER_CHANGES_LIMIT_EXCEEDED',
  'MEMBERS_MISSING',
  'INCOMPLETE_CLAN',
  'CLAN_IS_IN_WAR',
  'WAR_LOG_PRIVATE',
  'SEGMENT_REGISTRATION_CLOSED',
  'ROSTER_LOCKED',
  'NO_CLAN',
  'PLAYER_BANNED',
] as const;
