import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { events, segments } from '../../db/schema/index.js';
import { notFound } from '../../errors/domain-error.js';

export type SegmentRow = typeof segments.$inferSelect;
export type NewSegment = typeof segments.$inferInsert;

export interface SegmentListOptions {
  level?: number | undefined;
  descending: boolean;
  offset: number;
  size: number;
}

function groupIds(rows: { key: string | null; id: string }[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const { key, id } of rows) {
    if (key === null) continue;
    const list = map.get(key) ?? [];
    list.push(id);
    map.set(key, list);
  }
  return map;
}

export function createSegmentRepository(db: Executor) {
  async function findInTenant(tenant: string, segmentId: string, tx: Executor = db) {
    const rows = await tx
      .select({ segment: segments, event: events })
      .from(segments)
      .innerJoin(events, eq(events.id, segments.eventId))
      .where(and(eq(events.tenant, tenant), eq(segments.id, segmentId)))
      .limit(1);
    return rows[0] ?? null;
  }

  return {
    async listByEvent(eventId: string, options: SegmentListOptions, tx: Executor = db) {
      const conditions: SQL[] = [eq(segments.eventId, eventId)];
      if (options.level !== undefined) conditions.push(eq(segments.level, options.level));
      const where = and(...conditions);
      const order = options.descending ? desc(segments.dateFrom) : asc(segments.dateFrom);
      const [rows, totals] = await Promise.all([
        tx
          .select()
          .from(segments)
          .where(where)
          .orderBy(order, asc(segments.level), asc(segments.name), asc(segments.id))
          .limit(options.size)
          .offset(options.offset),
        tx.select({ total: count() }).from(segments).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    /**
     * THE segment lookup by id: the segment with its event, only when the event belongs to the
     * tenant (another tenant's segment does not exist for the caller). Rosters, clan, ladder and
     * standings all read segments through it.
     */
    findInTenant,

    /** `findInTenant`, or NOT_FOUND. */
    async getInTenant(tenant: string, segmentId: string, tx: Executor = db) {
      const found = await findInTenant(tenant, segmentId, tx);
      if (!found) throw notFound('segment', segmentId);
      return found;
    },

    async getById(eventId: string, segmentId: string, tx: Executor = db): Promise<SegmentRow> {
      const rows = await tx
        .select()
        .from(segments)
        .where(and(eq(segments.eventId, eventId), eq(segments.id, segmentId)))
        .limit(1);
      const row = rows[0];
      if (!row) throw notFound('segment', segmentId);
      return row;
    },

    /** Child segment ids per parent, in schedule order. */
    async childIds(parentIds: string[], tx: Executor = db): Promise<Map<string, string[]>> {
      if (parentIds.length === 0) return new Map();
      const rows = await tx
        .select({ key: segments.parentId, id: segments.id })
        .from(segments)
        .where(inArray(segments.parentId, parentIds))
        .orderBy(asc(segments.dateFrom), asc(segments.id));
      return groupIds(rows);
    },

    async countByEvent(eventId: string, tx: Executor = db): Promise<number> {
      const rows = await tx.select({ total: count() }).from(segments).where(eq(segments.eventId, eventId));
      return rows[0]?.total ?? 0;
    },

    async findBySlug(eventId: string, slug: string, tx: Executor = db): Promise<SegmentRow | null> {
      const rows = await tx
        .select()
        .from(segments)
        .where(and(eq(segments.eventId, eventId), eq(segments.slug, slug)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Insert or update by (event, slug), the stable key of seeded segments. */
    async upsertBySlug(segment: NewSegment, tx: Executor = db): Promise<SegmentRow> {
      const { id: _ignored, createdAt: _created, ...update } = segment;
      const rows = await tx
        .insert(segments)
        .values(segment)
        .onConflictDoUpdate({ target: [segments.eventId, segments.slug], set: update })
        .returning();
      return rows[0]!;
    },
  };
}
export type SegmentRepository = ReturnType<typeof createSegmentRepository>;
