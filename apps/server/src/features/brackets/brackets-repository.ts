import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { competitionRounds, competitionStages, stageMatchSeries } from '../../db/schema/competition.js';
import { matchSeries, matchSeriesCompetitors } from '../../db/schema/ladder.js';
import { rosters } from '../../db/schema/rosters.js';
import type { segments } from '../../db/schema/segments.js';
import { stageDisqualifications } from '../../db/schema/stage-disqualifications.js';
import { conflictOnDuplicate } from '../../db/unique-violation.js';
import { DomainError, notFound } from '../../errors/domain-error.js';
import { createSegmentRepository } from '../segments/segment-repository.js';

export type StageRow = typeof competitionStages.$inferSelect;
export type StageSegmentRow = typeof segments.$inferSelect;
export type StageSeriesRow = typeof matchSeries.$inferSelect;
export type StageCompetitorRow = typeof matchSeriesCompetitors.$inferSelect;
export type StageRoundRow = typeof competitionRounds.$inferSelect;

function stageConflict(reason: string, detail: string): DomainError {
  return new DomainError('CONFLICT', detail, { meta: { reason } });
}

export interface NewStageSeries {
  nodeId: string;
  roundNumber: number;
  bracketNumber: number;
  number: number;
  date: Date;
  state: StageSeriesRow['state'];
  bye: boolean;
  bracket: 'upper' | 'lower' | null;
  group: string | null;
  /** Home first; null while the side is unknown. */
  rosterIds: [string | null, string | null];
}

