import type { Instant } from '../entities/common.js';
import { toMillis } from './instant.js';

/** A window of the schedule: from (inclusive) to (exclusive). */
export interface PeriodWindow {
  from: Instant;
  to: Instant;
}

/** What the session period flags are set from (spec 3 "User session state", "Wrapper event"). */
export interface PeriodSchedule {
  /** The registration phase of the team's segment; null: none. */
  registration: PeriodWindow | null;
  /** When captains check in (the segment's check-in window); null: no check-in. */
  checkIn: PeriodWindow | null;
  /** When the stage is played (the segment's dates). */
  play: PeriodWindow | null;
  /** Start of each play day (the wrapper event's day 1, 2, 3); empty when the stage has no days. */
  dayStarts: readonly Instant[];
  /** When day one was over (its last match finished); unknown: day one lasts until day two starts. */
  dayOneEnd?: Instant | null;
}

/** The period flags of the session (spec 3): what the pages show follows them. */
export interface SessionPeriods {
  registrationClosed: boolean;
  checkIn: boolean;
  play: boolean;
  afterDayOne: boolean;
  beforeDayTwo: boolean;
  beforePlay: boolean;
}

const inside = (window: PeriodWindow | null, at: number) =>
  window !== null && at >= toMillis(window.from) && at < toMillis(window.to);

/**
 * The session period flags at `now`:
 * - registrationClosed: the registration window has ended (not before it opened);
 * - checkIn / play: now is inside that window;
 * - beforePlay: play has not started yet;
 * - afterDayOne: day one is over (its end, else day two's start); false with fewer than two days;
 * - beforeDayTwo: day two has not started yet; false with fewer than two days.
 * Between the days both afterDayOne and beforeDayTwo hold.
 */
export function sessionPeriods(schedule: PeriodSchedule, now: Instant): SessionPeriods {
  const at = toMillis(now);
  const dayTwo = schedule.dayStarts[1];
  const dayTwoAt = dayTwo === undefined ? null : toMillis(dayTwo);
  const dayOneEnd =
    schedule.dayOneEnd == null ? dayTwoAt : Math.min(toMillis(schedule.dayOneEnd), dayTwoAt ?? Infinity);
  return {
    registrationClosed: schedule.registration !== null && at >= toMillis(schedule.registration.to),
    checkIn: inside(schedule.checkIn, at),
    play: inside(schedule.play, at),
    beforePlay: schedule.play !== null && at < toMillis(schedule.play.from),
    afterDayOne: dayTwoAt !== null && dayOneEnd !== null && at >= dayOneEnd,
    beforeDayTwo: dayTwoAt !== null && at < dayTwoAt,
  };
}

/** The block a finals page shows for the flags. */
export type FinalsBlock = 'upcoming' | 'dayOne' | 'betweenDays' | 'later' | 'over';

export function finalsBlock(periods: SessionPeriods): FinalsBlock {
  if (periods.beforePlay) return 'upcoming';
  if (!periods.play) return 'over';
  if (!periods.afterDayOne) return 'dayOne';
  return periods.beforeDayTwo ? 'betweenDays' : 'later';
}
