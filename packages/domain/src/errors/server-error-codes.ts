/** Codes the hub services put in JSON:API error objects (spec 6 and 8). */
export const GAME_RULE_ERROR_CODES = [
  'INSUFFICIENT_TH_LEVEL',
  'PLAYER_BANNED',
  'INSUFFICIENT_ROLE',
  'NOT_INVITED',
  'NO_CLAN',
  'INSUFFICIENT_PERMISSION',
  'INCOMPLETE_ROSTER',
  'INVALID_CLAN_LEVEL',
  'INCOMPLETE_CLAN',
  'MEMBERS_MISSING',
  'TH_LEVELS_MISMATCH',
  'ROSTER_CHANGES_LIMIT_EXCEEDED',
  'WRONG_MEMBER',
  'OPPONENT_IS_IN_WAR',
  'CLAN_IS_IN_WAR',
  'MATCH_LIMIT_REACHED',
  'UPCOMING_MATCH',
  'ROSTER_ALREADY_PLAYED',
  'MATCH_TIME_PASSED',
  'ROSTER_FULL',
  'SEGMENT_REGISTRATION_CLOSED',
] as const;

/** Transport-level codes every endpoint may answer with. */
export const GENERIC_ERROR_CODES = [
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL',
] as const;

export const SERVER_ERROR_CODES = [...GAME_RULE_ERROR_CODES, ...GENERIC_ERROR_CODES] as const;
export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];

export function isServerErrorCode(value: unknown): value is ServerErrorCode {
  return typeof value === 'string' && (SERVER_ERROR_CODES as readonly string[]).includes(value);
}

/**
 * Exact `detail` texts the clients match on (spec 8), so server and web agree on the wording.
 * The 400 limit detail is matched as text because the original service sent no code for it.
 */
export const ROSTER_CHANGES_LIMIT_DETAIL = 'Roster changes limit exceeded';
export const ROSTER_ALREADY_PLAYED_DETAIL = 'roster has already played';
export const MATCH_TIME_PASSED_MESSAGE = "No checkin done as it's passed match time";

/** HTTP status the server answers each game-rule code with (spec 6: the 401 ones; spec 8: the 400 ones). */
export const SERVER_ERROR_STATUS: Record<ServerErrorCode, number> = {
  INSUFFICIENT_TH_LEVEL: 401,
  PLAYER_BANNED: 401,
  INSUFFICIENT_ROLE: 401,
  NOT_INVITED: 401,
  NO_CLAN: 401,
  INSUFFICIENT_PERMISSION: 400,
  INCOMPLETE_ROSTER: 400,
  INVALID_CLAN_LEVEL: 400,
  INCOMPLETE_CLAN: 400,
  MEMBERS_MISSING: 400,
  TH_LEVELS_MISMATCH: 400,
  ROSTER_CHANGES_LIMIT_EXCEEDED: 400,
  WRONG_MEMBER: 400,
  OPPONENT_IS_IN_WAR: 400,
  CLAN_IS_IN_WAR: 400,
  MATCH_LIMIT_REACHED: 429,
  UPCOMING_MATCH: 409,
  ROSTER_ALREADY_PLAYED: 400,
  MATCH_TIME_PASSED: 400,
  ROSTER_FULL: 400,
  SEGMENT_REGISTRATION_CLOSED: 400,
  VALIDATION_FAILED: 400,
  NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};
