import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { batchWriter, byKey } from '../../../db/batch-loader.js';
import type { Executor } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import { queueEntries, selectedPlayers } from '../../../db/schema/ladder.js';

export type QueueEntryRow = typeof queueEntries.$inferSelect;

/** Two int4 keys for pg_try_advisory_xact_lock: a namespace and a hash of the queue. */
const QUEUE_LOCK_NAMESPACE = 727_004;

/** A waiting queue entry as matchmaking reads it. */
export interface WaitingRow {
  id: string;
  rosterId: string;
  points: number;
  /** The entry has no points stored yet (inserted without them); `points` came from the standings. */
  unset: boolean;
  joinedMs: number;
  tenant: string;
  ownerId: string | null;
  lastOpponent: string | null;
}

/** The opponent of a roster's latest match-up (a lateral / scalar subquery; column `opponent`). */
const lastOpponentOf = (rosterId: SQL) => sql`
  select o.roster_id as opponent from match_up_sides m
  join match_up_sides o on o.match_up_id = m.match_up_id and o.side <> m.side
  where m.roster_id = ${rosterId} order by m.created_at desc limit 1`;

/**
 * Fingerprint of the waiting entries `q` of one queue, as an aggregate (`over` = '' in a group by,
 * 'over ()' as a window next to the rows): their number and a sum of 64-bit hashes of (id, xmin).
 * `xmin` is the row version PostgreSQL (and PGlite) gives every inserted or updated row, so the
 * fingerprint changes on ANY write to a waiting entry or to the set: a join (new id), a leave or a
 * pairing (the row leaves the set), and a return to the queue (decline/expiry requeue: `status` back
 * to `waiting`, `match_up_id` → null, `joined_at` KEPT, so ids, count and joined_at alone would not
 * see it, although the roster's last opponent changed), points filled in, any admin update. Row
 * locks (FOR UPDATE) do not change `xmin`. Equal fingerprints ⇒ the same rows in the same versions
 * (up to a 64-bit hash collision; the tick's periodic full pass bounds even that).
 */
const waitingFingerprint = (over: SQL) => sql`(count(*) ${over})::text || ':' ||
  coalesce((sum(hashtextextended(q.id::text || ':' || q.xmin::text, 0)) ${over})::text, '0')`;

type NewQueueEntry = typeof queueEntries.$inferInsert;
type Selection = { clanTag: string; playerTags: string[]; updatedAt: Date };
type NewJoin = { values: NewQueueEntry; selection: Selection };

/**
 * Joins' writes in ONE statement: the waiting entries and the rosters' selected players (both or
 * neither, a statement is atomic; PostgreSQL runs a data-modifying CTE to completion even though the
 * query reads only the entries). Each join answers its entry, or null when its roster already had a
 * live one (the unique partial index; two joins of one roster in a batch: the first in order is
 * written, as when the second's statement came after). A roster's selection is its last join's, as
 * when each upsert ran in turn.
 */
