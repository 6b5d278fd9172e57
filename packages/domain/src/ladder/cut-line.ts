/**
 * One rule for the cut line (issue 37): who advances when teams tie across it (top 128, top 8). The
 * leaderboard and the advancement both order the segment with `orderForCut`, so they always agree,
 * and each row says which tiebreak placed it above the next team:
 *
 * 1. points (win 3, draw 1);
 * 2. head-to-head: points won in the games among the teams still tied (a mini-league);
 * 3. wins;
 * 4. the earlier time the team reached its points total (its last result that changed its points);
 * 5. roster id: only when all four are equal (never in practice: two results at the same millisecond).
 */

export type CutTiebreak = 'points' | 'headToHead' | 'wins' | 'reachedAt' | 'rosterId';

export interface CutTally {
  rosterId: string;
  points: number;
  wins: number;
  /** Epoch ms of the result that brought the current points total; null with no points yet. */
  pointsReachedAt: number | null;
}

export interface CutGame {
  homeRosterId: string;
  awayRosterId: string;
  /** Null: a draw. */
  winnerRosterId: string | null;
  /** Both sides lost (double forfeit): no points for either. */
  bothLost?: boolean;
}

export interface CutRow extends CutTally {
  /** 1-based, unique. */
  position: number;
  headToHead: number;
  /** The tiebreak that put this team above the next one (null for the last row). */
  decidedBy: CutTiebreak | null;
}

function headToHeadPoints(group: readonly CutTally[], games: readonly CutGame[]): Map<string, number> {
  const members = new Set(group.map((t) => t.rosterId));
  const points = new Map(group.map((t) => [t.rosterId, 0]));
  for (const game of games) {
    if (!members.has(game.homeRosterId) || !members.has(game.awayRosterId) || game.bothLost) continue;
    if (game.winnerRosterId === null) {
      points.set(game.homeRosterId, points.get(game.homeRosterId)! + 1);
      points.set(game.awayRosterId, points.get(game.awayRosterId)! + 1);
    } else if (members.has(game.winnerRosterId)) {
      points.set(game.winnerRosterId, points.get(game.winnerRosterId)! + 3);
    }
  }
  return points;
}

const reached = (t: CutTally) => t.pointsReachedAt ?? Number.POSITIVE_INFINITY;

/** The order of the whole segment for the cut line. Independent of input order. */
export function orderForCut(tallies: readonly CutTally[], games: readonly CutGame[]): CutRow[] {
  const byPoints = new Map<number, CutTally[]>();
  for (const tally of tallies) byPoints.set(tally.points, [...(byPoints.get(tally.points) ?? []), tally]);
  const rows: Omit<CutRow, 'position' | 'decidedBy'>[] = [];
  for (const points of [...byPoints.keys()].sort((a, b) => b - a)) {
    const group = byPoints.get(points)!;
    const h2h = group.length > 1 ? headToHeadPoints(group, games) : new Map([[group[0]!.rosterId, 0]]);
    const sorted = [...group].sort(
      (a, b) =>
        h2h.get(b.rosterId)! - h2h.get(a.rosterId)! ||
        b.wins - a.wins ||
        reached(a) - reached(b) ||
        (a.rosterId < b.rosterId ? -1 : a.rosterId > b.rosterId ? 1 : 0),
    );
    rows.push(...sorted.map((t) => ({ ...t, headToHead: h2h.get(t.rosterId)! })));
  }
  return rows.map((row, index) => {
    const next = rows[index + 1];
    return { ...row, position: index + 1, decidedBy: next ? decidedBy(row, next) : null };
  });
}

function decidedBy(a: Omit<CutRow, 'position' | 'decidedBy'>, b: typeof a): CutTiebreak {
  if (a.points !== b.points) return 'points';
  if (a.headToHead !== b.headToHead) return 'headToHead';
  if (a.wins !== b.wins) return 'wins';
  if (reached(a) !== reached(b)) return 'reachedAt';
  return 'rosterId';
}

/** The rosters that advance: exactly the first `top` of the cut order (fewer when the field is smaller). */
export function advancingAtCut(rows: readonly CutRow[], top: number): string[] {
  return rows.slice(0, Math.max(0, top)).map((row) => row.rosterId);
}
