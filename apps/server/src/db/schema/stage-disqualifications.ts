import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rosters } from './rosters';
import { segments } from './segments';
import { users } from './users';

/**
 * A team disqualified from one stage (issue #31), not from the championship: it forfeits the
 * stage's remaining matches and is paired no more there; the roster itself stays (migration 0026).
 * The reason is what the team reads.
 */
export const stageDisqualifications = pgTable(
  'stage_disqualifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant').notNull(),
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    rosterId: uuid('roster_id')
      .notNull()
      .references(() => rosters.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    disqualifiedBy: uuid('disqualified_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('stage_disqualifications_uq').on(t.segmentId, t.rosterId),
    index('stage_disqualifications_roster_idx').on(t.rosterId),
  ],
);
