import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { allByKey, batchLoader, byKey } from '../../db/batch-loader.js';
import type { Executor } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
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
  // Every join, check-in and war reads them (the game adapter's calls): prepared (db/prepared.ts).
  const playerQuery = preparedQuery(db, 'sim_find_player', (ex) =>
    ex
      .select()
      .from(simPlayers)
      .where(eq(simPlayers.tag, sql.placeholder('tag')))
      .limit(1),
  );
  // Clans and their members by tags. Outside a transaction, what every request of one event-loop turn
  // asks for is read in one statement (db/batch-loader.ts): a burst of joins and accepts reads its
  // clans' war status and members at once. Inside one, the same statement with one tag.
  const clansQuery = preparedQuery(db, 'sim_find_clans', (ex) =>
    ex
      .select()
      .from(simClans)
      .where(sql`${simClans.tag} = any(${sql.placeholder('tags')}::text[])`),
  );
  const clansOf = async (tags: readonly string[], tx: Executor = db) =>
    byKey(tags, await clansQuery(tx).execute({ tags: [...new Set(tags)] }), (clan) => clan.tag);
  const clanLoader = batchLoader((tags: readonly string[]) => clansOf(tags));
  const membersOfQuery = preparedQuery(db, 'sim_clans_members', (ex) =>
    ex
      .select()
      .from(simPlayers)
      .where(sql`${simPlayers.clanTag} = any(${sql.placeholder('clanTags')}::text[])`)
      .orderBy(asc(simPlayers.sortOrder), asc(simPlayers.tag)),
  );
  const membersOf = async (clanTags: readonly string[], tx: Executor = db) =>
    allByKey(
      clanTags,
      await membersOfQuery(tx).execute({ clanTags: [...new Set(clanTags)] }),
      (player) => player.clanTag,
    );
  const membersLoader = batchLoader((clanTags: readonly string[]) => membersOf(clanTags));
  return {
    /**
     * Inserts the dataset's clans and players that are missing; never overwrites simulator changes.
     * `sortOrderFrom` places a further dataset (the demo ladder's) after the main one in player lists.
     */
    async seed(
      dataset: SimDataset = simDataset,
      tx: Executor = db,
      sortOrderFrom = 0,
    ): Promise<{ clans: number; players: number }> {
      const clans = await tx
        .insert(simClans)
        .values(dataset.clans.map((c) => ({ ...c })))
        .onConflictDoNothing()
        .returning({ tag: simClans.tag });
      const players = await tx
        .insert(simPlayers)
        .values(dataset.players.map((p, index) => ({ ...p, sortOrder: sortOrderFrom + index })))
        .onConflictDoNothing()
        .returning({ tag: simPlayers.tag });
      return { clans: clans.length, players: players.length };
    },

    async findPlayer(tag: string, tx: Executor = db): Promise<SimPlayerRow | null> {
      const rows = await playerQuery(tx).execute({ tag });
      return rows[0] ?? null;
    },

    async findClan(tag: string, tx: Executor = db): Promise<SimClanRow | null> {
      if (tx === db) return clanLoader.load(tag);
      return (await clansOf([tag], tx))[0] ?? null;
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
      if (tx === db) return membersLoader.load(clanTag);
      return (await membersOf([clanTag], tx))[0] ?? [];
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

    /**
     * Claims a running war for finishing; null when unknown or already finished (by any instance).
     * The result waits in the outbox (delivered_at null) until a listener recorded it; the redelivery
     * job may take it from `nextDeliveryAt` on.
     */
    async finishWar(
      id: string,
      result: Record<string, unknown>,
      now: Date,
      tx: Executor = db,
      nextDeliveryAt: Date = now,
    ) {
      const rows = await tx
        .update(simWars)
        .set({ status: 'finished', result, finishedAt: now, deliveredAt: null, nextDeliveryAt })
        .where(and(eq(simWars.id, id), eq(simWars.status, 'running')))
        .returning();
      return rows[0] ?? null;
    },

    /**
     * Claims up to `limit` finished wars whose result is not delivered and whose `next_delivery_at`
     * has passed (`FOR UPDATE SKIP LOCKED`: instances running this at once take different rows), and
     * pushes their `next_delivery_at` to `now + backoff(attempts)` in the same statement: that is the
     * claim (no other instance takes them meanwhile) and the retry time if the delivery fails or this
     * instance dies. Uses `sim_wars_undelivered_idx`.
     */
    async claimUndeliveredWars(
      now: Date,
      options: { limit: number; backoffBaseMs: number; backoffMaxMs: number },
      tx: Executor = db,
    ): Promise<SimWarRow[]> {
      const at = now.toISOString();
      const due = tx
        .select({ id: simWars.id })
        .from(simWars)
        .where(
          and(
            eq(simWars.status, 'finished'),
            isNull(simWars.deliveredAt),
            lte(simWars.nextDeliveryAt, sql`${at}::timestamptz`),
          ),
        )
        .orderBy(asc(simWars.nextDeliveryAt))
        .limit(options.limit)
        .for('update', { skipLocked: true });
      return tx
        .update(simWars)
        .set({
          deliveryAttempts: sql`${simWars.deliveryAttempts} + 1`,
          nextDeliveryAt: sql`${at}::timestamptz + least(${options.backoffMaxMs}::float8, ${options.backoffBaseMs}::float8 * power(2, least(${simWars.deliveryAttempts}, 20))) * interval '1 millisecond'`,
        })
        .where(inArray(simWars.id, due))
        .returning();
    },

    /** The result was recorded by the listeners: out of the outbox. False when it already was. */
    async markWarDelivered(id: string, now: Date, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .update(simWars)
        .set({ deliveredAt: now })
        .where(and(eq(simWars.id, id), eq(simWars.status, 'finished'), isNull(simWars.deliveredAt)))
        .returning({ id: simWars.id });
      return rows.length === 1;
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
