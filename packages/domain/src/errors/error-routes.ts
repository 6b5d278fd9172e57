import { type ErrorPageCode, type ErrorRoute, errorPageRoute, GENERIC_ERROR_ROUTE } from './error-codes.js';
import { ROSTER_ALREADY_PLAYED_DETAIL, ROSTER_CHANGES_LIMIT_DETAIL } from './server-error-codes.js';

/** What a failed response said: its error code, its first error's detail, or either as a bare string. */
export type ErrorHint = string | { code?: string | null; detail?: string | null } | null | undefined;

export interface ErrorRouteOptions {
  /** The spec's "mode switch": picks 20 over 19 (opponent in war) and 14 over 18 (clan in war). */
  altMode?: boolean;
  isChinaRegion?: boolean;
  /** Answer `/error` instead of null when nothing specific matches. */
  genericFallback?: boolean;
  /**
   * Also map the clan (team) service codes of TEAM_ERROR_CODES, whatever the status, when the
   * status mapping matched nothing. Only the team pages ask for it.
   */
  teamCodes?: boolean;
}

/**
 * The spec's mode switch (18 or 14, 19 or 20) read off the refusal: the server's CLAN_IS_IN_WAR and
 * OPPONENT_IS_IN_WAR carry the war the game reports (`meta.warStatus`); a friendly war picks the
 * second page of each pair (14, 20), a clan war the first (18, 19).
 */
export function isAltWarMode(meta: unknown): boolean {
  return (meta as { warStatus?: unknown } | null | undefined)?.warStatus === 'friendlyWar';
}

function hintParts(hint: ErrorHint): { code: string; detail: string } {
  if (hint == null) return { code: '', detail: '' };
  if (typeof hint === 'string') return { code: hint, detail: hint };
  return { code: hint.code ?? '', detail: hint.detail ?? '' };
}

function includesText(haystack: string, needle: string): boolean {
  return haystack.toLowerCase().includes(needle.toLowerCase());
}

const UNAUTHORIZED_CODES: Record<string, ErrorPageCode> = {
  INSUFFICIENT_TH_LEVEL: 7,
  PLAYER_BANNED: 31,
  INSUFFICIENT_ROLE: 37,
};

const BAD_REQUEST_CODES: Record<string, ErrorPageCode> = {
  INSUFFICIENT_PERMISSION: 17,
  INCOMPLETE_ROSTER: 24,
  INVALID_CLAN_LEVEL: 32,
  INCOMPLETE_CLAN: 11,
  MEMBERS_MISSING: 11,
  TH_LEVELS_MISMATCH: 27,
  ROSTER_CHANGES_LIMIT_EXCEEDED: 35,
  WRONG_MEMBER: 36,
  PLAYER_BANNED: 31,
  // Codes 23–37 have meanings only (spec 8): the server's answer for an archived event (34).
  EVENT_NOT_ACTIVE: 34,
  ROSTER_MISSING_MEMBER: 30,
  BANNED_COUNTRY: 29,
};

/** Clan service codes of the team pages (design note: closed registration → 33, roster full → 6, not selected → 37). */
const TEAM_ERROR_CODES: Record<string, ErrorPageCode> = {
  SEGMENT_REGISTRATION_CLOSED: 33,
  ROSTER_FULL: 6,
  NOT_INVITED: 37,
};

function mappedCode(status: number, hint: ErrorHint, altMode: boolean, china: boolean): ErrorPageCode | null {
  const { code, detail } = hintParts(hint);
  if (status === 401) return UNAUTHORIZED_CODES[code] ?? null;
  // 'Public War Log must be enabled': 21 is the China-region variant, 22 the others.
  if (code === 'WAR_LOG_PRIVATE') return china ? 21 : 22;
  if (status !== 400) return null;
  if (code === 'OPPONENT_IS_IN_WAR') return altMode ? 20 : 19;
  if (code === 'CLAN_IS_IN_WAR') return altMode ? 14 : 18;
  if (includesText(detail, ROSTER_CHANGES_LIMIT_DETAIL)) return 35;
  return BAD_REQUEST_CODES[code] ?? null;
}

/** Spec 8 "server response mapping": the error page for a failed call, or null / `/error`. */
export function errorRouteFor(
  status: number,
  hint: ErrorHint,
  options: ErrorRouteOptions = {},
): ErrorRoute | null {
  const code =
    mappedCode(status, hint, options.altMode ?? false, options.isChinaRegion ?? false) ??
    (options.teamCodes ? (TEAM_ERROR_CODES[hintParts(hint).code] ?? null) : null);
  if (code != null) return errorPageRoute(code);
  return options.genericFallback ? GENERIC_ERROR_ROUTE : null;
}

/** Why joining the ladder queue failed: a pre-check that said no, or the HTTP answer of a call. */
export type JoinQueueFailure =
  | { kind: 'clanInWar' }
  | { kind: 'upcomingMatch' }
  | { kind: 'matchLimit' }
  | { kind: 'http'; status: number; code?: string | null; detail?: string | null };

/** Join-queue failures (spec 8): 23 clan in war, 25 upcoming match, 28 roster already played, 26 match limit. */
export function joinQueueErrorRoute(failure: JoinQueueFailure, options: ErrorRouteOptions = {}): ErrorRoute {
  switch (failure.kind) {
    case 'clanInWar':
      return errorPageRoute(23);
    case 'upcomingMatch':
      return errorPageRoute(25);
    case 'matchLimit':
      return errorPageRoute(26);
    case 'http': {
      const { status, code, detail } = failure;
      if (code === 'CLAN_IS_IN_WAR') return errorPageRoute(23);
      if (code === 'UPCOMING_MATCH') return errorPageRoute(25);
      if (code === 'MATCH_LIMIT_REACHED') return errorPageRoute(26);
      if (
        code === 'ROSTER_ALREADY_PLAYED' ||
        (status === 400 && includesText(detail ?? '', ROSTER_ALREADY_PLAYED_DETAIL))
      ) {
        return errorPageRoute(28);
      }
      return errorRouteFor(status, { code, detail }, { ...options, genericFallback: true })!;
    }
  }
}

export type AcceptMatchUpFailure =
  | { kind: 'clanInWar' }
  | { kind: 'check'; status: number; code?: string | null; detail?: string | null }
  | { kind: 'acceptCall' };

/** Accepting a match-up (spec 8): clan in war 23, failed status/player check derived, accept call `/error`. */
export function acceptMatchUpErrorRoute(
  failure: AcceptMatchUpFailure,
  options: ErrorRouteOptions = {},
): ErrorRoute {
  if (failure.kind === 'clanInWar') return errorPageRoute(23);
  if (failure.kind === 'acceptCall') return GENERIC_ERROR_ROUTE;
  const { status, code, detail } = failure;
  return errorRouteFor(status, { code, detail }, { ...options, genericFallback: true })!;
}

/**
 * Check-in failures (spec 8): the mapped route when known, else 403 → 21 (China) / 22, anything
 * else → 12 (China) / 13. That the first of each pair is the China variant follows 21/22.
 */
export function checkInFailureRoute(
  status: number,
  hint: ErrorHint,
  options: ErrorRouteOptions = {},
): ErrorRoute {
  const mapped = errorRouteFor(status, hint, { ...options, genericFallback: false });
  if (mapped) return mapped;
  const china = options.isChinaRegion ?? false;
  if (status === 403) return errorPageRoute(china ? 21 : 22);
  return errorPageRoute(china ? 12 : 13);
}

/** Saving the selected players failed (spec 8). */
export const SAVE_SELECTED_PLAYERS_ERROR_ROUTE: ErrorRoute = errorPageRoute(27);
