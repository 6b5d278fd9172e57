import { and, eq, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { playerTokens } from '../../db/schema/players.js';
import type { FoundRefresh } from '../auth/refresh-rotation.js';

/**
 * Player tokens (issued by the game-user lookup): their session families, rotation and sign-out,
 * as the hub users' `token-repository.ts` keeps theirs. The bearer lookup of both kinds of access
 * token is `player-repository.ts`'s `findAnyAccess`.
 */
export function createPlayerTokenRepository(db: Executor) {
  return {
    async insert(
      token: {
        playerTag: string;
        userId: string | null;
        kind: 'access' | 'refresh';
        tokenHash: string;
        expiresAt: Date;
        sessionId: string;
      },
      tx: Executor = db,
    ) {
      const rows = await tx.insert(playerTokens).values(token).returning({ id: playerTokens.id });
      return rows[0]!;
    },

    /** A refresh token by its hash, locked for the transaction, spent or not; null when unknown. */
    async findRefreshForUpdate(
      tokenHash: string,
      tx: Executor = db,
    ): Promise<(FoundRefresh & { playerTag: string; userId: string | null }) | null> {
      const rows = await tx
        .select({
          id: playerTokens.id,
          playerTag: playerTokens.playerTag,
          userId: playerTokens.userId,
          sessionId: playerTokens.sessionId,
          expiresAt: playerTokens.expiresAt,
          spentAt: playerTokens.spentAt,
        })
        .from(playerTokens)
        .where(and(eq(playerTokens.tokenHash, tokenHash), eq(playerTokens.kind, 'refresh')))
        .for('update');
      return rows[0] ?? null;
    },

    async spendRefresh(id: string, now: Date, tx: Executor = db): Promise<void> {
      await tx.update(playerTokens).set({ spentAt: now }).where(eq(playerTokens.id, id));
    },

    async deleteSessionAccess(sessionId: string, tx: Executor = db): Promise<void> {
      await tx
        .delete(playerTokens)
        .where(and(eq(playerTokens.sessionId, sessionId), eq(playerTokens.kind, 'access')));
    },

    /** Ends a session family (sign-out, reuse of a spent refresh token), or one token of none. */
    async deleteFamily(found: { id: string; sessionId: string | null }, tx: Executor = db): Promise<void> {
      await tx
        .delete(playerTokens)
        .where(found.sessionId ? eq(playerTokens.sessionId, found.sessionId) : eq(playerTokens.id, found.id));
    },

    /** Sign-out with a player access token: its family ends; whether the token was one. */
    async revokeByAccessHash(tokenHash: string, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .select({ id: playerTokens.id, sessionId: playerTokens.sessionId })
        .from(playerTokens)
        .where(and(eq(playerTokens.tokenHash, tokenHash), eq(playerTokens.kind, 'access')));
      const row = rows[0];
      if (row) await this.deleteFamily(row, tx);
      return row !== undefined;
    },

    async deleteExpired(playerTag: string, now: Date, tx: Executor = db) {
      await tx
        .delete(playerTokens)
        .where(and(eq(playerTokens.playerTag, playerTag), lte(playerTokens.expiresAt, now)));
    },
  };
}
