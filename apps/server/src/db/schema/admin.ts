import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

/** Which events an organizer may run: their segments, rosters, match series and results. */
export const eventOrganizers = pgTable(
  'event_organizers',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_organizers_user_idx').on(t.userId)],
);

/**
 * Append-only record of every mutating admin call. No foreign keys: an entry must outlive the
 * user, event or segment it talks about. A trigger (see the migration) refuses UPDATE and DELETE.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    userId: uuid('user_id'),
    ipAddress: text('ip_address').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    eventId: uuid('event_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('activity_log_at_idx').on(t.at),
    index('activity_log_user_at_idx').on(t.userId, t.at),
    index('activity_log_target_idx').on(t.targetType, t.targetId),
  ],
);

/** Password reset tokens: only the sha256 is stored; spent by deleting the row. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Mail sent on the embedded default (no SMTP_URL): the console shows it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);
