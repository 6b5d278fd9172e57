import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { gameAccounts, userEmailAddresses, userPhoneNumbers } from '../../db/schema/index.js';
import { conflictOnDuplicate } from '../../db/unique-violation.js';
import { DomainError, notFound } from '../../errors/domain-error.js';

export type EmailAddressRow = typeof userEmailAddresses.$inferSelect;
export type PhoneNumberRow = typeof userPhoneNumbers.$inferSelect;
export type GameAccountRow = typeof gameAccounts.$inferSelect;

const conflict = (detail: string, pointer: string) => () =>
  new DomainError('CONFLICT', detail, { source: { pointer } });

/** A user's further e-mail addresses, phone numbers and game accounts. */
export function createUserContactsRepository(db: Executor) {
  return {
    emails: (userId: string, tx: Executor = db) =>
      tx
        .select()
        .from(userEmailAddresses)
        .where(eq(userEmailAddresses.userId, userId))
        .orderBy(asc(userEmailAddresses.createdAt), asc(userEmailAddresses.email)),

    async insertEmail(row: typeof userEmailAddresses.$inferInsert, tx: Executor = db) {
      const rows = await conflictOnDuplicate(
        () => tx.insert(userEmailAddresses).values(row).returning(),
        conflict('The user already has this e-mail address', '/data/attributes/email'),
      );
      return rows[0]!;
    },

    async lockEmail(userId: string, id: string, tx: Executor): Promise<EmailAddressRow> {
      const rows = await tx
        .select()
        .from(userEmailAddresses)
        .where(and(eq(userEmailAddresses.userId, userId), eq(userEmailAddresses.id, id)))
        .for('update');
      if (!rows[0]) throw notFound('email address', id);
      return rows[0];
    },

    async updateEmail(id: string, set: Partial<EmailAddressRow>, tx: Executor = db) {
      const rows = await tx
        .update(userEmailAddresses)
        .set(set)
        .where(eq(userEmailAddresses.id, id))
        .returning();
      return rows[0]!;
    },

    async emailByVerification(hash: string, tx: Executor) {
      const rows = await tx
        .select()
        .from(userEmailAddresses)
        .where(eq(userEmailAddresses.verificationHash, hash))
        .for('update');
      return rows[0] ?? null;
    },

    phones: (userId: string, tx: Executor = db) =>
      tx
        .select()
        .from(userPhoneNumbers)
        .where(eq(userPhoneNumbers.userId, userId))
        .orderBy(asc(userPhoneNumbers.createdAt), asc(userPhoneNumbers.phone)),

    async insertPhone(row: typeof userPhoneNumbers.$inferInsert, tx: Executor = db) {
      const rows = await conflictOnDuplicate(
        () => tx.insert(userPhoneNumbers).values(row).returning(),
        conflict('The user already has this phone number', '/data/attributes/phone'),
      );
      return rows[0]!;
    },

    async lockPhone(userId: string, where: { id: string } | { phone: string }, tx: Executor) {
      const match =
        'id' in where ? eq(userPhoneNumbers.id, where.id) : eq(userPhoneNumbers.phone, where.phone);
      const rows = await tx
        .select()
        .from(userPhoneNumbers)
        .where(and(eq(userPhoneNumbers.userId, userId), match))
        .for('update');
      if (!rows[0]) throw notFound('phone number', 'id' in where ? where.id : where.phone);
      return rows[0];
    },

    async updatePhone(id: string, set: Partial<PhoneNumberRow>, tx: Executor = db) {
      const rows = await tx.update(userPhoneNumbers).set(set).where(eq(userPhoneNumbers.id, id)).returning();
      return rows[0]!;
    },

    gameAccounts: (userId: string, tx: Executor = db) =>
      tx
        .select()
        .from(gameAccounts)
        .where(eq(gameAccounts.userId, userId))
        .orderBy(asc(gameAccounts.createdAt), asc(gameAccounts.playerTag)),

    async insertGameAccount(row: typeof gameAccounts.$inferInsert, tx: Executor = db) {
      const rows = await conflictOnDuplicate(
        () => tx.insert(gameAccounts).values(row).returning(),
        conflict('This player tag is linked to a user already', '/data/attributes/playerTag'),
      );
      return rows[0]!;
    },

    async lockGameAccount(userId: string, id: string, tx: Executor): Promise<GameAccountRow> {
      const rows = await tx
        .select()
        .from(gameAccounts)
        .where(and(eq(gameAccounts.userId, userId), eq(gameAccounts.id, id)))
        .for('update');
      if (!rows[0]) throw notFound('game account', id);
      return rows[0];
    },

    async updateGameAccount(id: string, set: Partial<GameAccountRow>, tx: Executor = db) {
      const rows = await conflictOnDuplicate(
        () => tx.update(gameAccounts).set(set).where(eq(gameAccounts.id, id)).returning(),
        conflict('This player tag is linked to a user already', '/data/attributes/playerTag'),
      );
      return rows[0]!;
    },

    async deleteGameAccount(id: string, tx: Executor = db) {
      await tx.delete(gameAccounts).where(eq(gameAccounts.id, id));
    },
  };
}
