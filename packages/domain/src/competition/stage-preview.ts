import { createDoubleElimination } from './double-elimination.js';
import { resolveDoubleElimination } from './double-elimination-state.js';
import { pairSwissRound } from './swiss-pairing.js';
import type { SwissConfig } from './swiss-types.js';

/**
 * The first round a stage will open with, before it is created: the same engines the server runs
 * when it creates the stage (swiss round 1 pairing, the double-elimination bracket's upper round 1),
 * so the organizer's preview is what will be played. Pure: the console calls it on every reorder.
 */

/** Rounds of a fixed swiss stage when the organizer gives none: enough to separate the field. */
export function defaultSwissRounds(teams: number): number {
  return Math.max(1, Math.ceil(Math.log2(Math.max(1, teams))));
}

export type PreviewFormat = 'swiss' | 'double_elimination';

export interface StagePreviewInput {
  format: PreviewFormat;
  /** The segment the stage is created in: swiss home and away sides are drawn from it. */
  segmentId: string;
  /** Roster ids in seed order (seed 1 first). */
  rosterIds: readonly string[];
  /** Swiss rules (default: a fixed number of rounds, as the server's default). */
  swiss?: SwissConfig;
}

export interface PreviewPairing {
  /** 1-based, in play order (swiss table, bracket match of upper round 1). */
  table: number;
  /** Null on a side with nobody: the other team has a bye. */
  home: { rosterId: string; seed: number } | null;
  away: { rosterId: string; seed: number } | null;
}

/** First-round pairings of the stage; throws CompetitionError for a field the format cannot take. */
export function previewFirstRound(input: StagePreviewInput): PreviewPairing[] {
  const teams = input.rosterIds.map((rosterId, index) => ({ rosterId, seed: index + 1 }));
  const side = (rosterId: string | null) =>
    rosterId === null ? null : { rosterId, seed: teams.find((t) => t.rosterId === rosterId)!.seed };
  if (input.format === 'double_elimination') {
    const bracket = createDoubleElimination(teams);
    return resolveDoubleElimination(bracket, [])
      .matches.filter((m) => m.section === 'upper' && m.round === 1)
      .sort((a, b) => a.position - b.position)
      .map((m, index) => ({ table: index + 1, home: side(m.homeRosterId), away: side(m.awayRosterId) }));
  }
  const config = input.swiss ?? { format: { mode: 'fixed', rounds: defaultSwissRounds(teams.length) } };
  const round = pairSwissRound({
    segmentId: input.segmentId,
    roundNumber: 1,
    config,
    teams,
    results: [],
    byes: [],
  });
  const pairings: PreviewPairing[] = round.pairings.map((p) => ({
    table: p.table,
    home: side(p.homeRosterId),
    away: side(p.awayRosterId),
  }));
  if (round.byeRosterId !== null)
    pairings.push({ table: pairings.length + 1, home: side(round.byeRosterId), away: null });
  return pairings;
}
