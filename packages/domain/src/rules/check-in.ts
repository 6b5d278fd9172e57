import { CHECKIN_MIN_COMPETITORS_EXCLUSIVE, CHECKIN_WINDOW_MS } from '../constants.js';
import type { CheckIn } from '../entities/check-in.js';
import type { Instant } from '../entities/common.js';
import type { MatchSeries } from '../entities/match-series.js';
import { MATCH_TIME_PASSED_MESSAGE } from '../errors/server-error-codes.js';
import { toMillis } from '../time/instant.js';
import { isUpcomingState } from './match-series.js';

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