async function insertEntriesWithSelection(joins: readonly NewJoin[], tx: Executor) {
  // The rows travel as JSON (one parameter each): one statement text for any number of joins, so it
  // is parsed once per connection (db/statement-cache.ts), where a VALUES list of 11 parameters per
  // join was a new text for every batch size, parsed and bound again each time. A value left out of
  // an entry reads as null.
  const entry = tx.$with('entry').as(
    tx
      .insert(queueEntries)
      // Every column in the table's order; in the joins' order, so a roster's first join is written.
      // Points: the standings points unless given, stored for newcomer matching
      // (queue_entries_waiting_points_idx).
      .select(sql`
        select coalesce(j.id, gen_random_uuid()), j.tenant, j."rosterId", j."segmentId", j."thLevel",
          j."ownerId", j."playerTags", j.status, j."joinedAt",
          coalesce(j.points, (select s.points from ladder_standings s
            where s.segment_id = j."segmentId" and s.roster_id = j."rosterId"), 0),
          j."matchUpId", j."matchSeriesId", coalesce(j."createdAt", now()), j."endedAt"
        from rows from (json_to_recordset(${JSON.stringify(joins.map((join) => join.values))}::json) as (
          id uuid, tenant text, "rosterId" uuid, "segmentId" uuid, "thLevel" int, "ownerId" uuid,
          "playerTags" jsonb, status text, "joinedAt" timestamptz, points int, "matchUpId" uuid,
          "matchSeriesId" uuid, "createdAt" timestamptz, "endedAt" timestamptz)
        ) with ordinality as j
        order by j.ordinality`)
      .onConflictDoNothing({ target: queueEntries.rosterId, where: sql`ended_at is null` })
      .returning(),
  );
  const lastSelection = new Map(joins.map((join) => [join.values.rosterId, join.selection] as const));
  const selections = [...lastSelection].map(([rosterId, selection]) => ({ rosterId, ...selection }));
  const selected = tx.$with('selected').as(
    tx
      .insert(selectedPlayers)
      .select(sql`
        select x."rosterId", x."clanTag", x."playerTags", x."updatedAt"
        from json_to_recordset(${JSON.stringify(selections)}::json) as x(
          "rosterId" uuid, "clanTag" text, "playerTags" jsonb, "updatedAt" timestamptz)`)
      .onConflictDoUpdate({
        target: selectedPlayers.rosterId,
        set: {
          clanTag: sql`excluded.clan_tag`,
          playerTags: sql`excluded.player_tags`,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning({ rosterId: selectedPlayers.rosterId }),
  );
  const rows = await tx.with(entry, selected).select().from(entry);
  // A roster joined twice in the batch: its entry answers the first join, null the later ones.
  const answered = new Set<string>();
  return byKey(
    joins.map((join) => join.values.rosterId),
    rows,
    (row) => row.rosterId,
  ).map((row) => {
    if (!row || answered.has(row.rosterId)) return null;
    answered.add(row.rosterId);
    return row;
  });
}

/** Queue entries: live/latest entry, waiting entries of a queue, queue locks. */
export function createQueueEntryRepository(db: Executor) {
  const joinWriter = batchWriter(
    (joins: readonly NewJoin[]) => insertEntriesWithSelection(joins, db),
    async (join) => (await insertEntriesWithSelection([join], db))[0] ?? null,
  );
  return {
    async liveEntry(rosterId: string, tx: Executor = db, lock = false): Promise<QueueEntryRow | null> {
      const query = tx
        .select()
        .from(queueEntries)
        .where(and(eq(queueEntries.rosterId, rosterId), isNull(queueEntries.endedAt)))
        .limit(1);
      const rows = lock ? await query.for('update') : await query;
      return rows[0] ?? null;
    },

    /**
     * The roster's last opponent (the other side of its latest match-up), with its name and since when
     * its entry waits in the queue (null when it is not waiting); null when the roster never had one.
     */
    async lastOpponent(
      rosterId: string,
      tx: Executor = db,
    ): Promise<{ rosterId: string; name: string | null; waitingSinceMs: number | null } | null> {
      const result = await tx.execute(sql`
        select lo.opponent as "rosterId", r.name,
          (select (extract(epoch from w.joined_at) * 1000)::float8 from queue_entries w
            where w.roster_id = lo.opponent and w.status = 'waiting' limit 1) as "waitingSinceMs"
        from (${lastOpponentOf(sql`${rosterId}::uuid`)}) lo
        left join rosters r on r.id = lo.opponent`);
      return (
        rowsOf<{ rosterId: string; name: string | null; waitingSinceMs: number | null }>(result)[0] ?? null
      );
    },

    async latestEntry(rosterId: string, tx: Executor = db): Promise<QueueEntryRow | null> {
      const rows = await tx
        .select()
        .from(queueEntries)
        .where(eq(queueEntries.rosterId, rosterId))
        .orderBy(sql`${queueEntries.endedAt} is null desc`, desc(queueEntries.createdAt))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * A join's write in ONE statement (no BEGIN/COMMIT round trips): the waiting entry (points: the
     * roster's standings points unless given; nothing when the roster already has a live one: null)
     * and the roster's selected players, which the war is created with. Both or neither: one
     * statement is atomic. Outside a transaction, the joins of one event-loop turn (a burst) are
     * written by one statement (`insertEntriesWithSelection`); should it fail, each alone.
     */
    async insertEntryWithSelection(
      values: NewQueueEntry,
      selection: Selection,
      tx: Executor = db,
    ): Promise<QueueEntryRow | null> {
      if (tx === db) return joinWriter.load({ values, selection });
      return (await insertEntriesWithSelection([{ values, selection }], tx))[0] ?? null;
    },

    async updateEntry(id: string, set: Partial<typeof queueEntries.$inferInsert>, tx: Executor = db) {
      const rows = await tx.update(queueEntries).set(set).where(eq(queueEntries.id, id)).returning();
      return rows[0] ?? null;
    },

    async entriesByIds(ids: string[], tx: Executor = db): Promise<QueueEntryRow[]> {
      if (ids.length === 0) return [];
      return tx.select().from(queueEntries).where(inArray(queueEntries.id, ids));
    },

    /**
     * Queues (segment, town hall) that have waiting entries, each with the fingerprint of its waiting
     * entries (`waitingFingerprint`): one aggregate over the waiting rows, no per-row subquery, one row
     * per queue back.
     */
    async waitingQueueFingerprints(
      tx: Executor = db,
    ): Promise<{ segmentId: string; thLevel: number; fingerprint: string }[]> {
      const result = await tx.execute(sql`
        select q.segment_id as "segmentId", q.th_level as "thLevel", ${waitingFingerprint(sql``)} as fingerprint
        from queue_entries q
        where q.status = 'waiting'
        group by q.segment_id, q.th_level`);
      return rowsOf<{ segmentId: string; thLevel: number; fingerprint: string }>(result);
    },

    /** Transaction-level advisory lock of one queue; false when another transaction holds it. */
    async tryLockQueue(segmentId: string, thLevel: number, tx: Executor): Promise<boolean> {
      const result = await tx.execute(
        sql`select pg_try_advisory_xact_lock(${QUEUE_LOCK_NAMESPACE}::int4, hashtext(${`${segmentId}:${thLevel}`})) as locked`,
      );
      return rowsOf<{ locked: boolean }>(result)[0]?.locked === true;
    },

    /** Waiting entries of one queue, locked (rows another transaction holds are skipped). */
    async lockWaiting(segmentId: string, thLevel: number, limit: number, tx: Executor) {
      return tx
        .select()
        .from(queueEntries)
        .where(
          and(
            eq(queueEntries.segmentId, segmentId),
            eq(queueEntries.thLevel, thLevel),
            eq(queueEntries.status, 'waiting'),
            isNull(queueEntries.endedAt),
          ),
        )
        .orderBy(asc(queueEntries.joinedAt))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    /**
     * Every waiting entry of one queue, read without locking (the tick locks only the rows it pairs):
     * id, roster, points (the entry's, else the standings', else 0; `unset` when the entry has none
     * yet), joinedAt in ms, tenant, owner and the roster's last opponent (no-rematch rule). Also the
     * fingerprint of exactly these rows (same statement, same snapshot; null when there are none),
     * comparable with `waitingQueueFingerprints`.
     */
    async waitingOfQueue(
      segmentId: string,
      thLevel: number,
      tx: Executor,
    ): Promise<{ rows: WaitingRow[]; fingerprint: string | null }> {
      const result = await tx.execute(sql`
        select q.id, q.roster_id as "rosterId",
          coalesce(q.points, (select s.points from ladder_standings s
            where s.segment_id = q.segment_id and s.roster_id = q.roster_id), 0)::int as points,
          q.points is null as unset,
          (extract(epoch from q.joined_at) * 1000)::float8 as "joinedMs",
          q.tenant, q.owner_id as "ownerId", lo.opponent as "lastOpponent",
          ${waitingFingerprint(sql`over ()`)} as fingerprint
        from queue_entries q
        left join lateral (${lastOpponentOf(sql`q.roster_id`)}) lo on true
        where q.segment_id = ${segmentId} and q.th_level = ${thLevel} and q.status = 'waiting'`);
      const rows = rowsOf<WaitingRow & { fingerprint: string }>(result);
      return { rows, fingerprint: rows[0]?.fingerprint ?? null };
    },

    /** Stores the standings points on waiting entries of a queue that were inserted without them. */
    async fillWaitingPoints(segmentId: string, thLevel: number, tx: Executor): Promise<void> {
      await tx.execute(sql`
        update queue_entries q set points = coalesce((select s.points from ladder_standings s
          where s.segment_id = q.segment_id and s.roster_id = q.roster_id), 0)
        where q.segment_id = ${segmentId} and q.th_level = ${thLevel} and q.status = 'waiting'
          and q.points is null`);
    },

    /**
     * Locks the entry (SKIP LOCKED) if it is still waiting with its points stored; null when it is
     * not (matched meanwhile, left, or locked by another matcher). Also its roster's last opponent.
     */
    /**
     * Newcomer matching's read, ONE statement, no lock: the entry if it is still waiting, and the
     * waiting entries of its queue within ±`window` points of it, closest first (then the longest
     * waiting, then roster id), `limit` at most: a range scan of queue_entries_waiting_points_idx.
     * Each with its roster's last opponent (the rematch rule). Null when the entry no longer waits.
     */
    async newcomerWithCandidates(
      id: string,
      window: number,
      limit: number,
      tx: Executor = db,
    ): Promise<{ me: WaitingRow & { segmentId: string; thLevel: number }; candidates: WaitingRow[] } | null> {
      const result = await tx.execute(sql`
        with me as (
          select q.id, q.roster_id, q.points, q.joined_at, q.tenant, q.owner_id, q.segment_id, q.th_level
          from queue_entries q
          where q.id = ${id} and q.status = 'waiting' and q.points is not null
        ),
        near as (
          select n.*, row_number() over (order by abs(n.points - me.points), n.joined_at, n.roster_id) as rank
          from me join lateral (
            select q.id, q.roster_id, q.points, q.joined_at, q.tenant, q.owner_id, q.segment_id, q.th_level
            from queue_entries q
            where q.segment_id = me.segment_id and q.th_level = me.th_level and q.status = 'waiting'
              and q.points between me.points - ${window}::int and me.points + ${window}::int and q.id <> me.id
            order by abs(q.points - me.points), q.joined_at, q.roster_id
            limit ${limit}
          ) n on true
        )
        select x.id, x.roster_id as "rosterId", x.points, false as unset,
          (extract(epoch from x.joined_at) * 1000)::float8 as "joinedMs", x.tenant, x.owner_id as "ownerId",
          x.segment_id as "segmentId", x.th_level as "thLevel",
          (select lo.opponent from (${lastOpponentOf(sql`x.roster_id`)}) lo) as "lastOpponent"
        from (select me.*, 0::bigint as rank from me union all select * from near) x
        order by x.rank`);
      const [me, ...candidates] = rowsOf<WaitingRow & { segmentId: string; thLevel: number }>(result);
      return me ? { me, candidates } : null;
    },

    /** Locks the given entries that are still waiting (rows held elsewhere are skipped); their ids. */
    async lockStillWaiting(ids: string[], tx: Executor): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const result = await tx.execute(sql`
        select id from queue_entries
        where id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and status = 'waiting'
        for update skip locked`);
      return new Set(rowsOf<{ id: string }>(result).map((r) => r.id));
    },

    /** Queue entries that led to a finished series are done: the roster's queue status goes back to none. */
    async completeEntriesOfSeries(seriesId: string, tx: Executor = db): Promise<void> {
      await tx
        .update(queueEntries)
        .set({ status: 'completed' })
        .where(eq(queueEntries.matchSeriesId, seriesId));
    },
  };
}
