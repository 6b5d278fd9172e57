import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { batchLoader, byKey } from '../../db/batch-loader.js';
import type { Executor } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { selectedPlayers } from '../../db/schema/ladder.js';
import { rosterMembers, rosters } from '../../db/schema/rosters.js';
import { segments } from '../../db/schema/segments.js';
import { createSegmentRepository } from '../segments/segment-repository.js';
import { OPEN_SERIES_STATES } from './match-series/ladder-series-repository.js';

export type RosterRow = typeof rosters.$inferSelect;
export type SegmentRow = typeof segments.$inferSelect;

/** What a join's context is read for: its roster, its time, and the start of the 24 h window. */
type JoinContextKey = { rosterId: string; at: Date; since: Date };

/** Rosters, segments and selected players as ladder play reads them. */
export function createLadderRosterRepository(db: Executor) {
  const segmentsRepo = createSegmentRepository(db);
  // One row per join asked (`k.n`, from 1), however many joins one turn of the event loop gathered.
  //
  // Every per-roster fact starts from the roster's own rows (its competitor rows by the roster index,
  // then each one's series by its key), never from a scan of the series: when the planner's statistics
  // lag behind a table that grew since its last ANALYZE (a season's first bursts, a bench that analyzed
  // its empty tables), a plan that starts from `match_series` becomes a nested loop of scans, rows of
  // the series times rows of the competitors for each join (43 joins took 1.07 s in one statement).
  // Starting from the competitor rows bounds it by the roster's own series in any plan.
  const joinContextsQuery = preparedQuery(db, 'ladder_join_contexts', (ex) => {
    // Qualified by hand: drizzle prints a column of the selected table unqualified inside sql``.
    const rid = sql.raw('"rosters"."id"');
    const rsegment = sql.raw('"rosters"."segment_id"');
    const openStates = sql.join(
      OPEN_SERIES_STATES.map((state) => sql`${state}`),
      sql`, `,
    );
    return ex
      .select({
        n: sql<number>`k.n::int`,
        roster: rosters,
        segment: sql<{ id: string; configuration: unknown } | null>`(case when seg.id is null then null
          else json_build_object('id', seg.id, 'configuration', seg.configuration) end)`,
        liveEntryId: sql<
          string | null
        >`(select q.id from queue_entries q where q.roster_id = ${rid} and q.ended_at is null limit 1)`,
        openSeriesId: sql<string | null>`(select c.match_series_id from match_series_competitors c
          where c.roster_id = ${rid} and (select m.deleted_at is null and m.state in (${openStates})
            from match_series m where m.id = c.match_series_id)
          order by (select m.date from match_series m where m.id = c.match_series_id) asc limit 1)`,
        played: sql<number>`(select count(*) from match_series_competitors c
          where c.roster_id = ${rid} and (select m.segment_id = seg.id and m.deleted_at is null
            from match_series m where m.id = c.match_series_id))::int`,
        recent: sql<number>`(select count(*) from match_series_competitors c
          where c.roster_id = ${rid} and c.date > k.since)::int`,
        members: sql<string[]>`(select coalesce(json_agg(rm.player_tag), '[]'::json) from roster_members rm
          where rm.roster_id = ${rid} and rm.removed_at is null)`,
      })
      .from(rosters)
      .innerJoin(
        sql`unnest(${sql.placeholder('rosterIds')}::uuid[], ${sql.placeholder('ats')}::timestamptz[],
          ${sql.placeholder('sinces')}::timestamptz[]) with ordinality as k(roster_id, at, since, n)`,
        sql`k.roster_id = ${rid}`,
      )
      .leftJoin(
        // The roster's open ladder segment: the deepest, then the earliest.
        sql`lateral (select s.id, s.configuration from segments s
          where (s.id = ${rsegment} or s.parent_id = ${rsegment})
            and s.elimination_type = 'ladder' and s.date_from <= k.at and s.date_to >= k.at
          order by s.level desc, s.date_from asc limit 1) as seg`,
        sql`true`,
      );
  });
  async function joinContextsOf(keys: readonly JoinContextKey[], tx: Executor) {
    const rows = await joinContextsQuery(tx).execute({
      rosterIds: keys.map((k) => k.rosterId),
      ats: keys.map((k) => k.at.toISOString()),
      sinces: keys.map((k) => k.since.toISOString()),
    });
    return byKey(
      keys.map((_, index) => index + 1),
      rows,
      (row) => Number(row.n),
    ).map((row) => {
      if (!row) return null;
      const { n: _n, ...context } = row;
      return { ...context, played: Number(row.played), recent: Number(row.recent) };
    });
  }
  // The joins of one event-loop turn (a burst) read their contexts in one statement.
  const joinContextLoader = batchLoader((keys: readonly JoinContextKey[]) => joinContextsOf(keys, db));

  return {
    async findRoster(id: string, tx: Executor = db): Promise<RosterRow | null> {
      const rows = await tx.select().from(rosters).where(eq(rosters.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async rostersByIds(ids: string[], tx: Executor = db): Promise<RosterRow[]> {
      if (ids.length === 0) return [];
      return tx.select().from(rosters).where(inArray(rosters.id, ids));
    },

    async liveRosterMembers(rosterId: string, tx: Executor = db) {
      return tx
        .select()
        .from(rosterMembers)
        .where(and(eq(rosterMembers.rosterId, rosterId), isNull(rosterMembers.removedAt)));
    },

    /** Every member the rosters ever had (removed ones too: a line-up may name them), by roster. */
    async membersOfRosters(rosterIds: string[], tx: Executor = db) {
      if (rosterIds.length === 0) return [];
      return tx
        .select({
          rosterId: rosterMembers.rosterId,
          playerTag: rosterMembers.playerTag,
          name: rosterMembers.name,
          thLevel: rosterMembers.thLevel,
          position: rosterMembers.position,
          removedAt: rosterMembers.removedAt,
        })
        .from(rosterMembers)
        .where(inArray(rosterMembers.rosterId, rosterIds))
        .orderBy(asc(rosterMembers.selectedAt), asc(rosterMembers.playerTag));
    },

    /** The segment within the tenant, or null (the segments capability's one lookup). */
    async findSegment(tenant: string, id: string, tx: Executor = db): Promise<SegmentRow | null> {
      return (await segmentsRepo.findInTenant(tenant, id, tx))?.segment ?? null;
    },

    /** The roster's segment and its children that are ladder segments open at `now`, deepest first. */
    async openLadderSegments(segmentId: string, now: Date, tx: Executor = db): Promise<SegmentRow[]> {
      return tx
        .select()
        .from(segments)
        .where(
          and(
            or(eq(segments.id, segmentId), eq(segments.parentId, segmentId)),
            eq(segments.eliminationType, 'ladder'),
            lte(segments.dateFrom, now),
            sql`${segments.dateTo} >= ${now}`,
          ),
        )
        .orderBy(desc(segments.level), asc(segments.dateFrom));
    },

    async ladderSegments(tx: Executor = db): Promise<SegmentRow[]> {
      // A ladder segment that contains ladder children is a container; its children carry the ladders.
      return tx
        .select()
        .from(segments)
        .where(
          and(
            eq(segments.eliminationType, 'ladder'),
            sql`not exists (select 1 from segments c where c.parent_id = ${segments.id} and c.elimination_type = 'ladder')`,
          ),
        )
        .orderBy(asc(segments.dateFrom), asc(segments.id));
    },

    /**
     * Everything the join checks read from the database, in ONE statement: the roster, its open
     * ladder segment (deepest first), whether it has a live entry, an open series, the series played
     * in that segment and since `since` (24 h limit), and its live members. The service evaluates them
     * in the documented order (the game calls sit in between). A prepared statement (db/prepared.ts);
     * outside a transaction, the joins of one event-loop turn share it (db/batch-loader.ts).
     */
    async joinContext(rosterId: string, at: Date, since: Date, tx: Executor = db) {
      const key = { rosterId, at, since };
      if (tx === db) return joinContextLoader.load(key);
      return (await joinContextsOf([key], tx))[0] ?? null;
    },

    async upsertSelectedPlayers(
      rosterId: string,
      clanTag: string,
      playerTags: string[],
      now: Date,
      tx: Executor = db,
    ) {
      await tx
        .insert(selectedPlayers)
        .values({ rosterId, clanTag, playerTags, updatedAt: now })
        .onConflictDoUpdate({
          target: selectedPlayers.rosterId,
          set: { clanTag, playerTags, updatedAt: now },
        });
    },

    async findSelectedPlayers(rosterId: string, tx: Executor = db) {
      const rows = await tx
        .select()
        .from(selectedPlayers)
        .where(eq(selectedPlayers.rosterId, rosterId))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The live roster of a clan (latest created). */
    async rosterOfClan(clanTag: string, tx: Executor = db): Promise<RosterRow | null> {
      const rows = await tx
        .select()
        .from(rosters)
        .where(and(eq(rosters.clanTag, clanTag), isNull(rosters.withdrawnAt)))
        .orderBy(desc(rosters.createdAt))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
