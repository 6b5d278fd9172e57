import { and, asc, count, desc, eq, gt, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { events, segments } from '../../db/schema/index.js';
import { gameAccounts } from '../../db/schema/players.js';
import { rosterMembers, rosters } from '../../db/schema/rosters.js';
import { notFound } from '../../errors/domain-error.js';
import type { RosterListFilter, RosterRow } from './roster-rows.js';

/**
 * Spec 4 roster ordering: highest tree.level first, then newest. The database orders (lists are
 * paged), so the rule lives here only; the latest roster is the first row of this order.
 */
const ROSTER_ORDER = [desc(rosters.treeLevel), desc(rosters.createdAt), asc(rosters.id)];

/** The roster reads: one roster (by id, locked, by joining key, a clan's), a page of them, segment parents. */
export function createRosterReads(db: Executor) {
  async function findById(tenant: string, id: string, tx: Executor = db): Promise<RosterRow | null> {
    const rows = await tx
      .select()
      .from(rosters)
      .where(and(eq(rosters.tenant, tenant), eq(rosters.id, id)))
      .limit(1);
    return rows[0] ?? null;
  }

  async function getById(tenant: string, id: string, tx: Executor = db): Promise<RosterRow> {
    const row = await findById(tenant, id, tx);
    if (!row) throw notFound('roster', id);
    return row;
  }

  /** Locks the roster row for the rest of the transaction (serialises concurrent team changes). */
  async function lockById(tenant: string, id: string, tx: Executor): Promise<RosterRow> {
    const rows = await tx
      .select()
      .from(rosters)
      .where(and(eq(rosters.tenant, tenant), eq(rosters.id, id)))
      .for('update')
      .limit(1);
    const row = rows[0];
    if (!row) throw notFound('roster', id);
    return row;
  }

  async function findByJoiningKey(tenant: string, joiningKey: string, tx: Executor = db) {
    const rows = await tx
      .select()
      .from(rosters)
      .where(and(eq(rosters.tenant, tenant), eq(rosters.joiningKey, joiningKey)))
      .limit(1);
    return rows[0] ?? null;
  }

  async function findLiveClanRoster(segmentId: string, clanTag: string, tx: Executor = db) {
    const rows = await tx
      .select()
      .from(rosters)
      .where(and(eq(rosters.segmentId, segmentId), eq(rosters.clanTag, clanTag), isNull(rosters.withdrawnAt)))
      .limit(1);
    return rows[0] ?? null;
  }

  /** The clan's live roster in an active event whose segment has not ended (the "middleware roster"). */
  async function findCurrentClanRoster(tenant: string, clanTag: string, now: Date, tx: Executor = db) {
    const rows = await tx
      .select({ roster: rosters })
      .from(rosters)
      .innerJoin(segments, eq(segments.id, rosters.segmentId))
      .innerJoin(events, eq(events.id, rosters.eventId))
      .where(
        and(
          eq(rosters.tenant, tenant),
          eq(rosters.clanTag, clanTag),
          isNull(rosters.withdrawnAt),
          eq(events.status, 'active'),
          gt(segments.dateTo, now),
        ),
      )
      .orderBy(...ROSTER_ORDER)
      .limit(1);
    return rows[0]?.roster ?? null;
  }

  /** The clan's most recent roster other than `exceptId` (its previous segment's team). */
  async function findPreviousClanRoster(
    tenant: string,
    clanTag: string,
    exceptId: string | null,
    tx: Executor = db,
  ) {
    const conditions: SQL[] = [eq(rosters.tenant, tenant), eq(rosters.clanTag, clanTag)];
    if (exceptId) conditions.push(ne(rosters.id, exceptId));
    const rows = await tx
      .select()
      .from(rosters)
      .where(and(...conditions))
      .orderBy(desc(rosters.createdAt), asc(rosters.id))
      .limit(1);
    return rows[0] ?? null;
  }

  async function list(
    tenant: string,
    filter: RosterListFilter,
    page: { offset: number; size: number },
    tx: Executor = db,
  ) {
    const conditions: SQL[] = [eq(rosters.tenant, tenant)];
    if (filter.segmentId) conditions.push(eq(rosters.segmentId, filter.segmentId));
    if (filter.eventId) conditions.push(eq(rosters.eventId, filter.eventId));
    if (filter.ownerId) conditions.push(eq(rosters.ownerId, filter.ownerId));
    if (filter.userId) {
      const played = tx
        .select({ id: rosterMembers.rosterId })
        .from(rosterMembers)
        .innerJoin(gameAccounts, eq(gameAccounts.playerTag, rosterMembers.playerTag))
        .where(and(eq(gameAccounts.userId, filter.userId), isNull(rosterMembers.removedAt)));
      conditions.push(sql`(${rosters.ownerId} = ${filter.userId} or ${rosters.id} in ${played})`);
    }
    const where = and(...conditions);
    const [rows, totals] = await Promise.all([
      tx
        .select()
        .from(rosters)
        .where(where)
        .orderBy(...ROSTER_ORDER)
        .limit(page.size)
        .offset(page.offset),
      tx.select({ total: count() }).from(rosters).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  }

  async function segmentParents(
    segmentIds: string[],
    tx: Executor = db,
  ): Promise<Map<string, string | null>> {
    if (segmentIds.length === 0) return new Map();
    const rows = await tx
      .select({ id: segments.id, parentId: segments.parentId })
      .from(segments)
      .where(inArray(segments.id, segmentIds));
    return new Map(rows.map((r) => [r.id, r.parentId]));
  }

  return {
    findById,
    getById,
    lockById,
    findByJoiningKey,
    findLiveClanRoster,
    findCurrentClanRoster,
    findPreviousClanRoster,
    list,
    segmentParents,
  };
}
