import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { allByKey, batchLoader } from '../../db/batch-loader.js';
import type { Executor } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { authTokens, users } from '../../db/schema/index.js';
import {
  chatAccounts,
  chatLinkCodes,
  gameAccounts,
  playerProfiles,
  playerTokens,
} from '../../db/schema/players.js';
import { userAccessTokensIn } from '../auth/token-repository.js';

export type GameAccountRow = typeof gameAccounts.$inferSelect;
export type ChatAccountRow = typeof chatAccounts.$inferSelect;

/** Game accounts, player tokens, player profiles and chat links: everything keyed by a player tag. */
export function createPlayerRepository(db: Executor) {
  // The bearer token of a request, looked up as a player token and as a hub-user token in ONE round
  // trip (app.authenticate and authenticatePlayer): a hub user's request no longer misses the player
  // tokens first. Hashes are random, so at most one branch answers; the player's comes first. The
  // tokens of every request of one event-loop turn are looked up together (db/batch-loader.ts): a
  // burst of 200 captains' calls is one statement, not 200.
  const anyAccessQuery = preparedQuery(db, 'any_find_accesses', (ex) =>
    ex
      .select({
        kind: sql<'player' | 'user'>`'player'`.as('kind'),
        tokenHash: sql<string>`${playerTokens.tokenHash}`.as('token_hash'),
        expiresMs: sql<number>`(extract(epoch from ${playerTokens.expiresAt}) * 1000)::float8`.as(
          'expires_ms',
        ),
        playerTag: sql<string | null>`${playerTokens.playerTag}`.as('player_tag'),
        tokenUserId: sql<string | null>`${playerTokens.userId}`.as('token_user_id'),
        id: sql<string | null>`${users.id}`.as('id'),
        email: sql<string | null>`${users.email}`.as('email'),
        permissions: sql<string[] | null>`${users.permissions}`.as('permissions'),
      })
      .from(playerTokens)
      .leftJoin(users, and(eq(users.id, playerTokens.userId), isNull(users.suspendedAt)))
      .where(
        and(
          sql`${playerTokens.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`,
          eq(playerTokens.kind, 'access'),
        ),
      )
      .unionAll(
        ex
          .select({
            kind: sql<'player' | 'user'>`'user'`.as('kind'),
            tokenHash: sql<string>`${authTokens.tokenHash}`.as('token_hash'),
            expiresMs: sql<number>`(extract(epoch from ${authTokens.expiresAt}) * 1000)::float8`.as(
              'expires_ms',
            ),
            playerTag: sql<string | null>`null`.as('player_tag'),
            tokenUserId: sql<string | null>`${authTokens.userId}`.as('token_user_id'),
            id: sql<string | null>`${users.id}`.as('id'),
            email: sql<string | null>`${users.email}`.as('email'),
            permissions: sql<string[] | null>`${users.permissions}`.as('permissions'),
          })
          .from(authTokens)
          .innerJoin(users, eq(users.id, authTokens.userId))
          .where(userAccessTokensIn()),
      ),
  );
  type AccessRow = Awaited<ReturnType<ReturnType<typeof anyAccessQuery>['execute']>>[number];
  const accessOf = (tokenHashes: string[], tx: Executor = db) => anyAccessQuery(tx).execute({ tokenHashes });
  const accessLoader = batchLoader(async (hashes: readonly string[]) =>
    allByKey(hashes, await accessOf([...new Set(hashes)]), (row) => row.tokenHash),
  );
  /** A token's rows as the request sees them: live at its own `now`, the player's first. */
  function liveAccess(rows: AccessRow[], now: Date) {
    const live = rows.filter((r) => Number(r.expiresMs) > now.getTime());
    const row = live.find((r) => r.kind === 'player') ?? live[0];
    if (!row) return null;
    const user = row.id ? { id: row.id, email: row.email!, permissions: row.permissions! } : null;
    return row.kind === 'player'
      ? { kind: 'player' as const, playerTag: row.playerTag!, userId: row.tokenUserId, user }
      : { kind: 'user' as const, user: user! };
  }
  return {
    /**
     * The live access token behind a bearer token, of either kind: a player token (with its hub user,
     * null when it has none or they are suspended) or a hub-user token (never of a suspended user).
     */
    async findAnyAccess(tokenHash: string, now: Date, tx: Executor = db) {
      const rows = tx === db ? await accessLoader.load(tokenHash) : await accessOf([tokenHash], tx);
      return liveAccess(rows, now);
    },

    async findAccount(playerTag: string, tx: Executor = db): Promise<GameAccountRow | null> {
      const rows = await tx
        .select()
        .from(gameAccounts)
        .where(and(eq(gameAccounts.provider, 'coc'), eq(gameAccounts.playerTag, playerTag)))
        .limit(1);
      return rows[0] ?? null;
    },

    async accountsByTags(tags: string[], tx: Executor = db): Promise<Map<string, GameAccountRow>> {
      if (tags.length === 0) return new Map();
      const rows = await tx
        .select()
        .from(gameAccounts)
        .where(and(eq(gameAccounts.provider, 'coc'), inArray(gameAccounts.playerTag, tags)));
      return new Map(rows.map((row) => [row.playerTag, row]));
    },

    async accountsByUsers(userIds: string[], tx: Executor = db): Promise<Map<string, GameAccountRow[]>> {
      const map = new Map<string, GameAccountRow[]>();
      if (userIds.length === 0) return map;
      const rows = await tx.select().from(gameAccounts).where(inArray(gameAccounts.userId, userIds));
      for (const row of rows) map.set(row.userId, [...(map.get(row.userId) ?? []), row]);
      return map;
    },

    async linkAccount(userId: string, playerTag: string, username: string, tx: Executor = db) {
      const rows = await tx
        .insert(gameAccounts)
        .values({ userId, playerTag, username, provider: 'coc' })
        .onConflictDoUpdate({
          target: [gameAccounts.provider, gameAccounts.playerTag],
          set: { userId, username },
        })
        .returning();
      // Tokens issued before the player had a hub user now carry it too.
      await tx.update(playerTokens).set({ userId }).where(eq(playerTokens.playerTag, playerTag));
      return rows[0]!;
    },

    async getProfileDateOfBirth(playerTag: string, tx: Executor = db): Promise<string | null> {
      const rows = await tx
        .select({ dateOfBirth: playerProfiles.dateOfBirth })
        .from(playerProfiles)
        .where(eq(playerProfiles.playerTag, playerTag))
        .limit(1);
      return rows[0]?.dateOfBirth ?? null;
    },

    async setProfileDateOfBirth(playerTag: string, dateOfBirth: string, now: Date, tx: Executor = db) {
      await tx
        .insert(playerProfiles)
        .values({ playerTag, dateOfBirth, updatedAt: now })
        .onConflictDoUpdate({ target: playerProfiles.playerTag, set: { dateOfBirth, updatedAt: now } });
    },

    async setUserDateOfBirth(userId: string, dateOfBirth: string, tx: Executor = db) {
      await tx.update(users).set({ dateOfBirth }).where(eq(users.id, userId));
    },

    /** The linked chat account's name of each user that has one (user id → chat username). */
    async chatAccountsByUsers(userIds: string[], tx: Executor = db): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await tx
        .select({ userId: chatAccounts.userId, username: chatAccounts.username })
        .from(chatAccounts)
        .where(inArray(chatAccounts.userId, userIds));
      return new Map(rows.map((row) => [row.userId, row.username]));
    },

    async linkChatAccount(
      account: { userId: string; provider: string; externalId: string; username: string; linkedAt: Date },
      tx: Executor = db,
    ): Promise<ChatAccountRow> {
      // The chat account moves to this user if another user had linked it before.
      await tx
        .delete(chatAccounts)
        .where(
          and(eq(chatAccounts.provider, account.provider), eq(chatAccounts.externalId, account.externalId)),
        );
      const rows = await tx
        .insert(chatAccounts)
        .values(account)
        .onConflictDoUpdate({
          target: [chatAccounts.userId, chatAccounts.provider],
          set: { externalId: account.externalId, username: account.username, linkedAt: account.linkedAt },
        })
        .returning();
      return rows[0]!;
    },

    async insertChatLinkCode(
      code: { codeHash: string; playerTag: string; userId: string | null; expiresAt: Date },
      tx: Executor = db,
    ) {
      await tx.insert(chatLinkCodes).values(code);
    },
  };
}
export type PlayerRepository = ReturnType<typeof createPlayerRepository>;
