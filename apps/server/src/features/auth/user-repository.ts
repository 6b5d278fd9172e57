import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { gameAccounts, users } from '../../db/schema/index.js';
import { conflictOnDuplicate } from '../../db/unique-violation.js';
import { DomainError } from '../../errors/domain-error.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

const emailTaken = () => new DomainError('CONFLICT', 'This e-mail address is already in use');

export function createUserRepository(db: Executor) {
  return {
    async findByEmail(email: string, tx: Executor = db): Promise<UserRow | null> {
      const rows = await tx.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
      return rows[0] ?? null;
    },

    async getById(id: string, tx: Executor = db): Promise<UserRow> {
      const rows = await tx.select().from(users).where(eq(users.id, id)).limit(1);
      const row = rows[0];
      if (!row) throw new DomainError('NOT_FOUND', `No user with id ${id}`);
      return row;
    },

    /** What the spec 3 alias of each of these users is made of: names, e-mail and game accounts. */
    async aliasSourcesOf(userIds: readonly string[], tx: Executor = db) {
      if (userIds.length === 0) return { people: [], accounts: [] };
      const ids = [...userIds];
      const [people, accounts] = await Promise.all([
        tx
          .select({
            id: users.id,
            username: users.username,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
          })
          .from(users)
          .where(inArray(users.id, ids)),
        tx
          .select({ userId: gameAccounts.userId, username: gameAccounts.username })
          .from(gameAccounts)
          .where(inArray(gameAccounts.userId, ids))
          .orderBy(asc(gameAccounts.createdAt)),
      ]);
      return { people, accounts };
    },

    async gameAccountsOf(userId: string, tx: Executor = db): Promise<{ username: string }[]> {
      return tx
        .select({ username: gameAccounts.username })
        .from(gameAccounts)
        .where(eq(gameAccounts.userId, userId))
        .orderBy(asc(gameAccounts.createdAt));
    },

    /** CONFLICT when the e-mail address is taken (the unique login key). */
    async insert(user: NewUser, tx: Executor = db): Promise<UserRow> {
      const rows = await conflictOnDuplicate(() => tx.insert(users).values(user).returning(), emailTaken);
      return rows[0]!;
    },

    /** The updated user, or null when there is none with this id. */
    async update(id: string, set: Partial<NewUser>, tx: Executor = db): Promise<UserRow | null> {
      const rows = await conflictOnDuplicate(
        () => tx.update(users).set(set).where(eq(users.id, id)).returning(),
        emailTaken,
      );
      return rows[0] ?? null;
    },

    /** Insert or update by e-mail (the seed's stable key). */
    async upsertByEmail(user: NewUser, tx: Executor = db): Promise<UserRow> {
      const values = { ...user, email: user.email.toLowerCase() };
      const { id: _ignored, ...update } = values;
      const rows = await tx
        .insert(users)
        .values(values)
        .onConflictDoUpdate({ target: users.email, set: update })
        .returning();
      return rows[0]!;
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
