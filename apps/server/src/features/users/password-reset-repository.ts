import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { passwordResetTokens } from '../../db/schema/index.js';

/** Reset tokens are stored as sha256 only and spent by deleting them. */
export function createPasswordResetRepository(db: Executor) {
  return {
    /** One live token per user: a new request replaces the previous link. */
    async replace(userId: string, tokenHash: string, expiresAt: Date, tx: Executor = db): Promise<void> {
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
      await tx.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
    },

    /** The delete is the claim: two uses of one token cannot both succeed. Null when unknown or expired. */
    async consume(tokenHash: string, now: Date, tx: Executor = db): Promise<{ userId: string } | null> {
      const rows = await tx
        .delete(passwordResetTokens)
        .where(eq(passwordResetTokens.tokenHash, tokenHash))
        .returning({ userId: passwordResetTokens.userId, expiresAt: passwordResetTokens.expiresAt });
      const row = rows[0];
      return row && row.expiresAt > now ? { userId: row.userId } : null;
    },
  };
}
