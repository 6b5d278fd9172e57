import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const clientLogs = pgTable(
  'client_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant').notNull(),
    error: text('error').notNull(),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull(),
    url: text('url').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_logs_created_idx').on(t.createdAt)],
);
