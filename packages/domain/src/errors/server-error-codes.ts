import { ERROR_CATALOGUE, type ErrorCode, isErrorCode } from './error-catalogue.js';

/** The game-rule codes of the catalogue (spec 6 and 8): the ones the web routes to error pages. */
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
] as const satisfies readonly ErrorCode[];

/** Transport-level codes of the catalogue that every endpoint may answer with. */
export const GENERIC_ERROR_CODES = [
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
] as const satisfies readonly ErrorCode[];

export * from './error-catalogue.js';

/** Every code of the catalogue (error-catalogue.ts): the game rules' and the generic ones. */
export const SERVER_ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];
export type ServerErrorCode = ErrorCode;

export const isServerErrorCode = isErrorCode;

/**
 * Exact `detail` texts the clients match on (spec 8), so server and web agree on the wording.
 * The 400 limit detail is matched as text because the original service sent no code for it.
 */
export const ROSTER_CHANGES_LIMIT_DETAIL = 'Roster changes limit exceeded';
export const ROSTER_ALREADY_PLAYED_DETAIL = 'roster has already played';
export const MATCH_TIME_PASSED_MESSAGE = "No checkin done as it's passed match time";

/** HTTP status of every code, read off the catalogue. */
export const SERVER_ERROR_STATUS = Object.fromEntries(
  Object.entries(ERROR_CATALOGUE).map(([code, entry]) => [code, entry.status]),
) as Record<ErrorCode, number>;
