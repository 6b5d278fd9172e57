import { CHECKIN_MIN_COMPETITORS_EXCLUSIVE, CHECKIN_WINDOW_MS } from '../constants.js';
import type { CheckIn } from '../entities/check-in.js';
import type { Instant } from '../entities/common.js';
import type { MatchSeries } from '../entities/match-series.js';
import type { Roster } from '../entities/roster.js';
import type { Segment } from '../entities/segment.js';
import { MATCH_TIME_PASSED_MESSAGE } from '../errors/server-error-codes.js';
import { rangeContains, toMillis } from '../time/instant.js';
import { isUpcomingState } from './match-series.js';

export type SegmentCheckInRefusal =
  | 'missingData'
  | 'alreadyCheckedIn'
  | 'notActiveSegment'
  | 'notOwner'
  | 'outsideWindow';

export interface SegmentCheckInContext {
  roster: Pick<Roster, 'ownerId' | 'checkedIn' | 'segment'> | null | undefined;
  segment: Pick<Segment, 'segmentCheckinsConfig'> | null | undefined;
  activeSegmentId: string | null | undefined;
  userId: string | null | undefined;
}

/**
 * Spec 5: why a segment check-in must be refused, or null when it may go ahead. The roster counts as
 * "for the active segment" when its segment or that segment's parent is the active one. With
 * check-ins enabled but no window configured, nothing is inside the window.
 */
export function segmentCheckInRefusal(
  context: SegmentCheckInContext,
  now: Instant,
): SegmentCheckInRefusal | null {
  const { roster, segment, activeSegmentId, userId } = context;
  if (!roster || !segment || !activeSegmentId || !userId) return 'missingData';
  if (roster.checkedIn) return 'alreadyCheckedIn';
  if (roster.segment.id !== activeSegmentId && roster.segment.parentId !== activeSegmentId) {
    return 'notActiveSegment';
  }
  if (roster.ownerId !== userId) return 'notOwner';
  const { enabled, openWindow } = segment.segmentCheckinsConfig;
  if (enabled && (!openWindow || !rangeContains(openWindow, now))) return 'outsideWindow';
  return null;
}

type CheckInSeries = Pick<MatchSeries, 'state' | 'date' | 'competitors'>;

/** Spec 9: an upcoming match within 5 minutes of its start that has an opponent. */
export function matchCheckInAvailable(series: CheckInSeries | null | undefined, now: Instant): boolean {
  if (!series || !isUpcomingState(series.state)) return false;
  if (series.competitors.length <= CHECKIN_MIN_COMPETITORS_EXCLUSIVE) return false;
  const start = toMillis(series.date);
  const at = toMillis(now);
  return start - CHECKIN_WINDOW_MS <= at && at <= start;
}

export type MatchCheckInRefusal =
  | { kind: 'passedMatchTime'; message: typeof MATCH_TIME_PASSED_MESSAGE }
  /** Not an error: the flow stops quietly. */
  | { kind: 'alreadyCheckedIn' };

/** Spec 4/5: refuse after the match time, skip quietly when the user already checked in. */
export function matchCheckInRefusal(
  series: { date: Instant },
  now: Instant,
  context: { userId: string; checkIns: readonly Pick<CheckIn, 'userId'>[] },
): MatchCheckInRefusal | null {
  if (toMillis(now) > toMillis(series.date)) {
    return { kind: 'passedMatchTime', message: MATCH_TIME_PASSED_MESSAGE };
  }
  if (context.checkIns.some((checkIn) => checkIn.userId === context.userId))
    return { kind: 'alreadyCheckedIn' };
  return null;
}
