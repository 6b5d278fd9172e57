import type { EventPrizes, NameTranslations } from '@cwh/contract';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { games } from './games';

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant').notNull(),
    /** Stable key so the seed (and imports) can upsert without knowing generated ids. */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** The organizer's names in other locales, by locale (`name` is the default). */
    nameTranslations: jsonb('name_translations').$type<NameTranslations>().notNull().default({}),
    status: text('status', { enum: ['active', 'archived'] }).notNull(),
    competition: text('competition', { enum: ['championship', 'townHallCup'] }).notNull(),
    thLevels: integer('th_levels').array().notNull(),
    dateFrom: timestamp('date_from', { withTimezone: true }).notNull(),
    dateTo: timestamp('date_to', { withTimezone: true }).notNull(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id),
    /** The event's prizes (pools, currency, per-placement amounts); null: none announced. */
    prizes: jsonb('prizes').$type<EventPrizes>(),
    /**
     * The teams' messaging-app group (invite link or QR payload) the organizer sets; the group QR
     * code encodes it. Null: the group is not set up yet.
     */
    chatGroupUrl: text('chat_group_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('events_tenant_slug_uq').on(t.tenant, t.slug),
    index('events_tenant_date_idx').on(t.tenant, t.dateFrom),
  ],
);
