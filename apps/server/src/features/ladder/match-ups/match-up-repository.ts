import type { MatchUpEndingPlan } from '@cwh/domain';
import { and, asc, desc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { allByKey, batchLoader } from '../../../db/batch-loader.js';
import type { Executor } from '../../../db/client.js';
import { preparedQuery } from '../../../db/prepared.js';
import { rowsOf } from '../../../db/rows.js';
import { matchUpSides, matchUps, queueEntries } from '../../../db/schema/ladder.js';
import { rosters } from '../../../db/schema/rosters.js';
import type { RosterRow } from '../ladder-roster-repository.js';

export type MatchUpRow = typeof matchUps.$inferSelect;
export type MatchUpSideRow = typeof matchUpSides.$inferSelect;

/** A row of a match-up read with its sides: one per side (and its roster). */
type WithSidesRow = { matchUp: MatchUpRow; side: MatchUpSideRow; roster: RosterRow | null };

/** One pair to write (insertPairs); home is the longer waiter. */
export interface NewPair {
  matchUpId: string;
  tenant: string;
  homeEntryId: string;
  homeRosterId: string;
  homeOwnerId: string | null;
  awayEntryId: string;
  awayRosterId: string;
  awayOwnerId: string | null;
}

/** The queue a pair is written in, its time and its accept deadline. */
type PairQueue = { segmentId: string; thLevel: number; at: Date; expiresAt: Date };

/**
 * The CTEs that write pairs (`p` the pairs when `when` holds, `mu` their match-ups, `sides` their two
 * sides each), for a statement that ends with `matchEntries`.
 */
function pairsCtes(pairs: NewPair[], queue: PairQueue, when: SQL) {
  return sql`
    p as (
      select * from json_to_recordset(${JSON.stringify(pairs)}::json) as x(
        "matchUpId" uuid, tenant text, "homeEntryId" uuid, "homeRosterId" uuid, "homeOwnerId" uuid,
        "awayEntryId" uuid, "awayRosterId" uuid, "awayOwnerId" uuid)
      where ${when}
    ),
    mu as (
      insert into match_ups (id, tenant, segment_id, th_level, status, created_at, expires_at)
      select p."matchUpId", p.tenant, ${queue.segmentId}, ${queue.thLevel}, 'awaiting_confirmation',
        ${queue.at}, ${queue.expiresAt}
      from p
      returning id
    ),
    sides as (
      insert into match_up_sides (match_up_id, roster_id, queue_entry_id, side, owner_id, response, created_at)
      select p."matchUpId", v.roster_id, v.entry_id, v.side, v.owner_id, 'pending', ${queue.at}
      from p join mu on mu.id = p."matchUpId"
      cross join lateral (values
        (p."homeRosterId", p."homeEntryId", 'home', p."homeOwnerId"),
        (p."awayRosterId", p."awayEntryId", 'away', p."awayOwnerId")
      ) v(roster_id, entry_id, side, owner_id)
      returning id
    )`;
}

/** The pairs' entries → matched (the last part of a `pairsCtes` statement). */
const matchEntries = sql`
  update queue_entries q set status = 'matched', match_up_id = v.match_up_id
  from (
    select p."matchUpId" as match_up_id, p."homeEntryId" as entry_id from p
    union all select p."matchUpId", p."awayEntryId" from p
  ) v
  where q.id = v.entry_id`;

/** Match-ups and their sides (pairs written by matchmaking, answers, sweeper). */
export function createMatchUpRepository(db: Executor) {
  /**
   * Match-ups with their sides and rosters, one row per side, by match-up id then side (a match-up is
   * written with its two sides in one statement: it never has none).
   */
  const withSidesSelect = (ex: Executor) =>
    ex
      .select({ matchUp: matchUps, side: matchUpSides, roster: rosters })
      .from(matchUps)
      .innerJoin(matchUpSides, eq(matchUpSides.matchUpId, matchUps.id))
      .leftJoin(rosters, eq(rosters.id, matchUpSides.rosterId))
      .where(sql`${matchUps.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .orderBy(asc(matchUps.id), asc(matchUpSides.side));
  const withSidesQuery = preparedQuery(db, 'match_ups_with_sides', withSidesSelect);
  // The locked read of answers, in ONE statement: each match-up row and its side rows are locked
  // FOR UPDATE, in match-up id order (PostgreSQL locks each output row's match-up, then its side, in
  // the sorted order whatever the join's plan: two such reads cannot deadlock), and the rows it
  // locked are read as they are after any wait (see matchUpWithSides).
  const lockedWithSidesQuery = preparedQuery(db, 'match_ups_with_sides_locked', (ex) =>
    withSidesSelect(ex).for('update', { of: [matchUps, matchUpSides] }),
  );
  function groupWithSides(rows: WithSidesRow[]) {
    if (rows.length === 0) return null;
    const byId = new Map(rows.flatMap((r) => (r.roster ? [[r.roster.id, r.roster] as const] : [])));
    return {
      matchUp: rows[0]!.matchUp,
      sides: rows.map((r) => r.side),
      rosters: [...byId.values()],
    };
  }
  async function lockedWithSidesOf(ids: readonly string[], tx: Executor) {
    const rows = await lockedWithSidesQuery(tx).execute({ ids: [...new Set(ids)] });
    return allByKey(ids, rows, (r) => r.matchUp.id).map(groupWithSides);
  }
  async function withSidesOf(ids: readonly string[], tx: Executor) {
    const rows = await withSidesQuery(tx).execute({ ids: [...new Set(ids)] });
    return allByKey(ids, rows, (r) => r.matchUp.id).map(groupWithSides);
  }
  // The unlocked read every answer makes before its transaction: the answers of one event-loop turn
  // read their match-ups in one statement (db/batch-loader.ts).
  const matchUpLoader = batchLoader((ids: readonly string[]) => withSidesOf(ids, db));

  return {
    /**
     * Saves a planned ending (planMatchUpEnding) of a locked, awaiting match-up: every side ends with
     * its answer, each open entry goes back to waiting or ends as planned, the match-up ends. A
     * requeued entry keeps its joinedAt, so it keeps its place in the queue.
     */
    async saveMatchUpEnding(
      matchUpId: string,
      sides: readonly MatchUpSideRow[],
      plan: MatchUpEndingPlan,
      ended: { at: Date; endedBy: string },
      tx: Executor,
    ): Promise<void> {
      const { at } = ended;
      for (const [index, side] of sides.entries()) {
        const planned = plan.sides[index]!;
        await tx
          .update(matchUpSides)
          .set({
            response: planned.response,
            endedAt: at,
            ...(planned.declinedNow ? { respondedAt: at } : {}),
          })
          .where(eq(matchUpSides.id, side.id));
        if (planned.entry === 'untouched') continue;
        await tx
          .update(queueEntries)
          .set(
            planned.entry === 'requeue'
              ? { status: 'waiting', matchUpId: null }
              : { status: planned.entry, endedAt: at },
          )
          .where(eq(queueEntries.id, side.queueEntryId));
      }
      await tx
        .update(matchUps)
        .set({ status: plan.status, endedAt: at, endedBy: ended.endedBy })
        .where(eq(matchUps.id, matchUpId));
    },

    /**
     * Writes pairs in ONE statement: the match-ups (multi-row insert), their two sides each, and the
     * entries → matched. The entries must be locked and waiting (the tick: lockStillWaiting).
     */
    async insertPairs(pairs: NewPair[], queue: PairQueue, tx: Executor): Promise<void> {
      if (pairs.length === 0) return;
      await tx.execute(sql`with ${pairsCtes(pairs, queue, sql`true`)} ${matchEntries}`);
    },

    /**
     * A newcomer's pair in ONE statement (its own transaction, no BEGIN/COMMIT round trips): locks
     * both entries in id order, WAITING for a transaction that holds either (every newcomer locks in
     * that order, so two cannot deadlock), and writes the pair as `insertPairs` does only when both
     * are still waiting. Answers the ids that were still waiting: both when the pair was written.
     */
    async pairIfBothWaiting(pair: NewPair, queue: PairQueue, tx: Executor = db): Promise<Set<string>> {
      const result = await tx.execute(sql`
        with locked as materialized (
          select id from queue_entries
          where id in (${pair.homeEntryId}::uuid, ${pair.awayEntryId}::uuid) and status = 'waiting'
          order by id
          for update
        ),
        ${pairsCtes([pair], queue, sql`(select count(*) from locked) = 2`)},
        matched as (${matchEntries} returning q.id)
        select id::text from locked`);
      return new Set(rowsOf<{ id: string }>(result).map((r) => r.id));
    },

    /** The opponent of each roster's latest match-up (for the no-immediate-rematch rule). */
    async findMatchUp(id: string, tx: Executor = db, lock = false): Promise<MatchUpRow | null> {
      const query = tx.select().from(matchUps).where(eq(matchUps.id, id)).limit(1);
      const rows = lock ? await query.for('update') : await query;
      return rows[0] ?? null;
    },

    /**
     * A match-up with its sides (in `sidesOf`'s order) and their rosters, in one read (an answer reads
     * them before and inside its transaction). Null when there is no such match-up.
     *
     * With `lock`, the match-up row AND its side rows are locked FOR UPDATE by the read itself. Under
     * READ COMMITTED a statement sees the rows of its own snapshot, taken before it waited for a lock;
     * only the rows it locks are read again as they are once the lock is granted. Locking the match-up
     * alone and joining its sides would read the sides as they were before the other side's accept
     * committed (both accepts answered 200, neither made the series); so the sides are locked too
     * (one statement, where a lock of the match-up and then a read took two round trips).
     */
    async matchUpWithSides(
      id: string,
      tx: Executor = db,
      lock = false,
    ): Promise<{ matchUp: MatchUpRow; sides: MatchUpSideRow[]; rosters: RosterRow[] } | null> {
      if (lock) return (await lockedWithSidesOf([id], tx))[0] ?? null;
      if (tx === db) return matchUpLoader.load(id);
      return (await withSidesOf([id], tx))[0] ?? null;
    },

    /**
     * Match-ups with their sides and rosters, each match-up row and its sides locked FOR UPDATE (the
     * answers of one turn, accepted in one transaction), in `ids`' order; null for an id without one.
     */
    lockMatchUpsWithSides: lockedWithSidesOf,

    async sidesOf(matchUpIds: string[], tx: Executor = db): Promise<MatchUpSideRow[]> {
      if (matchUpIds.length === 0) return [];
      return tx
        .select()
        .from(matchUpSides)
        .where(inArray(matchUpSides.matchUpId, matchUpIds))
        .orderBy(asc(matchUpSides.matchUpId), asc(matchUpSides.side));
    },

    /**
     * Sides' acceptances and their queue entries' status in one write (inside the answers'
     * transaction, the sides' match-ups locked): every side the accepts of one batch accepted.
     */
    async acceptSides(
      sides: readonly { id: string; queueEntryId: string }[],
      respondedAt: Date,
      tx: Executor,
    ) {
      if (sides.length === 0) return;
      // `sql.param`: one array parameter each (a bare JS array in sql`` is spread into one per id).
      await tx.execute(sql`
        with accepted as (
          update match_up_sides set response = 'accepted', responded_at = ${respondedAt}
          where id = any(${sql.param(sides.map((s) => s.id))}::uuid[])
        )
        update queue_entries set status = 'accepted'
        where id = any(${sql.param(sides.map((s) => s.queueEntryId))}::uuid[])`);
    },

    /** Match-ups whose accept window passed, locked; rows another transaction holds are skipped. */
    async lockDueMatchUps(now: Date, limit: number, tx: Executor): Promise<MatchUpRow[]> {
      return tx
        .select()
        .from(matchUps)
        .where(and(eq(matchUps.status, 'awaiting_confirmation'), lte(matchUps.expiresAt, now)))
        .orderBy(asc(matchUps.expiresAt))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    /** Match-ups with a side owned by `userId` (or a side of one of `rosterIds`), newest first. */
    async matchUpsOfUser(
      userId: string,
      options: { status?: string | undefined; limit: number; offset: number },
      tx: Executor = db,
    ): Promise<{ rows: MatchUpRow[]; total: number }> {
      const owned = sql`${matchUps.id} in (select s.match_up_id from match_up_sides s left join rosters r on r.id = s.roster_id where s.owner_id = ${userId} or r.owner_id = ${userId})`;
      const where = options.status
        ? and(owned, eq(matchUps.status, options.status as MatchUpRow['status']))
        : owned;
      const rows = await tx
        .select()
        .from(matchUps)
        .where(where)
        .orderBy(desc(matchUps.createdAt), desc(matchUps.id))
        .limit(options.limit)
        .offset(options.offset);
      const count = await tx.select({ n: sql<number>`count(*)::int` }).from(matchUps).where(where);
      return { rows, total: Number(count[0]?.n ?? 0) };
    },
  };
}
