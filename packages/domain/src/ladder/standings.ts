import {
  CHAMPIONSHIP_LADDER_ADVANCE_TOP,
  CUP_LADDER_ADVANCE_TOP,
  LADDER_CHAT_CHECK_PLACEMENT,
} from '../constants.js';
import type { Competition } from '../entities/event.js';
import type { LadderEntry } from '../entities/ladder.js';

/**
 * Ladder points rule (ours; the spec shows points but not how they are earned): a win is worth 3, a
 * draw 1, a loss 0, like league tables players already know. Ties are broken by star difference,
 * then stars won, so attacking well still counts; rosters tied on all three share the rank
 * (1, 1, 3 …) and are listed by rosterId for a stable page order. Forfeits score the points but no
 * stars, so a walkover never inflates a tiebreak. A double forfeit is a loss for both sides.
 */
export const LADDER_WIN_POINTS = 3;
export const LADDER_DRAW_POINTS = 1;
export const LADDER_LOSS_POINTS = 0;

export interface LadderResult {
  homeRosterId: string;
  awayRosterId: string;
  /** Null for a draw. A winner that is neither side makes the result invalid; it is skipped. */
  winnerRosterId: string | null;
  homeStars: number;
  awayStars: number;
  forfeit?: boolean;
  /**
   * A double forfeit (neither side showed up): nobody won, both sides take a loss (0 points, no
   * stars); `winnerRosterId` is null.
   */
  bothLost?: boolean;
}

/** A roster's running totals in a segment; `rankLadder` orders them, results add to them. */
export interface LadderTally {
  rosterId: string;
  points: number;
  wins: number;
  losses: number;
  draws: number;
  starsFor: number;
  starsAgainst: number;
}

function emptyTally(rosterId: string): LadderTally {
  return { rosterId, points: 0, wins: 0, losses: 0, draws: 0, starsFor: 0, starsAgainst: 0 };
}

/** The standings order without the roster id tiebreak: 0 means the two share a rank. */
export function compareLadderTallies(a: LadderTally, b: LadderTally): number {
  return (
    b.points - a.points ||
    b.starsFor - b.starsAgainst - (a.starsFor - a.starsAgainst) ||
    b.starsFor - a.starsFor
  );
}

/** W-L, and W-L-D once a draw was played (so the record always adds up to GP). */
export function ladderRecord(wins: number, losses: number, draws: number): string {
  return draws > 0 ? `${wins}-${losses}-${draws}` : `${wins}-${losses}`;
}

/**
 * What one result adds to each of its two rosters (`sign` -1 takes it back, for a corrected
 * result). The incremental standings apply exactly these deltas, so they cannot drift from
 * `rankLadder`. An invalid result (same roster twice, a winner that is neither side) adds nothing.
 */
export function ladderResultDeltas(result: LadderResult, sign: 1 | -1 = 1): LadderTally[] {
  const { homeRosterId: home, awayRosterId: away, winnerRosterId: winner } = result;
  if (home === away || (winner != null && winner !== home && winner !== away)) return [];
  const noStars = result.forfeit || result.bothLost;
  const homeStars = noStars ? 0 : result.homeStars;
  const awayStars = noStars ? 0 : result.awayStars;
  const side = (rosterId: string, starsFor: number, starsAgainst: number): LadderTally => {
    const outcome = result.bothLost ? 'loss' : winner == null ? 'draw' : winner === rosterId ? 'win' : 'loss';
    const points =
      outcome === 'win' ? LADDER_WIN_POINTS : outcome === 'draw' ? LADDER_DRAW_POINTS : LADDER_LOSS_POINTS;
    return {
      rosterId,
      points: sign * points,
      wins: outcome === 'win' ? sign : 0,
      losses: outcome === 'loss' ? sign : 0,
      draws: outcome === 'draw' ? sign : 0,
      starsFor: sign * starsFor,
      starsAgainst: sign * starsAgainst,
    };
  };
  return [side(home, homeStars, awayStars), side(away, awayStars, homeStars)];
}

/** Adds deltas into a tally map (the in-memory twin of the standings upsert). */
export function addLadderDeltas(tallies: Map<string, LadderTally>, deltas: readonly LadderTally[]): void {
  for (const d of deltas) {
    const t = tallies.get(d.rosterId) ?? emptyTally(d.rosterId);
    t.points += d.points;
    t.wins += d.wins;
    t.losses += d.losses;
    t.draws += d.draws;
    t.starsFor += d.starsFor;
    t.starsAgainst += d.starsAgainst;
    tallies.set(d.rosterId, t);
  }
}

/**
 * Standings from finished ladder results. `rosterIds` adds rosters that have not played yet
 * (they rank on 0 points).
 */
export function rankLadder(
  results: readonly LadderResult[],
  rosterIds: readonly string[] = [],
): LadderEntry[] {
  const tallies = new Map<string, LadderTally>();
  for (const rosterId of rosterIds) tallies.set(rosterId, emptyTally(rosterId));
  for (const result of results) addLadderDeltas(tallies, ladderResultDeltas(result));
  return rankTallies([...tallies.values()]);
}

/** Orders tallies into standings: ties on all three keys share the rank, listed by roster id. */
export function rankTallies(tallies: readonly LadderTally[]): LadderEntry[] {
  const ordered = [...tallies].sort(
    (a, b) => compareLadderTallies(a, b) || (a.rosterId < b.rosterId ? -1 : a.rosterId > b.rosterId ? 1 : 0),
  );
  // Plain object literals (no spread): building the entries dominated the cost at 20k rosters.
  const entries: LadderEntry[] = new Array(ordered.length);
  for (let index = 0; index < ordered.length; index++) {
    const tally = ordered[index]!;
    const previous = index > 0 ? ordered[index - 1]! : undefined;
    const rank =
      previous && compareLadderTallies(previous, tally) === 0 ? entries[index - 1]!.rank : index + 1;
    entries[index] = {
      rosterId: tally.rosterId,
      points: tally.points,
      wins: tally.wins,
      losses: tally.losses,
      draws: tally.draws,
      starsFor: tally.starsFor,
      starsAgainst: tally.starsAgainst,
      rank,
      gamesPlayed: tally.wins + tally.losses + tally.draws,
      record: ladderRecord(tally.wins, tally.losses, tally.draws),
    };
  }
  return entries;
}

/** Spec 9: top 128 advance to the Monthly Qualifier (championship), top 8 to the Finals (cup). */
export function ladderAdvanceTop(competition: Competition): number {
  return competition === 'championship' ? CHAMPIONSHIP_LADDER_ADVANCE_TOP : CUP_LADDER_ADVANCE_TOP;
}

export function advancesFromLadder(rank: number, competition: Competition): boolean {
  return rank >= 1 && rank <= ladderAdvanceTop(competition);
}

/** Spec 9: placements of 170th or better are prompted to check their chat-app link. */
export function promptsChatCheck(rank: number): boolean {
  return rank >= 1 && rank <= LADDER_CHAT_CHECK_PLACEMENT;
}
