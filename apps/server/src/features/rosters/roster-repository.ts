import { and, asc, count, desc, eq, gt, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { events, segments } from '../../db/schema/index.js';
import { gameAccounts } from '../../db/schema/players.js';
import { rosterMembers, rosters } from '../../db/schema/rosters.js';
import { conflictOnDuplicate } from '../../db/unique-violation.js';
import { DomainError, notFound } from '../../errors/domain-error.js';
import { createSegmentRepository } from '../segments/segment-repository.js';

export type RosterRow = typeof rosters.$inferSelect;
export type NewRoster = typeof rosters.$inferInsert;
export type RosterMemberRow = typeof rosterMembers.$inferSelect;
export type NewRosterMember = typeof rosterMembers.$inferInsert;
export type RemovedReason = NonNullable<RosterMemberRow['removedReason']>;

export interface RosterListFilter {
  segmentId?: string | undefined;
  eventId?: string | undefined;
  ownerId?: string | undefined;
  /** Rosters the user owns or plays on (through a game account). */
  userId?: string | undefined;
}

/**
 * Spec 4 roster ordering: highest tree.level first, then newest. The database orders (lists are
 * paged), so the rule lives here only; the latest roster is the first row of this order.
 */
const ROSTER_ORDER = [desc(rosters.treeLevel), desc(rosters.createdAt), asc(rosters.id)];

export function createRosterRepository(db: Executor) {
  const segmentsRepo = createSegmentRepository(db);
  return {
    /** The segment with its event, within the tenant (the segments capability's one lookup). */
    findSegment: segmentsRepo.findInTenant,
    getSegment: segmentsRepo.getInTenant,

    async segmentParents(segmentIds: string[], tx: Executor = db): Promise<Map<string, string | null>> {
      if (segmentIds.length === 0) return new Map();
      const rows = await tx
        .select({ id: segments.id, parentId: segments.parentId })
        .from(segments)
        .where(inArray(segments.id, segmentIds));
      return new Map(rows.map((r) => [r.id, r.parentId]));
    },

    async findLiveClanRoster(segmentId: string, clanTag: string, tx: Executor = db) {
      const rows = await tx
        .select()
        .from(rosters)
        .where(
          and(eq(rosters.segmentId, segmentId), eq(rosters.clanTag, clanTag), isNull(rosters.withdrawnAt)),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    /** The captain's hub user owns the roster; called when the captain or their account changes. */
    async refreshOwnerFromCaptain(rosterId: string, tx: Executor = db) {
      await tx.execute(sql`
        update rosters set owner_id = (
          select ga.user_id from roster_members rm
          join game_accounts ga on ga.player_tag = rm.player_tag and ga.provider = 'coc'
          where rm.roster_id = ${rosterId} and rm.position = 'captain' and rm.removed_at is null
          limit 1)
        where id = ${rosterId}`);
    },

    /** Rosters where this player is the active captain (to give them an owner once the player has a user). */
    async captainRosterIds(playerTag: string, tx: Executor = db): Promise<string[]> {
      const rows = await tx
        .select({ id: rosterMembers.rosterId })
        .from(rosterMembers)
        .where(
          and(
            eq(rosterMembers.playerTag, playerTag),
            eq(rosterMembers.position, 'captain'),
            isNull(rosterMembers.removedAt),
          ),
        );
      return rows.map((r) => r.id);
    },

    /**
     * Creates a roster in its segment only while the segment has room: fewer live (not withdrawn)
     * rosters than its rostersLimit.limit (spec 3, 9), else SEGMENT_FULL and nothing is written.
     * The segment row is locked for the count, so two creations cannot both take the last place;
     * `tx` must be a transaction.
     */
    async insertWithinLimit(roster: NewRoster, tx: Executor): Promise<RosterRow> {
      const [segment] = await tx
        .select({ rostersLimit: segments.rostersLimit })
        .from(segments)
        .where(eq(segments.id, roster.segmentId))
        .for('update');
      if (!segment) throw notFound('segment', roster.segmentId);
      const [live] = await tx
        .select({ n: count() })
        .from(rosters)
        .where(and(eq(rosters.segmentId, roster.segmentId), isNull(rosters.withdrawnAt)));
      const limit = segment.rostersLimit.limit;
      if ((live?.n ?? 0) >= limit)
        throw new DomainError(
          'SEGMENT_FULL',
          `This segment takes at most ${limit} rosters and has no room left`,
          {
            meta: { limit },
          },
        );
      return this.insert(roster, tx);
    },

    /** CONFLICT when the clan already has a live roster in the segment (rosters_live_clan_uq). */
    async insert(roster: NewRoster, tx: Executor = db): Promise<RosterRow> {
      const rows = await conflictOnDuplicate(
        () => tx.insert(rosters).values(roster).returning(),
        () => new DomainError('CONFLICT', `Clan ${roster.clanTag} already has a roster in this segment`),
      );
      return rows[0]!;
    },

    async findById(tenant: string, id: string, tx: Executor = db): Promise<RosterRow | null> {
      const rows = await tx
        .select()
        .from(rosters)
        .where(and(eq(rosters.tenant, tenant), eq(rosters.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },

    async getById(tenant: string, id: string, tx: Executor = db): Promise<RosterRow> {
      const row = await this.findById(tenant, id, tx);
      if (!row) throw notFound('roster', id);
      return row;
    },

    /** Locks the roster row for the rest of the transaction (serialises concurrent team changes). */
    async lockById(tenant: string, id: string, tx: Executor): Promise<RosterRow> {
      const rows = await tx
        .select()
        .from(rosters)
        .where(and(eq(rosters.tenant, tenant), eq(rosters.id, id)))
        .for('update')
        .limit(1);
      const row = rows[0];
      if (!row) throw notFound('roster', id);
      return row;
    },

    /** The clan's live roster in an active event whose segment has not ended (the "middleware roster"). */
    async findCurrentClanRoster(tenant: string, clanTag: string, now: Date, tx: Executor = db) {
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
    },

    /** The clan's most recent roster other than `exceptId` (its previous segment's team). */
    async findPreviousClanRoster(
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
    },

    async list(
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
    },

    async update(id: string, set: Partial<NewRoster>, tx: Executor = db): Promise<RosterRow> {
      // A PATCH without attributes changes nothing (SQL has no empty SET): answer the roster as it is.
      const rows =
        Object.keys(set).length === 0
          ? await tx.select().from(rosters).where(eq(rosters.id, id))
          : await tx.update(rosters).set(set).where(eq(rosters.id, id)).returning();
      const row = rows[0];
      if (!row) throw notFound('roster', id);
      return row;
    },

    async delete(id: string, tx: Executor = db): Promise<void> {
      await tx.delete(rosters).where(eq(rosters.id, id));
    },

    async findByJoiningKey(tenant: string, joiningKey: string, tx: Executor = db) {
      const rows = await tx
        .select()
        .from(rosters)
        .where(and(eq(rosters.tenant, tenant), eq(rosters.joiningKey, joiningKey)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Members, removed ones included (callers filter on removedAt), in selection order. */
    async members(rosterIds: string[], tx: Executor = db): Promise<RosterMemberRow[]> {
      if (rosterIds.length === 0) return [];
      return tx
        .select()
        .from(rosterMembers)
        .where(inArray(rosterMembers.rosterId, rosterIds))
        .orderBy(asc(rosterMembers.selectedAt), asc(rosterMembers.playerTag));
    },

    async activeMembers(rosterId: string, tx: Executor = db): Promise<RosterMemberRow[]> {
      return tx
        .select()
        .from(rosterMembers)
        .where(and(eq(rosterMembers.rosterId, rosterId), isNull(rosterMembers.removedAt)))
        .orderBy(asc(rosterMembers.selectedAt), asc(rosterMembers.playerTag));
    },

    /** Adds or re-activates a member, keeping an earlier individual registration. */
    async upsertMember(member: NewRosterMember, tx: Executor = db): Promise<RosterMemberRow> {
      const rows = await tx
        .insert(rosterMembers)
        .values(member)
        .onConflictDoUpdate({
          target: [rosterMembers.rosterId, rosterMembers.playerTag],
          set: {
            name: member.name,
            thLevel: member.thLevel,
            roleAtSelection: member.roleAtSelection,
            position: member.position,
            removedAt: null,
            removedReason: null,
            selectedAt: sql`case when ${rosterMembers.removedAt} is null then ${rosterMembers.selectedAt} else now() end`,
          },
        })
        .returning();
      return rows[0]!;
    },

    async removeMembers(
      rosterId: string,
      tags: string[],
      reason: RemovedReason,
      now: Date,
      tx: Executor = db,
    ) {
      if (tags.length === 0) return;
      await tx
        .update(rosterMembers)
        .set({ removedAt: now, removedReason: reason, position: 'player' })
        .where(
          and(
            eq(rosterMembers.rosterId, rosterId),
            inArray(rosterMembers.playerTag, tags),
            isNull(rosterMembers.removedAt),
          ),
        );
    },

    async setPositions(rosterId: string, captainTag: string, tx: Executor = db) {
      await tx
        .update(rosterMembers)
        .set({
          position: sql`case when ${rosterMembers.playerTag} = ${captainTag} then 'captain' else 'player' end`,
        })
        .where(eq(rosterMembers.rosterId, rosterId));
    },

    async markRegistered(rosterId: string, tag: string, now: Date, tx: Executor = db) {
      const rows = await tx
        .update(rosterMembers)
        .set({
          registeredAt: sql`coalesce(${rosterMembers.registeredAt}, ${now.toISOString()}::timestamptz)`,
        })
        .where(
          and(
            eq(rosterMembers.rosterId, rosterId),
            eq(rosterMembers.playerTag, tag),
            isNull(rosterMembers.removedAt),
          ),
        )
        .returning();
      return rows[0] ?? null;
    },
  };
}
export type RosterRepository = ReturnType<typeof createRosterRepository>;
