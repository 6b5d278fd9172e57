import type { StageRanking } from './advancement.js';
import { CompetitionError } from './competition-error.js';
import type { GroupStage, RoundRobinGroup } from './round-robin.js';

/**
 * Group standings with configurable tiebreaks (issue 37): points (win 3, draw 1), head-to-head
 * (points among the teams still tied, computed per tie group), star difference, destruction
 * difference (summed in hundredths); the seed always ends the order. `groupStageRankings` turns the
 * groups into the unique ranks the existing advance rules read: every group winner first (group
 * order), then every runner-up, … so `placements: [1..2g]` takes the top two of each group.
 */

export const GROUP_TIEBREAKS = ['points', 'headToHead', 'starDifference', 'destructionDifference'] as const;
export type GroupTiebreak = (typeof GROUP_TIEBREAKS)[number];

export interface GroupResult {
  matchId: string;
  outcome: 'home' | 'away' | 'draw';
  homeStars: number;
  awayStars: number;
  homeDestruction: number;
  awayDestruction: number;
}

export interface GroupStanding {
  rosterId: string;
  seed: number;
  /** 1-based place in the group. */
  place: number;
  played: number;
  wins: number;
  draws: number;
  losses: number;
  points: number;
  headToHead: number;
  starDifference: number;
  /** In hundredths of a percent. */
  destructionDifference: number;
}

type Row = Omit<GroupStanding, 'place'>;

function tally(group: RoundRobinGroup, results: readonly GroupResult[]): Map<string, Row> {
  const rows = new Map<string, Row>(
    group.teams.map((t) => [
      t.rosterId,
      {
        rosterId: t.rosterId,
        seed: t.seed,
        played: 0,
        wins: 0,
        draws: 0,
        losses: 0,
        points: 0,
        headToHead: 0,
        starDifference: 0,
        destructionDifference: 0,
      },
    ]),
  );
  const matches = new Map(group.matches.map((m) => [m.id, m]));
  for (const result of results) {
    const match = matches.get(result.matchId);
    if (!match) continue;
    const sides: [string, number, number, 'home' | 'away'][] = [
      [
        match.homeRosterId,
        result.homeStars - result.awayStars,
        result.homeDestruction - result.awayDestruction,
        'home',
      ],
      [
        match.awayRosterId,
        result.awayStars - result.homeStars,
        result.awayDestruction - result.homeDestruction,
        'away',
      ],
    ];
    for (const [rosterId, stars, destruction, side] of sides) {
      const row = rows.get(rosterId)!;
      row.played++;
      row.starDifference += stars;
      row.destructionDifference += Math.round(destruction * 100);
      if (result.outcome === 'draw') {
        row.draws++;
        row.points += 1;
      } else if (result.outcome === side) {
        row.wins++;
        row.points += 3;
      } else row.losses++;
    }
  }
  return rows;
}

function headToHead(
  group: RoundRobinGroup,
  results: readonly GroupResult[],
  tied: readonly Row[],
): Map<string, number> {
  const members = new Set(tied.map((r) => r.rosterId));
  const points = new Map(tied.map((r) => [r.rosterId, 0]));
  const matches = new Map(group.matches.map((m) => [m.id, m]));
  for (const result of results) {
    const match = matches.get(result.matchId);
    if (!match || !members.has(match.homeRosterId) || !members.has(match.awayRosterId)) continue;
    const add = (id: string, p: number) => points.set(id, points.get(id)! + p);
    if (result.outcome === 'draw') {
      add(match.homeRosterId, 1);
      add(match.awayRosterId, 1);
    } else add(result.outcome === 'home' ? match.homeRosterId : match.awayRosterId, 3);
  }
  return points;
}

/** Standings of one group. Independent of the order of the results. */
export function groupStandings(
  group: RoundRobinGroup,
  results: readonly GroupResult[],
  tiebreaks: readonly GroupTiebreak[] = GROUP_TIEBREAKS,
): GroupStanding[] {
  if (tiebreaks.some((t) => !GROUP_TIEBREAKS.includes(t))) {
    throw new CompetitionError('INVALID_COMPETITION_INPUT', 'groups: unknown tiebreak');
  }
  const rows = tally(group, results);
  let blocks: Row[][] = [[...rows.values()]];
  for (const tiebreak of tiebreaks) {
    blocks = blocks.flatMap((block) => {
      if (block.length < 2) return [block];
      if (tiebreak === 'headToHead') {
        const h2h = headToHead(group, results, block);
        for (const row of block) row.headToHead = h2h.get(row.rosterId)!;
      }
      const values = [...new Set(block.map((r) => r[tiebreak]))].sort((a, b) => b - a);
      return values.map((value) => block.filter((r) => r[tiebreak] === value));
    });
  }
  return blocks
    .flatMap((block) => [...block].sort((a, b) => a.seed - b.seed))
    .map((row, index) => ({ ...row, place: index + 1 }));
}

/** Unique stage ranks for the advance rules: group winners first, then runners-up, … */
export function groupStageRankings(
  stage: GroupStage,
  results: readonly GroupResult[],
  tiebreaks?: readonly GroupTiebreak[],
): StageRanking[] {
  const tables = stage.groups.map((group) => groupStandings(group, results, tiebreaks));
  const ordered = tables
    .flatMap((table, groupIndex) => table.map((row) => ({ row, groupIndex })))
    .sort((a, b) => a.row.place - b.row.place || a.groupIndex - b.groupIndex);
  return ordered.map(({ row }, index) => ({ rosterId: row.rosterId, rank: index + 1 }));
}
