import { date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored lower-cased; the unique index is the login key. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  username: text('username'),
  dateOfBirth: date('date_of_birth'),
  permissions: text('permissions').array().notNull().default([]),
  /** Set while the user is suspended: tokens stop working and sign-in is refused. */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  suspensionReason: text('suspension_reason'),
  /** The user's hub language (a hub locale code: en, fr, …, zh_TW); their mails are written in it. */
  locale: text('locale'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['access', 'refresh'] }).notNull(),
    /** The access and refresh token issued together share it: sign-out and rotation end both. */
    sessionId: uuid('session_id'),
    /** sha256 of the opaque token: a leaked table does not leak usable tokens. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * A refresh token that was rotated is kept, spent, until it expires: presented again, it was
     * stolen (its owner or the thief already rotated it), and the whole session family ends.
     */
    spentAt: timestamp('spent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auth_tokens_user_idx').on(t.userId),
    index('auth_tokens_expires_idx').on(t.expiresAt),
    index('auth_tokens_session_idx').on(t.sessionId),
  ],
);
