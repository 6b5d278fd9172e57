import { gameTag } from './game-tags.js';
import { resourceId } from './params.js';
import * as z from './safe-zod.js';
import { MATCH_CHECK_IN_MISSED_EVENT } from './socket-events.js';

/**
 * Stage check-ins (spec 4 check-in flow, 5 validation, 8 error pages, 9 window; docs/jobs.md for
 * the deadlines). Two calls, both by the captain (roster owner) only:
 *
 * 1. Segment check-in (Tournament Check In), clan service:
 *    `POST /api/clan/1.0/clan/roster/segment-check-in` (SEGMENT_CHECK_IN_PATH), bearer player
 *    token (or hub-user token) like the other clan-service calls. The caller's roster is the live
 *    roster they own or play in. A monthly qualifier (segment configuration.phase
 *    MONTHLY_QUALIFIERS) is a single confirm: `playerTags` is ignored. Any other segment needs the
 *    tags of exactly 5 players of the roster on the clan's town hall level; they become the
 *    roster's selected players. 200: the roster document (`rosters`, `checkedIn: true`).
 *    Refusals (nothing written), in this order (spec 5):
 *    - 400 CHECK_IN_DATA_MISSING: the caller has no roster, or the segment is unknown (9/10);
 *    - 409 ROSTER_ALREADY_CHECKED_IN (9/10);
 *    - 409 ROSTER_NOT_IN_SEGMENT: the segment's parent is not the roster's segment (9/10);
 *    - 403 NOT_ROSTER_OWNER: the caller is not the captain (9/10);
 *    - 409 CHECK_IN_WINDOW_CLOSED: check-ins enabled and now outside openWindow (9/10);
 *    - 400 CHECK_IN_MEMBERS_MISSING (15/16), WRONG_MEMBER (36), TH_LEVELS_MISMATCH (27): the tags.
 *
 * 2. Match check-in, war service: `POST /api/war/1.0/match-check-in` (MATCH_CHECK_IN_PATH),
 *    bearer token. Records the captain's check-in to the match series and answers the war deep
 *    link (the same idempotent war creation as POST /create-war), or null when the game gives
 *    none. In a monthly qualifier the 5 `playerTags` are required and saved as the selected
 *    players (only those 5 play); elsewhere they are ignored. A repeated call is a quiet no-op
 *    (200, `alreadyCheckedIn: true`, the same link). Refusals (nothing written):
 *    - 401 UNAUTHENTICATED; 404 NOT_FOUND (no such series);
 *    - 403 NOT_ROSTER_OWNER: not the captain of a roster of the series (9/10);
 *    - 409 MATCH_TIME_PASSED: after the match time (or the series is no longer upcoming), detail
 *      "No checkin done as it's passed match time" (8, "Your team missed the Match Check-In window");
 *    - 409 MATCH_CHECK_IN_NOT_OPEN: earlier than 5 minutes before the match, or no opponent (9/10);
 *    - 400 CLAN_IS_IN_WAR (14/18), OPPONENT_IS_IN_WAR (19/20), WAR_LOG_PRIVATE (21/22);
 *    - 400 CHECK_IN_MEMBERS_MISSING / WRONG_MEMBER / TH_LEVELS_MISMATCH (monthly qualifier tags).
 *
 * The error page of any refusal: `checkInErrorPage(code)` in @cwh/domain.
 */

/** Under API.clan. */
export const SEGMENT_CHECK_IN_PATH = '/clan/roster/segment-check-in';
/** Under API.war. */
export const MATCH_CHECK_IN_PATH = '/match-check-in';

export const segmentCheckInBody = z.object({
  data: z.object({
    type: z.literal('segment-check-ins').optional(),
    attributes: z.object({
      segmentId: resourceId,
      /** Exactly 5 outside a monthly qualifier; ignored in one. */
      playerTags: z.array(gameTag).max(50).optional(),
    }),
  }),
});
export type SegmentCheckInBody = z.infer<typeof segmentCheckInBody>;

export const matchCheckInBody = z.object({
  data: z.object({
    type: z.literal('match-check-ins').optional(),
    attributes: z.object({
      matchSeriesId: resourceId,
      /** Exactly 5 in a monthly qualifier; ignored elsewhere. */
      playerTags: z.array(gameTag).max(50).optional(),
    }),
  }),
});
export type MatchCheckInBody = z.infer<typeof matchCheckInBody>;

export const matchCheckInAttributes = z.object({
  matchSeriesId: z.string(),
  /** The war deep link (simulated game: a relative hub URL), or null when the game gives none. */
  link: z.string().nullable(),
  /** True when this side had already checked in (the call changed nothing). */
  alreadyCheckedIn: z.boolean(),
});
export const matchCheckInDocument = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('match-check-ins'),
    attributes: matchCheckInAttributes,
  }),
});
export type MatchCheckInDocument = z.infer<typeof matchCheckInDocument>;

/**
 * Socket `update` MATCH_CHECK_IN_MISSED_EVENT ('matches:check_in_missed'), sent at the match time
 * to both captains of a series where a side missed its check-in: `own` true for the captain whose
 * team missed (error 8), false for its opponent. `forfeit` says who forfeited.
 */
export const matchCheckInMissedData = z.object({
  matchSeries: z.object({ id: z.string() }),
  roster: z.object({ id: z.string() }),
  own: z.boolean(),
  forfeit: z.enum(['home', 'away', 'both']),
});
export type MatchCheckInMissedData = z.infer<typeof matchCheckInMissedData>;

declare module './socket.js' {
  interface SocketUpdateMap {
    [MATCH_CHECK_IN_MISSED_EVENT]: MatchCheckInMissedData;
  }
}
