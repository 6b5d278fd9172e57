import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type SimWarLineups, simClans, simPlayers, simWars } from '../../db/schema/sim-game.js';
import type { ClanRole, WarStatus } from '../game-adapter.js';
import { type SimDataset, simDataset } from './sim-dataset.js';

export type SimClanRow = typeof simClans.$inferSelect;
export type SimPlayerRow = typeof simPlayers.$inferSelect;
export type SimWarRow = typeof simWars.$inferSelect;

export interface SimPlayerPatch {
  role?: ClanRole | undefined;
  townHallLevel?: number | undefined;
  /** null: leaves the clan. */
  clanTag?: string | null | undefined;
  banned?: boolean | undefined;
}

/** SQL of the simulated game's tables. Tags are expected normalised ('#' + uppercase). */
export function createSimGameRepository(db: Executor) {
  return {
    /** Inserts the dataset's clans and players that are missing; never overwrites simulator changes. */
    async seed(
      dataset: SimDataset = simDataset,
      tx: Executor = db,
    ): Promise<{ clans: number; players: number }> {
      const clans = await tx
        .insert(simClans)
        .values(dataset.clans.map((c) => ({ ...c })))
        .onConflictDoNothing()
        .returning({ tag: simClans.tag });
      const players = await tx
        .insert(simPlayers)
        .values(dataset.players.map((p, index) => ({ ...p, sortOrder: index })))
        .onConflictDoNothing()
        .returning({ tag: simPlayers.tag });
      return { clans: clans.length, players: players.length };
    },

    async findPlayer(tag: string, tx: Executor = db): Promise<SimPlayerRow | null> {
      const rows = await tx.select().from(simPlayers).where(eq(simPlayers.tag, tag)).limit(1);
      return rows[0] ?? null;
    },

    async findClan(tag: string, tx: Executor = db): Promise<SimClanRow | null> {
      const rows = await tx.select().from(simClans).where(eq(simClans.tag, tag)).limit(1);
      return rows[0] ?? null;
    },

    async listClans(tx: Executor = db): Promise<SimClanRow[]> {
      return tx.select().from(simClans).orderBy(asc(simClans.name));
    },

    async listPlayers(clanTag?: string, tx: Executor = db): Promise<SimPlayerRow[]> {
      const query = tx.select().from(simPlayers);
      const filtered = clanTag ? query.where(eq(simPlayers.clanTag, clanTag)) : query;
      return filtered.orderBy(asc(simPlayers.sortOrder), asc(simPlayers.tag));
    },

    async clanMembers(clanTag: string, tx: Executor = db): Promise<SimPlayerRow[]> {
      return tx
        .select()
        .from(simPlayers)
        .where(eq(simPlayers.clanTag, clanTag))
        .orderBy(asc(simPlayers.sortOrder), asc(simPlayers.tag));
    },

    async updatePlayer(tag: string, patch: SimPlayerPatch, tx: Executor = db): Promise<SimPlayerRow | null> {
      const set: Partial<typeof simPlayers.$inferInsert> = {};
      if (patch.townHallLevel !== undefined) set.townHallLevel = patch.townHallLevel;
      if (patch.banned !== undefined) set.banned = patch.banned;
      if (patch.clanTag !== undefined) {
        set.clanTag = patch.clanTag;
        // A player joining a clan starts as a member unless a role is given; leaving clears the role.
        set.role = patch.clanTag === null ? null : (patch.role ?? 'member');
      } else if (patch.role !== undefined) {
        set.role = patch.role;
      }
      if (Object.keys(set).length === 0) return this.findPlayer(tag, tx);
      const rows = await tx.update(simPlayers).set(set).where(eq(simPlayers.tag, tag)).returning();
      return rows[0] ?? null;
    },

    async updateClan(
      tag: string,
      patch: { warStatus?: WarStatus | undefined; isWarLogPublic?: boolean | undefined },
      tx: Executor = db,
    ): Promise<SimClanRow | null> {
      const set: Partial<typeof simClans.$inferInsert> = {};
      if (patch.warStatus !== undefined) set.warStatus = patch.warStatus;
      if (patch.isWarLogPublic !== undefined) set.isWarLogPublic = patch.isWarLogPublic;
      if (Object.keys(set).length === 0) return this.findClan(tag, tx);
      const rows = await tx.update(simClans).set(set).where(eq(simClans.tag, tag)).returning();
      return rows[0] ?? null;
    },

    async insertWar(
      war: { matchSeriesId: string; lineups: SimWarLineups },
      tx: Executor = db,
    ): Promise<SimWarRow> {
      const id = `sim-war-${crypto.randomUUID()}`;
      const rows = await tx
        .insert(simWars)
        .values({
          id,
          matchSeriesId: war.matchSeriesId,
          homeClanTag: war.lineups.home.clanTag,
          awayClanTag: war.lineups.away.clanTag,
          lineups: war.lineups,
          status: 'running',
        })
        .returning();
      return rows[0]!;
    },

    /** Claims a running war for finishing; null when unknown or already finished (by any instance). */
    async finishWar(id: string, result: Record<string, unknown>, now: Date, tx: Executor = db) {
      const rows = await tx
        .update(simWars)
        .set({ status: 'finished', result, finishedAt: now })
        .where(and(eq(simWars.id, id), eq(simWars.status, 'running')))
        .returning();
      return rows[0] ?? null;
    },

    async findWar(id: string, tx: Executor = db): Promise<SimWarRow | null> {
      const rows = await tx.select().from(simWars).where(eq(simWars.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async count(tx: Executor = db): Promise<number> {
      const rows = await tx.select({ n: sql<number>`count(*)::int` }).from(simPlayers);
      return rows[0]?.n ?? 0;
    },
  };
}
export type SimGameRepository = ReturnType<typeof createSimGameRepository>;
