import { asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { games } from '../../db/schema/index.js';
import { notFound } from '../../errors/domain-error.js';

export type GameRow = typeof games.$inferSelect;

export function createGameRepository(db: Executor) {
  return {
    async list(page: { offset: number; size: number }, tx: Executor = db) {
      const [rows, totals] = await Promise.all([
        tx.select().from(games).orderBy(asc(games.name), asc(games.id)).limit(page.size).offset(page.offset),
        tx.select({ total: count() }).from(games),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    async getById(id: string, tx: Executor = db): Promise<GameRow> {
      const rows = await tx.select().from(games).where(eq(games.id, id)).limit(1);
      const row = rows[0];
      if (!row) throw notFound('game', id);
      return row;
    },

    async upsertBySlug(game: { slug: string; name: string }, tx: Executor = db): Promise<GameRow> {
      const rows = await tx
        .insert(games)
        .values(game)
        .onConflictDoUpdate({ target: games.slug, set: { name: game.name } })
        .returning();
      return rows[0]!;
    },
  };
}
