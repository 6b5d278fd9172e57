import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { authTokens, users } from '../../db/schema/index.js';

export type TokenKind = 'access' | 'refresh';

export interface StoredToken {
  id: string;
  userId: string;
  expiresAt: Date;
  sessionId: string | null;
}

const stored = {
  id: authTokens.id,
  userId: authTokens.userId,
  expiresAt: authTokens.expiresAt,
  sessionId: authTokens.sessionId,
};

/**
 * Hub-user access tokens with one of the hashes of the placeholder `tokenHashes` (an array), of users
 * who are not suspended, over `auth_tokens` joined to `users`, for the batched lookup of both token
 * kinds (player-repository's `findAnyAccess`, the only way a bearer token is checked). Whether each
 * is still live is decided per request against its own clock, from `expiresAt`.
 */
export const userAccessTokensIn = () =>
  and(
    sql`${authTokens.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`,
    eq(authTokens.kind, 'access'),
    isNull(users.suspendedAt),
  );

export function createTokenRepository(db: Executor) {
  return {
    async insert(
      token: { userId: string; kind: TokenKind; tokenHash: string; expiresAt: Date; sessionId: string },
      tx: Executor = db,
    ): Promise<StoredToken> {
      const rows = await tx.insert(authTokens).values(token).returning(stored);
      return rows[0]!;
    },

    /**
     * A refresh token by its hash, locked for the transaction (two refreshes with one token run one
     * after the other, so the second sees the first's spend), spent or not; null when unknown.
     */
    async findRefreshForUpdate(
      tokenHash: string,
      tx: Executor = db,
    ): Promise<(StoredToken & { spentAt: Date | null }) | null> {
      const rows = await tx
        .select({ ...stored, spentAt: authTokens.spentAt })
        .from(authTokens)
        .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.kind, 'refresh')))
        .for('update');
      return rows[0] ?? null;
    },

    /** Marks a rotated refresh token spent: kept until it expires, so presenting it again is seen. */
    async spendRefresh(id: string, now: Date, tx: Executor = db): Promise<void> {
      await tx.update(authTokens).set({ spentAt: now }).where(eq(authTokens.id, id));
    },

    /** Ends the access tokens of a session (a rotation: the new pair replaces them). */
    async deleteSessionAccess(sessionId: string, tx: Executor = db): Promise<void> {
      await tx
        .delete(authTokens)
        .where(and(eq(authTokens.sessionId, sessionId), eq(authTokens.kind, 'access')));
    },

    async deleteById(id: string, tx: Executor = db): Promise<void> {
      await tx.delete(authTokens).where(eq(authTokens.id, id));
    },

    /** Ends a session family: every token issued in it, through every rotation, spent ones included. */
    async deleteSession(sessionId: string, tx: Executor = db): Promise<void> {
      await tx.delete(authTokens).where(eq(authTokens.sessionId, sessionId));
    },

    /** Ends the session of an access token (or the token alone, from before sessions); whether it existed. */
    async revokeByAccessHash(tokenHash: string, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .delete(authTokens)
        .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.kind, 'access')))
        .returning(stored);
      const row = rows[0];
      if (row?.sessionId) await this.deleteSession(row.sessionId, tx);
      return row !== undefined;
    },

    async deleteExpiredForUser(userId: string, now: Date, tx: Executor = db): Promise<void> {
      await tx.delete(authTokens).where(and(eq(authTokens.userId, userId), lte(authTokens.expiresAt, now)));
    },
  };
}
export type TokenRepository = ReturnType<typeof createTokenRepository>;
