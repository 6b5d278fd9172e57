import type { CutGame, CutTally } from '@cwh/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/**
 * What the cut-line rule (domain `orderForCut`) reads of a ladder segment: the standings order and,
 * for the rosters tied on points across the cut, their wins, when they reached their points total
 * (their last finished ladder series that scored points) and the games among them. Stage series
 * (swiss, bracket) never count, as in the ladder standings.
 */

export interface LadderOrderRow {
  rosterId: string;
  points: number;
  wins: number;
}

export function createCutLineRepository(db: Executor) {
  return {
    /** The standings order (points, star difference, stars won, roster id): the displayed ranks. */
    async standingsOrder(segmentId: string, tx: Executor = db): Promise<LadderOrderRow[]> {
      const result = await tx.execute(sql`
        select roster_id as "rosterId", points, wins from ladder_standings where segment_id = ${segmentId}
        order by points desc, star_diff desc, stars_for desc, roster_id asc`);
      return rowsOf<LadderOrderRow>(result);
    },

    /** Tallies and games of the tied rosters (a few: only those sharing the cut's points total). */
    async tieInputs(
      segmentId: string,
      rows: readonly LadderOrderRow[],
      tx: Executor = db,
    ): Promise<{ tallies: CutTally[]; games: CutGame[] }> {
      const ids = rows.map((row) => row.rosterId);
      const idList = sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      const result = await tx.execute(sql`
        select ms.finished_at as "finishedAt", h.roster_id as home, a.roster_id as away,
          h.placement as "homePlacement", a.placement as "awayPlacement"
        from match_series ms
        join match_series_competitors h on h.match_series_id = ms.id and h.position = 0
        join match_series_competitors a on a.match_series_id = ms.id and a.position = 1
        where ms.segment_id = ${segmentId} and ms.state = 'finished' and ms.deleted_at is null
          and (h.roster_id in (${idList}) or a.roster_id in (${idList}))
          and not exists (select 1 from stage_match_series sms where sms.match_series_id = ms.id)`);
      const series = rowsOf<{
        finishedAt: string | Date | null;
        home: string;
        away: string;
        homePlacement: number | null;
        awayPlacement: number | null;
      }>(result);
      const reachedAt = new Map<string, number>();
      const games: CutGame[] = [];
      for (const s of series) {
        // Same outcome rules as the standings: both placed 2 is a double forfeit, equal placements draw.
        const bothLost = s.homePlacement === 2 && s.awayPlacement === 2;
        const draw = !bothLost && s.homePlacement === s.awayPlacement;
        const winner = bothLost || draw ? null : s.homePlacement === 1 ? s.home : s.away;
        games.push({ homeRosterId: s.home, awayRosterId: s.away, winnerRosterId: winner, bothLost });
        const at = s.finishedAt ? new Date(s.finishedAt).getTime() : 0;
        for (const side of [s.home, s.away]) {
          const scored = !bothLost && (draw || winner === side);
          if (scored) reachedAt.set(side, Math.max(reachedAt.get(side) ?? 0, at));
        }
      }
      const tallies = rows.map((row) => ({
        rosterId: row.rosterId,
        points: row.points,
        wins: row.wins,
        pointsReachedAt: reachedAt.get(row.rosterId) ?? null,
      }));
      return { tallies, games };
    },
  };
}
