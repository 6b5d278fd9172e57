import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The simulated game's own state (GAME_MODE=simulated). Seeded from src/game/simulated/sim-dataset.ts
 * with insert-if-missing, so changes made through the simulator survive restarts and are shared by
 * every instance.
 */
export const simClans = pgTable('sim_clans', {
  tag: text('tag').primaryKey(),
  name: text('name').notNull(),
  clanLevel: integer('clan_level').notNull(),
  isWarLogPublic: boolean('is_war_log_public').notNull(),
  warStatus: text('war_status', { enum: ['clanWar', 'friendlyWar', 'none'] }).notNull(),
  purpose: text('purpose').notNull().default(''),
});

export const simPlayers = pgTable(
  'sim_players',
  {
    tag: text('tag').primaryKey(),
    name: text('name').notNull(),
    townHallLevel: integer('town_hall_level').notNull(),
    clanTag: text('clan_tag').references(() => simClans.tag, { onDelete: 'set null' }),
    role: text('role', { enum: ['leader', 'coLeader', 'elder', 'member'] }),
    apiToken: text('api_token').notNull(),
    banned: boolean('banned').notNull().default(false),
    /** Keeps the dataset's member order stable in listings. */
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('sim_players_clan_idx').on(t.clanTag)],
);

export interface SimWarLineups {
  home: { clanTag: string; playerTags: string[] };
  away: { clanTag: string; playerTags: string[] };
}

/**
 * A finished war is also the outbox of its result: `delivered_at` stays null until a listener has
 * recorded the result; `next_delivery_at` is when the redelivery job may (re)emit it (grace after
 * finishing, then backoff per attempt, which is also the claim of the instance delivering it).
 */
export const simWars = pgTable(
  'sim_wars',
  {
    id: text('id').primaryKey(),
    matchSeriesId: text('match_series_id').notNull(),
    homeClanTag: text('home_clan_tag').notNull(),
    awayClanTag: text('away_clan_tag').notNull(),
    lineups: jsonb('lineups').$type<SimWarLineups>().notNull(),
    status: text('status', { enum: ['running', 'finished'] }).notNull(),
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    nextDeliveryAt: timestamp('next_delivery_at', { withTimezone: true }),
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
  },
  (t) => [
    index('sim_wars_undelivered_idx')
      .on(t.nextDeliveryAt)
      .where(sql`${t.status} = 'finished' and ${t.deliveredAt} is null`),
  ],
);
