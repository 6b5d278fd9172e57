import { CompetitionError } from './competition-error.js';
import {
  type BracketNode,
  type BracketSource,
  type BracketTeam,
  bracketSeedOrder,
} from './double-elimination.js';
import {
  type BracketMatchState,
  type BracketPlacement,
  type BracketResult,
  resolveBracketNode,
} from './double-elimination-state.js';

/**
 * Single elimination (issue 37): 2 to 256 teams, padded to the next power of two with byes to the
 * best seeds (standard bracket order, as double elimination's upper bracket), an optional
 * third-place match ('T-1', the two semi-final losers) and best-of-N series (N odd: the first to
 * ⌈N/2⌉ game wins takes the match). Nodes 'U{round}-{position}' in play order, the third-place
 * match just before the final. Like double elimination only the winners are stored.
 */

export const SINGLE_ELIMINATION_MAX_TEAMS = 256;

export interface SingleEliminationOptions {
  thirdPlace?: boolean;
  /** Games per match: 1, 3, 5 or 7. */
  bestOf?: number;
}

export interface SingleEliminationBracket {
  teams: BracketTeam[];
  size: number;
  rounds: number;
  thirdPlace: boolean;
  bestOf: number;
  nodes: BracketNode[];
}

export interface SeriesResult extends BracketResult {
  /** Game wins of the home and away side, for best-of-N (optional for best of 1). */
  games?: [number, number];
}

export interface SingleEliminationState {
  matches: BracketMatchState[];
  championRosterId: string | null;
  complete: boolean;
  placements: BracketPlacement[];
  playedMatches: number;
}

const id = (round: number, position: number) => `U${round}-${position}`;

function validate(teams: readonly BracketTeam[], bestOf: number): void {
  if (teams.length < 2 || teams.length > SINGLE_ELIMINATION_MAX_TEAMS) {
    throw new CompetitionError(
      'BRACKET_SIZE_UNSUPPORTED',
      `single elimination needs 2 to 256 teams, got ${teams.length}`,
    );
  }
  const seeds = new Set(teams.map((t) => t.seed));
  const ids = new Set(teams.map((t) => t.rosterId));
  const contiguous = teams.every((t) => Number.isInteger(t.seed) && t.seed >= 1 && t.seed <= teams.length);
  const seriesOk = [1, 3, 5, 7].includes(bestOf);
  if (seeds.size !== teams.length || ids.size !== teams.length || !contiguous || !seriesOk) {
    throw new CompetitionError(
      'INVALID_COMPETITION_INPUT',
      'single elimination: seeds must be 1..n, rosters unique, best of 1, 3, 5 or 7',
    );
  }
}

/** Builds the bracket of a seeded field. Throws CompetitionError on a bad field. */
export function createSingleElimination(
  teams: readonly BracketTeam[],
  options: SingleEliminationOptions = {},
): SingleEliminationBracket {
  const bestOf = options.bestOf ?? 1;
  validate(teams, bestOf);
  let size = 2;
  while (size < teams.length) size *= 2;
  const rounds = Math.log2(size);
  const order = bracketSeedOrder(size);
  const thirdPlace = (options.thirdPlace ?? false) && rounds >= 2;
  const drafts: Omit<BracketNode, 'number'>[] = [];
  for (let round = 1; round <= rounds; round++) {
    if (round === rounds && thirdPlace) {
      const loser = (position: number): BracketSource => ({
        kind: 'loser',
        matchId: id(rounds - 1, position),
      });
      drafts.push({ id: 'T-1', section: 'final', round: 1, position: 1, home: loser(1), away: loser(2) });
    }
    for (let position = 1; position <= size / 2 ** round; position++) {
      const source = (slot: number): BracketSource =>
        round === 1
          ? { kind: 'seed', seed: order[2 * (position - 1) + slot]! }
          : { kind: 'winner', matchId: id(round - 1, 2 * (position - 1) + slot + 1) };
      drafts.push({
        id: id(round, position),
        section: 'upper',
        round,
        position,
        home: source(0),
        away: source(1),
      });
    }
  }
  return {
    teams: [...teams].sort((a, b) => a.seed - b.seed),
    size,
    rounds,
    thirdPlace,
    bestOf,
    nodes: drafts.map((draft, index) => ({ ...draft, number: index + 1 })),
  };
}

function checkSeries(
  bracket: SingleEliminationBracket,
  result: SeriesResult,
  match: BracketMatchState,
): void {
  const needed = Math.ceil(bracket.bestOf / 2);
  if (!result.games) {
    if (bracket.bestOf === 1) return;
    throw new CompetitionError(
      'INVALID_COMPETITION_INPUT',
      `${match.id}: best of ${bracket.bestOf} needs the game score`,
    );
  }
  const [home, away] = result.games;
  const winnerGames = result.winnerRosterId === match.homeRosterId ? home : away;
  const loserGames = result.winnerRosterId === match.homeRosterId ? away : home;
  if (
    !Number.isInteger(home) ||
    !Number.isInteger(away) ||
    winnerGames !== needed ||
    loserGames < 0 ||
    loserGames >= needed
  ) {
    throw new CompetitionError(
      'INVALID_COMPETITION_INPUT',
      `${match.id}: best of ${bracket.bestOf} is won ${needed}-0 to ${needed}-${needed - 1}`,
    );
  }
}

