import { asc, count } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { segmentTypes } from '../../db/schema/index.js';

export type SegmentTypeRow = typeof segmentTypes.$inferSelect;

export function createSegmentTypeRepository(db: Executor) {
  return {
    async list(page: { offset: number; size: number }, tx: Executor = db) {
      const [rows, totals] = await Promise.all([
        tx.select().from(segmentTypes).orderBy(asc(segmentTypes.key)).limit(page.size).offset(page.offset),
        tx.select({ total: count() }).from(segmentTypes),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    async upsertByKey(type: { key: string; name: string }, tx: Executor = db): Promise<SegmentTypeRow> {
      const rows = await tx
        .insert(segmentTypes)
        .values(type)
        .onConflictDoUpdate({ target: segmentTypes.key, set: { name: type.name } })
        .returning();
      return rows[0]!;
    },
  };
}
