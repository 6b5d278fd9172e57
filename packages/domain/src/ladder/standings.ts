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
 * stars, so a walkover never inflates a tiebreak.
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
}

interface Tally {
  rosterId: string;
  points: number;
  wins: number;
  losses: number;
  draws: number;
  starsFor: number;
  starsAgainst: number;
}

function emptyTally(rosterId: string): Tally {
  return { rosterId, points: 0, wins: 0, losses: 0, draws: 0, starsFor: 0, starsAgainst: 0 };
}

function compareTallies(a: Tally, b: Tally): number {
  return (
    b.points - a.points ||
    b.starsFor - b.starsAgainst - (a.starsFor - a.starsAgainst) ||
    b.starsFor - a.starsFor
  );
}

function record(tally: Tally, outcome: 'win' | 'loss' | 'draw', starsFor: number, starsAgainst: number) {
  if (outcome === 'win') {
    tally.wins++;
    tally.points += LADDER_WIN_POINTS;
  } else if (outcome === 'loss') {
    tally.losses++;
    tally.points += LADDER_LOSS_POINTS;
  } else {
    tally.draws++;
    tally.points += LADDER_DRAW_POINTS;
  }
  tally.starsFor += starsFor;
  tally.starsAgainst += starsAgainst;
}

/**
 * Standings from finished ladder results. `rosterIds` adds rosters that have not played yet
 * (they rank on 0 points).
 */
export function rankLadder(
  results: readonly LadderResult[],
  rosterIds: readonly string[] = [],
): LadderEntry[] {
  const tallies = new Map<string, Tally>();
  const tallyOf = (rosterId: string) => {
    let tally = tallies.get(rosterId);
    if (!tally) {
      tally = emptyTally(rosterId);
      tallies.set(rosterId, tally);
    }
    return tally;
  };
  for (const rosterId of rosterIds) tallyOf(rosterId);

  for (const result of results) {
    const { homeRosterId: home, awayRosterId: away, winnerRosterId: winner } = result;
    if (home === away || (winner != null && winner !== home && winner !== away)) continue;
    const homeStars = result.forfeit ? 0 : result.homeStars;
    const awayStars = result.forfeit ? 0 : result.awayStars;
    const homeOutcome = winner == null ? 'draw' : winner === home ? 'win' : 'loss';
    const awayOutcome = winner == null ? 'draw' : winner === away ? 'win' : 'loss';
    record(tallyOf(home), homeOutcome, homeStars, awayStars);
    record(tallyOf(away), awayOutcome, awayStars, homeStars);
  }

  const ordered = [...tallies.values()].sort(
    (a, b) => compareTallies(a, b) || (a.rosterId < b.rosterId ? -1 : a.rosterId > b.rosterId ? 1 : 0),
  );
  // Plain object literals (no spread): building the entries dominated the cost at 20k rosters.
  const entries: LadderEntry[] = new Array(ordered.length);
  for (let index = 0; index < ordered.length; index++) {
    const tally = ordered[index]!;
    const previous = index > 0 ? ordered[index - 1]! : undefined;
    const rank = previous && compareTallies(previous, tally) === 0 ? entries[index - 1]!.rank : index + 1;
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
      // W-L, and W-L-D once a draw was played (so the record always adds up to GP).
      record:
        tally.draws > 0 ? `${tally.wins}-${tally.losses}-${tally.draws}` : `${tally.wins}-${tally.losses}`,
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
