import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';
import { matchSeries } from './ladder';
import { users } from './users';

/** What a system notice of the match chat says: its type and the values the web words it with. */
export interface MatchChatNoticeColumn {
  type: string;
  params: Record<string, string | number | null>;
}

/**
 * The match chat (spec 7 `GET /history`, issue #13, migration 0020): one room per match series.
 * `kind` is `user` (a member wrote `body`) or `system` (a notice: check-in, pick and ban step, war
 * started, result recorded; `notice` holds its type and values). A moderator's deletion is soft:
 * `deleted_at` and `deleted_by` are set, the body stays for the activity log's sake but is never
 * answered again.
 */
export const matchChatMessages = pgTable(
  'match_chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant').notNull(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    matchSeriesId: uuid('match_series_id')
      .notNull()
      .references(() => matchSeries.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['user', 'system'] }).notNull(),
    body: text('body'),
    notice: jsonb('notice').$type<MatchChatNoticeColumn>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('match_chat_messages_series_idx').on(t.matchSeriesId, t.createdAt, t.id)],
);
