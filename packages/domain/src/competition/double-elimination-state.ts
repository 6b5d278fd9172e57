import { CompetitionError } from './competition-error.js';
import type { BracketNode, BracketSource, DoubleEliminationBracket } from './double-elimination.js';

/**
 * State of a double-elimination bracket, derived from its structure and the recorded winners:
 * nothing else is stored, so propagation cannot drift. A change of result returns the nodes whose
 * sides, winner or status changed (what the server must write).
 *
 * Correction rule (one rule, documented in packages/domain/README.md): a result may be changed
 * only while no match that received its winner or its loser has a result; otherwise the change is
 * refused with BRACKET_RESULT_LOCKED (the organizer corrects the later match first). Recording the
 * same winner again is a no-op.
 */

export type BracketMatchStatus =
  /** A side is still unknown. */
  | 'pending'
  /** Both teams known, no result. */
  | 'ready'
  | 'finished'
  /** One side can never be filled (a seed bye or its echo in the lower bracket): the team advances. */
  | 'bye'
  /** Neither side can ever be filled. */
  | 'void'
  /** The grand-final reset when the upper-bracket winner took the first final. */
  | 'cancelled';

export interface BracketMatchState extends BracketNode {
  homeRosterId: string | null;
  awayRosterId: string | null;
  winnerRosterId: string | null;
  loserRosterId: string | null;
  status: BracketMatchStatus;
}

export interface BracketResult {
  matchId: string;
  winnerRosterId: string;
}

export interface BracketPlacement {
  rosterId: string;
  /** Best place of the shared range: 5 for "5-6". */
  placement: number;
  placementTo: number;
  /** "1", "2", "5-6"… */
  label: string;
}

export interface DoubleEliminationState {
  matches: BracketMatchState[];
  championRosterId: string | null;
  complete: boolean;
  /** Losses per roster (a team is out at two, the champion never has two). */
  losses: Record<string, number>;
  /** Finished teams only (champion and runner-up once the final is over). */
  placements: BracketPlacement[];
  playedMatches: number;
}

const EMPTY = Symbol('empty');
const UNKNOWN = Symbol('unknown');
type SideValue = string | typeof EMPTY | typeof UNKNOWN;

function sideOf(
  source: BracketSource,
  bracket: Pick<DoubleEliminationBracket, 'teams'>,
  byId: Map<string, BracketMatchState>,
): SideValue {
  if (source.kind === 'seed') return bracket.teams[source.seed - 1]?.rosterId ?? EMPTY;
  const from = byId.get(source.matchId)!;
  if (from.status === 'void') return EMPTY;
  if (source.kind === 'winner') {
    return from.status === 'finished' || from.status === 'bye' ? from.winnerRosterId! : UNKNOWN;
  }
  if (from.status === 'bye') return EMPTY;
  return from.status === 'finished' ? from.loserRosterId! : UNKNOWN;
}

/** One node from its sources and the recorded winners (shared with single elimination). */
export function resolveBracketNode(
  node: BracketNode,
  bracket: Pick<DoubleEliminationBracket, 'teams'>,
  byId: Map<string, BracketMatchState>,
  winners: Map<string, string>,
): BracketMatchState {
  const state: BracketMatchState = {
    ...node,
    homeRosterId: null,
    awayRosterId: null,
    winnerRosterId: null,
    loserRosterId: null,
    status: 'pending',
  };
  const gf1 = node.id === 'GF2' ? byId.get('GF1')! : null;
  if (gf1 && gf1.status === 'finished' && gf1.winnerRosterId === gf1.homeRosterId) state.status = 'cancelled';
  if (gf1 && gf1.status !== 'finished') return state;
  const home = gf1 ? gf1.homeRosterId! : sideOf(node.home, bracket, byId);
  const away = gf1 ? gf1.awayRosterId! : sideOf(node.away, bracket, byId);
  if (typeof home === 'string') state.homeRosterId = home;
  if (typeof away === 'string') state.awayRosterId = away;
  const winner = winners.get(node.id);
  if (state.status === 'cancelled' || home === UNKNOWN || away === UNKNOWN) {
    if (winner !== undefined)
      throw new CompetitionError('BRACKET_MATCH_NOT_READY', `${node.id} has a result but no opponents`);
    return state;
  }
  if (home === EMPTY || away === EMPTY) {
    state.status = home === EMPTY && away === EMPTY ? 'void' : 'bye';
    state.winnerRosterId = state.homeRosterId ?? state.awayRosterId;
    if (winner !== undefined) throw new CompetitionError('BRACKET_MATCH_NOT_READY', `${node.id} is a bye`);
    return state;
  }
  if (winner === undefined) {
    state.status = 'ready';
    return state;
  }
  if (winner !== home && winner !== away) {
    throw new CompetitionError('BRACKET_INVALID_WINNER', `${winner} does not play ${node.id}`);
  }
  state.status = 'finished';
  state.winnerRosterId = winner;
  state.loserRosterId = winner === home ? away : home;
  return state;
}

/** Which lower rounds (and the final) can never hold a real match, from the byes alone. */
function realMatchesPerLowerRound(bracket: DoubleEliminationBracket): Map<number, number> {
  const empty = new Map<string, { winner: boolean; loser: boolean }>();
  const isEmpty = (source: BracketSource) =>
    source.kind === 'seed' ? source.seed > bracket.teams.length : empty.get(source.matchId)![source.kind];
  const counts = new Map<number, number>();
  for (const node of bracket.nodes) {
    const [home, away] = [isEmpty(node.home), isEmpty(node.away)];
    empty.set(node.id, { winner: home && away, loser: home || away });
    if (node.section === 'lower' && !home && !away) counts.set(node.round, (counts.get(node.round) ?? 0) + 1);
  }
  return counts;
}

