import { document, listDocument, pageQuery, requestBody, resource } from './jsonapi.js';
import { resourceId } from './params.js';
import * as z from './safe-zod.js';

/**
 * The organizer console's rosters, check-in review and seeding (issue 8), under
 * /api/tournaments/1.0/admin/… (docs/api/rosters-admin.md). Organizers of the roster's event and
 * admins only; every write is audited with before and after.
 */
export const ROSTERS_ADMIN_PATHS = {
  rosters: '/admin/rosters',
  lock: '/admin/rosters/:id/lock',
  unlock: '/admin/rosters/:id/unlock',
  withdraw: '/admin/rosters/:id/withdraw',
  move: '/admin/rosters/:id/relationships/segment',
  team: '/admin/rosters/:id/relationships/team',
  checkinReview: '/admin/segments/:id/checkin-review',
  readmit: '/admin/segments/:id/checkin-review/readmit',
  extend: '/admin/segments/:id/checkin-review/extend',
  continueWithout: '/admin/segments/:id/checkin-review/continue',
  seeding: '/admin/segments/:id/seeding',
} as const;

export const adminRosterListQuery = pageQuery.extend({
  'filter[event]': resourceId,
  'filter[segment]': resourceId.optional(),
  /** The rosters of one team (spec §3: a team's entries into the event's segments). */
  'filter[team]': resourceId.optional(),
  /** Part of the roster's name, its clan tag, or its owner's username or e-mail (case-insensitive). */
  'filter[search]': z.string().trim().max(100).optional(),
});

/** Spec 3: a member is ready once registered individually, else "Needs to register". */
export const adminMemberStatus = z.enum(['ready', 'needsToRegister']);

export const adminRosterMember = z.object({
  tag: z.string(),
  name: z.string(),
  position: z.enum(['captain', 'player']),
  thLevel: z.number().int(),
  registrationStatus: adminMemberStatus,
  /** The hub user of the member's game account is suspended (issue 8: their rosters show it). */
  suspended: z.boolean(),
});

export const adminRosterResource = resource(
  'admin-rosters',
  z.object({
    name: z.string().nullable(),
    clanTag: z.string().nullable(),
    owner: z
      .object({ id: z.string(), username: z.string().nullable(), email: z.string(), suspended: z.boolean() })
      .nullable(),
    /** The team this roster is the season's entry of (GET /teams/{id}), if it belongs to one. */
    team: z.object({ id: z.string(), name: z.string() }).nullable(),
    segment: z.object({ id: z.string(), name: z.string() }),
    event: z.object({ id: z.string() }),
    createdAt: z.string(),
    confirmed_at: z.string().nullable(),
    locked: z.boolean(),
    withdrawnAt: z.string().nullable(),
    checkedIn: z.boolean(),
    /** It played (finished, not a bye) a series of its segment: it can no longer be unlocked or moved. */
    hasPlayed: z.boolean(),
    members: z.array(adminRosterMember),
    /** The owner or a member is suspended: the console shows a badge on the roster. */
    hasSuspended: z.boolean(),
  }),
);
export const adminRosterDocument = document(adminRosterResource);
export const adminRosterListDocument = listDocument(adminRosterResource);

/** Move a roster to another level-0 segment of its event (a to-one relationship update). */
export const moveRosterBody = z.object({
  data: z.object({ type: z.literal('segments'), id: resourceId }),
});

/** The team a roster is the entry of (a to-one relationship update; null: no team). */
export const rosterTeamBody = z.object({
  data: z.object({ type: z.literal('teams'), id: resourceId }).nullable(),
});

const reviewRoster = z.object({
  id: z.string(),
  name: z.string().nullable(),
  clanTag: z.string().nullable(),
  checkedIn: z.boolean(),
});
const reviewSide = z.object({
  roster: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  checkedIn: z.boolean(),
});

export const checkinReviewResource = resource(
  'checkin-reviews',
  z.object({
    segment: z.object({
      id: z.string(),
      name: z.string(),
      /** The segment check-in window (segmentCheckinsConfig). */
      checkins: z.object({
        enabled: z.boolean(),
        openWindow: z.object({ from: z.string(), to: z.string() }).nullable(),
      }),
    }),
    /** The window contains now. */
    windowOpen: z.boolean(),
    /** A stage (bracket) exists: continuing without the missing teams is no longer possible. */
    stageCreated: z.boolean(),
    /** Locked, live rosters of the stage (registered on its parent segment). */
    rosters: z.array(reviewRoster),
    /** Match check-ins of the stage's series that have not started. */
    series: z.array(
      z.object({
        id: z.string(),
        date: z.string(),
        state: z.string(),
        roundNumber: z.number().int().nullable(),
        sides: z.array(reviewSide),
      }),
    ),
  }),
);
export const checkinReviewDocument = document(checkinReviewResource);

/** Re-admit: check the roster in on its behalf (segment check-in, or a series' match check-in). */
export const readmitBody = requestBody(
  z.object({ rosterId: resourceId, matchSeriesId: resourceId.optional() }).strict(),
);
/** Extend: the window's new end (ISO without milliseconds), after its start. */
export const extendWindowBody = requestBody(
  z.object({ to: z.iso.datetime({ offset: true, precision: 0 }) }).strict(),
);

export const seedEntry = z.object({
  seed: z.number().int().min(1),
  roster: z.object({ id: z.string(), name: z.string().nullable(), clanTag: z.string().nullable() }),
  /** Where the seed comes from: the previous stage's outcome, a ladder placement, or registration order. */
  source: z.enum(['advanced', 'placement', 'registration', 'stage']),
  previousRank: z.number().int().nullable(),
  checkedIn: z.boolean(),
  /** Once the stage exists: when its lineup last changed after the stage was created (else null). */
  lineupChangedAt: z.string().nullable(),
});

export const seedingResource = resource(
  'seedings',
  z.object({
    segment: z.object({ id: z.string(), name: z.string(), eliminationType: z.string() }),
    /** The stage, once created: the list is then its seeds. */
    stage: z.object({ id: z.string(), createdAt: z.string() }).nullable(),
    seeds: z.array(seedEntry),
  }),
);
export const seedingDocument = document(seedingResource);

export type AdminRosterResource = z.infer<typeof adminRosterResource>;
export type AdminRosterListDocument = z.infer<typeof adminRosterListDocument>;
export type AdminRosterDocument = z.infer<typeof adminRosterDocument>;
export type AdminRosterListQuery = z.infer<typeof adminRosterListQuery>;
export type CheckinReviewDocument = z.infer<typeof checkinReviewDocument>;
export type CheckinReview = z.infer<typeof checkinReviewResource>['attributes'];
export type SeedingDocument = z.infer<typeof seedingDocument>;
export type SeedEntry = z.infer<typeof seedEntry>;
export type MoveRosterBody = z.infer<typeof moveRosterBody>;
export type RosterTeamBody = z.infer<typeof rosterTeamBody>;
export type ReadmitBody = z.infer<typeof readmitBody>;
export type ExtendWindowBody = z.infer<typeof extendWindowBody>;
