import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { segments, stageDisqualifications } from '../../db/schema/index.js';
import { conflictOnDuplicate } from '../../db/unique-violation.js';
import { DomainError } from '../../errors/domain-error.js';

export type StageDisqualificationRow = typeof stageDisqualifications.$inferSelect;

/** Disqualifications from one stage (issue #31): written once per stage and roster, read by the team. */
export function createStageDisqualificationRepository(db: Executor) {
  return {
    /** A second disqualification from the same stage is a CONFLICT (`ROSTER_DISQUALIFIED`). */
    async insert(values: typeof stageDisqualifications.$inferInsert, tx: Executor) {
      const rows = await conflictOnDuplicate(
        () => tx.insert(stageDisqualifications).values(values).returning(),
        () =>
          new DomainError('CONFLICT', 'This team is already disqualified from this stage', {
            meta: { reason: 'ROSTER_DISQUALIFIED' },
          }),
      );
      return rows[0]!;
    },

    async find(segmentId: string, rosterId: string, tx: Executor = db) {
      const rows = await tx
        .select()
        .from(stageDisqualifications)
        .where(
          and(eq(stageDisqualifications.segmentId, segmentId), eq(stageDisqualifications.rosterId, rosterId)),
        );
      return rows[0] ?? null;
    },

    /** A roster's disqualifications with the stage's name, oldest first. */
    async ofRoster(tenant: string, rosterId: string, tx: Executor = db) {
      return tx
        .select({ row: stageDisqualifications, segmentName: segments.name })
        .from(stageDisqualifications)
        .innerJoin(segments, eq(segments.id, stageDisqualifications.segmentId))
        .where(and(eq(stageDisqualifications.tenant, tenant), eq(stageDisqualifications.rosterId, rosterId)))
        .orderBy(asc(stageDisqualifications.createdAt));
    },

    /** The roster's open, not deleted series of one stage against a known opponent (to forfeit). */
    async openStageSeries(stageId: string, rosterId: string, tx: Executor) {
      const result = await tx.execute(sql`
        select s.id, c.position
        from stage_match_series l
        join match_series s on s.id = l.match_series_id
        join match_series_competitors c on c.match_series_id = s.id
        where l.stage_id = ${stageId} and c.roster_id = ${rosterId} and s.state <> 'finished'
          and s.deleted_at is null and s.bye = false
          and exists (select 1 from match_series_competitors o
            where o.match_series_id = s.id and o.position <> c.position and o.roster_id is not null)
        order by l.round_number, l.number`);
      return rowsOf<{ id: string; position: number }>(result);
    },
  };
}
