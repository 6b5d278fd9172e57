import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { eventOrganizers } from '../../db/schema/index.js';

/** Which events each organizer runs (the `event_organizers` assignments). */
export function createOrganizerRepository(db: Executor) {
  return {
    async organizes(userId: string, eventId: string, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .select({ eventId: eventOrganizers.eventId })
        .from(eventOrganizers)
        .where(and(eq(eventOrganizers.userId, userId), eq(eventOrganizers.eventId, eventId)))
        .limit(1);
      return rows.length > 0;
    },

    async eventIdsByUser(userIds: string[], tx: Executor = db): Promise<Map<string, string[]>> {
      const map = new Map<string, string[]>();
      if (userIds.length === 0) return map;
      const rows = await tx
        .select({ userId: eventOrganizers.userId, eventId: eventOrganizers.eventId })
        .from(eventOrganizers)
        .where(inArray(eventOrganizers.userId, userIds));
      for (const row of rows) map.set(row.userId, [...(map.get(row.userId) ?? []), row.eventId]);
      return map;
    },

    /** Replaces a user's assignments with exactly `eventIds`. */
    async setForUser(userId: string, eventIds: string[], tx: Executor = db): Promise<void> {
      await tx.delete(eventOrganizers).where(eq(eventOrganizers.userId, userId));
      if (eventIds.length > 0)
        await tx.insert(eventOrganizers).values(eventIds.map((eventId) => ({ eventId, userId })));
    },

    /** Assigns a user to one event; assigning twice is a no-op. */
    async assign(userId: string, eventId: string, tx: Executor = db): Promise<void> {
      await tx.insert(eventOrganizers).values({ eventId, userId }).onConflictDoNothing();
    },

    /** A cloned event keeps the organizers of the season it came from. */
    async copy(fromEventId: string, toEventId: string, tx: Executor = db): Promise<void> {
      const rows = await tx
        .select({ userId: eventOrganizers.userId })
        .from(eventOrganizers)
        .where(eq(eventOrganizers.eventId, fromEventId));
      if (rows.length > 0)
        await tx
          .insert(eventOrganizers)
          .values(rows.map((r) => ({ eventId: toEventId, userId: r.userId })))
          .onConflictDoNothing();
    },
  };
}
