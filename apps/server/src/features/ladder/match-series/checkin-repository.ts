import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { checkins } from '../../../db/schema/ladder.js';

export type CheckinRow = typeof checkins.$inferSelect;
export type NewCheckin = typeof checkins.$inferInsert;

/** Check-ins of users to a match series or a roster. */
export function createCheckinRepository(db: Executor) {
  return {
    async listForSeries(matchSeriesId: string, tx: Executor = db): Promise<CheckinRow[]> {
      return tx
        .select()
        .from(checkins)
        .where(eq(checkins.matchSeriesId, matchSeriesId))
        .orderBy(asc(checkins.createdAt));
    },

    /** The new check-in, or null when the user had already checked in (unique index). */
    async insertIfAbsent(checkin: NewCheckin, tx: Executor = db): Promise<CheckinRow | null> {
      const rows = await tx.insert(checkins).values(checkin).onConflictDoNothing().returning();
      return rows[0] ?? null;
    },

    /** The user's check-in to the match series, or else to the roster. */
    async findForUser(
      userId: string,
      target: { matchSeriesId: string | null; rosterId: string | null },
      tx: Executor = db,
    ): Promise<CheckinRow | null> {
      const rows = await tx
        .select()
        .from(checkins)
        .where(
          and(
            eq(checkins.userId, userId),
            target.matchSeriesId
              ? eq(checkins.matchSeriesId, target.matchSeriesId)
              : eq(checkins.rosterId, target.rosterId!),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
export type CheckinRepository = ReturnType<typeof createCheckinRepository>;
