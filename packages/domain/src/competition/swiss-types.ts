/**
 * Plain, serialisable shapes of a swiss stage. The server stores each round's `SwissRoundInput` and
 * `SwissRoundOutput` as JSON, so a round can be audited and regenerated bit for bit.
 */

export const SWISS_TIEBREAKS = [
  'matchPoints',
  'buchholz',
  'headToHead',
  'starDifference',
  'destructionDifference',
  'seed',
] as const;
export type SwissTiebreak = (typeof SWISS_TIEBREAKS)[number];

/** The order; a segment may store another one. `seed` always ends the list (it is unique). */
export const DEFAULT_SWISS_TIEBREAKS: readonly SwissTiebreak[] = SWISS_TIEBREAKS;

/** Match points: like the ladder (win 3, draw 1, loss 0); a bye counts as a win without stars. */
export const SWISS_WIN_POINTS = 3;
export const SWISS_DRAW_POINTS = 1;

export type SwissFormat =
  | { mode: 'fixed'; rounds: number }
  /** Early exit: `wins` wins qualify, `losses` losses eliminate (e.g. 3 and 3, at most 5 rounds). */
  | { mode: 'early_exit'; wins: number; losses: number };

export interface SwissConfig {
  format: SwissFormat;
  tiebreaks?: readonly SwissTiebreak[];
}

export interface SwissTeam {
  rosterId: string;
  /** 1 = best; from the previous stage's placement. Unique within the stage. */
  seed: number;
}

/** `none`: a double forfeit, both sides take a loss (0 match points each). */
export type SwissOutcome = 'home' | 'away' | 'draw' | 'none';

export interface SwissResult {
  roundNumber: number;
  homeRosterId: string;
  awayRosterId: string;
  outcome: SwissOutcome;
  homeStars: number;
  awayStars: number;
  /** Destruction percentage (0-100, may carry decimals). */
  homeDestruction: number;
  awayDestruction: number;
}

export interface SwissBye {
  roundNumber: number;
  rosterId: string;
}

export interface SwissRoundInput {
  segmentId: string;
  roundNumber: number;
  config: SwissConfig;
  teams: readonly SwissTeam[];
  /** Finished games of the previous rounds. */
  results: readonly SwissResult[];
  byes: readonly SwissBye[];
  /**
   * Teams out of the stage before its end (withdrawn or disqualified): they keep their games in
   * the standings (opponents' Buchholz) but are paired no more.
   */
  dropped?: readonly string[];
}

export interface SwissPairing {
  /** 1-based table number, in pool order (the top pool's highest seed plays table 1). */
  table: number;
  homeRosterId: string;
  awayRosterId: string;
  /** Pool label ("2-1", or "2-1-1" with draws) of the home team. */
  pool: string;
  /** The two teams come from different pools. */
  float: boolean;
  rematch: boolean;
}

export interface SwissRoundOutput {
  segmentId: string;
  roundNumber: number;
  /** competitionSeed(segmentId, roundNumber): stored so a regenerated round can be compared. */
  prngSeed: number;
  pairings: SwissPairing[];
  byeRosterId: string | null;
  /** Rematches in this round: non-zero only when no rematch-free pairing existed. */
  rematches: number;
}

export type SwissStatus = 'active' | 'qualified' | 'eliminated';

export interface SwissStanding {
  rosterId: string;
  seed: number;
  rank: number;
  wins: number;
  losses: number;
  draws: number;
  byes: number;
  matchPoints: number;
  buchholz: number;
  /** Points scored against the other teams of the same tie group (0 when not needed). */
  headToHead: number;
  starsFor: number;
  starsAgainst: number;
  destructionFor: number;
  destructionAgainst: number;
  /** "W-L", or "W-L-D" once a draw was played. */
  record: string;
  status: SwissStatus;
  opponents: string[];
}
