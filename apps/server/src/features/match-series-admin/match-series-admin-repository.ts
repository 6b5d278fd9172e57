import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  competitionStages,
  events,
  matchSeries,
  matchSeriesCompetitors,
  queueEntries,
  rosters,
  segments,
  stageMatchSeries,
} from '../../db/schema/index.js';

export type AdminSeriesRow = typeof matchSeries.$inferSelect;
export type AdminCompetitorRow = typeof matchSeriesCompetitors.$inferSelect;
type State = AdminSeriesRow['state'];

export interface AdminSeriesFilter {
  /** The events the caller may see (an organizer's); undefined: every event (admin). */
  visibleEventIds?: readonly string[] | undefined;
  eventId?: string | undefined;
  segmentId?: string | undefined;
  rosterId?: string | undefined;
  states?: State[] | undefined;
  roundNumber?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** The series row with its stage link (null: a ladder series). */
const withStage = {
  series: matchSeries,
  format: competitionStages.format,
  stageId: stageMatchSeries.stageId,
  nodeId: stageMatchSeries.nodeId,
  stageRound: stageMatchSeries.roundNumber,
};

/** SQL of the match series admin (features/match-series-admin). */
export function createMatchSeriesAdminRepository(db: Executor) {
  function conditions(tenant: string, filter: AdminSeriesFilter): SQL[] | null {
    const where: SQL[] = [eq(matchSeries.tenant, tenant)];
    if (filter.visibleEventIds) {
      if (filter.visibleEventIds.length === 0) return null;
      where.push(inArray(matchSeries.eventId, [...filter.visibleEventIds]));
    }
    if (filter.eventId) where.push(eq(matchSeries.eventId, filter.eventId));
    if (filter.segmentId) where.push(eq(matchSeries.segmentId, filter.segmentId));
    if (filter.rosterId)
      where.push(
        sql`${matchSeries.id} in (select c.match_series_id from match_series_competitors c where c.roster_id = ${filter.rosterId})`,
      );
    if (filter.states) where.push(inArray(matchSeries.state, filter.states));
    if (filter.roundNumber !== undefined)
      where.push(
        sql`coalesce(${stageMatchSeries.roundNumber}, ${matchSeries.roundNumber}) = ${filter.roundNumber}`,
      );
    if (filter.from) where.push(gte(matchSeries.date, filter.from));
    if (filter.to) where.push(lte(matchSeries.date, filter.to));
    return where;
  }

  const joined = (tx: Executor) =>
    tx
      .select(withStage)
      .from(matchSeries)
      .leftJoin(stageMatchSeries, eq(stageMatchSeries.matchSeriesId, matchSeries.id))
      .leftJoin(competitionStages, eq(competitionStages.id, stageMatchSeries.stageId));

  return {
    /** One page of live (not deleted) series and the total. */
    async list(
      tenant: string,
      filter: AdminSeriesFilter,
      order: { descending: boolean },
      page: { offset: number; size: number },
      tx: Executor = db,
    ) {
      const where = conditions(tenant, filter);
      if (!where) return { rows: [], total: 0 };
      where.push(isNull(matchSeries.deletedAt));
      const rows = await joined(tx)
        .where(and(...where))
        .orderBy(order.descending ? desc(matchSeries.date) : asc(matchSeries.date), asc(matchSeries.id))
        .limit(page.size)
        .offset(page.offset);
      const count = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(matchSeries)
        .leftJoin(stageMatchSeries, eq(stageMatchSeries.matchSeriesId, matchSeries.id))
        .where(and(...where));
      return { rows, total: Number(count[0]?.n ?? 0) };
    },

    /** One page of deleted series, the latest deletion first. */
    async listDeleted(
      tenant: string,
      filter: Pick<AdminSeriesFilter, 'visibleEventIds' | 'eventId' | 'segmentId'>,
      page: { offset: number; size: number },
      tx: Executor = db,
    ) {
      const where = conditions(tenant, filter);
      if (!where) return { rows: [], total: 0 };
      where.push(isNotNull(matchSeries.deletedAt));
      const rows = await joined(tx)
        .where(and(...where))
        .orderBy(desc(matchSeries.deletedAt), asc(matchSeries.id))
        .limit(page.size)
        .offset(page.offset);
      const count = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(matchSeries)
        .where(and(...where));
      return { rows, total: Number(count[0]?.n ?? 0) };
    },

    /** A series of the tenant, deleted or not, with its stage link; row-locked when `lock`. */
    async find(tenant: string, id: string, tx: Executor = db, lock = false) {
      if (lock) {
        // Lock the series row alone (a left join cannot be locked FOR UPDATE on PostgreSQL).
        await tx
          .select({ id: matchSeries.id })
          .from(matchSeries)
          .where(and(eq(matchSeries.tenant, tenant), eq(matchSeries.id, id)))
          .for('update');
      }
      const rows = await joined(tx).where(and(eq(matchSeries.tenant, tenant), eq(matchSeries.id, id)));
      return rows[0] ?? null;
    },

    async update(
      id: string,
      set: Partial<
        Pick<
          AdminSeriesRow,
          'date' | 'state' | 'deletedAt' | 'finishedAt' | 'reviewReason' | 'warId' | 'warLink' | 'warReport'
        >
      >,
      tx: Executor,
    ) {
      await tx.update(matchSeries).set(set).where(eq(matchSeries.id, id));
    },

    async competitors(seriesId: string, tx: Executor = db): Promise<AdminCompetitorRow[]> {
      return tx
        .select()
        .from(matchSeriesCompetitors)
        .where(eq(matchSeriesCompetitors.matchSeriesId, seriesId))
        .orderBy(asc(matchSeriesCompetitors.position));
    },

    /** Empties the result of both sides (score, destruction, placement, forfeit). */
    async clearResults(seriesId: string, tx: Executor) {
      await tx
        .update(matchSeriesCompetitors)
        .set({ score: null, destruction: null, placement: null, forfeit: false })
        .where(eq(matchSeriesCompetitors.matchSeriesId, seriesId));
    },

    /** The competitors' copy of the series date (the 24 h match limit reads it). */
    async setCompetitorsDate(seriesId: string, date: Date, tx: Executor) {
      await tx
        .update(matchSeriesCompetitors)
        .set({ date })
        .where(eq(matchSeriesCompetitors.matchSeriesId, seriesId));
    },

    async setCompetitorRoster(seriesId: string, position: number, rosterId: string | null, tx: Executor) {
      await tx
        .update(matchSeriesCompetitors)
        .set({ rosterId })
        .where(
          and(
            eq(matchSeriesCompetitors.matchSeriesId, seriesId),
            eq(matchSeriesCompetitors.position, position),
          ),
        );
    },

    async rostersByIds(tenant: string, ids: readonly string[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return tx
        .select()
        .from(rosters)
        .where(and(eq(rosters.tenant, tenant), inArray(rosters.id, [...ids])));
    },

    async lockRoster(tenant: string, id: string, tx: Executor) {
      const rows = await tx
        .select()
        .from(rosters)
        .where(and(eq(rosters.tenant, tenant), eq(rosters.id, id)))
        .for('update');
      return rows[0] ?? null;
    },

    async withdrawRoster(id: string, at: Date, tx: Executor) {
      await tx.update(rosters).set({ withdrawnAt: at }).where(eq(rosters.id, id));
    },

    /** The segment with its event, within the tenant (through the event). */
    async segmentInTenant(tenant: string, id: string, tx: Executor = db) {
      const rows = await tx
        .select({ id: segments.id, eventId: segments.eventId })
        .from(segments)
        .innerJoin(events, eq(events.id, segments.eventId))
        .where(and(eq(segments.id, id), eq(events.tenant, tenant)));
      return rows[0] ?? null;
    },

    /** Rosters among `rosterIds` that play another open, not deleted series than `exceptId`. */
    async rostersInOtherOpenSeries(rosterIds: readonly string[], exceptId: string, tx: Executor) {
      if (rosterIds.length === 0) return [];
      const rows = await tx
        .selectDistinct({ rosterId: matchSeriesCompetitors.rosterId })
        .from(matchSeriesCompetitors)
        .innerJoin(matchSeries, eq(matchSeries.id, matchSeriesCompetitors.matchSeriesId))
        .where(
          and(
            inArray(matchSeriesCompetitors.rosterId, [...rosterIds]),
            ne(matchSeries.id, exceptId),
            ne(matchSeries.state, 'finished'),
            isNull(matchSeries.deletedAt),
          ),
        );
      return rows.map((r) => r.rosterId!);
    },

    /** Rosters among `rosterIds` with a live queue entry (waiting or in a match-up). */
    async rostersQueued(rosterIds: readonly string[], tx: Executor) {
      if (rosterIds.length === 0) return [];
      const rows = await tx
        .select({ rosterId: queueEntries.rosterId })
        .from(queueEntries)
        .where(and(inArray(queueEntries.rosterId, [...rosterIds]), isNull(queueEntries.endedAt)));
      return rows.map((r) => r.rosterId);
    },

    /** The other series of a stage round with their sides (a roster plays once per round). */
    async roundSides(stageId: string, roundNumber: number, tx: Executor) {
      return tx
        .select({
          matchSeriesId: stageMatchSeries.matchSeriesId,
          position: matchSeriesCompetitors.position,
          rosterId: matchSeriesCompetitors.rosterId,
        })
        .from(stageMatchSeries)
        .innerJoin(
          matchSeriesCompetitors,
          eq(matchSeriesCompetitors.matchSeriesId, stageMatchSeries.matchSeriesId),
        )
        .where(and(eq(stageMatchSeries.stageId, stageId), eq(stageMatchSeries.roundNumber, roundNumber)));
    },
  };
}
export type MatchSeriesAdminRepository = ReturnType<typeof createMatchSeriesAdminRepository>;
