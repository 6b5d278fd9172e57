import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { checkins, matchSeries } from '../../db/schema/ladder.js';
import type { StoredWarReport } from '../../game/official/official-war.js';

/** What the official war poller writes on a match series (SQL of war/official-war-poller.ts). */
export function createWarPollRepository(db: Executor) {
  return {
    /** The war as read from the API; only on an open series, so a finished result never changes. */
    async storeWarReport(seriesId: string, report: StoredWarReport, tx: Executor = db): Promise<void> {
      await tx
        .update(matchSeries)
        .set({ warReport: report })
        // A deleted series (features/match-series-admin) keeps what it had.
        .where(
          and(eq(matchSeries.id, seriesId), ne(matchSeries.state, 'finished'), isNull(matchSeries.deletedAt)),
        );
    },

    /** Flags the series for the organizer once; false when it was already flagged or is finished. */
    async flagForReview(seriesId: string, reason: string, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .update(matchSeries)
        .set({ reviewReason: reason })
        .where(
          and(
            eq(matchSeries.id, seriesId),
            ne(matchSeries.state, 'finished'),
            isNull(matchSeries.reviewReason),
            isNull(matchSeries.deletedAt),
          ),
        )
        .returning({ id: matchSeries.id });
      return rows.length > 0;
    },

    /** Users who checked in to the series (captains present for the no-show rule). */
    async checkedInUserIds(seriesId: string, tx: Executor = db): Promise<string[]> {
      const rows = await tx
        .select({ userId: checkins.userId })
        .from(checkins)
        .where(eq(checkins.matchSeriesId, seriesId));
      return rows.map((r) => r.userId);
    },
  };
}

export type WarPollRepository = ReturnType<typeof createWarPollRepository>;
