import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The notice log (issue #34, docs/api/notices.md): one row per notice a user needs, written in the
 * change's transaction. Deliveries (socket today; Web Push and e-mail later) read these rows.
 */
export const notices = pgTable(
  'notices',
  {
    id: uuid('id').primaryKey(),
    /** The tenant the notice is about: its socket namespace and its link's site. */
    tenant: text('tenant').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of the contract's NOTICE_TYPES. */
    type: text('type').notNull(),
    /** Where the notice leads in the web, a path without the locale prefix (e.g. /ladder). */
    link: text('link').notNull(),
    /** The text's key in the web's `notices` namespace; rendered in the reader's locale. */
    textKey: text('text_key').notNull(),
    params: jsonb('params').$type<Record<string, string | number | null>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notices_user_created_idx').on(t.userId, t.tenant, t.createdAt.desc(), t.id.desc()),
    index('notices_user_unread_idx').on(t.userId, t.tenant).where(sql`${t.readAt} IS NULL`),
  ],
);