function placementsOf(
  bracket: DoubleEliminationBracket,
  matches: BracketMatchState[],
  champion: string | null,
) {
  const placements: BracketPlacement[] = [];
  const add = (rosterId: string, from: number, to: number) =>
    placements.push({
      rosterId,
      placement: from,
      placementTo: to,
      label: from === to ? `${from}` : `${from}-${to}`,
    });
  const real = realMatchesPerLowerRound(bracket);
  let worse = 0;
  const rangeOf = new Map<number, [number, number]>();
  for (let round = 1; round <= bracket.lowerRounds; round++) {
    const count = real.get(round) ?? 0;
    const to = bracket.teams.length - worse;
    rangeOf.set(round, [to - count + 1, to]);
    worse += count;
  }
  for (const match of matches) {
    if (match.section === 'lower' && match.status === 'finished') {
      const [from, to] = rangeOf.get(match.round)!;
      add(match.loserRosterId!, from, to);
    }
  }
  if (champion) {
    add(champion, 1, 1);
    const final =
      matches.find((m) => m.id === 'GF2' && m.status === 'finished') ?? matches.find((m) => m.id === 'GF1')!;
    add(final.loserRosterId!, 2, 2);
  }
  return placements.sort((a, b) => a.placement - b.placement || (a.rosterId < b.rosterId ? -1 : 1));
}

/** Resolves every match from the structure and the winners recorded so far. */
export function resolveDoubleElimination(
  bracket: DoubleEliminationBracket,
  results: readonly BracketResult[],
): DoubleEliminationState {
  const winners = new Map(results.map((r) => [r.matchId, r.winnerRosterId]));
  const byId = new Map<string, BracketMatchState>();
  const ids = new Set(bracket.nodes.map((n) => n.id));
  for (const id of winners.keys()) {
    if (!ids.has(id)) throw new CompetitionError('BRACKET_MATCH_NOT_READY', `no match ${id}`);
  }
  const matches = bracket.nodes.map((node) => {
    const state = resolveBracketNode(node, bracket, byId, winners);
    byId.set(node.id, state);
    return state;
  });
  const losses: Record<string, number> = Object.fromEntries(bracket.teams.map((t) => [t.rosterId, 0]));
  for (const match of matches) if (match.status === 'finished') losses[match.loserRosterId!]! += 1;
  const gf1 = byId.get('GF1')!;
  const gf2 = byId.get('GF2')!;
  const champion =
    gf2.status === 'finished' ? gf2.winnerRosterId : gf2.status === 'cancelled' ? gf1.winnerRosterId : null;
  return {
    matches,
    championRosterId: champion,
    complete: champion !== null,
    losses,
    placements: placementsOf(bracket, matches, champion),
    playedMatches: matches.filter((m) => m.status === 'finished').length,
  };
}

function changed(a: BracketMatchState, b: BracketMatchState): boolean {
  return (
    a.homeRosterId !== b.homeRosterId ||
    a.awayRosterId !== b.awayRosterId ||
    a.winnerRosterId !== b.winnerRosterId ||
    a.status !== b.status
  );
}

/**
 * Records (or corrects) the winner of one match. Returns the new result list, the new state and
 * the matches that changed (the one played, the next nodes of its winner and loser, and any bye or
 * reset that follows from them).
 */
export function applyBracketResult(
  bracket: DoubleEliminationBracket,
  results: readonly BracketResult[],
  result: BracketResult,
): { results: BracketResult[]; state: DoubleEliminationState; changes: BracketMatchState[] } {
  const before = resolveDoubleElimination(bracket, results);
  const match = before.matches.find((m) => m.id === result.matchId);
  if (!match || (match.status !== 'ready' && match.status !== 'finished')) {
    throw new CompetitionError('BRACKET_MATCH_NOT_READY', `${result.matchId} cannot take a result`);
  }
  if (result.winnerRosterId !== match.homeRosterId && result.winnerRosterId !== match.awayRosterId) {
    throw new CompetitionError(
      'BRACKET_INVALID_WINNER',
      `${result.winnerRosterId} does not play ${match.id}`,
    );
  }
  if (match.status === 'finished' && match.winnerRosterId === result.winnerRosterId) {
    return { results: [...results], state: before, changes: [] };
  }
  if (match.status === 'finished') {
    // The reset's sides are the winner and loser of GF1, so the sources cover it too.
    const dependents = before.matches.filter(
      (m) =>
        (m.home.kind !== 'seed' && m.home.matchId === match.id) ||
        (m.away.kind !== 'seed' && m.away.matchId === match.id),
    );
    if (dependents.some((m) => m.status === 'finished')) {
      throw new CompetitionError(
        'BRACKET_RESULT_LOCKED',
        `${match.id}: a later match already used this result`,
      );
    }
  }
  const next = [...results.filter((r) => r.matchId !== result.matchId), result];
  const state = resolveDoubleElimination(bracket, next);
  const changes = state.matches.filter((m, index) => changed(before.matches[index]!, m));
  return { results: next, state, changes };
}
