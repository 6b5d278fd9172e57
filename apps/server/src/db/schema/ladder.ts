import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { events } from './events';
import { segments } from './segments';
import { users } from './users';

/*
 * Ladder play (docs/api/ladder.md). Roster ids are plain uuids (no foreign key to `rosters`)
 * so these tables do not depend on the players-and-teams migration order; rosters are never hard
 * deleted while they have ladder history (withdrawn_at).
 */

export const QUEUE_ENTRY_STATUS = [
  'waiting',
  'matched',
  'accepted',
  'declined',
  'expired',
  'cancelled',
  'completed',
] as const;

/**
 * One stay of a roster in the ladder queue. Live while `ended_at` is null (waiting, matched, or
 * accepted while the match-up awaits the other side); one live entry per roster (unique index).
 */
export const queueEntries = pgTable(
  'queue_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant').notNull(),
    rosterId: uuid('roster_id').notNull(),
    /** The ladder segment (the queue is per segment + town hall level). */
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    thLevel: integer('th_level').notNull(),
    /** Roster owner (captain) user id at join; socket notices go there. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    playerTags: jsonb('player_tags').$type<string[]>().notNull(),
    status: text('status', { enum: QUEUE_ENTRY_STATUS }).notNull(),
    /** Priority in matchmaking; kept when the entry returns to the queue after a failed match-up. */
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    /**
     * Ladder points of the roster at join (from `ladder_standings`; they cannot change while the roster
     * is queued: it has no open series). Null for rows inserted without it: the next tick fills it.
     */
    points: integer('points'),
    matchUpId: uuid('match_up_id'),
    matchSeriesId: uuid('match_series_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('queue_entries_live_roster_uq').on(t.rosterId).where(sql`${t.endedAt} is null`),
    index('queue_entries_waiting_idx')
      .on(t.segmentId, t.thLevel, t.joinedAt)
      .where(sql`${t.status} = 'waiting'`),
    /** Newcomer matching: the waiting entries of one queue within a points window. */
    index('queue_entries_waiting_points_idx')
      .on(t.segmentId, t.thLevel, t.points)
      .where(sql`${t.status} = 'waiting'`),
    index('queue_entries_roster_idx').on(t.rosterId, t.createdAt),
  ],
);

export const MATCH_UP_STATUS = [
  'awaiting_confirmation',
  'accepted',
  'declined',
  'expired',
  'cancelled',
] as const;

export const matchUps = pgTable(
  'match_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant').notNull(),
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    thLevel: integer('th_level').notNull(),
    status: text('status', { enum: MATCH_UP_STATUS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Accept deadline (createdAt + accept window), enforced in the accept transaction and by the sweeper. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Which instance's sweeper (or call) ended it; for the concurrency audit. */
    endedBy: text('ended_by'),
    matchSeriesId: uuid('match_series_id'),
  },
  (t) => [
    index('match_ups_due_idx').on(t.expiresAt).where(sql`${t.status} = 'awaiting_confirmation'`),
    index('match_ups_segment_idx').on(t.segmentId, t.createdAt),
  ],
);

/**
 * The two sides of a match-up, kept as history (created/ended timestamps). A side is live while
 * `ended_at` is null; the partial unique index is the backstop for "one live match-up per roster".
 */
export const matchUpSides = pgTable(
  'match_up_sides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    matchUpId: uuid('match_up_id')
      .notNull()
      .references(() => matchUps.id, { onDelete: 'cascade' }),
    rosterId: uuid('roster_id').notNull(),
    queueEntryId: uuid('queue_entry_id')
      .notNull()
      .references(() => queueEntries.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['home', 'away'] }).notNull(),
    ownerId: uuid('owner_id'),
    response: text('response', { enum: ['pending', 'accepted', 'declined'] }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('match_up_sides_live_roster_uq').on(t.rosterId).where(sql`${t.endedAt} is null`),
    uniqueIndex('match_up_sides_match_up_side_uq').on(t.matchUpId, t.side),
    index('match_up_sides_roster_idx').on(t.rosterId, t.createdAt),
    index('match_up_sides_owner_idx').on(t.ownerId, t.createdAt),
  ],
);

export const MATCH_SERIES_STATE = ['new', 'live', 'finished', 'scheduled', 'upcoming'] as const;

