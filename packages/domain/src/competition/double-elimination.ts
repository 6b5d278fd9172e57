import { CompetitionError } from './competition-error.js';

/**
 * Double-elimination bracket structure (2 to 64 teams). Pure data: the server stores it as JSON
 * and `resolveDoubleElimination` (double-elimination-state.ts) derives everything else from it
 * and the recorded winners.
 *
 * - The field is padded to the next power of two P; seeds above the field size are byes. Upper
 *   round 1 follows the standard bracket order (8: 1v8, 4v5, 2v7, 3v6), so byes go to the best
 *   seeds and seeds 1 and 2 can only meet in the upper final.
 * - Lower round 1 pairs the losers of neighbouring upper round-1 matches. Every even lower round
 *   takes the losers of the next upper round as drop-ins, in the established per-size drop order
 *   (`DROP_ORDERS`, the same as brackets-manager and the usual platforms), so a dropped team meets
 *   the side of the bracket it just came from only when that cannot be avoided.
 * - Grand final: upper winner (home) against lower winner; the reset (GF2) is played only when
 *   the lower winner takes GF1, otherwise it is cancelled: 8 teams play 14 or 15 matches.
 * - `number` is the play order: upper 1, lower 1, then per upper round r ≥ 2: upper r, the
 *   lower round taking its losers, the lower round after it; then GF1, GF2.
 */

export const DOUBLE_ELIMINATION_MAX_TEAMS = 64;

export type BracketSection = 'upper' | 'lower' | 'final';

export type BracketSource =
  | { kind: 'seed'; seed: number }
  | { kind: 'winner'; matchId: string }
  | { kind: 'loser'; matchId: string };

export interface BracketNode {
  /** 'U1-1' upper round 1 match 1, 'L2-3', 'GF1', 'GF2' (the reset). */
  id: string;
  section: BracketSection;
  round: number;
  position: number;
  /** Play order, 1-based. */
  number: number;
  home: BracketSource;
  away: BracketSource;
}

export interface BracketTeam {
  rosterId: string;
  seed: number;
}

export interface DoubleEliminationBracket {
  teams: BracketTeam[];
  /** Padded size (power of two). */
  size: number;
  upperRounds: number;
  lowerRounds: number;
  /** In play order. */
  nodes: BracketNode[];
}

/** Standard bracket order: 2 → [1,2]; 4 → [1,4,2,3]; 8 → [1,8,4,5,2,7,3,6]. */
export function bracketSeedOrder(size: number): number[] {
  let order = [1];
  for (let width = 2; width <= size; width *= 2) {
    order = order.flatMap((seed) => [seed, width + 1 - seed]);
  }
  return order;
}

type DropOrder = 'natural' | 'reverse' | 'half_shift' | 'reverse_half_shift';

/**
 * The established drop orders (the "superior" loser-bracket seeding used by the widely used bracket
 * libraries and platforms): per padded size, the order of the losers of upper rounds 2, 3, … as they
 * enter their lower round; the last upper round has a single loser. Lower round 1 always pairs the
 * losers of neighbouring upper round-1 matches.
 */
const DROP_ORDERS: Record<number, readonly DropOrder[]> = {
  8: ['reverse'],
  16: ['reverse_half_shift', 'reverse'],
  32: ['reverse', 'half_shift', 'natural'],
  64: ['reverse', 'half_shift', 'reverse', 'natural'],
};

/** Index order in which the losers of upper round r (≥ 2) enter their lower round. */
export function dropInOrder(size: number, upperRound: number): number[] {
  const count = size / 2 ** upperRound;
  const straight = Array.from({ length: count }, (_, i) => i);
  const half = count / 2;
  switch (DROP_ORDERS[size]?.[upperRound - 2] ?? 'natural') {
    case 'reverse':
      return straight.reverse();
    case 'half_shift':
      return [...straight.slice(half), ...straight.slice(0, half)];
    case 'reverse_half_shift':
      return [...straight.slice(0, half).reverse(), ...straight.slice(half).reverse()];
    default:
      return straight;
  }
}

const upperId = (round: number, position: number) => `U${round}-${position}`;
const lowerId = (round: number, position: number) => `L${round}-${position}`;

