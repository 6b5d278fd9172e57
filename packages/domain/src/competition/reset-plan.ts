import { CompetitionError } from './competition-error.js';
import type { DoubleEliminationBracket } from './double-elimination.js';
import {
  type BracketMatchState,
  type BracketResult,
  type DoubleEliminationState,
  resolveDoubleElimination,
} from './double-elimination-state.js';

/**
 * Corrections after the bracket moved on (issue #31). Correcting a result whose winner (or loser)
 * already played on is only consistent when the later matches that depended on it lose their result
 * too: the plan says which, so the console can show it before the organizer confirms, and the server
 * writes exactly that plan in one transaction.
 *
 * - Double elimination: every match downstream of the corrected one (it received the corrected
 *   match's winner or loser, or a team from such a match, transitively; the grand-final reset
 *   follows the first final) loses its recorded result. Nothing else changes.
 * - Swiss: the pairings of a round are made from the standings after the rounds before it, so every
 *   round after the corrected one is removed (its matches with it) and is paired again.
 */

export interface BracketCorrectionPlan {
  /** Later matches whose recorded result is removed, in play order (empty: a plain correction). */
  reset: string[];
  /** The recorded winners after the correction (the reset matches left out). */
  results: BracketResult[];
  state: DoubleEliminationState;
  /** Matches whose sides, winner or status change: the corrected one, the reset ones, and the nodes they feed. */
  changes: BracketMatchState[];
}

/** The matches that take a team from `matchId`, transitively, in play order. */
export function downstreamMatches(bracket: DoubleEliminationBracket, matchId: string): string[] {
  const reached = new Set([matchId]);
  const out: string[] = [];
  // Nodes are in play order and every source precedes its node, so one pass reaches the closure.
  for (const node of bracket.nodes) {
    const fed = [node.home, node.away].some((s) => s.kind !== 'seed' && reached.has(s.matchId));
    if (fed && !reached.has(node.id)) {
      reached.add(node.id);
      out.push(node.id);
    }
  }
  return out;
}

function differs(a: BracketMatchState, b: BracketMatchState): boolean {
  return (
    a.homeRosterId !== b.homeRosterId ||
    a.awayRosterId !== b.awayRosterId ||
    a.winnerRosterId !== b.winnerRosterId ||
    a.status !== b.status
  );
}

/**
 * Plans the correction of one double-elimination match to `correction.winnerRosterId`. A first
 * result or the same winner again resets nothing. Refused (CompetitionError) like a result: the
 * match must be ready or finished, and the winner one of its two teams.
 */
export function planBracketCorrection(
  bracket: DoubleEliminationBracket,
  results: readonly BracketResult[],
  correction: BracketResult,
): BracketCorrectionPlan {
  const before = resolveDoubleElimination(bracket, results);
  const match = before.matches.find((m) => m.id === correction.matchId);
  if (!match || (match.status !== 'ready' && match.status !== 'finished'))
    throw new CompetitionError('BRACKET_MATCH_NOT_READY', `${correction.matchId} cannot take a result`);
  if (correction.winnerRosterId !== match.homeRosterId && correction.winnerRosterId !== match.awayRosterId)
    throw new CompetitionError(
      'BRACKET_INVALID_WINNER',
      `${correction.winnerRosterId} does not play ${match.id}`,
    );
  if (match.status === 'finished' && match.winnerRosterId === correction.winnerRosterId)
    return { reset: [], results: [...results], state: before, changes: [] };
  const recorded = new Set(results.map((r) => r.matchId));
  const reset =
    match.status === 'finished' ? downstreamMatches(bracket, match.id).filter((id) => recorded.has(id)) : [];
  const dropped = new Set([...reset, correction.matchId]);
  const next = [...results.filter((r) => !dropped.has(r.matchId)), correction];
  const state = resolveDoubleElimination(bracket, next);
  const changes = state.matches.filter((m, index) => differs(before.matches[index]!, m));
  return { reset, results: next, state, changes };
}

export interface SwissSeriesRef {
  id: string;
  roundNumber: number;
}

export interface SwissCorrectionPlan {
  /** Rounds after the corrected one, removed with their matches (ascending). */
  removedRounds: number[];
  /** The matches of those rounds (they are deleted; the round is paired again). */
  reset: string[];
}

/** Plans the correction of a swiss result of round `roundNumber` when `roundsStarted` rounds exist. */
export function planSwissCorrection(
  roundNumber: number,
  roundsStarted: number,
  series: readonly SwissSeriesRef[],
): SwissCorrectionPlan {
  if (!Number.isInteger(roundNumber) || roundNumber < 1 || roundNumber > roundsStarted)
    throw new CompetitionError('INVALID_COMPETITION_INPUT', `round ${roundNumber} was not played`);
  const removedRounds = Array.from({ length: roundsStarted - roundNumber }, (_, i) => roundNumber + i + 1);
  const reset = series
    .filter((s) => s.roundNumber > roundNumber)
    .sort((a, b) => a.roundNumber - b.roundNumber || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((s) => s.id);
  return { removedRounds, reset };
}
