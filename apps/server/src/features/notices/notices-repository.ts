import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { gameAccounts, notices, rosterMembers, rosters } from '../../db/schema/index.js';

export type NoticeRow = typeof notices.$inferSelect;
export type NewNoticeRow = typeof notices.$inferInsert;

/** Whose notices: a user on one tenant (links and sockets are per tenant). */
export interface NoticeOwner {
  userId: string;
  tenant: string;
}

const ownedBy = (owner: NoticeOwner) =>
  and(eq(notices.userId, owner.userId), eq(notices.tenant, owner.tenant));

/** The notice log's SQL (docs/api/notices.md). */
export function createNoticesRepository(db: Db) {
  return {
    /** Writes notices in the caller's transaction (the change they tell of); answers the rows. */
    async insert(rows: readonly NewNoticeRow[], tx: Executor): Promise<NoticeRow[]> {
      if (rows.length === 0) return [];
      return tx
        .insert(notices)
        .values([...rows])
        .returning();
    },

    /** One page of the owner's notices, newest first (ties: the higher id first, a stable order). */
    async page(owner: NoticeOwner, page: { offset: number; size: number }, tx: Executor = db) {
      const [rows, [total], [unread]] = await Promise.all([
        tx
          .select()
          .from(notices)
          .where(ownedBy(owner))
          .orderBy(desc(notices.createdAt), desc(notices.id))
          .limit(page.size)
          .offset(page.offset),
        tx.select({ n: count() }).from(notices).where(ownedBy(owner)),
        tx
          .select({ n: count() })
          .from(notices)
          .where(and(ownedBy(owner), isNull(notices.readAt))),
      ]);
      return { rows, total: total?.n ?? 0, unread: unread?.n ?? 0 };
    },

    async unreadCount(owner: NoticeOwner, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(notices)
        .where(and(ownedBy(owner), isNull(notices.readAt)));
      return row?.n ?? 0;
    },

    /**
     * Marks one of the owner's notices read (kept as it was when already read). Null when the owner
     * has no such notice: another user's notice is not found, never marked.
     */
    async markRead(owner: NoticeOwner, id: string, at: Date, tx: Executor): Promise<NoticeRow | null> {
      const [marked] = await tx
        .update(notices)
        .set({ readAt: at })
        .where(and(eq(notices.id, id), ownedBy(owner), isNull(notices.readAt)))
        .returning();
      if (marked) return marked;
      const [existing] = await tx
        .select()
        .from(notices)
        .where(and(eq(notices.id, id), ownedBy(owner)));
      return existing ?? null;
    },

    /** The hub users of a roster's players (its active members but the captain), to notify. */
    async playerUserIds(rosterId: string, tx: Executor = db): Promise<string[]> {
      const rows = await tx
        .selectDistinct({ userId: gameAccounts.userId })
        .from(rosterMembers)
        .innerJoin(gameAccounts, eq(gameAccounts.playerTag, rosterMembers.playerTag))
        .where(
          and(
            eq(rosterMembers.rosterId, rosterId),
            isNull(rosterMembers.removedAt),
            eq(rosterMembers.position, 'player'),
          ),
        );
      return rows.map((r) => r.userId);
    },

    /** Whom a team's news reaches: each roster's captain (its owner) and its players' hub users. */
    async teamUserIds(rosterIds: readonly string[], tx: Executor = db) {
      if (rosterIds.length === 0) return [];
      const ids = [...rosterIds];
      const owners = await tx
        .select({ rosterId: rosters.id, userId: rosters.ownerId })
        .from(rosters)
        .where(inArray(rosters.id, ids));
      const players = await tx
        .selectDistinct({ rosterId: rosterMembers.rosterId, userId: gameAccounts.userId })
        .from(rosterMembers)
        .innerJoin(gameAccounts, eq(gameAccounts.playerTag, rosterMembers.playerTag))
        .where(and(inArray(rosterMembers.rosterId, ids), isNull(rosterMembers.removedAt)));
      const seen = new Set<string>();
      return [...owners, ...players].flatMap(({ rosterId, userId }) => {
        if (!userId || seen.has(`${rosterId}:${userId}`)) return [];
        seen.add(`${rosterId}:${userId}`);
        return [{ rosterId, userId }];
      });
    },

    /** The hub users of game accounts (a tag no hub user linked has none), by tag. */
    async userIdsOfTags(playerTags: readonly string[], tx: Executor = db) {
      if (playerTags.length === 0) return [];
      return tx
        .selectDistinct({ playerTag: gameAccounts.playerTag, userId: gameAccounts.userId })
        .from(gameAccounts)
        .where(inArray(gameAccounts.playerTag, [...playerTags]));
    },

    /** Marks every unread notice of the owner read; answers how many. */
    async markAllRead(owner: NoticeOwner, at: Date, tx: Executor): Promise<number> {
      const marked = await tx
        .update(notices)
        .set({ readAt: at })
        .where(and(ownedBy(owner), isNull(notices.readAt)))
        .returning({ id: notices.id });
      return marked.length;
    },
  };
}

export type NoticesRepository = ReturnType<typeof createNoticesRepository>;