function placementsOf(
  bracket: SingleEliminationBracket,
  matches: readonly BracketMatchState[],
): BracketPlacement[] {
  const placements: BracketPlacement[] = [];
  const add = (rosterId: string, from: number, to: number) =>
    placements.push({
      rosterId,
      placement: from,
      placementTo: to,
      label: from === to ? `${from}` : `${from}-${to}`,
    });
  for (const match of matches) {
    // Third place by walkover: the other semi-final was a bye (3 teams).
    if (match.id === 'T-1' && match.status === 'bye') add(match.winnerRosterId!, 3, 3);
    if (match.status !== 'finished') continue;
    if (match.id === 'T-1') {
      add(match.winnerRosterId!, 3, 3);
      add(match.loserRosterId!, 4, 4);
    } else if (match.round === bracket.rounds) {
      add(match.winnerRosterId!, 1, 1);
      add(match.loserRosterId!, 2, 2);
    } else if (!(bracket.thirdPlace && match.round === bracket.rounds - 1)) {
      // Losers of round r share the places below the 2^(rounds-r) teams still in.
      const from = 2 ** (bracket.rounds - match.round) + 1;
      add(match.loserRosterId!, from, Math.min(2 * from - 2, bracket.teams.length));
    }
  }
  return placements.sort((a, b) => a.placement - b.placement || (a.rosterId < b.rosterId ? -1 : 1));
}

/** Resolves every match from the structure and the winners recorded so far. */
export function resolveSingleElimination(
  bracket: SingleEliminationBracket,
  results: readonly SeriesResult[],
): SingleEliminationState {
  const winners = new Map(results.map((r) => [r.matchId, r.winnerRosterId]));
  const ids = new Set(bracket.nodes.map((n) => n.id));
  for (const matchId of winners.keys()) {
    if (!ids.has(matchId)) throw new CompetitionError('BRACKET_MATCH_NOT_READY', `no match ${matchId}`);
  }
  const byId = new Map<string, BracketMatchState>();
  const matches = bracket.nodes.map((node) => {
    const state = resolveBracketNode(node, bracket, byId, winners);
    byId.set(node.id, state);
    return state;
  });
  for (const result of results) checkSeries(bracket, result, byId.get(result.matchId)!);
  const final = byId.get(id(bracket.rounds, 1))!;
  const third = byId.get('T-1');
  const champion = final.status === 'finished' || final.status === 'bye' ? final.winnerRosterId : null;
  return {
    matches,
    championRosterId: champion,
    complete: champion !== null && (!third || (third.status !== 'ready' && third.status !== 'pending')),
    placements: placementsOf(bracket, matches),
    playedMatches: matches.filter((m) => m.status === 'finished').length,
  };
}

/**
 * Records (or corrects) one series result, with double elimination's correction rule: a result may
 * change only while the match its winner (or, for a semi-final with a third-place match, its loser)
 * went to has no result (BRACKET_RESULT_LOCKED otherwise); the same result again is a no-op.
 */
export function applySingleEliminationResult(
  bracket: SingleEliminationBracket,
  results: readonly SeriesResult[],
  result: SeriesResult,
): { results: SeriesResult[]; state: SingleEliminationState; changes: BracketMatchState[] } {
  const before = resolveSingleElimination(bracket, results);
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
  const previous = results.find((r) => r.matchId === result.matchId);
  const same =
    previous?.winnerRosterId === result.winnerRosterId && previous.games?.join() === result.games?.join();
  if (match.status === 'finished' && same) return { results: [...results], state: before, changes: [] };
  if (match.status === 'finished' && previous?.winnerRosterId !== result.winnerRosterId) {
    const fed = (source: BracketSource) => source.kind !== 'seed' && source.matchId === match.id;
    if (before.matches.some((m) => (fed(m.home) || fed(m.away)) && m.status === 'finished')) {
      throw new CompetitionError(
        'BRACKET_RESULT_LOCKED',
        `${match.id}: a later match already used this result`,
      );
    }
  }
  const next = [...results.filter((r) => r.matchId !== result.matchId), result];
  const state = resolveSingleElimination(bracket, next);
  const changes = state.matches.filter((m, index) => {
    const old = before.matches[index]!;
    return (
      old.homeRosterId !== m.homeRosterId ||
      old.awayRosterId !== m.awayRosterId ||
      old.winnerRosterId !== m.winnerRosterId ||
      old.status !== m.status
    );
  });
  return { results: next, state, changes };
}
