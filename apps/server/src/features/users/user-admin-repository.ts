import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { authTokens, gameAccounts, playerTokens, users } from '../../db/schema/index.js';
import { notFound } from '../../errors/domain-error.js';
import type { NewUser, UserRow } from '../auth/user-repository.js';

/** `%` and `_` typed by a user are literal characters, not wildcards. */
const likeEscaped = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchCondition(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const like = likeEscaped(text);
  const tag = text.toUpperCase().replace(/^#?/, '#');
  const byTag = sql`exists (select 1 from ${gameAccounts} where ${gameAccounts.userId} = ${users.id} and ${gameAccounts.playerTag} = ${tag})`;
  return or(
    ilike(users.email, like),
    ilike(users.username, like),
    ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, like),
    byTag,
  );
}

/** Users seen by support and admins: search, edit, suspend, delete. */
export function createUserAdminRepository(db: Executor) {
  return {
    async search(search: string | undefined, page: { offset: number; size: number }, tx: Executor = db) {
      const where = searchCondition(search);
      const [rows, totals] = await Promise.all([
        tx.select().from(users).where(where).orderBy(asc(users.email)).limit(page.size).offset(page.offset),
        tx.select({ total: count() }).from(users).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    async lock(id: string, tx: Executor): Promise<UserRow> {
      const rows = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!rows[0]) throw notFound('user', id);
      return rows[0];
    },

    async update(id: string, set: Partial<NewUser>, tx: Executor = db): Promise<UserRow> {
      const rows = await tx.update(users).set(set).where(eq(users.id, id)).returning();
      if (!rows[0]) throw notFound('user', id);
      return rows[0];
    },

    async delete(id: string, tx: Executor = db): Promise<void> {
      await tx.delete(users).where(eq(users.id, id));
    },

    /** Ends every session of a user (hub and player tokens), e.g. on suspension or password reset. */
    async revokeTokens(id: string, tx: Executor = db): Promise<void> {
      await tx.delete(authTokens).where(eq(authTokens.userId, id));
      await tx.delete(playerTokens).where(eq(playerTokens.userId, id));
    },

    async emailTaken(email: string, exceptId: string, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email.toLowerCase()), sql`${users.id} <> ${exceptId}`))
        .limit(1);
      return rows.length > 0;
    },
  };
}
export type UserAdminRepository = ReturnType<typeof createUserAdminRepository>;
