import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  eventAnnouncementSettings,
  eventAnnouncements,
  events,
  matchSeriesCompetitors,
  rosters,
  segments,
} from '../../db/schema/index.js';
import type { AnnouncementKind, AnnouncementParams } from './announcement-texts.js';

export type AnnouncementSettingsRow = typeof eventAnnouncementSettings.$inferSelect;
export type AnnouncementRow = typeof eventAnnouncements.$inferSelect;

/** A name in `locale` when the organizer gave one, else the default name. */
const named = (row: { name: string; nameTranslations: Record<string, string | undefined> }, locale: string) =>
  row.nameTranslations[locale] ?? row.name;

/** The SQL of event announcements: the webhook settings, the queued announcements, the names they show. */
export function createAnnouncementsRepository(db: Executor) {
  return {
    async settings(eventId: string, tx: Executor = db): Promise<AnnouncementSettingsRow | null> {
      const rows = await tx
        .select()
        .from(eventAnnouncementSettings)
        .where(eq(eventAnnouncementSettings.eventId, eventId));
      return rows[0] ?? null;
    },

    async saveSettings(
      eventId: string,
      values: { webhookUrl: string; locale: string; updatedAt: Date },
      tx: Executor = db,
    ): Promise<void> {
      // A new webhook starts with a clean slate: the old one's failure says nothing about it.
      await tx
        .insert(eventAnnouncementSettings)
        .values({ eventId, ...values })
        .onConflictDoUpdate({
          target: eventAnnouncementSettings.eventId,
          set: { ...values, lastFailureAt: null, lastFailureStatus: null, lastFailureDetail: null },
        });
    },

    async saveLocale(eventId: string, locale: string, updatedAt: Date, tx: Executor = db): Promise<void> {
      await tx
        .update(eventAnnouncementSettings)
        .set({ locale, updatedAt })
        .where(eq(eventAnnouncementSettings.eventId, eventId));
    },

    async removeSettings(eventId: string, tx: Executor = db): Promise<void> {
      await tx.delete(eventAnnouncementSettings).where(eq(eventAnnouncementSettings.eventId, eventId));
    },

    async eventExists(eventId: string, tx: Executor = db): Promise<boolean> {
      const rows = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId));
      return rows.length > 0;
    },

    async insert(
      values: { eventId: string; kind: AnnouncementKind; params: AnnouncementParams; createdAt: Date },
      tx: Executor = db,
    ): Promise<string> {
      const [row] = await tx
        .insert(eventAnnouncements)
        .values(values)
        .returning({ id: eventAnnouncements.id });
      return row!.id;
    },

    async find(id: string, tx: Executor = db): Promise<AnnouncementRow | null> {
      const rows = await tx.select().from(eventAnnouncements).where(eq(eventAnnouncements.id, id));
      return rows[0] ?? null;
    },

    /** One attempt's outcome; a final failure is also the event's last failure (the console shows it). */
    async recordAttempt(
      row: AnnouncementRow,
      outcome: {
        status: AnnouncementRow['status'];
        attempts: number;
        lastStatus: number | null;
        lastError: string | null;
        at: Date;
      },
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(eventAnnouncements)
        .set({
          status: outcome.status,
          attempts: outcome.attempts,
          lastStatus: outcome.lastStatus,
          lastError: outcome.lastError,
          sentAt: outcome.status === 'sent' ? outcome.at : null,
        })
        .where(eq(eventAnnouncements.id, row.id));
      if (outcome.status === 'sent') {
        await tx
          .update(eventAnnouncementSettings)
          .set({ lastDeliveredAt: outcome.at })
          .where(eq(eventAnnouncementSettings.eventId, row.eventId));
      }
      if (outcome.status === 'failed') {
        await tx
          .update(eventAnnouncementSettings)
          .set({
            lastFailureAt: outcome.at,
            lastFailureStatus: outcome.lastStatus,
            lastFailureDetail: outcome.lastError ?? 'failed',
          })
          .where(eq(eventAnnouncementSettings.eventId, row.eventId));
      }
    },

    async recent(eventId: string, limit: number, tx: Executor = db): Promise<AnnouncementRow[]> {
      return tx
        .select()
        .from(eventAnnouncements)
        .where(eq(eventAnnouncements.eventId, eventId))
        .orderBy(desc(eventAnnouncements.seq))
        .limit(limit);
    },

    /** Announcements still waiting (their jobs are sent again at start; the singleton key dedupes). */
    async pendingIds(limit: number, tx: Executor = db): Promise<string[]> {
      const rows = await tx
        .select({ id: eventAnnouncements.id })
        .from(eventAnnouncements)
        .where(eq(eventAnnouncements.status, 'pending'))
        .orderBy(asc(eventAnnouncements.seq))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    async eventName(eventId: string, locale: string, tx: Executor = db): Promise<string> {
      const rows = await tx
        .select({ name: events.name, nameTranslations: events.nameTranslations })
        .from(events)
        .where(eq(events.id, eventId));
      return rows[0] ? named(rows[0], locale) : '';
    },

    async segmentOf(segmentId: string, locale: string, tx: Executor = db) {
      const rows = await tx
        .select({
          eventId: segments.eventId,
          stageCode: segments.stageCode,
          name: segments.name,
          nameTranslations: segments.nameTranslations,
        })
        .from(segments)
        .where(eq(segments.id, segmentId));
      const row = rows[0];
      return row ? { eventId: row.eventId, stageCode: row.stageCode, name: named(row, locale) } : null;
    },

    /** The rosters of a series' home (position 0) and away (position 1) sides. */
    async competitorRosterIds(
      matchSeriesId: string,
      tx: Executor = db,
    ): Promise<[string | null, string | null]> {
      const rows = await tx
        .select({ position: matchSeriesCompetitors.position, rosterId: matchSeriesCompetitors.rosterId })
        .from(matchSeriesCompetitors)
        .where(eq(matchSeriesCompetitors.matchSeriesId, matchSeriesId));
      const at = (position: number) => rows.find((r) => r.position === position)?.rosterId ?? null;
      return [at(0), at(1)];
    },

    /** Team names by roster id (the clan tag for a roster without a name). */
    async rosterNames(ids: readonly string[], tx: Executor = db): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select({ id: rosters.id, name: rosters.name, clanTag: rosters.clanTag })
        .from(rosters)
        .where(inArray(rosters.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r.name ?? r.clanTag ?? r.id]));
    },
  };
}
export type AnnouncementsRepository = ReturnType<typeof createAnnouncementsRepository>;
