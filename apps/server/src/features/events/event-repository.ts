import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { events, segments } from '../../db/schema/index.js';
import { notFound } from '../../errors/domain-error.js';

export type EventRow = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;

export interface EventFilter {
  status?: EventRow['status'] | undefined;
}

export function createEventRepository(db: Executor) {
  return {
    /**
     * Segment ids per event, in schedule order (the event's `segments` relationship). Read here, not
     * through the segment repository, so that segments depend on events and not the other way round.
     */
    async segmentIdsByEvent(eventIds: string[], tx: Executor = db): Promise<Map<string, string[]>> {
      const map = new Map<string, string[]>();
      if (eventIds.length === 0) return map;
      const rows = await tx
        .select({ eventId: segments.eventId, id: segments.id })
        .from(segments)
        .where(inArray(segments.eventId, eventIds))
        .orderBy(asc(segments.level), asc(segments.dateFrom), asc(segments.id));
      for (const { eventId, id } of rows) map.set(eventId, [...(map.get(eventId) ?? []), id]);
      return map;
    },

    async list(
      tenant: string,
      filter: EventFilter,
      page: { offset: number; size: number },
      tx: Executor = db,
    ) {
      const conditions: SQL[] = [eq(events.tenant, tenant)];
      if (filter.status) conditions.push(eq(events.status, filter.status));
      const where = and(...conditions);
      const [rows, totals] = await Promise.all([
        tx
          .select()
          .from(events)
          .where(where)
          .orderBy(asc(events.dateFrom), asc(events.name), asc(events.id))
          .limit(page.size)
          .offset(page.offset),
        tx.select({ total: count() }).from(events).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    async getById(tenant: string, id: string, tx: Executor = db): Promise<EventRow> {
      const rows = await tx
        .select()
        .from(events)
        .where(and(eq(events.tenant, tenant), eq(events.id, id)))
        .limit(1);
      const row = rows[0];
      if (!row) throw notFound('event', id);
      return row;
    },

    async findBySlug(tenant: string, slug: string, tx: Executor = db): Promise<EventRow | null> {
      const rows = await tx
        .select()
        .from(events)
        .where(and(eq(events.tenant, tenant), eq(events.slug, slug)))
        .limit(1);
      return rows[0] ?? null;
    },

    async count(tx: Executor = db): Promise<number> {
      const rows = await tx.select({ total: count() }).from(events);
      return rows[0]?.total ?? 0;
    },

    /** Insert or update by (tenant, slug), the stable key of seeded events. */
    async upsertBySlug(event: NewEvent, tx: Executor = db): Promise<EventRow> {
      const { id: _ignored, createdAt: _created, ...update } = event;
      const rows = await tx
        .insert(events)
        .values(event)
        .onConflictDoUpdate({ target: [events.tenant, events.slug], set: update })
        .returning();
      return rows[0]!;
    },
  };
}
export type EventRepository = ReturnType<typeof createEventRepository>;
