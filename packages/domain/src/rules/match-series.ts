import type { Competitor, MatchSeriesState } from '../entities/match-series.js';

/** What the match list's "upcoming" filter means (spec 4). */
export const UPCOMING_FILTER_STATES = [
  'new',
  'live',
  'scheduled',
] as const satisfies readonly MatchSeriesState[];

/** Spec 4 upcoming filter; a series literally in state `upcoming` counts too. */
export function isUpcomingState(state: MatchSeriesState | string): boolean {
  return state === 'upcoming' || (UPCOMING_FILTER_STATES as readonly string[]).includes(state);
}

export type ForfeitLabel = 'FFW' | 'FFL';

/**
 * Score cell of a competitor: FFW/FFL for forfeits (the forfeiting side, or the one not placed
 * first, loses), the score otherwise, `-` before any result.
 */
export function competitorResultLabel(
  competitor: Pick<Competitor, 'placement' | 'result'>,
  opponent?: Pick<Competitor, 'result'> | null,
): string {
  if (competitor.result.forfeit) return competitor.placement === 1 ? 'FFW' : 'FFL';
  if (opponent?.result.forfeit) return 'FFW';
  return competitor.result.score == null ? '-' : String(competitor.result.score);
}

/** Home is the first competitor, away the second. */
export function homeAndAway<C>(series: { competitors: readonly C[] }): { home: C | null; away: C | null } {
  return { home: series.competitors[0] ?? null, away: series.competitors[1] ?? null };
}