export const matchSeries = pgTable(
  'match_series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant').notNull(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    /** Exactly one series per both-accepted match-up (unique). */
    matchUpId: uuid('match_up_id'),
    date: timestamp('date', { withTimezone: true }).notNull(),
    state: text('state', { enum: MATCH_SERIES_STATE }).notNull(),
    bye: boolean('bye').notNull().default(false),
    roundNumber: integer('round_number'),
    bracket: text('bracket', { enum: ['upper', 'lower'] }),
    groupName: text('group_name'),
    warId: text('war_id'),
    warLink: text('war_link'),
    /** Official game: the war as read from the API (stars, destruction, attacks); see war/official-war-poller.ts. */
    warReport: jsonb('war_report'),
    /** Why the series needs the organizer (e.g. war_log_private); null when it does not. */
    reviewReason: text('review_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * Soft delete by an organizer (features/match-series-admin, migration 0013): every read of
     * play (lists, standings, brackets, check-ins, war results) ignores a deleted series; restore
     * clears it.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Set while a captain's dispute of the result is open (features/disputes, migration 0021). */
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    /**
     * How many times the date changed, and when it last did (migration 0031): a trigger bumps both
     * on every change of `date`, so the calendar feeds (features/calendar) give a rescheduled series
     * a higher SEQUENCE and calendar apps move the event instead of adding a second one.
     */
    scheduleRevision: integer('schedule_revision').notNull().default(0),
    rescheduledAt: timestamp('rescheduled_at', { withTimezone: true }),
  },
  (t) => [
    index('match_series_deleted_segment_idx')
      .on(t.segmentId, t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    uniqueIndex('match_series_match_up_uq').on(t.matchUpId).where(sql`${t.matchUpId} is not null`),
    uniqueIndex('match_series_war_uq').on(t.warId).where(sql`${t.warId} is not null`),
    index('match_series_segment_date_idx').on(t.segmentId, t.date),
    index('match_series_event_date_idx').on(t.eventId, t.date),
  ],
);

/** Home (position 0) and away (position 1) of a series; `score` is the stars of the `stars` period. */
export const matchSeriesCompetitors = pgTable(
  'match_series_competitors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    matchSeriesId: uuid('match_series_id')
      .notNull()
      .references(() => matchSeries.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    rosterId: uuid('roster_id'),
    /** The 5 players of the line-up, in attack order. */
    playerTags: jsonb('player_tags').$type<string[]>().notNull().default([]),
    placement: integer('placement'),
    score: integer('score'),
    /**
     * The war's destruction percentage of this side (0-100), written with the result (migration
     * 0016); null when the result gave none. The swiss "destruction difference" tiebreak reads it.
     */
    destruction: numeric('destruction', { precision: 5, scale: 2, mode: 'number' }),
    forfeit: boolean('forfeit').notNull().default(false),
    /** Roster date copy for the 24 h match limit (series date). */
    date: timestamp('date', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('match_series_competitors_position_uq').on(t.matchSeriesId, t.position),
    index('match_series_competitors_roster_idx').on(t.rosterId, t.date),
  ],
);

/**
 * Ladder table of a segment: one tally per roster, kept incrementally (each war result adds its
 * deltas to the two rosters it touches). Rank and placement are not stored: they follow from the
 * order (points, star difference, stars won desc; roster id asc) and `ladder_standing_levels`, so a
 * result never rewrites the rows it overtakes (docs/api/ladder.md, "Standings").
 */
export const ladderStandings = pgTable(
  'ladder_standings',
  {
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    rosterId: uuid('roster_id').notNull(),
    points: integer('points').notNull(),
    wins: integer('wins').notNull(),
    losses: integer('losses').notNull(),
    draws: integer('draws').notNull(),
    gamesPlayed: integer('games_played').notNull(),
    starsFor: integer('stars_for').notNull(),
    starsAgainst: integer('stars_against').notNull(),
    /** Second sort key, stored so the order index can serve row comparisons. */
    starDiff: integer('star_diff').generatedAlwaysAs(sql`stars_for - stars_against`),
    record: text('record').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.segmentId, t.rosterId] }),
    /** The standings order read backwards (best first); pages and ranks are range scans of it. */
    index('ladder_standings_order_idx').on(
      t.segmentId,
      t.points,
      t.starDiff,
      t.starsFor,
      t.rosterId.desc().nullsFirst(),
    ),
  ],
);

/**
 * How many rosters of a segment stand on each points total. Pages start by summing these few rows
 * (one per distinct points total) instead of skipping rows, and the total count is their sum.
 */
export const ladderStandingLevels = pgTable(
  'ladder_standing_levels',
  {
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    rosters: integer('rosters').notNull(),
  },
  (t) => [primaryKey({ columns: [t.segmentId, t.points] })],
);

/** The 5 players a clan selected for its next match (war service selected-players). */
export const selectedPlayers = pgTable('selected_players', {
  rosterId: uuid('roster_id').primaryKey(),
  clanTag: text('clan_tag').notNull(),
  playerTags: jsonb('player_tags').$type<string[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Check-ins of a user to a match series or a roster (segment check-in). */
export const checkins = pgTable(
  'checkins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    matchSeriesId: uuid('match_series_id').references(() => matchSeries.id, { onDelete: 'cascade' }),
    rosterId: uuid('roster_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('checkins_series_user_uq')
      .on(t.matchSeriesId, t.userId)
      .where(sql`${t.matchSeriesId} is not null`),
    uniqueIndex('checkins_roster_user_uq')
      .on(t.rosterId, t.userId)
      .where(sql`${t.rosterId} is not null and ${t.matchSeriesId} is null`),
  ],
);
