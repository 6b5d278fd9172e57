import { CHECKIN_MIN_COMPETITORS_EXCLUSIVE, CHECKIN_WINDOW_MS, TEAM_SIZE } from '../constants.js';
import type { Instant } from '../entities/common.js';
import type { SegmentCheckinsConfig } from '../entities/segment.js';
import type { ErrorCode } from '../errors/error-catalogue.js';
import type { ErrorPageCode } from '../errors/error-codes.js';
import { isUpcomingState } from '../rules/match-series.js';
import { rangeContains, toMillis } from '../time/instant.js';

/**
 * Check-ins of tournament stages (spec 4 check-in flow, 5 validation, 8 error pages, 9 window):
 * the pure decisions the server's check-in calls and deadline jobs take, and the error pages the
 * web shows for their refusals.
 */

/** Segment configuration.phase of a monthly qualifier: a segment check-in is a single confirm. */
export const MONTHLY_QUALIFIER_PHASE = 'MONTHLY_QUALIFIERS';

export function isMonthlyQualifier(configuration: { phase?: unknown } | null | undefined): boolean {
  return configuration?.phase === MONTHLY_QUALIFIER_PHASE;
}

/** Spec 5: why a segment check-in is refused (see `stageSegmentCheckInRefusal`). */
export type SegmentCheckInRefusal =
  | 'missingData'
  | 'alreadyCheckedIn'
  | 'notActiveSegment'
  | 'notOwner'
  | 'outsideWindow';

/** The catalogue code each spec 5 segment check-in refusal is answered with. */
export const SEGMENT_CHECK_IN_ERROR: Readonly<Record<SegmentCheckInRefusal, ErrorCode>> = {
  missingData: 'CHECK_IN_DATA_MISSING',
  alreadyCheckedIn: 'ROSTER_ALREADY_CHECKED_IN',
  notActiveSegment: 'ROSTER_NOT_IN_SEGMENT',
  notOwner: 'NOT_ROSTER_OWNER',
  outsideWindow: 'CHECK_IN_WINDOW_CLOSED',
};

export type MatchCheckInDecision =
  | { kind: 'checkIn' }
  /** Spec 4: "if the user is already among the check-ins, stop quietly". */
  | { kind: 'alreadyCheckedIn' }
  | { kind: 'refused'; reason: MatchCheckInRefusalReason };

export type MatchCheckInRefusalReason =
  /** After the match time, or the series is no longer upcoming (live, finished): code 8. */
  | 'passedMatchTime'
  /** Earlier than 5 minutes before the match. */
  | 'notOpenYet'
  /** A series with at most one competitor (a bye, or a bracket node waiting for a team). */
  | 'noOpponent';

export const MATCH_CHECK_IN_ERROR: Readonly<Record<MatchCheckInRefusalReason, ErrorCode>> = {
  passedMatchTime: 'MATCH_TIME_PASSED',
  notOpenYet: 'MATCH_CHECK_IN_NOT_OPEN',
  noOpponent: 'MATCH_CHECK_IN_NOT_OPEN',
};

export interface MatchCheckInInput {
  state: string;
  date: Instant;
  /** Competitors with a roster. */
  competitors: number;
  /** Whether the caller's side already checked in to this series. */
  checkedIn: boolean;
}

/**
 * Spec 4, 5 and 9, in the flow's order: past the match time (or no longer upcoming) is refused
 * even for a side that checked in; then a repeated check-in is a quiet no-op; then the window
 * (from 5 minutes before the match time up to it, both ends included) and the opponent.
 */
export function matchCheckInDecision(input: MatchCheckInInput, now: Instant): MatchCheckInDecision {
  const at = toMillis(now);
  const start = toMillis(input.date);
  if (at > start || !isUpcomingState(input.state)) {
    return { kind: 'refused', reason: 'passedMatchTime' };
  }
  if (input.checkedIn) return { kind: 'alreadyCheckedIn' };
  if (input.competitors <= CHECKIN_MIN_COMPETITORS_EXCLUSIVE)
    return { kind: 'refused', reason: 'noOpponent' };
  if (at < start - CHECKIN_WINDOW_MS) return { kind: 'refused', reason: 'notOpenYet' };
  return { kind: 'checkIn' };
}

export type DeadlineOutcome =
  | { kind: 'live' }
  | { kind: 'forfeit'; forfeit: 'home' | 'away' | 'both'; missed: ('home' | 'away')[] };

/**
 * At the match time: both sides checked in → the series goes live; otherwise every side that did
 * not check in forfeits (FFL, its opponent FFW); both missing is a double forfeit.
 */
