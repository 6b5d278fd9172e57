import type { IsoDateTime } from './common.js';

export const MATCH_SERIES_STATES = ['new', 'live', 'finished', 'scheduled', 'upcoming'] as const;
export type MatchSeriesState = (typeof MATCH_SERIES_STATES)[number];

export const BRACKET_SIDES = ['upper', 'lower'] as const;
export type BracketSide = (typeof BRACKET_SIDES)[number];

/** Name of the match period that holds the stars of each competitor. */
export const STARS_PERIOD = 'stars';

export interface CompetitorResult {
  score: number | null;
  forfeit: boolean;
}

export interface Competitor {
  rosterId: string | null;
  /** 1 = winner. */
  placement: number | null;
  result: CompetitorResult;
}

export interface MatchPeriod {
  name: string;
  competitors: { id: string; result: { score: number | null } }[];
}

export interface Match {
  id: string;
  periods: MatchPeriod[];
}

export interface MatchSeries {
  id: string;
  date: IsoDateTime;
  createdAt: IsoDateTime;
  state: MatchSeriesState;
  /** Home first, away second. */
  competitors: Competitor[];
  matches: Match[];
  timeDiffInMinutes: number | null;
  bye: boolean;
  roundNumber: number | null;
  bracket: BracketSide | null;
  group: string | null;
  segmentId: string | null;
  eventId: string | null;
}
