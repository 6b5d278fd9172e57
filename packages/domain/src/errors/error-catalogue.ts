/**
 * The one error catalogue of the product: every code the server answers with, its HTTP status, its
 * JSON:API title and when it is thrown. The server's error handler and the web's error routing both
 * read it, so a code cannot mean a 400 in one place and a 409 in another. Spec 6 and 8 fix the
 * statuses of the game-rule codes; the rest follow HTTP.
 */
export interface ErrorCatalogueEntry {
  status: number;
  title: string;
  /** When the code is thrown (documentation; shown nowhere). */
  when: string;
}

export const ERROR_CATALOGUE = {
  // Generic: any endpoint.
  VALIDATION_FAILED: {
    status: 400,
    title: 'Validation failed',
    when: 'A parameter, query or body does not match its contract schema, or a relation is inconsistent.',
  },
  UNAUTHENTICATED: {
    status: 401,
    title: 'Authentication required',
    when: 'No, an expired or an unknown bearer token; a wrong password or refresh token.',
  },
  FORBIDDEN: {
    status: 403,
    title: 'Forbidden',
    when: 'The caller is signed in but may not do this (not the captain, not an admin, not the owner).',
  },
  NOT_FOUND: {
    status: 404,
    title: 'Not found',
    when: 'The addressed resource does not exist in this tenant.',
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    title: 'Method not allowed',
    when: 'The path exists with other methods.',
  },
  NOT_ACCEPTABLE: {
    status: 406,
    title: 'Not acceptable',
    when: 'The Accept header excludes JSON:API.',
  },
  CONFLICT: {
    status: 409,
    title: 'Conflict',
    when: 'The change collides with the current state (a duplicate, or a state that moved on).',
  },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'Payload too large', when: 'The body exceeds the body limit.' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    title: 'Unsupported media type',
    when: 'A body is sent with a content type other than JSON:API or JSON.',
  },
  RATE_LIMITED: {
    status: 429,
    title: 'Too many requests',
    when: 'Too many failed sign-ins, wrong API tokens or log lines from one address.',
  },
  INTERNAL_ERROR: {
    status: 500,
    title: 'Internal server error',
    when: 'An unexpected failure (a bug); the transaction was rolled back.',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    title: 'Service unavailable',
    when: 'The game (or another upstream) did not answer.',
  },
  // Spec 6 and 8: the 401 answers of the game-user lookup and the clan hub.
  INSUFFICIENT_TH_LEVEL: {
    status: 401,
    title: 'Insufficient town hall level',
    when: "The player's town hall is below the lowest level any competition accepts.",
  },
  PLAYER_BANNED: { status: 401, title: 'Player banned', when: 'The game marks the player as banned.' },
  INSUFFICIENT_ROLE: {
    status: 401,
    title: 'Insufficient clan role',
    when: "The caller's clan role does not allow the action, or the clan has no team yet (lookup).",
  },
  NOT_INVITED: {
    status: 401,
    title: 'Not invited',
    when: 'The clan has a team and the player is not on it (lookup).',
  },
  NO_CLAN: { status: 401, title: 'No clan', when: 'The player is in no clan, or the clan is unknown.' },
  // Spec 8: the 400 answers of the clan hub and the ladder.
  INSUFFICIENT_PERMISSION: {
    status: 400,
    title: 'Insufficient permission',
    when: 'The captain is missing, not selected, or not a leader or co-leader.',
  },
  INCOMPLETE_ROSTER: {
    status: 400,
    title: 'Incomplete roster',
    when: 'Fewer members are selected than the segment requires.',
  },
  INVALID_CLAN_LEVEL: {
    status: 400,
    title: 'Invalid clan level',
    when: "The clan's town hall level is not the segment's.",
  },
  INCOMPLETE_CLAN: {
    status: 400,
    title: 'Incomplete clan',
    when: 'The clan has fewer than 5 members, so no team can be selected.',
  },
  MEMBERS_MISSING: {
    status: 400,
    title: 'Members missing',
    when: 'A selected member left the clan.',
  },
  TH_LEVELS_MISMATCH: {
    status: 400,
    title: 'Town hall levels mismatch',
    when: 'Selected players have different town hall levels.',
  },
  ROSTER_CHANGES_LIMIT_EXCEEDED: {
    status: 400,
    title: 'Roster changes limit exceeded',
    when: "This month's lineup changes are used up.",
  },
  WRONG_MEMBER: {
    status: 400,
    title: 'Wrong member',
    when: 'A named player is not a member of the roster or the clan.',
  },
  OPPONENT_IS_IN_WAR: {
    status: 400,
    title: 'Opponent is in war',
    when: "The opponent's clan is in a war when a war is to start.",
  },
  CLAN_IS_IN_WAR: {
    status: 400,
    title: 'Clan is in war',
    when: "The caller's clan is in a Clan War or Friendly War (queue join, accept, war start).",
  },
  // Players and teams (docs/api/players-and-teams.md).
  NOT_REGISTERED: {
    status: 404,
    title: 'Not registered',
    when: 'The player passed every check but has no hub account yet (lookup).',
  },
  CHAT_GROUP_NOT_SET: {
    status: 404,
    title: 'Chat group not set up',
    when: "The group QR code of a roster whose event has no messaging-app group link yet (the organizer sets the event's chatGroupUrl).",
  },
  INVALID_TOKEN: {
    status: 400,
    title: 'Invalid API token',
    when: 'The in-game API token does not belong to the player.',
  },
  UNKNOWN_PLAYER: { status: 400, title: 'Unknown player', when: 'The game knows no player with the tag.' },
  ROSTER_FULL: {
    status: 400,
    title: 'Roster full',
    when: 'Adding a player would exceed the roster size or the allowed additions.',
  },
  BANNED_COUNTRY: {
    status: 400,
    title: 'Banned country',
    when: "The caller's country is in BANNED_COUNTRIES: the player cannot register (error page 29).",
  },
  ROSTER_MISSING_MEMBER: {
    status: 400,
    title: 'Roster missing member',
    when: 'A locked roster has fewer live members than the team size, so it cannot queue (error page 30).',
  },
  EVENT_NOT_ACTIVE: {
    status: 400,
    title: 'Event not active',
    when: 'The event is archived: it takes no new teams or rosters (error page 34).',
  },
  SEGMENT_FULL: {
    status: 400,
    title: 'Segment full',
    when: 'The segment already holds rostersLimit.limit live rosters (spec 3, 9); no roster is created.',
  },
  ROSTER_LOCKED: {
    status: 400,
    title: 'Roster locked',
    when: 'The lineup is locked (or withdrawn) and cannot change.',
  },
  SEGMENT_REGISTRATION_CLOSED: {
    status: 400,
    title: 'Segment registration not open',
    when: 'The segment does not take registrations now.',
  },
  WAR_LOG_PRIVATE: {
    status: 400,
    title: 'War log private',
    when: "The clan's war log is private, so results could not be read.",
  },
  // Ladder play (docs/api/ladder.md).
  UPCOMING_MATCH: {
    status: 409,
    title: 'Upcoming match',
    when: 'The roster already has an open match series (queue join).',
  },
  MATCH_LIMIT_REACHED: {
    status: 429,
    title: 'Match Limited Reached',
    when: 'The roster played the most matches allowed in the last 24 hours.',
  },
  ROSTER_ALREADY_PLAYED: {
    status: 400,
    title: 'Roster already played',
    when: 'A selected player already played for another roster in this segment.',
  },
  NOT_IN_LADDER: {
    status: 409,
    title: 'Not in an open ladder segment',
    when: "The roster's segment is not a ladder in its play window.",
  },
  MATCH_UP_EXPIRED: {
    status: 409,
    title: 'Match-up expired',
    when: 'The match-up passed its accept deadline before both captains accepted.',
  },
  MATCH_UP_CLOSED: {
    status: 409,
    title: 'Match-up no longer awaiting confirmation',
    when: 'The match-up was declined or accepted already.',
  },
  MATCH_TIME_PASSED: {
    status: 409,
    title: 'Match time passed',
    when: 'A match check-in after the match series date, or for a series no longer upcoming.',
  },
  WAR_NOT_AVAILABLE: {
    status: 409,
    title: 'War cannot be created',
    when: 'The match series cannot have a war (state, missing competitor, game without war creation).',
  },
  // Stage check-ins (spec 5 and 8; features/checkins, docs/jobs.md). Pages: checkInErrorPage.
  CHECK_IN_DATA_MISSING: {
    status: 400,
    title: 'Check-in data missing',
    when: 'Segment check-in without a roster of the caller, a known segment or the player tags it needs (9/10).',
  },
  ROSTER_ALREADY_CHECKED_IN: {
    status: 409,
    title: 'Roster already checked in',
    when: 'Segment check-in of a roster whose checkedIn is already true (9/10).',
  },
  ROSTER_NOT_IN_SEGMENT: {
    status: 409,
    title: 'Roster not for the active segment',
    when: "Segment check-in to a segment whose parent is not the roster's segment (9/10).",
  },
  NOT_ROSTER_OWNER: {
    status: 403,
    title: 'Not the roster owner',
    when: 'A check-in (segment or match) by someone other than the captain of the roster (9/10).',
  },
  CHECK_IN_WINDOW_CLOSED: {
    status: 409,
    title: 'Check-in window closed',
    when: "Segment check-in outside the segment's segmentCheckinsConfig.openWindow while enabled (9/10).",
  },
  CHECK_IN_MEMBERS_MISSING: {
    status: 400,
    title: 'Missing one or more team members before tournament check-in',
    when: 'A check-in that names its players does not name exactly 5 different players (15/16).',
  },
  MATCH_CHECK_IN_NOT_OPEN: {
    status: 409,
    title: 'Match check-in not open',
    when: 'Match check-in earlier than 5 minutes before the match, or to a series without an opponent (9/10).',
  },
  // Disputes of a recorded result (issue #13; the captain must be a roster owner: NOT_ROSTER_OWNER).
  DISPUTE_NO_RESULT: {
    status: 409,
    title: 'No result to dispute',
    when: 'A dispute of a series that has no recorded result (not finished, or reset).',
  },
  DISPUTE_WINDOW_CLOSED: {
    status: 409,
    title: 'Dispute window closed',
    when: "A dispute after the segment's dispute window (minutes after the result) has passed.",
  },
  DISPUTE_ALREADY_OPEN: {
    status: 409,
    title: 'Dispute already open',
    when: 'A dispute of a series that already has an open dispute.',
  },
  DISPUTE_CLOSED: {
    status: 409,
    title: 'Dispute already resolved',
    when: 'Resolving a dispute the organizer already upheld or corrected.',
  },
} as const satisfies Record<string, ErrorCatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}
