/**
 * Error codes the server answers with: the spec's section 8 catalogue plus generic codes.
 * The HTTP status lives here so repositories and services stay free of HTTP concerns.
 */
export const ERROR_CODES = {
  // Generic
  VALIDATION_FAILED: { status: 400, title: 'Validation failed' },
  UNAUTHENTICATED: { status: 401, title: 'Authentication required' },
  FORBIDDEN: { status: 403, title: 'Forbidden' },
  NOT_FOUND: { status: 404, title: 'Not found' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method not allowed' },
  NOT_ACCEPTABLE: { status: 406, title: 'Not acceptable' },
  CONFLICT: { status: 409, title: 'Conflict' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'Payload too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Unsupported media type' },
  RATE_LIMITED: { status: 429, title: 'Too many requests' },
  INTERNAL_ERROR: { status: 500, title: 'Internal server error' },
  SERVICE_UNAVAILABLE: { status: 503, title: 'Service unavailable' },
  // Spec section 8 / 6: 401 answers of the hub's user lookup
  INSUFFICIENT_TH_LEVEL: { status: 401, title: 'Insufficient town hall level' },
  PLAYER_BANNED: { status: 401, title: 'Player banned' },
  INSUFFICIENT_ROLE: { status: 401, title: 'Insufficient clan role' },
  NOT_INVITED: { status: 401, title: 'Not invited' },
  NO_CLAN: { status: 401, title: 'No clan' },
  // Spec section 8: 400 answers
  INSUFFICIENT_PERMISSION: { status: 400, title: 'Insufficient permission' },
  INCOMPLETE_ROSTER: { status: 400, title: 'Incomplete roster' },
  INVALID_CLAN_LEVEL: { status: 400, title: 'Invalid clan level' },
  INCOMPLETE_CLAN: { status: 400, title: 'Incomplete clan' },
  MEMBERS_MISSING: { status: 400, title: 'Members missing' },
  TH_LEVELS_MISMATCH: { status: 400, title: 'Town hall levels mismatch' },
  ROSTER_CHANGES_LIMIT_EXCEEDED: { status: 400, title: 'Roster changes limit exceeded' },
  WRONG_MEMBER: { status: 400, title: 'Wrong member' },
  OPPONENT_IS_IN_WAR: { status: 400, title: 'Opponent is in war' },
  CLAN_IS_IN_WAR: { status: 400, title: 'Clan is in war' },
  // Players and teams (docs/api/players-and-teams.md)
  NOT_REGISTERED: { status: 404, title: 'Not registered' },
  INVALID_TOKEN: { status: 400, title: 'Invalid API token' },
  UNKNOWN_PLAYER: { status: 400, title: 'Unknown player' },
  ROSTER_FULL: { status: 400, title: 'Roster full' },
  ROSTER_LOCKED: { status: 400, title: 'Roster locked' },
  SEGMENT_REGISTRATION_CLOSED: { status: 400, title: 'Segment registration not open' },
  WAR_LOG_PRIVATE: { status: 400, title: 'War log private' },
  // Ladder play (docs/api/ladder.md)
  UPCOMING_MATCH: { status: 409, title: 'Upcoming match' },
  MATCH_LIMIT_REACHED: { status: 429, title: 'Match Limited Reached' },
  ROSTER_ALREADY_PLAYED: { status: 400, title: 'Roster already played' },
  NOT_IN_LADDER: { status: 409, title: 'Not in an open ladder segment' },
  MATCH_UP_EXPIRED: { status: 409, title: 'Match-up expired' },
  MATCH_UP_CLOSED: { status: 409, title: 'Match-up no longer awaiting confirmation' },
  WAR_NOT_AVAILABLE: { status: 409, title: 'War cannot be created' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_CODES, value);
}
