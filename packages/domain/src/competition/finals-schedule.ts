import { WORLD_FINALS, WRAPPER_EVENT } from '../constants.js';
import { CompetitionError } from './competition-error.js';
import type { DoubleEliminationBracket } from './double-elimination.js';

export interface DayRange {
  day: number;
  /** Inclusive play-order numbers. */
  first: number;
  last: number;
}

export interface ScheduledBracketMatch {
  matchId: string;
  number: number;
  day: number;
  /** 1-based order within the day. */
  order: number;
}

/**
 * Assigns bracket matches to days by play-order number. Every match must fall in exactly one day
 * (the grand-final reset included: it keeps its slot and is simply not played when cancelled).
 */
export function scheduleBracketDays(
  bracket: DoubleEliminationBracket,
  days: readonly DayRange[],
): ScheduledBracketMatch[] {
  return bracket.nodes.map((node) => {
    const day = days.find((d) => node.number >= d.first && node.number <= d.last);
    if (!day) throw new CompetitionError('INVALID_COMPETITION_INPUT', `match ${node.number} has no day`);
    return { matchId: node.id, number: node.number, day: day.day, order: node.number - day.first + 1 };
  });
}

/**
 * The World Championship Finals (spec 9): 8 teams, 15 matches over 3 days — matches 1-6 on day 1
 * (upper quarter-finals, lower round 1), 7-12 on day 2 (upper semis, lower rounds 2-3, upper final),
 * 13-15 on day 3 (lower final, grand final, reset).
 */
export function worldFinalsSchedule(bracket: DoubleEliminationBracket): ScheduledBracketMatch[] {
  if (bracket.teams.length !== WORLD_FINALS.teams || bracket.nodes.length !== WORLD_FINALS.matches) {
    throw new CompetitionError('BRACKET_SIZE_UNSUPPORTED', 'the world finals are an 8-team bracket');
  }
  return scheduleBracketDays(bracket, WORLD_FINALS.matchesByDay);
}

/**
 * When each World Finals day starts, as an offset from day 1's start (spec 3): day 2 a day later at
 * the same hour, day 3 at 15:00, an hour later than days 1 and 2 (14:00).
 */
export const WORLD_FINALS_DAY_OFFSETS_MS: readonly number[] = WRAPPER_EVENT.dayStarts.map(
  (start) => Date.parse(start) - Date.parse(WRAPPER_EVENT.dayStarts[0]),
);

export interface DatedBracketMatch extends ScheduledBracketMatch {
  date: Date;
}

/**
 * The World Finals' match dates from day 1's start: each day's first match at that day's start
 * (WORLD_FINALS_DAY_OFFSETS_MS), then one match every `spacingMinutes`.
 */
export function worldFinalsMatchDates(
  bracket: DoubleEliminationBracket,
  day1Start: Date,
  spacingMinutes: number,
): DatedBracketMatch[] {
  return worldFinalsSchedule(bracket).map((match) => ({
    ...match,
    date: new Date(
      day1Start.getTime() +
        (WORLD_FINALS_DAY_OFFSETS_MS[match.day - 1] ?? 0) +
        (match.order - 1) * spacingMinutes * 60_000,
    ),
  }));
}
