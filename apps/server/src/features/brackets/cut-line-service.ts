import { advancingAtCut, type CutRow, orderForCut, type StageRanking } from '@cwh/domain';
import type { Executor } from '../../db/client.js';
import { createCutLineRepository } from './cut-line-repository.js';

/**
 * The one cut-line rule (issue 37) on a ladder segment: the standings order, except that the
 * rosters tied on points across the cut (the `top` advancing places) are ordered by the domain's
 * `orderForCut` (points, head-to-head among them, wins, the earlier time the points were reached,
 * roster id). The advancement ranks the ladder with it and the leaderboard shows it, so both agree
 * on exactly who advances.
 */

export interface LadderCut {
  top: number;
  /** Points total shared across the cut; null when no tie straddles it. */
  tiedPoints: number | null;
  /** The tied rosters in cut order, each with whether it advances and the tiebreak that placed it. */
  tied: (CutRow & { advances: boolean })[];
  rankings: StageRanking[];
}

export async function ladderCut(db: Executor, segmentId: string, top: number): Promise<LadderCut> {
  const repo = createCutLineRepository(db);
  const order = await repo.standingsOrder(segmentId);
  const atCut = order[top - 1];
  const below = order[top];
  if (!atCut || !below || atCut.points !== below.points) {
    return {
      top,
      tiedPoints: null,
      tied: [],
      rankings: order.map((row, i) => ({ rosterId: row.rosterId, rank: i + 1 })),
    };
  }
  const first = order.findIndex((row) => row.points === atCut.points);
  const group = order.filter((row) => row.points === atCut.points);
  const { tallies, games } = await repo.tieInputs(segmentId, group);
  const rows = orderForCut(tallies, games);
  const advancing = new Set(advancingAtCut(rows, top - first));
  const ordered = [...order.slice(0, first), ...rows, ...order.slice(first + group.length)];
  return {
    top,
    tiedPoints: atCut.points,
    tied: rows.map((row) => ({ ...row, advances: advancing.has(row.rosterId) })),
    rankings: ordered.map((row, i) => ({ rosterId: row.rosterId, rank: i + 1 })),
  };
}
