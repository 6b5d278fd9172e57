import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { events, games, rosters, segments } from '../../db/schema/index.js';
import { DomainError, notFound } from '../../errors/domain-error.js';
import type { EventRow, NewEvent } from '../events/event-repository.js';
import type { NewSegment, SegmentRow } from '../segments/segment-repository.js';

/** Writes of events and segments for the organizer console; reads stay in their own features. */
export function createEventAdminRepository(db: Executor) {
  return {
    async defaultGameId(tx: Executor = db): Promise<string> {
      const rows = await tx.select({ id: games.id }).from(games).orderBy(asc(games.createdAt)).limit(1);
      if (!rows[0]) throw new DomainError('CONFLICT', 'No game exists to attach the event to');
      return rows[0].id;
    },

    async insertEvent(event: NewEvent, tx: Executor = db): Promise<EventRow> {
      const rows = await tx.insert(events).values(event).returning();
      return rows[0]!;
    },

    async updateEvent(
      tenant: string,
      id: string,
      set: Partial<NewEvent>,
      tx: Executor = db,
    ): Promise<EventRow> {
      const rows = await tx
        .update(events)
        .set(set)
        .where(and(eq(events.tenant, tenant), eq(events.id, id)))
        .returning();
      if (!rows[0]) throw notFound('event', id);
      return rows[0];
    },

    /** Locks the row so concurrent edits of one event serialise. */
    async lockEvent(tenant: string, id: string, tx: Executor): Promise<EventRow> {
      const rows = await tx
        .select()
        .from(events)
        .where(and(eq(events.tenant, tenant), eq(events.id, id)))
        .for('update');
      if (!rows[0]) throw notFound('event', id);
      return rows[0];
    },

    /**
     * Deletes an event and its segments. Rosters would cascade away with it, so an event that
     * teams registered for is refused instead: a played season is archived, never erased.
     */
    async deleteEvent(tenant: string, id: string, tx: Executor): Promise<void> {
      const used = await tx.select({ n: count() }).from(rosters).where(eq(rosters.eventId, id));
      if ((used[0]?.n ?? 0) > 0) throw inUse('event');
      await tx.delete(events).where(and(eq(events.tenant, tenant), eq(events.id, id)));
    },

    /** Parents before children, so a copy can map parent ids as it goes. */
    async segmentsOfEvent(eventId: string, tx: Executor = db): Promise<SegmentRow[]> {
      return tx
        .select()
        .from(segments)
        .where(eq(segments.eventId, eventId))
        .orderBy(asc(segments.level), asc(segments.dateFrom), asc(segments.id));
    },

    async lockSegment(eventId: string, id: string, tx: Executor): Promise<SegmentRow> {
      const rows = await tx
        .select()
        .from(segments)
        .where(and(eq(segments.eventId, eventId), eq(segments.id, id)))
        .for('update');
      if (!rows[0]) throw notFound('segment', id);
      return rows[0];
    },

    async insertSegment(segment: NewSegment, tx: Executor = db): Promise<SegmentRow> {
      const rows = await tx.insert(segments).values(segment).returning();
      return rows[0]!;
    },

    async updateSegment(id: string, set: Partial<NewSegment>, tx: Executor = db): Promise<SegmentRow> {
      const rows = await tx.update(segments).set(set).where(eq(segments.id, id)).returning();
      if (!rows[0]) throw notFound('segment', id);
      return rows[0];
    },

    /** Deletes a segment and its children, refused while any of them has rosters. */
    async deleteSegment(id: string, tx: Executor): Promise<void> {
      const children = await tx.select({ id: segments.id }).from(segments).where(eq(segments.parentId, id));
      const ids = [id, ...children.map((c) => c.id)];
      const used = await tx.select({ n: count() }).from(rosters).where(inArray(rosters.segmentId, ids));
      if ((used[0]?.n ?? 0) > 0) throw inUse('segment');
      await tx.delete(segments).where(eq(segments.id, id));
    },
  };
}
export type EventAdminRepository = ReturnType<typeof createEventAdminRepository>;

const inUse = (kind: string) =>
  new DomainError('CONFLICT', `The ${kind} has registered rosters; archive it instead`);
