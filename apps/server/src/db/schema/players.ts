import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A player tag owned by a hub user (provider `coc`); one user per tag. */
export const gameAccounts = pgTable(
  'game_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull().default('coc'),
    playerTag: text('player_tag').notNull(),
    /** The in-game name when the account was linked or last verified. */
    username: text('username').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('game_accounts_tag_uq').on(t.provider, t.playerTag),
    index('game_accounts_user_idx').on(t.userId),
  ],
);

/**
 * Bearer tokens of a verified player (POST /api/hub/1.0/game-user). Bound to the player tag and,
 * once the player has a hub user, to that user too. Only sha256 hashes are stored.
 */
export const playerTokens = pgTable(
  'player_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerTag: text('player_tag').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['access', 'refresh'] }).notNull(),
    /** The session family, as `auth_tokens.session_id`: kept through rotations, ended by sign-out or reuse. */
    sessionId: uuid('session_id'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A rotated refresh token, kept spent until it expires (see `auth_tokens.spent_at`). */
    spentAt: timestamp('spent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('player_tokens_tag_idx').on(t.playerTag),
    index('player_tokens_expires_idx').on(t.expiresAt),
    index('player_tokens_session_idx').on(t.sessionId),
  ],
);

/** What the hub stores about a player before (or besides) a hub user: the age-gate answer. */
export const playerProfiles = pgTable('player_profiles', {
  playerTag: text('player_tag').primaryKey(),
  dateOfBirth: date('date_of_birth'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A community chat (Discord) account linked to a hub user. */
export const chatAccounts = pgTable(
  'chat_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull(),
    username: text('username').notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_accounts_user_provider_uq').on(t.userId, t.provider),
    uniqueIndex('chat_accounts_external_uq').on(t.provider, t.externalId),
  ],
);

/** One-time codes (POST /api/clan/1.0/get-discord-token) a player hands to the chat bot. */
export const chatLinkCodes = pgTable('chat_link_codes', {
  codeHash: text('code_hash').primaryKey(),
  playerTag: text('player_tag').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
