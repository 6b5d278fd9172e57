import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { stageMatchSeries } from '../../db/schema/competition.js';
import { events } from '../../db/schema/events.js';
import { checkins, matchSeries, matchSeriesCompetitors, selectedPlayers } from '../../db/schema/ladder.js';
import { rosterMembers, rosters } from '../../db/schema/rosters.js';
import { segments } from '../../db/schema/segments.js';
import { createLadderSeriesRepository } from '../ladder/match-series/ladder-series-repository.js';

export type CheckinSeriesRow = typeof matchSeries.$inferSelect;
export type CheckinRosterRow = typeof rosters.$inferSelect;

/** A side of a series: its competitor row and its roster (null while the bracket waits for a team). */
export interface SeriesSide {
  competitorId: string;
  position: number;
  /** The side's line-up (empty until someone names it). */
  playerTags: string[];
  roster: CheckinRosterRow | null;
}

/** States a series can be checked in to or go live from (upcoming and not started). */
const NOT_STARTED = ['new', 'scheduled', 'upcoming'] as const;

/** The SQL of stage check-ins: series sides, check-ins, the roster flag, live and selections. */
export function createCheckinsRepository(db: Executor) {
  const ladderSeries = createLadderSeriesRepository(db);
  return {
    /**
     * The series, locked for the caller's transaction when `lock`; a deleted series (features/
     * match-series-admin) takes no check-in. The ladder's read of a series to play, shared.
     */
    findSeries: ladderSeries.findSeries,

    /** Home (position 0) then away (position 1), with their rosters. */
    async sidesOf(seriesId: string, tx: Executor = db): Promise<SeriesSide[]> {
      const rows = await tx
        .select({ competitor: matchSeriesCompetitors, roster: rosters })
        .from(matchSeriesCompetitors)
        .leftJoin(rosters, eq(rosters.id, matchSeriesCompetitors.rosterId))
        .where(eq(matchSeriesCompetitors.matchSeriesId, seriesId))
        .orderBy(matchSeriesCompetitors.position);
      return rows.map((r) => ({
        competitorId: r.competitor.id,
        position: r.competitor.position,
        playerTags: r.competitor.playerTags,
        roster: r.roster,
      }));
    },

    /**
     * Ids of the rosters of `sides` that checked in to the series: a check-in by the roster (match
     * check-in) or by its owner (POST /checkins of a captain).
     */
    async checkedInRosterIds(
      seriesId: string,
      sides: readonly Pick<CheckinRosterRow, 'id' | 'ownerId'>[],
      tx: Executor = db,
    ): Promise<Set<string>> {
      const rows = await tx
        .select({ userId: checkins.userId, rosterId: checkins.rosterId })
        .from(checkins)
        .where(eq(checkins.matchSeriesId, seriesId));
      const done = new Set<string>();
      for (const side of sides) {
        if (
          rows.some((r) => r.rosterId === side.id || (side.ownerId !== null && r.userId === side.ownerId))
        ) {
          done.add(side.id);
        }
      }
      return done;
    },

    /** Records a match check-in; false when this user had already checked in (unique index). */
    async insertSeriesCheckin(
      values: { tenant: string; userId: string; matchSeriesId: string; rosterId: string; createdAt: Date },
      tx: Executor,
    ): Promise<boolean> {
      const rows = await tx
        .insert(checkins)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: checkins.id });
      return rows.length > 0;
    },

    /** Segment check-in: the roster's own check-in row (no series). */
    async insertRosterCheckin(
      values: { tenant: string; userId: string; rosterId: string; createdAt: Date },
      tx: Executor,
    ): Promise<void> {
      await tx
        .insert(checkins)
        .values({ ...values, matchSeriesId: null })
        .onConflictDoNothing();
    },

    /**
     * The caller's live roster for a segment check-in: one they own or play in (by user or player
     * tag), the one registered for `preferredSegmentId` first, else the highest tree level, newest.
     */
    async rosterOfCaller(
      caller: { userId: string | null; playerTag: string | null },
      preferredSegmentId: string | null,
      tx: Executor = db,
    ): Promise<CheckinRosterRow | null> {
      const memberOf = caller.playerTag
        ? tx
            .select({ id: rosterMembers.rosterId })
            .from(rosterMembers)
            .where(and(eq(rosterMembers.playerTag, caller.playerTag), isNull(rosterMembers.removedAt)))
        : null;
      const conditions = [
        ...(caller.userId ? [eq(rosters.ownerId, caller.userId)] : []),
        ...(memberOf ? [inArray(rosters.id, memberOf)] : []),
      ];
      if (conditions.length === 0) return null;
      const rows = await tx
        .select()
        .from(rosters)
        .where(and(isNull(rosters.withdrawnAt), or(...conditions)))
        .orderBy(
          desc(sql`${rosters.segmentId} = ${preferredSegmentId ?? '00000000-0000-0000-0000-000000000000'}`),
          desc(rosters.treeLevel),
          desc(rosters.createdAt),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    async findSegment(tenant: string, id: string, tx: Executor = db) {
      const rows = await tx
        .select({
          id: segments.id,
          parentId: segments.parentId,
          eliminationType: segments.eliminationType,
          configuration: segments.configuration,
          checkinsConfig: segments.checkinsConfig,
        })
        .from(segments)
        .innerJoin(events, eq(events.id, segments.eventId))
        .where(and(eq(segments.id, id), eq(events.tenant, tenant)))
        .limit(1);
      return rows[0] ?? null;
    },

    async liveMembers(rosterId: string, tx: Executor = db) {
      return tx
        .select({
          tag: rosterMembers.playerTag,
          townHallLevel: rosterMembers.thLevel,
          position: rosterMembers.position,
        })
        .from(rosterMembers)
        .where(and(eq(rosterMembers.rosterId, rosterId), isNull(rosterMembers.removedAt)));
    },

    /** Sets checked_in once (conditional: false when it already was, e.g. a concurrent call). */
    async markRosterCheckedIn(rosterId: string, tx: Executor): Promise<boolean> {
      const rows = await tx
        .update(rosters)
        .set({ checkedIn: true })
        .where(and(eq(rosters.id, rosterId), eq(rosters.checkedIn, false)))
        .returning({ id: rosters.id });
      return rows.length > 0;
    },

    /** The 5 players of the roster's next match (the war service's selected players). */
    async saveSelectedPlayers(
      roster: { id: string; clanTag: string | null },
      playerTags: string[],
      at: Date,
      tx: Executor,
    ): Promise<void> {
      await tx
        .insert(selectedPlayers)
        .values({ rosterId: roster.id, clanTag: roster.clanTag ?? '', playerTags, updatedAt: at })
        .onConflictDoUpdate({ target: selectedPlayers.rosterId, set: { playerTags, updatedAt: at } });
    },

    async selectedPlayersOf(rosterId: string, tx: Executor = db): Promise<string[] | null> {
      const rows = await tx
        .select({ playerTags: selectedPlayers.playerTags })
        .from(selectedPlayers)
        .where(eq(selectedPlayers.rosterId, rosterId))
        .limit(1);
      return rows[0]?.playerTags ?? null;
    },

    async setCompetitorPlayers(competitorId: string, playerTags: string[], tx: Executor): Promise<void> {
      await tx
        .update(matchSeriesCompetitors)
        .set({ playerTags })
        .where(eq(matchSeriesCompetitors.id, competitorId));
    },

    /**
     * Stage series still to be played from `from` on (not started, not a bye, not deleted, dated at
     * or after `from`): what the server start gives deadline jobs (checkin-deadlines.ts). One query.
     */
    async upcomingStageSeries(from: Date, tx: Executor = db): Promise<{ id: string; date: Date }[]> {
      return tx
        .select({ id: matchSeries.id, date: matchSeries.date })
        .from(matchSeries)
        .innerJoin(stageMatchSeries, eq(stageMatchSeries.matchSeriesId, matchSeries.id))
        .where(
          and(
            inArray(matchSeries.state, [...NOT_STARTED]),
            eq(matchSeries.bye, false),
            isNull(matchSeries.deletedAt),
            sql`${matchSeries.date} >= ${from.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(matchSeries.date, matchSeries.id);
    },

    /**
     * Match start: the series goes live once, and only while it has not started and its date has
     * come (conditional update; false when another run, a result or a reschedule got there first).
     */
    async markLive(seriesId: string, at: Date, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .update(matchSeries)
        .set({ state: 'live' })
        .where(
          and(
            eq(matchSeries.id, seriesId),
            inArray(matchSeries.state, [...NOT_STARTED]),
            sql`${matchSeries.date} <= ${at.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: matchSeries.id });
      return rows.length > 0;
    },
  };
}
export type CheckinsRepository = ReturnType<typeof createCheckinsRepository>;
