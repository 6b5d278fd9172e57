import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { ladderStandings, queueEntries } from '../../../db/schema/ladder.js';

/** int4 namespace key of the standings advisory lock (pg_advisory_xact_lock). */
const STANDINGS_LOCK_NAMESPACE = 727_005;

/** Ladder standings: points, the standings lock and recalculated rows. */
export function createLadderStandingsRepository(db: Executor) {
  return {
    /** Waits for the standings lock of a segment (recalculations are serialised). */
    async lockStandings(segmentId: string, tx: Executor): Promise<void> {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${STANDINGS_LOCK_NAMESPACE}::int4, hashtext(${segmentId}))`,
      );
    },

    async pointsOf(segmentId: string, rosterIds: string[], tx: Executor = db): Promise<Map<string, number>> {
      if (rosterIds.length === 0) return new Map();
      const rows = await tx
        .select({ rosterId: ladderStandings.rosterId, points: ladderStandings.points })
        .from(ladderStandings)
        .where(and(eq(ladderStandings.segmentId, segmentId), inArray(ladderStandings.rosterId, rosterIds)));
      return new Map(rows.map((r) => [r.rosterId, r.points]));
    },

    async queuedRosterIds(segmentId: string, tx: Executor = db): Promise<string[]> {
      const rows = await tx
        .selectDistinct({ rosterId: queueEntries.rosterId })
        .from(queueEntries)
        .where(eq(queueEntries.segmentId, segmentId));
      return rows.map((r) => r.rosterId);
    },

    async replaceStandings(segmentId: string, rows: (typeof ladderStandings.$inferInsert)[], tx: Executor) {
      await tx.delete(ladderStandings).where(eq(ladderStandings.segmentId, segmentId));
      for (let i = 0; i < rows.length; i += 1000) {
        await tx.insert(ladderStandings).values(rows.slice(i, i + 1000));
      }
    },
  };
}
