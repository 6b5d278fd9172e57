import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { competitionStages, stageMatchSeries } from '../../db/schema/competition.js';
import { matchSeries, matchSeriesCompetitors } from '../../db/schema/ladder.js';
import { rosters } from '../../db/schema/rosters.js';

/** Finished series with the format of the stage they belong to (null: a ladder series). */
export function createPointsRepository(db: Executor) {
  // A deleted series (features/match-series-admin) gave no points.
  const finishedSeries = (where: SQL[]) =>
    and(eq(matchSeries.state, 'finished'), isNull(matchSeries.deletedAt), ...where) as SQL;
  return {
    async seriesInTenant(tenant: string, id: string, tx: Executor = db) {
      const rows = await tx
        .select({ id: matchSeries.id })
        .from(matchSeries)
        .where(and(eq(matchSeries.tenant, tenant), eq(matchSeries.id, id), isNull(matchSeries.deletedAt)));
      return rows[0] ?? null;
    },

    async rosterInTenant(tenant: string, id: string, tx: Executor = db) {
      const rows = await tx
        .select({ id: rosters.id })
        .from(rosters)
        .where(and(eq(rosters.tenant, tenant), eq(rosters.id, id)));
      return rows[0] ?? null;
    },

    /** One page of finished series (the series itself, or those the roster played), newest first. */
    async finished(
      tenant: string,
      filter: { matchSeriesId?: string | undefined; rosterId?: string | undefined },
      page: { offset: number; size: number },
      tx: Executor = db,
    ) {
      const where: SQL[] = [eq(matchSeries.tenant, tenant)];
      if (filter.matchSeriesId) where.push(eq(matchSeries.id, filter.matchSeriesId));
      // The roster's series that give it a row: a bye, or an opponent with a roster (a side left
      // empty gives no points), so the page's total counts what the pages list.
      if (filter.rosterId)
        where.push(
          sql`${matchSeries.id} in (select c.match_series_id from match_series_competitors c where c.roster_id = ${filter.rosterId} and (${matchSeries.bye} or exists (select 1 from match_series_competitors o where o.match_series_id = c.match_series_id and o.position <> c.position and o.roster_id is not null)))`,
        );
      const rows = await tx
        .select({ series: matchSeries, format: competitionStages.format })
        .from(matchSeries)
        .leftJoin(stageMatchSeries, eq(stageMatchSeries.matchSeriesId, matchSeries.id))
        .leftJoin(competitionStages, eq(competitionStages.id, stageMatchSeries.stageId))
        .where(finishedSeries(where))
        .orderBy(desc(matchSeries.finishedAt), asc(matchSeries.id))
        .limit(page.size)
        .offset(page.offset);
      const count = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(matchSeries)
        .where(finishedSeries(where));
      return { rows, total: Number(count[0]?.n ?? 0) };
    },

    async competitorsOf(seriesIds: readonly string[], tx: Executor = db) {
      if (seriesIds.length === 0) return [];
      return tx
        .select()
        .from(matchSeriesCompetitors)
        .where(inArray(matchSeriesCompetitors.matchSeriesId, [...seriesIds]))
        .orderBy(asc(matchSeriesCompetitors.position));
    },

    async rostersByIds(ids: readonly string[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return tx
        .select()
        .from(rosters)
        .where(inArray(rosters.id, [...ids]));
    },
  };
}