function validateTeams(teams: readonly BracketTeam[]): void {
  if (teams.length < 2 || teams.length > DOUBLE_ELIMINATION_MAX_TEAMS) {
    throw new CompetitionError(
      'BRACKET_SIZE_UNSUPPORTED',
      `double elimination needs 2 to 64 teams, got ${teams.length}`,
    );
  }
  const seeds = new Set(teams.map((t) => t.seed));
  const ids = new Set(teams.map((t) => t.rosterId));
  const contiguous = teams.every((t) => Number.isInteger(t.seed) && t.seed >= 1 && t.seed <= teams.length);
  if (seeds.size !== teams.length || ids.size !== teams.length || !contiguous) {
    throw new CompetitionError(
      'INVALID_COMPETITION_INPUT',
      'double elimination: seeds must be 1..n, rosters unique',
    );
  }
}

type Draft = Omit<BracketNode, 'number'>;

function upperRound(round: number, size: number, order: number[]): Draft[] {
  const count = size / 2 ** round;
  return Array.from({ length: count }, (_, i) => {
    const position = i + 1;
    const [home, away]: [BracketSource, BracketSource] =
      round === 1
        ? [
            { kind: 'seed', seed: order[2 * i]! },
            { kind: 'seed', seed: order[2 * i + 1]! },
          ]
        : [
            { kind: 'winner', matchId: upperId(round - 1, 2 * i + 1) },
            { kind: 'winner', matchId: upperId(round - 1, 2 * i + 2) },
          ];
    return { id: upperId(round, position), section: 'upper', round, position, home, away };
  });
}

function lowerRound(round: number, size: number): Draft[] {
  // Lower rounds 1-2 have P/4 matches, 3-4 P/8, …; odd rounds (from 3) halve, even ones take drop-ins.
  const count = size / 2 ** (Math.floor((round + 1) / 2) + 1);
  const drops = round % 2 === 0 || round === 1;
  const upper = round === 1 ? 1 : round / 2 + 1;
  const order = round % 2 === 0 ? dropInOrder(size, upper) : [];
  return Array.from({ length: count }, (_, i) => {
    const position = i + 1;
    let home: BracketSource;
    let away: BracketSource;
    if (round === 1) {
      home = { kind: 'loser', matchId: upperId(1, 2 * i + 1) };
      away = { kind: 'loser', matchId: upperId(1, 2 * i + 2) };
    } else if (drops) {
      home = { kind: 'loser', matchId: upperId(upper, order[i]! + 1) };
      away = { kind: 'winner', matchId: lowerId(round - 1, position) };
    } else {
      home = { kind: 'winner', matchId: lowerId(round - 1, 2 * i + 1) };
      away = { kind: 'winner', matchId: lowerId(round - 1, 2 * i + 2) };
    }
    return { id: lowerId(round, position), section: 'lower', round, position, home, away };
  });
}

/** Builds the bracket of a seeded field. Throws CompetitionError on a bad field. */
export function createDoubleElimination(teams: readonly BracketTeam[]): DoubleEliminationBracket {
  validateTeams(teams);
  let size = 2;
  while (size < teams.length) size *= 2;
  const upperRounds = Math.log2(size);
  const lowerRounds = 2 * upperRounds - 2;
  const order = bracketSeedOrder(size);
  const drafts: Draft[] = [...upperRound(1, size, order)];
  if (lowerRounds > 0) drafts.push(...lowerRound(1, size));
  for (let round = 2; round <= upperRounds; round++) {
    drafts.push(...upperRound(round, size, order));
    drafts.push(...lowerRound(2 * round - 2, size));
    if (2 * round - 1 <= lowerRounds) drafts.push(...lowerRound(2 * round - 1, size));
  }
  const lowerWinner: BracketSource =
    lowerRounds > 0
      ? { kind: 'winner', matchId: lowerId(lowerRounds, 1) }
      : { kind: 'loser', matchId: upperId(1, 1) };
  const upperWinner: BracketSource = { kind: 'winner', matchId: upperId(upperRounds, 1) };
  drafts.push({ id: 'GF1', section: 'final', round: 1, position: 1, home: upperWinner, away: lowerWinner });
  drafts.push({
    id: 'GF2',
    section: 'final',
    round: 2,
    position: 1,
    home: { kind: 'winner', matchId: 'GF1' },
    away: { kind: 'loser', matchId: 'GF1' },
  });
  return {
    teams: [...teams].sort((a, b) => a.seed - b.seed),
    size,
    upperRounds,
    lowerRounds,
    nodes: drafts.map((draft, index) => ({ ...draft, number: index + 1 })),
  };
}
