import { sql } from 'drizzle-orm';
import {
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
import { segments } from './segments';
import { teams } from './user-contacts';
import { users } from './users';

/**
 * A team registered for a level-0 segment. A clan roster carries the clan tag (external id
 * `sc_coc_clan_tag`); one live (not withdrawn) roster per clan per segment.
 */
export const rosters = pgTable(
  'rosters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant').notNull(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    segmentId: uuid('segment_id')
      .notNull()
      .references(() => segments.id, { onDelete: 'cascade' }),
    name: text('name'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    clanTag: text('clan_tag'),
    thLevel: integer('th_level'),
    treeLevel: integer('tree_level').notNull().default(0),
    externalIds: jsonb('external_ids').$type<{ provider: string; value: string }[]>().notNull().default([]),
    checkedIn: boolean('checked_in').notNull().default(false),
    /** Lineup changes used in `changesPeriod` (YYYY-MM); a new month starts from 0. */
    changesUsed: integer('changes_used').notNull().default(0),
    changesPeriod: text('changes_period'),
    joiningKey: text('joining_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /**
     * The team's own chat group invite (a WeChat group in the China region, else a community chat
     * channel), set by its captain (migration 0022); the event's group is the fallback.
     */
    chatGroupUrl: text('chat_group_url'),
    /** The team (a persistent organisation, spec §3) this roster is the season's entry of, if any. */
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('rosters_segment_idx').on(t.segmentId, t.treeLevel, t.createdAt),
    index('rosters_team_idx').on(t.teamId),
    index('rosters_event_owner_idx').on(t.eventId, t.ownerId),
    uniqueIndex('rosters_live_clan_uq')
      .on(t.segmentId, t.clanTag)
      .where(sql`${t.withdrawnAt} is null and ${t.clanTag} is not null`),
  ],
);

export const rosterMembers = pgTable(
  'roster_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rosterId: uuid('roster_id')
      .notNull()
      .references(() => rosters.id, { onDelete: 'cascade' }),
    playerTag: text('player_tag').notNull(),
    name: text('name').notNull(),
    thLevel: integer('th_level').notNull(),
    roleAtSelection: text('role_at_selection', { enum: ['leader', 'coLeader', 'elder', 'member'] }).notNull(),
    position: text('position', { enum: ['captain', 'player'] }).notNull(),
    selectedAt: timestamp('selected_at', { withTimezone: true }).notNull().defaultNow(),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** Why the member was removed: left the clan before the lock, kicked, replaced, left, withdrawn. */
    removedReason: text('removed_reason', { enum: ['leftClan', 'kicked', 'replaced', 'left', 'withdrawn'] }),
  },
  (t) => [
    uniqueIndex('roster_members_roster_tag_uq').on(t.rosterId, t.playerTag),
    index('roster_members_tag_idx').on(t.playerTag),
  ],
);

/**
 * A player invited to a roster that is not a clan's (a clan's leader selects clan members instead):
 * such a roster enlists nobody without their consent, so its owner invites and the player accepts
 * or declines (or joins with the joining key). At most one open invitation per roster and player.
 */
export const rosterInvitations = pgTable(
  'roster_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rosterId: uuid('roster_id')
      .notNull()
      .references(() => rosters.id, { onDelete: 'cascade' }),
    playerTag: text('player_tag').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answer: text('answer', { enum: ['accepted', 'declined'] }),
  },
  (t) => [
    uniqueIndex('roster_invitations_open_uq').on(t.rosterId, t.playerTag).where(sql`${t.answeredAt} is null`),
    index('roster_invitations_player_idx').on(t.playerTag, t.createdAt),
  ],
);
