import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { checkins, matchSeries, matchSeriesCompetitors } from '../../db/schema/ladder.js';
import { gameAccounts } from '../../db/schema/players.js';
import { rosterMembers, rosters } from '../../db/schema/rosters.js';
import { segments } from '../../db/schema/segments.js';
import { teams } from '../../db/schema/user-contacts.js';
import { users } from '../../db/schema/users.js';
import { conflictOnDuplicate } from '../../db/unique-violation.js';
import { DomainError } from '../../errors/domain-error.js';

export type AdminRosterRow = typeof rosters.$inferSelect;
export type SegmentRow = typeof segments.$inferSelect;

export interface AdminRosterFilter {
  eventId: string;
  segmentId?: string | undefined;
  teamId?: string | undefined;
  search?: string | undefined;
}

/** States of a series whose check-ins are still under review (it has not started). */
const NOT_STARTED = ['new', 'scheduled', 'upcoming'] as const;

/** Escapes LIKE wildcards so a search for "50%" finds that text. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The SQL of the organizer's rosters, check-in review and seeding pages. */
export function createRostersAdminRepository(db: Executor) {
  return {
    async search(filter: AdminRosterFilter, page: { offset: number; size: number }, tx: Executor = db) {
      const conditions: SQL[] = [eq(rosters.eventId, filter.eventId)];
      if (filter.segmentId) conditions.push(eq(rosters.segmentId, filter.segmentId));
      if (filter.teamId) conditions.push(eq(rosters.teamId, filter.teamId));
      if (filter.search) {
        const text = likeText(filter.search);
        conditions.push(
          or(
            ilike(rosters.name, text),
            ilike(rosters.clanTag, text),
            ilike(users.username, text),
            ilike(users.email, text),
          )!,
        );
      }
      const where = and(...conditions);
      const [rows, totals] = await Promise.all([
        tx
          .select({ roster: rosters })
          .from(rosters)
          .leftJoin(users, eq(users.id, rosters.ownerId))
          .where(where)
          .orderBy(desc(rosters.treeLevel), desc(rosters.createdAt), asc(rosters.id))
          .limit(page.size)
          .offset(page.offset),
        tx
          .select({ total: count() })
          .from(rosters)
          .leftJoin(users, eq(users.id, rosters.ownerId))
          .where(where),
      ]);
      return { rows: rows.map((r) => r.roster), total: totals[0]?.total ?? 0 };
    },

    async owners(ids: string[], tx: Executor = db) {
      type Owner = { id: string; username: string | null; email: string; suspended: boolean };
      if (ids.length === 0) return new Map<string, Owner>();
      const rows = await tx
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          suspendedAt: users.suspendedAt,
        })
        .from(users)
        .where(inArray(users.id, ids));
      return new Map<string, Owner>(
        rows.map(({ suspendedAt, ...r }) => [r.id, { ...r, suspended: suspendedAt !== null }]),
      );
    },

    /** Player tags among `tags` whose hub user (through a linked game account) is suspended. */
    async suspendedTags(tags: string[], tx: Executor = db): Promise<Set<string>> {
      if (tags.length === 0) return new Set();
      const rows = await tx
        .selectDistinct({ tag: gameAccounts.playerTag })
        .from(gameAccounts)
        .innerJoin(users, eq(users.id, gameAccounts.userId))
        .where(
          and(
            eq(gameAccounts.provider, 'coc'),
            inArray(gameAccounts.playerTag, tags),
            isNotNull(users.suspendedAt),
          ),
        );
      return new Set(rows.map((r) => r.tag));
    },

    async teamsByIds(ids: string[], tx: Executor = db): Promise<Map<string, { id: string; name: string }>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select({ id: teams.id, name: teams.name })
        .from(teams)
        .where(inArray(teams.id, ids));
      return new Map(rows.map((r) => [r.id, r]));
    },

    async segmentsByIds(ids: string[], tx: Executor = db): Promise<Map<string, SegmentRow>> {
      if (ids.length === 0) return new Map();
      const rows = await tx.select().from(segments).where(inArray(segments.id, ids));
      return new Map(rows.map((r) => [r.id, r]));
    },

    async activeMembers(rosterIds: string[], tx: Executor = db) {
      if (rosterIds.length === 0) return [];
      return tx
        .select()
        .from(rosterMembers)
        .where(and(inArray(rosterMembers.rosterId, rosterIds), isNull(rosterMembers.removedAt)))
        .orderBy(asc(rosterMembers.selectedAt), asc(rosterMembers.playerTag));
    },

    /** Rosters among `rosterIds` that played a series: finished, not a bye. */
    async played(rosterIds: string[], tx: Executor = db): Promise<Set<string>> {
      if (rosterIds.length === 0) return new Set();
      const rows = await tx
        .selectDistinct({ rosterId: matchSeriesCompetitors.rosterId })
        .from(matchSeriesCompetitors)
        .innerJoin(matchSeries, eq(matchSeries.id, matchSeriesCompetitors.matchSeriesId))
        .where(
          and(
            inArray(matchSeriesCompetitors.rosterId, rosterIds),
            eq(matchSeries.state, 'finished'),
            eq(matchSeries.bye, false),
            isNull(matchSeries.deletedAt),
          ),
        );
      return new Set(rows.flatMap((r) => (r.rosterId ? [r.rosterId] : [])));
    },

    /** Updates the roster; moving onto a segment where its clan already has a live roster is a CONFLICT. */
    async update(
      id: string,
      set: Partial<typeof rosters.$inferInsert>,
      tx: Executor,
    ): Promise<AdminRosterRow> {
      const rows = await conflictOnDuplicate(
        () => tx.update(rosters).set(set).where(eq(rosters.id, id)).returning(),
        () => new DomainError('CONFLICT', 'The clan already has a live roster in that segment'),
      );
      return rows[0]!;
    },

    /** Locked, live rosters that play the stage (registered on its roster segment). */
    async stageRosters(rosterSegmentId: string, tx: Executor = db): Promise<AdminRosterRow[]> {
      return tx
        .select()
        .from(rosters)
        .where(
          and(
            eq(rosters.segmentId, rosterSegmentId),
            isNotNull(rosters.confirmedAt),
            isNull(rosters.withdrawnAt),
          ),
        )
        .orderBy(asc(rosters.createdAt), asc(rosters.id));
    },

    /** The segment's series that have not started, in playing order, with their sides and check-ins. */
    async pendingSeries(segmentId: string, tx: Executor = db) {
      const series = await tx
        .select()
        .from(matchSeries)
        .where(
          and(
            eq(matchSeries.segmentId, segmentId),
            inArray(matchSeries.state, [...NOT_STARTED]),
            eq(matchSeries.bye, false),
            isNull(matchSeries.deletedAt),
          ),
        )
        .orderBy(asc(matchSeries.date), asc(matchSeries.id));
      const ids = series.map((s) => s.id);
      if (ids.length === 0) return { series, sides: [], checkins: [] };
      const [sides, done] = await Promise.all([
        tx
          .select({
            seriesId: matchSeriesCompetitors.matchSeriesId,
            position: matchSeriesCompetitors.position,
            rosterId: matchSeriesCompetitors.rosterId,
          })
          .from(matchSeriesCompetitors)
          .where(inArray(matchSeriesCompetitors.matchSeriesId, ids))
          .orderBy(asc(matchSeriesCompetitors.position)),
        tx
          .select({ seriesId: checkins.matchSeriesId, userId: checkins.userId, rosterId: checkins.rosterId })
          .from(checkins)
          .where(inArray(checkins.matchSeriesId, ids)),
      ]);
      return { series, sides, checkins: done };
    },

    async rostersByIds(ids: string[], tx: Executor = db): Promise<AdminRosterRow[]> {
      if (ids.length === 0) return [];
      return tx.select().from(rosters).where(inArray(rosters.id, ids));
    },

    async setCheckinsConfig(segmentId: string, config: SegmentRow['checkinsConfig'], tx: Executor) {
      await tx.update(segments).set({ checkinsConfig: config }).where(eq(segments.id, segmentId));
    },

    /** Locks the segment row: one review action at a time per segment. */
    async lockSegment(segmentId: string, tx: Executor): Promise<SegmentRow> {
      const rows = await tx.select().from(segments).where(eq(segments.id, segmentId)).for('update');
      return rows[0]!;
    },

    /** The last change of each roster's lineup (a member selected or removed), after `since`. */
    async lineupChangesSince(rosterIds: string[], since: Date, tx: Executor = db) {
      if (rosterIds.length === 0) return new Map<string, Date>();
      const result = await tx.execute(sql`
        select roster_id, max(greatest(selected_at, coalesce(removed_at, selected_at))) as changed_at
        from roster_members
        where roster_id in (${sql.join(
          rosterIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
          and (selected_at > ${since.toISOString()}::timestamptz
            or removed_at > ${since.toISOString()}::timestamptz)
        group by roster_id`);
      return new Map(
        rowsOf<{ roster_id: string; changed_at: string | Date }>(result).map((r) => [
          r.roster_id,
          new Date(r.changed_at),
        ]),
      );
    },
  };
}
export type RostersAdminRepository = ReturnType<typeof createRostersAdminRepository>;
