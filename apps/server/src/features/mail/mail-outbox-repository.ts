import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';

export type MailOutboxRow = typeof mailOutbox.$inferSelect;

export function createMailOutboxRepository(db: Executor) {
  return {
    async insert(mail: { to: string; subject: string; text: string; createdAt: Date }, tx: Executor = db) {
      await tx.insert(mailOutbox).values(mail);
    },

    async list(
      filter: { to?: string | undefined },
      page: { offset: number; size: number },
      tx: Executor = db,
    ) {
      const where = filter.to ? eq(mailOutbox.to, filter.to.toLowerCase()) : undefined;
      const [rows, totals] = await Promise.all([
        tx
          .select()
          .from(mailOutbox)
          .where(where)
          .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
          .limit(page.size)
          .offset(page.offset),
        tx.select({ total: count() }).from(mailOutbox).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },
  };
}
