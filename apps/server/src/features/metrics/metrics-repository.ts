import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { matchUps, queueEntries } from '../../db/schema/ladder.js';

/** The ladder's state as Prometheus reads it: cheap counts over the partial indexes. */
export function createMetricsRepository(db: Executor) {
  return {
    /** Waiting entries per queue (segment × town hall level). */
    async queueLengths(): Promise<{ segmentId: string; thLevel: number; waiting: number }[]> {
      return db
        .select({ segmentId: queueEntries.segmentId, thLevel: queueEntries.thLevel, waiting: count() })
        .from(queueEntries)
        .where(eq(queueEntries.status, 'waiting'))
        .groupBy(queueEntries.segmentId, queueEntries.thLevel);
    },

    async matchUpsWithStatus(status: 'awaiting_confirmation' | 'expired'): Promise<number> {
      const rows = await db
        .select({ n: count() })
        .from(matchUps)
        .where(and(eq(matchUps.status, status)));
      return Number(rows[0]?.n ?? 0);
    },
  };
}
