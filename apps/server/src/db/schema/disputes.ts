import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { events } from './events';
import { matchSeries } from './ladder';
import { segments } from './segments';
import { users } from './users';

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Screenshots of a match series (issue #13, spec 7 GET /match-series/{id}/attachments): sniffed,
 * size-limited images with their metadata stripped (features/uploads/image-check.ts), stored in the
 * database so every instance serves them. Only the two captains and the event's staff read them.
 */
export const matchAttachments = pgTable(
  'match_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    matchSeriesId: uuid('match_series_id')
      .notNull()
      .references(() => matchSeries.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('match_attachments_series_idx').on(t.matchSeriesId, t.createdAt)],
);

/**
 * A captain's dispute of a recorded result. At most one open dispute per series (unique index);
 * the organizer upholds it (the result stands) or corrects the result (the results service).
 */
export const matchDisputes = pgTable(
  'match_disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant').notNull(),
    matchSeriesId: uuid('match_series_id')
      .notNull()
      .references(() => matchSeries.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'set null' }),
    side: text('side', { enum: ['home', 'away'] }).notNull(),
    reason: text('reason').notNull(),
    attachmentIds: jsonb('attachment_ids').$type<string[]>().notNull().default([]),
    status: text('status', { enum: ['open', 'upheld', 'corrected'] }).notNull(),
    /** What the captains read (the note to the captains). */
    resolutionNote: text('resolution_note'),
    /** The organizer's internal reason (staff only, never shown to the captains). */
    internalReason: text('internal_reason'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('match_disputes_open_uq').on(t.matchSeriesId).where(sql`${t.status} = 'open'`),
    index('match_disputes_queue_idx').on(t.tenant, t.status, t.createdAt),
  ],
);

/** The organizer's dispute window of a segment (minutes after a result); absent: the default. */
export const segmentDisputeSettings = pgTable('segment_dispute_settings', {
  segmentId: uuid('segment_id')
    .primaryKey()
    .references(() => segments.id, { onDelete: 'cascade' }),
  disputeWindowMinutes: integer('dispute_window_minutes').notNull(),
});
