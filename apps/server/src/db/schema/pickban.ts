import type { VetoAction, VetoSide, VetoStarterRule, VetoStep } from '@cwh/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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

/** Pick and ban (spec 7, migration 0017): an event's categories, for example battle modifiers. */
export const pickbanCategories = pgTable(
  'pickban_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant').notNull(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pickban_categories_event_idx').on(t.eventId, t.sortOrder)],
);

/** The items of a category that captains ban and pick. */
export const pickbanItems = pgTable(
  'pickban_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => pickbanCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pickban_items_category_idx').on(t.categoryId, t.sortOrder)],
);

/** A segment's veto: which category, the order of steps, who starts and the time per turn. */
export const segmentVetoes = pgTable('segment_vetoes', {
  segmentId: uuid('segment_id')
    .primaryKey()
    .references(() => segments.id, { onDelete: 'cascade' }),
  categoryId: uuid('category_id')
    .notNull()
    .references(() => pickbanCategories.id, { onDelete: 'cascade' }),
  steps: jsonb('steps').$type<VetoStep[]>().notNull(),
  starter: text('starter').$type<VetoStarterRule>().notNull(),
  turnSeconds: integer('turn_seconds').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * One pick and ban of one match series. The order, starter, pool and seed are copied when it
 * opens, so a later change of the segment's setup never rewrites a running veto; the votes are
 * rows of `pickban_votes` (one per step, unique), `turn_ends_at` is the current turn's deadline.
 */
export const pickbanChallenges = pgTable(
  'pickban_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant').notNull(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    matchSeriesId: uuid('match_series_id')
      .notNull()
      .references(() => matchSeries.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => pickbanCategories.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['open', 'closed'] }).notNull(),
    steps: jsonb('steps').$type<VetoStep[]>().notNull(),
    starter: text('starter').$type<VetoSide>().notNull(),
    pool: jsonb('pool').$type<string[]>().notNull(),
    seed: bigint('seed', { mode: 'number' }).notNull(),
    turnSeconds: integer('turn_seconds').notNull(),
    turnEndsAt: timestamp('turn_ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pickban_challenges_series_category_uq').on(t.matchSeriesId, t.categoryId),
    index('pickban_challenges_open_idx').on(t.status).where(sql`${t.status} = 'open'`),
  ],
);

export const pickbanVotes = pgTable(
  'pickban_votes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challengeId: uuid('challenge_id')
      .notNull()
      .references(() => pickbanChallenges.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    side: text('side').$type<VetoSide>().notNull(),
    action: text('action').$type<VetoAction>().notNull(),
    items: jsonb('items').$type<string[]>().notNull(),
    /** True when the turn ran out and the server chose (the seeded default). */
    auto: boolean('auto').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('pickban_votes_step_uq').on(t.challengeId, t.step)],
);
