import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { MATCH_SERIES_STATE, matchSeries } from '../../../db/schema/ladder.js';

export { MATCH_SERIES_STATE };
export type MatchSeriesState = (typeof MATCH_SERIES_STATE)[number];

export interface MatchSeriesFilter {
  eventId?: string | undefined;
  segmentId?: string | undefined;
  rosterId?: string | undefined;
  /** Series of rosters the user owns or plays on (through a game account). */
  userId?: string | undefined;
  states?: MatchSeriesState[] | undefined;
}

const rostersOfSeries = (column: SQL) =>
  sql`${matchSeries.id} in (select c.match_series_id from match_series_competitors c where ${column})`;

/** The match series list of `/api/matches/1.0/match-series`. */
export function createMatchSeriesRepository(db: Executor) {
  return {
    /** One page of the tenant's series by date (then id), and the total count. */
    async list(
      tenant: string,
      filter: MatchSeriesFilter,
      order: { descending: boolean },
      page: { offset: number; size: number },
      tx: Executor = db,
    ) {
      // A series deleted by an organizer is out of every list (features/match-series-admin).
      const where: SQL[] = [eq(matchSeries.tenant, tenant), isNull(matchSeries.deletedAt)];
      if (filter.eventId) where.push(eq(matchSeries.eventId, filter.eventId));
      if (filter.segmentId) where.push(eq(matchSeries.segmentId, filter.segmentId));
      if (filter.rosterId) where.push(rostersOfSeries(sql`c.roster_id = ${filter.rosterId}`));
      if (filter.userId) {
        const user = filter.userId;
        where.push(
          rostersOfSeries(
            sql`c.roster_id in (select r.id from rosters r where r.owner_id = ${user}
                union select m.roster_id from roster_members m join game_accounts g on g.player_tag = m.player_tag
                where g.user_id = ${user} and m.removed_at is null)`,
          ),
        );
      }
      if (filter.states) where.push(inArray(matchSeries.state, filter.states));
      const rows = await tx
        .select()
        .from(matchSeries)
        .where(and(...where))
        .orderBy(order.descending ? desc(matchSeries.date) : asc(matchSeries.date), asc(matchSeries.id))
        .limit(page.size)
        .offset(page.offset);
      const count = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(matchSeries)
        .where(and(...where));
      return { rows, total: Number(count[0]?.n ?? 0) };
    },
  };
}
export type MatchSeriesRepository = ReturnType<typeof createMatchSeriesRepository>;
