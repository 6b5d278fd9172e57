import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import { matchSeries, matchSeriesCompetitors } from '../../../db/schema/ladder.js';

export type MatchSeriesRow = typeof matchSeries.$inferSelect;
export type CompetitorRow = typeof matchSeriesCompetitors.$inferSelect;

/** What a war result writes on one competitor (`warPlacements` + the stars and destruction). */
export interface CompetitorResult {
  score: number;
  destruction: number | null;
  placement: number;
  forfeit: boolean;
}

/** A competitor of a series just finished, as written, with its roster's owner. */
export interface FinishedCompetitor {
  position: number;
  rosterId: string | null;
  ownerId: string | null;
  score: number | null;
  placement: number | null;
  forfeit: boolean;
}

/** States a series is "upcoming" in (spec 4: new, live, scheduled; plus upcoming itself). */
export const OPEN_SERIES_STATES = ['new', 'live', 'scheduled', 'upcoming'] as const;

/** Match series of ladder play and their competitors. */
export function createLadderSeriesRepository(db: Executor) {
  return {
    async insertSeries(
      values: typeof matchSeries.$inferInsert,
      tx: Executor,
    ): Promise<MatchSeriesRow | null> {
      const rows = await tx
        .insert(matchSeries)
        .values(values)
        .onConflictDoNothing({ target: matchSeries.matchUpId, where: sql`match_up_id is not null` })
        .returning();
      return rows[0] ?? null;
    },

    /**
     * The series of match-ups both captains accepted (the accepts of one batch), in ONE statement
     * (inside the accepts' transaction, under the match-ups' row locks): each series with its given id
     * (its event read from the segment), its two competitors in side order with the players their
     * queue entries were queued with, both sides accepted (with their answer times) and ended, both
     * entries accepted with the series, the match-up accepted with it. Answers the ids of the series
     * written: a match-up that already has one gets none, and nothing of it is written.
     */
    async createMatchUpSeries(
      made: readonly {
        matchUp: { id: string; tenant: string; segmentId: string };
        /** Home first: position = index. */
        sides: readonly { id: string; rosterId: string; queueEntryId: string; respondedAt: Date | null }[];
        series: { id: string; date: Date };
      }[],
      at: { createdAt: Date; endedBy: string },
      tx: Executor,
    ): Promise<string[]> {
      if (made.length === 0) return [];
      const rows = made.flatMap(({ matchUp, sides, series }) =>
        sides.map((side, position) => ({
          seriesId: series.id,
          date: series.date.toISOString(),
          matchUpId: matchUp.id,
          tenant: matchUp.tenant,
          segmentId: matchUp.segmentId,
          position,
          sideId: side.id,
          rosterId: side.rosterId,
          queueEntryId: side.queueEntryId,
          respondedAt: (side.respondedAt ?? at.createdAt).toISOString(),
        })),
      );
      const result = await tx.execute(sql`
        with v as (
          select * from json_to_recordset(${JSON.stringify(rows)}::json) as x(
            "seriesId" uuid, date timestamptz, "matchUpId" uuid, tenant text, "segmentId" uuid, position int,
            "sideId" uuid, "rosterId" uuid, "queueEntryId" uuid, "respondedAt" timestamptz)
        ),
        s as (
          insert into match_series (id, tenant, event_id, segment_id, match_up_id, date, state, created_at)
          select distinct on (v."seriesId") v."seriesId", v.tenant, g.event_id, g.id, v."matchUpId", v.date,
            'upcoming', ${at.createdAt}::timestamptz
          from v join segments g on g.id = v."segmentId"
          order by v."seriesId"
          on conflict (match_up_id) where match_up_id is not null do nothing
          returning id, match_up_id
        ),
        competitors as (
          insert into match_series_competitors (match_series_id, position, roster_id, player_tags, date)
          select s.id, v.position, v."rosterId", coalesce(q.player_tags, '[]'::jsonb), v.date
          from v join s on s.id = v."seriesId" left join queue_entries q on q.id = v."queueEntryId"
          order by s.id, v.position
        ),
        ended_sides as (
          update match_up_sides set response = 'accepted', responded_at = v."respondedAt",
            ended_at = ${at.createdAt}::timestamptz
          from v join s on s.id = v."seriesId" where match_up_sides.id = v."sideId"
        ),
        entries as (
          update queue_entries set status = 'accepted', ended_at = ${at.createdAt}::timestamptz,
            match_series_id = s.id
          from v join s on s.id = v."seriesId" where queue_entries.id = v."queueEntryId"
        ),
        accepted as (
          update match_ups set status = 'accepted', ended_at = ${at.createdAt}::timestamptz,
            ended_by = ${at.endedBy}, match_series_id = s.id
          from s where match_ups.id = s.match_up_id
        )
        select id::text from s`);
      return rowsOf<{ id: string }>(result).map((r) => r.id);
    },

    async insertCompetitors(values: (typeof matchSeriesCompetitors.$inferInsert)[], tx: Executor) {
      await tx.insert(matchSeriesCompetitors).values(values);
    },

    async findSeries(id: string, tx: Executor = db, lock = false): Promise<MatchSeriesRow | null> {
      // A deleted series (features/match-series-admin) is unknown to play: no result, no check-in.
      const query = tx
        .select()
        .from(matchSeries)
        .where(and(eq(matchSeries.id, id), isNull(matchSeries.deletedAt)))
        .limit(1);
      const rows = lock ? await query.for('update') : await query;
      return rows[0] ?? null;
    },

    /**
     * The unfinished series a roster plays against a known opponent, with its side (0 home, 1 away),
     * in id order (the order every withdrawal locks them in). Series whose opponent is still to be
     * decided (a later bracket round) are left out: they have no one to forfeit to yet.
     */
    async seriesToForfeit(rosterId: string, tx: Executor = db): Promise<{ id: string; position: number }[]> {
      const result = await tx.execute(sql`
        select s.id, c.position
        from match_series_competitors c
        join match_series s on s.id = c.match_series_id
        where c.roster_id = ${rosterId} and s.state <> 'finished' and s.deleted_at is null
          and exists (select 1 from match_series_competitors o
            where o.match_series_id = s.id and o.position <> c.position and o.roster_id is not null)
        order by s.id`);
      return rowsOf<{ id: string; position: number }>(result);
    },

    /**
     * Finishes an open series with its result in ONE statement (the ladder's result path): the
     * series finished, both competitors' stars, destruction, placement and forfeit written, the
     * queue entries that led to it completed. Answers the competitors as written, with their
     * rosters' owners (the captains to tell), or null when the series is unknown or already
     * finished (an earlier delivery of its result): then nothing was written.
     */
    async finishSeriesWithResult(
      id: string,
      finishedAt: Date,
      sides: readonly [CompetitorResult, CompetitorResult],
      tx: Executor,
    ): Promise<FinishedCompetitor[] | null> {
      const side = (position: number, s: CompetitorResult) =>
        sql`(${position}::int, ${s.score}::int, ${s.destruction}::numeric, ${s.placement}::int, ${s.forfeit}::boolean)`;
      const result = await tx.execute(sql`
        with s as (
          update match_series set state = 'finished', finished_at = ${finishedAt.toISOString()}::timestamptz
          where id = ${id}::uuid and state <> 'finished'
          returning id
        ),
        v(position, score, destruction, placement, forfeit) as (values ${side(0, sides[0])}, ${side(1, sides[1])}),
        c as (
          update match_series_competitors mc
          set score = v.score, destruction = v.destruction, placement = v.placement, forfeit = v.forfeit
          from v, s where mc.match_series_id = s.id and mc.position = v.position
          returning mc.position, mc.roster_id, mc.score, mc.placement, mc.forfeit
        ),
        q as (
          update queue_entries set status = 'completed' where match_series_id in (select id from s)
        )
        select c.position, c.roster_id::text as "rosterId", r.owner_id::text as "ownerId", c.score,
          c.placement, c.forfeit
        from s left join c on true left join rosters r on r.id = c.roster_id
        order by c.position`);
      const rows = rowsOf<FinishedCompetitor & { position: number | null }>(result);
      if (rows.length === 0) return null;
      return rows.flatMap((r) => (r.position === null ? [] : [r]));
    },

    /**
     * Claims the war creation of a series (war_id null → `pending:…`); false when someone has it.
     * With `staleBeforeMs`, a claim stamped before it (`pending:<epoch ms>:…`, see war-routes) is
     * taken over too: its creator died between the claim and the stored war (an instance killed),
     * and would otherwise block the series' war for good.
     */
    async claimWar(id: string, marker: string, tx: Executor = db, staleBeforeMs?: number): Promise<boolean> {
      const free =
        staleBeforeMs === undefined
          ? isNull(matchSeries.warId)
          : or(
              isNull(matchSeries.warId),
              sql`(${matchSeries.warId} ~ '^pending:[0-9]{1,15}:' and split_part(${matchSeries.warId}, ':', 2)::bigint < ${Math.floor(staleBeforeMs)})`,
            );
      const rows = await tx
        .update(matchSeries)
        .set({ warId: marker })
        .where(and(eq(matchSeries.id, id), free))
        .returning({ id: matchSeries.id });
      return rows.length === 1;
    },

    /**
     * Stores the created war; the series goes live unless its result was already recorded (a war
     * played, and its result delivered, before this write).
     */
    async storeCreatedWar(id: string, war: { warId: string; warLink: string }, tx: Executor = db) {
      await tx
        .update(matchSeries)
        .set({
          warId: war.warId,
          warLink: war.warLink,
          state: sql`case when ${matchSeries.state} = 'finished' then ${matchSeries.state} else 'live' end`,
        })
        .where(eq(matchSeries.id, id));
    },

    async releaseWarClaim(id: string, marker: string, tx: Executor = db) {
      await tx
        .update(matchSeries)
        .set({ warId: null })
        .where(and(eq(matchSeries.id, id), eq(matchSeries.warId, marker)));
    },

    async competitorsOf(seriesIds: string[], tx: Executor = db): Promise<CompetitorRow[]> {
      if (seriesIds.length === 0) return [];
      return tx
        .select()
        .from(matchSeriesCompetitors)
        .where(inArray(matchSeriesCompetitors.matchSeriesId, seriesIds))
        .orderBy(asc(matchSeriesCompetitors.matchSeriesId), asc(matchSeriesCompetitors.position));
    },

    async updateCompetitor(
      id: string,
      set: Partial<typeof matchSeriesCompetitors.$inferInsert>,
      tx: Executor = db,
    ) {
      await tx.update(matchSeriesCompetitors).set(set).where(eq(matchSeriesCompetitors.id, id));
    },

    /** An open (not finished) series of the roster, if any. */
    async openSeriesOfRoster(rosterId: string, tx: Executor = db): Promise<MatchSeriesRow | null> {
      const rows = await tx
        .select({ series: matchSeries })
        .from(matchSeries)
        .innerJoin(matchSeriesCompetitors, eq(matchSeriesCompetitors.matchSeriesId, matchSeries.id))
        .where(
          and(
            eq(matchSeriesCompetitors.rosterId, rosterId),
            inArray(matchSeries.state, [...OPEN_SERIES_STATES]),
            isNull(matchSeries.deletedAt),
          ),
        )
        .orderBy(asc(matchSeries.date))
        .limit(1);
      return rows[0]?.series ?? null;
    },

    /** Series of the roster dated after `since` (the 24 h match limit). */
    async seriesCountSince(rosterId: string, since: Date, tx: Executor = db): Promise<number> {
      const rows = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(matchSeriesCompetitors)
        .where(and(eq(matchSeriesCompetitors.rosterId, rosterId), gt(matchSeriesCompetitors.date, since)));
      return Number(rows[0]?.n ?? 0);
    },

    async seriesCountInSegment(rosterId: string, segmentId: string, tx: Executor = db): Promise<number> {
      const rows = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(matchSeriesCompetitors)
        .innerJoin(matchSeries, eq(matchSeries.id, matchSeriesCompetitors.matchSeriesId))
        .where(
          and(
            eq(matchSeriesCompetitors.rosterId, rosterId),
            eq(matchSeries.segmentId, segmentId),
            isNull(matchSeries.deletedAt),
          ),
        );
      return Number(rows[0]?.n ?? 0);
    },
  };
}
