import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { games, teams, users } from '../../db/schema/index.js';
import { conflictOnDuplicate } from '../../db/unique-violation.js';
import { DomainError } from '../../errors/domain-error.js';

export type TeamRow = typeof teams.$inferSelect;

export interface TeamFilter {
  tenant: string;
  ownerId?: string | undefined;
  gameId?: string | undefined;
  search?: string | undefined;
}

const likeEscaped = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditionsOf(filter: TeamFilter): SQL | undefined {
  const conditions: SQL[] = [eq(teams.tenant, filter.tenant)];
  if (filter.ownerId) conditions.push(eq(teams.ownerId, filter.ownerId));
  if (filter.gameId) conditions.push(eq(teams.gameId, filter.gameId));
  if (filter.search) conditions.push(ilike(teams.name, likeEscaped(filter.search)));
  return and(...conditions);
}

export function createTeamRepository(db: Executor) {
  return {
    async list(filter: TeamFilter, page: { offset: number; size: number }, tx: Executor = db) {
      const where = conditionsOf(filter);
      const [rows, totals] = await Promise.all([
        tx
          .select()
          .from(teams)
          .where(where)
          .orderBy(asc(teams.name), asc(teams.id))
          .limit(page.size)
          .offset(page.offset),
        tx.select({ total: count() }).from(teams).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    async find(tenant: string, id: string, tx: Executor = db): Promise<TeamRow | null> {
      const rows = await tx
        .select()
        .from(teams)
        .where(and(eq(teams.tenant, tenant), eq(teams.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },

    async countOwned(tenant: string, ownerId: string, tx: Executor = db): Promise<number> {
      const rows = await tx
        .select({ total: count() })
        .from(teams)
        .where(and(eq(teams.tenant, tenant), eq(teams.ownerId, ownerId)));
      return rows[0]?.total ?? 0;
    },

    async insert(row: typeof teams.$inferInsert, tx: Executor = db): Promise<TeamRow> {
      const rows = await conflictOnDuplicate(
        () => tx.insert(teams).values(row).returning(),
        () =>
          new DomainError('CONFLICT', 'A team of this game already has this name', {
            source: { pointer: '/data/attributes/name' },
          }),
      );
      return rows[0]!;
    },

    /** The game a team plays when none is named: the hub's first (today its only) game. */
    async defaultGameId(tx: Executor = db): Promise<string | null> {
      const rows = await tx
        .select({ id: games.id })
        .from(games)
        .orderBy(asc(games.createdAt), asc(games.slug))
        .limit(1);
      return rows[0]?.id ?? null;
    },

    async gameExists(id: string, tx: Executor = db): Promise<boolean> {
      return (await tx.select({ id: games.id }).from(games).where(eq(games.id, id)).limit(1)).length > 0;
    },

    async userExists(id: string, tx: Executor = db): Promise<boolean> {
      return (await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1)).length > 0;
    },
  };
}
