import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { games } from './games';
import { users } from './users';

/** Raw bytes: node-postgres hands back a Buffer, PGlite a Uint8Array; both become a Buffer here. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
});

/** A further e-mail address of a user (the login e-mail stays `users.email`), verified by a link. */
export const userEmailAddresses = pgTable(
  'user_email_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** sha256 of the live verification token; null once verified. */
    verificationHash: text('verification_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('user_email_addresses_user_email_uq').on(t.userId, t.email)],
);

/** A phone number of a user, verified by a short code that expires (spec §3 createdAt, expiresAt). */
export const userPhoneNumbers = pgTable(
  'user_phone_numbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** E.164: '+' and digits. */
    phone: text('phone').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verificationHash: text('verification_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('user_phone_numbers_user_phone_uq').on(t.userId, t.phone)],
);

/**
 * Uploaded images kept in the database so every instance serves them (the image store). One per
 * user and slot ('avatar' for the user's own, 'profile' for the profile's); a new upload replaces
 * the row and so gets a new id, which makes the served URL immutable.
 */
export const storedImages = pgTable(
  'stored_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slot: text('slot', { enum: ['avatar', 'profile'] }).notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('stored_images_user_slot_uq').on(t.userId, t.slot)],
);

/**
 * A team (spec §3: name, game, owner): a persistent organisation owned by a user that outlives
 * seasons. Rosters are a team's entry into one segment; a team is what stays between them.
 */
export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenant: text('tenant').notNull(),
    name: text('name').notNull(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'restrict' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('teams_tenant_game_name_uq').on(t.tenant, t.gameId, sql`lower(${t.name})`),
    index('teams_owner_idx').on(t.ownerId),
  ],
);
