import { and, asc, desc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { stageOutcomes } from '../../db/schema/competition.js';
import { events } from '../../db/schema/events.js';
import { ladderStandings } from '../../db/schema/ladder.js';
import { segments } from '../../db/schema/segments.js';
import { conflictOnDuplicate } from '../../db/unique-violation.js';
import { DomainError } from '../../errors/domain-error.js';
import type { StageSegmentRow } from './brackets-repository.js';

export type StageOutcomeRow = typeof stageOutcomes.$inferSelect;

/** Advancement reads and writes (POST /segments/{id}/advance). */
export function createAdvanceRepository(db: Executor) {
  return {
    async competitionOf(eventId: string, tx: Executor = db) {
      const rows = await tx
        .select({ competition: events.competition })
        .from(events)
        .where(eq(events.id, eventId));
      return rows[0]!.competition;
    },

    /** The stage's next segment: the sibling that starts after this one. */
    async nextSibling(segment: StageSegmentRow, tx: Executor = db) {
      if (!segment.parentId) return null;
      const rows = await tx
        .select()
        .from(segments)
        .where(and(eq(segments.parentId, segment.parentId), gt(segments.dateFrom, segment.dateFrom)))
        .orderBy(asc(segments.dateFrom))
        .limit(1);
      return rows[0] ?? null;
    },

    async segmentsOfEvent(eventId: string, tx: Executor = db) {
      return tx.select({ id: segments.id }).from(segments).where(eq(segments.eventId, eventId));
    },

    /** The ladder's placements: the standings order (points, star difference, stars, roster id). */
    async ladderRankings(segmentId: string, tx: Executor = db) {
      const rows = await tx
        .select({ rosterId: ladderStandings.rosterId })
        .from(ladderStandings)
        .where(eq(ladderStandings.segmentId, segmentId))
        .orderBy(
          desc(ladderStandings.points),
          desc(ladderStandings.starDiff),
          desc(ladderStandings.starsFor),
          asc(ladderStandings.rosterId),
        );
      return rows.map((row, index) => ({ rosterId: row.rosterId, rank: index + 1 }));
    },

    async outcomesOf(segmentId: string, tx: Executor = db): Promise<StageOutcomeRow[]> {
      return tx
        .select()
        .from(stageOutcomes)
        .where(eq(stageOutcomes.segmentId, segmentId))
        .orderBy(asc(stageOutcomes.rank));
    },

    /** A stage is decided once (unique per segment and roster): a second decision is ALREADY_ADVANCED. */
    async insertOutcomes(rows: (typeof stageOutcomes.$inferInsert)[], tx: Executor) {
      for (let index = 0; index < rows.length; index += 1000) {
        await conflictOnDuplicate(
          () => tx.insert(stageOutcomes).values(rows.slice(index, index + 1000)),
          () =>
            new DomainError('CONFLICT', 'This stage was already decided', {
              meta: { reason: 'ALREADY_ADVANCED' },
            }),
        );
      }
    },

    /** Rosters that advanced into `segmentId`, in seed order: the next stage's default seeding. */
    async advancedInto(segmentId: string, tx: Executor = db) {
      return tx
        .select({ rosterId: stageOutcomes.rosterId, seed: stageOutcomes.nextSeed })
        .from(stageOutcomes)
        .where(and(eq(stageOutcomes.nextSegmentId, segmentId), isNotNull(stageOutcomes.nextSeed)))
        .orderBy(asc(stageOutcomes.decidedAt), asc(stageOutcomes.nextSeed));
    },
  };
}