/** Stages, rounds and stage match series. */
export function createBracketsRepository(db: Executor) {
  const segmentsRepo = createSegmentRepository(db);
  return {
    /** The segment, only when its event belongs to the tenant (the segments capability's lookup). */
    async getSegment(tenant: string, id: string, tx: Executor = db): Promise<StageSegmentRow> {
      return (await segmentsRepo.getInTenant(tenant, id, tx)).segment;
    },

    async stageOfSegment(segmentId: string, tx: Executor = db): Promise<StageRow | null> {
      const rows = await tx
        .select()
        .from(competitionStages)
        .where(eq(competitionStages.segmentId, segmentId));
      return rows[0] ?? null;
    },

    async getStage(tenant: string, id: string, tx: Executor = db): Promise<StageRow> {
      const rows = await tx
        .select()
        .from(competitionStages)
        .where(and(eq(competitionStages.id, id), eq(competitionStages.tenant, tenant)));
      if (!rows[0]) throw notFound('bracket', id);
      return rows[0];
    },

    /** Row lock: one organizer call at a time per stage (next round, result). */
    async lockStage(id: string, tx: Executor): Promise<StageRow> {
      const rows = await tx
        .select()
        .from(competitionStages)
        .where(eq(competitionStages.id, id))
        .for('update');
      return rows[0]!;
    },

    /**
     * Locked, active rosters registered on the segment's stage (its parent), best previous-stage
     * placement first (the ladder standings of the sibling segments), then registration order.
     */
    async seedingRosters(segment: Pick<StageSegmentRow, 'id' | 'parentId'>, tx: Executor = db) {
      const stageId = segment.parentId ?? segment.id;
      // Placements are not stored (standings are incremental): a ladder placement is the roster's
      // position in its segment's standings order (points, star difference, stars, roster id).
      const result = await tx.execute(sql`
        with placed as (
          select ls.roster_id, row_number() over (
            partition by ls.segment_id
            order by ls.points desc, ls.star_diff desc, ls.stars_for desc, ls.roster_id asc
          )::int as placement
          from ladder_standings ls join segments s on s.id = ls.segment_id
          where s.parent_id = ${stageId} or s.id = ${stageId}
        ),
        best as (select roster_id, min(placement) as placement from placed group by roster_id)
        select r.id, b.placement
        from rosters r left join best b on b.roster_id = r.id
        where r.segment_id = ${stageId} and r.confirmed_at is not null and r.withdrawn_at is null
        order by b.placement asc nulls last, r.created_at asc, r.id asc`);
      return rowsOf<{ id: string; placement: number | null }>(result).map((row) => ({
        id: row.id,
        placement: row.placement === null ? null : Number(row.placement),
      }));
    },

    /** Rosters disqualified from the stage of this segment (match-series-admin's stage disqualification). */
    async disqualifiedFromStage(segmentId: string, tx: Executor = db): Promise<string[]> {
      const rows = await tx
        .select({ rosterId: stageDisqualifications.rosterId })
        .from(stageDisqualifications)
        .where(eq(stageDisqualifications.segmentId, segmentId));
      return rows.map((r) => r.rosterId);
    },

    async rostersByIds(ids: readonly string[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return tx
        .select()
        .from(rosters)
        .where(inArray(rosters.id, [...ids]));
    },

    /** One stage per segment (a unique index): a second one is the caller's BRACKET_EXISTS conflict. */
    async insertStage(values: typeof competitionStages.$inferInsert, tx: Executor): Promise<StageRow> {
      const rows = await conflictOnDuplicate(
        () => tx.insert(competitionStages).values(values).returning(),
        () => stageConflict('BRACKET_EXISTS', 'This segment already has a bracket'),
      );
      return rows[0]!;
    },

    async updateBracketResults(id: string, results: StageRow['bracketResults'], tx: Executor) {
      await tx.update(competitionStages).set({ bracketResults: results }).where(eq(competitionStages.id, id));
    },

    /** One row per (stage, round): an organizer who starts the same round twice at once gets ROUND_EXISTS. */
    async insertRound(values: typeof competitionRounds.$inferInsert, tx: Executor): Promise<StageRoundRow> {
      const rows = await conflictOnDuplicate(
        () => tx.insert(competitionRounds).values(values).returning(),
        () => stageConflict('ROUND_EXISTS', 'This round was just started'),
      );
      return rows[0]!;
    },

    async rounds(stageId: string, tx: Executor = db): Promise<StageRoundRow[]> {
      return tx
        .select()
        .from(competitionRounds)
        .where(eq(competitionRounds.stageId, stageId))
        .orderBy(asc(competitionRounds.roundNumber));
    },

    /** Deletes one round: its series (competitors and links cascade) and its stored input/output. */
    async deleteRound(stageId: string, roundNumber: number, tx: Executor) {
      const links = await tx
        .select({ id: stageMatchSeries.matchSeriesId })
        .from(stageMatchSeries)
        .where(and(eq(stageMatchSeries.stageId, stageId), eq(stageMatchSeries.roundNumber, roundNumber)));
      if (links.length > 0)
        await tx.delete(matchSeries).where(
          inArray(
            matchSeries.id,
            links.map((l) => l.id),
          ),
        );
      await tx
        .delete(competitionRounds)
        .where(and(eq(competitionRounds.stageId, stageId), eq(competitionRounds.roundNumber, roundNumber)));
    },

    /** Inserts series, their two competitor rows and their stage link; returns the series ids in order. */
    async insertSeries(stage: StageRow, list: readonly NewStageSeries[], createdAt: Date, tx: Executor) {
      if (list.length === 0) return [];
      const inserted = await tx
        .insert(matchSeries)
        .values(
          list.map((s) => ({
            tenant: stage.tenant,
            eventId: stage.eventId,
            segmentId: stage.segmentId,
            date: s.date,
            state: s.state,
            bye: s.bye,
            roundNumber: s.roundNumber,
            bracket: s.bracket,
            groupName: s.group,
            createdAt,
            finishedAt: s.state === 'finished' ? createdAt : null,
          })),
        )
        .returning({ id: matchSeries.id });
      const ids = inserted.map((row) => row.id);
      await tx.insert(matchSeriesCompetitors).values(
        list.flatMap((s, index) =>
          s.rosterIds.map((rosterId, position) => ({
            matchSeriesId: ids[index]!,
            position,
            rosterId,
            placement: s.bye && rosterId ? 1 : null,
            date: s.date,
          })),
        ),
      );
      await tx.insert(stageMatchSeries).values(
        list.map((s, index) => ({
          matchSeriesId: ids[index]!,
          stageId: stage.id,
          nodeId: s.nodeId,
          roundNumber: s.roundNumber,
          bracketNumber: s.bracketNumber,
          number: s.number,
        })),
      );
      return ids;
    },

    /** A page of the stage's series in play order, with the total. */
    async stageSeries(
      stageId: string,
      filter: { bracketNumber?: number | undefined; roundNumber?: number | undefined },
      page: { offset: number; size: number },
      tx: Executor = db,
    ) {
      const where: SQL[] = [eq(stageMatchSeries.stageId, stageId)];
      if (filter.bracketNumber) where.push(eq(stageMatchSeries.bracketNumber, filter.bracketNumber));
      if (filter.roundNumber) where.push(eq(stageMatchSeries.roundNumber, filter.roundNumber));
      const rows = await tx
        .select({ series: matchSeries, link: stageMatchSeries })
        .from(stageMatchSeries)
        .innerJoin(matchSeries, eq(matchSeries.id, stageMatchSeries.matchSeriesId))
        .where(and(...where))
        .orderBy(asc(stageMatchSeries.roundNumber), asc(stageMatchSeries.number))
        .limit(page.size)
        .offset(page.offset);
      const count = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(stageMatchSeries)
        .where(and(...where));
      return { rows, total: count[0]?.n ?? 0 };
    },

    /** Every series of the stage with its link (results, round completeness). */
    async allStageSeries(stageId: string, tx: Executor = db) {
      return tx
        .select({ series: matchSeries, link: stageMatchSeries })
        .from(stageMatchSeries)
        .innerJoin(matchSeries, eq(matchSeries.id, stageMatchSeries.matchSeriesId))
        .where(eq(stageMatchSeries.stageId, stageId));
    },

    async competitorsOf(seriesIds: readonly string[], tx: Executor = db): Promise<StageCompetitorRow[]> {
      if (seriesIds.length === 0) return [];
      return tx
        .select()
        .from(matchSeriesCompetitors)
        .where(inArray(matchSeriesCompetitors.matchSeriesId, [...seriesIds]))
        .orderBy(asc(matchSeriesCompetitors.position));
    },
  };
}

export type BracketsRepository = ReturnType<typeof createBracketsRepository>;

/** Result writes of a stage's series (organizer results, bracket propagation). */
export function createStageResultsRepository(db: Executor) {
  return {
    async linkOf(stageId: string, matchSeriesId: string, tx: Executor = db) {
      const rows = await tx
        .select({ series: matchSeries, link: stageMatchSeries })
        .from(stageMatchSeries)
        .innerJoin(matchSeries, eq(matchSeries.id, stageMatchSeries.matchSeriesId))
        .where(and(eq(stageMatchSeries.stageId, stageId), eq(stageMatchSeries.matchSeriesId, matchSeriesId)));
      return rows[0] ?? null;
    },

    async seriesOfNodes(stageId: string, nodeIds: readonly string[], tx: Executor) {
      if (nodeIds.length === 0) return [];
      return tx
        .select()
        .from(stageMatchSeries)
        .where(and(eq(stageMatchSeries.stageId, stageId), inArray(stageMatchSeries.nodeId, [...nodeIds])));
    },

    /** The stage a series belongs to (its link and series row), or null for a ladder series. */
    async linkOfSeries(matchSeriesId: string, tx: Executor = db) {
      const rows = await tx
        .select({ series: matchSeries, link: stageMatchSeries })
        .from(stageMatchSeries)
        .innerJoin(matchSeries, eq(matchSeries.id, stageMatchSeries.matchSeriesId))
        .where(eq(stageMatchSeries.matchSeriesId, matchSeriesId));
      return rows[0] ?? null;
    },

    async setSeries(
      id: string,
      values: {
        state?: StageSeriesRow['state'];
        bye?: boolean;
        finishedAt?: Date | null;
        reviewReason?: string | null;
      },
      tx: Executor,
    ) {
      await tx.update(matchSeries).set(values).where(eq(matchSeries.id, id));
    },

    /** The series within the tenant, row-locked when `lock` (a result writes it). */
    /** A later series reset by a correction (issue #31): back to before its result and its war. */
    async clearResult(id: string, tx: Executor) {
      await tx
        .update(matchSeries)
        .set({
          state: 'scheduled',
          finishedAt: null,
          reviewReason: null,
          warId: null,
          warLink: null,
          warReport: null,
        })
        .where(eq(matchSeries.id, id));
      await tx
        .update(matchSeriesCompetitors)
        .set({ score: null, destruction: null, placement: null, forfeit: false })
        .where(eq(matchSeriesCompetitors.matchSeriesId, id));
    },

    async seriesInTenant(tenant: string, id: string, tx: Executor = db, lock = false) {
      const query = tx
        .select()
        .from(matchSeries)
        // A deleted series (features/match-series-admin) takes no result.
        .where(and(eq(matchSeries.tenant, tenant), eq(matchSeries.id, id), isNull(matchSeries.deletedAt)));
      const rows = lock ? await query.for('update') : await query;
      return rows[0] ?? null;
    },

    async competitorsOf(seriesId: string, tx: Executor = db): Promise<StageCompetitorRow[]> {
      return tx
        .select()
        .from(matchSeriesCompetitors)
        .where(eq(matchSeriesCompetitors.matchSeriesId, seriesId))
        .orderBy(asc(matchSeriesCompetitors.position));
    },

    async series(id: string, tx: Executor = db): Promise<StageSeriesRow> {
      const rows = await tx.select().from(matchSeries).where(eq(matchSeries.id, id));
      return rows[0]!;
    },

    async setCompetitor(
      matchSeriesId: string,
      position: number,
      values: Partial<
        Pick<StageCompetitorRow, 'rosterId' | 'score' | 'destruction' | 'placement' | 'forfeit'>
      >,
      tx: Executor,
    ) {
      await tx
        .update(matchSeriesCompetitors)
        .set(values)
        .where(
          and(
            eq(matchSeriesCompetitors.matchSeriesId, matchSeriesId),
            eq(matchSeriesCompetitors.position, position),
          ),
        );
    },
  };
}
