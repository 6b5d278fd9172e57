import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';

/**
 * An event's announcements to the community's chat (issue #34): the organizer's Discord webhook (a
 * secret: never answered in full), the language of the messages and the last delivery or failure,
 * which the console shows.
 */
export const eventAnnouncementSettings = pgTable('event_announcement_settings', {
  eventId: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  webhookUrl: text('webhook_url').notNull(),
  locale: text('locale').notNull().default('en'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  lastDeliveredAt: timestamp('last_delivered_at', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  lastFailureStatus: integer('last_failure_status'),
  lastFailureDetail: text('last_failure_detail'),
});

/** One announcement, queued in the change's transaction; the job sends it and records the outcome. */
export const eventAnnouncements = pgTable(
  'event_announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Queue order (two announcements of one instant, as under the tests' fixed clock, stay ordered). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['stageStarted', 'finalsResult', 'advancement', 'test'] }).notNull(),
    /** The message's parameters as of the change (names, score), rendered when sent. */
    params: jsonb('params').$type<Record<string, string | number | string[]>>().notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('event_announcements_event_idx').on(t.eventId, t.seq),
    index('event_announcements_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);