export function deadlineOutcome(sides: { home: boolean; away: boolean }): DeadlineOutcome {
  if (sides.home && sides.away) return { kind: 'live' };
  const missed = (['home', 'away'] as const).filter((side) => !sides[side]);
  return { kind: 'forfeit', forfeit: missed.length === 2 ? 'both' : missed[0]!, missed };
}

export interface SelectionMember {
  tag: string;
  townHallLevel: number;
}

export type PlayerSelectionRefusal =
  /** Not exactly 5 different players (15/16 "Missing one or more team members"). */
  | { code: 'CHECK_IN_MEMBERS_MISSING'; tags: string[] }
  /** A tag that is not a live member of the roster (36). */
  | { code: 'WRONG_MEMBER'; tags: string[] }
  /** A player whose town hall level differs from the clan's: not selectable (27). */
  | { code: 'TH_LEVELS_MISMATCH'; tags: string[] };

/**
 * Spec 5 selection for a check-in that names its players: exactly 5 different live members of the
 * roster, all on the clan's town hall level (players on another level are locked out of the list;
 * the captain is locked in, so naming the captain is fine).
 */
export function playerSelectionRefusal(
  tags: readonly string[],
  members: readonly SelectionMember[],
  clanThLevel: number,
): PlayerSelectionRefusal | null {
  const byTag = new Map(members.map((m) => [m.tag, m]));
  const strangers = tags.filter((tag) => !byTag.has(tag));
  if (strangers.length > 0) return { code: 'WRONG_MEMBER', tags: strangers };
  const mismatched = tags.filter((tag) => byTag.get(tag)!.townHallLevel !== clanThLevel);
  if (mismatched.length > 0) return { code: 'TH_LEVELS_MISMATCH', tags: mismatched };
  if (new Set(tags).size !== TEAM_SIZE || tags.length !== TEAM_SIZE) {
    return { code: 'CHECK_IN_MEMBERS_MISSING', tags: [...tags] };
  }
  return null;
}

/**
 * The error page of a failed check-in (segment or match), by the catalogue code of the answer.
 * Pairs name the community chat app first and the Chinese messaging app second (9/10, 15/16),
 * as error-codes.ts reads the spec; 14/18 and 19/20 follow the clients' mode switch (`altMode`:
 * 14 and 20). Unknown codes answer null: the caller falls back to checkInFailureRoute.
 */
export function checkInErrorPage(
  code: string,
  options: { isChinaRegion?: boolean; altMode?: boolean } = {},
): ErrorPageCode | null {
  const china = options.isChinaRegion ?? false;
  switch (code) {
    case 'MATCH_TIME_PASSED':
      return 8;
    case 'CHECK_IN_DATA_MISSING':
    case 'ROSTER_ALREADY_CHECKED_IN':
    case 'ROSTER_NOT_IN_SEGMENT':
    case 'NOT_ROSTER_OWNER':
    case 'CHECK_IN_WINDOW_CLOSED':
    case 'MATCH_CHECK_IN_NOT_OPEN':
      return china ? 10 : 9;
    case 'CHECK_IN_MEMBERS_MISSING':
    case 'MEMBERS_MISSING':
      return china ? 16 : 15;
    case 'CLAN_IS_IN_WAR':
      return options.altMode ? 14 : 18;
    case 'OPPONENT_IS_IN_WAR':
      return options.altMode ? 20 : 19;
    case 'WAR_LOG_PRIVATE':
      return china ? 21 : 22;
    case 'TH_LEVELS_MISMATCH':
      return 27;
    case 'WRONG_MEMBER':
      return 36;
    default:
      return null;
  }
}

export interface StageSegmentCheckInContext {
  roster: { ownerId: string | null; checkedIn: boolean; segmentId: string } | null | undefined;
  segment: { id: string; parentId: string | null; checkinsConfig: SegmentCheckinsConfig } | null | undefined;
  userId: string | null | undefined;
}

/**
 * Spec 5 segment check-in to a stage (a child segment), in the spec's order: data missing, already
 * checked in, the roster is not for this segment (the stage's parent, or the stage itself, must be
 * the roster's segment), the caller is not the owner (captain), now outside the open window while
 * check-ins are enabled (both ends included; enabled without a window is never open).
 */
export function stageSegmentCheckInRefusal(
  context: StageSegmentCheckInContext,
  now: Instant,
): SegmentCheckInRefusal | null {
  const { roster, segment, userId } = context;
  if (!roster || !segment || !userId) return 'missingData';
  if (roster.checkedIn) return 'alreadyCheckedIn';
  if (segment.parentId !== roster.segmentId && segment.id !== roster.segmentId) return 'notActiveSegment';
  if (roster.ownerId !== userId) return 'notOwner';
  const { enabled, openWindow } = segment.checkinsConfig;
  if (enabled && (!openWindow || !rangeContains(openWindow, now))) return 'outsideWindow';
  return null;
}
