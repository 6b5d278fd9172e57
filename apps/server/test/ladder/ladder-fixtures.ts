import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { queueEntries } from '../../src/db/schema/ladder.js';
import { rosterMembers, rosters } from '../../src/db/schema/rosters.js';
import { segments } from '../../src/db/schema/segments.js';
import { simClans, simPlayers } from '../../src/db/schema/sim-game.js';
import { authTokens, users } from '../../src/db/schema/users.js';
import { generateToken, hashToken } from '../../src/features/auth/opaque-token.js';
import { TAG_ALPHABET } from '../../src/game/index.js';

export interface Captain {
  index: number;
  userId: string;
  token: string;
  rosterId: string;
  clanTag: string;
  playerTags: string[];
}

function encode(n: number, width: number): string {
  let out = '';
  let v = n;
  for (let i = 0; i < width; i++) {
    out = TAG_ALPHABET[v % TAG_ALPHABET.length] + out;
    v = Math.floor(v / TAG_ALPHABET.length);
  }
  return out;
}

/** The seeded championship's open ladder (child) and its level-0 parent. */
export async function ladderSegment(db: Db) {
  const child = (await db.select().from(segments).where(eq(segments.slug, 'open-qualifier')))[0]!;
  return { ladderId: child.id, parentId: child.parentId!, eventId: child.eventId };
}

/**
 * Waiting entries of one TH17 ladder queue with no roster behind them (plain uuids as roster ids):
 * matchmaking load that only the tick reads. Bulk-inserted, 1,000 rows per statement; their ids.
 */
export async function insertWaitingEntries(
  db: Db,
  segmentId: string,
  rows: readonly { points: number; joinedAt: Date }[],
  createdAt: Date,
): Promise<string[]> {
  const values = rows.map((row) => ({
    tenant: 'global',
    rosterId: randomUUID(),
    segmentId,
    thLevel: 17,
    playerTags: [],
    status: 'waiting' as const,
    points: row.points,
    joinedAt: row.joinedAt,
    createdAt,
  }));
  const ids: string[] = [];
  for (let i = 0; i < values.length; i += 1000) {
    const inserted = await db
      .insert(queueEntries)
      .values(values.slice(i, i + 1000))
      .returning({ id: queueEntries.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/**
 * Synthetic captains: a simulated clan of 5 TH17 players (+1 TH16 and nobody else), a hub user with
 * an access token, a locked roster owned by the user with the 5 players. Inserted straight into the
 * tables (like an admin import), so hundreds take a second.
 */
export async function createCaptains(
  db: Db,
  options: {
    count: number;
    offset?: number;
    parentSegmentId: string;
    eventId: string;
    now: Date;
    tenant?: string;
  },
): Promise<Captain[]> {
  const captains: Captain[] = [];
  const offset = options.offset ?? 0;
  const expires = new Date(options.now.getTime() + 30 * 24 * 3600_000);
  for (let chunk = 0; chunk < options.count; chunk += 100) {
    const batch = Array.from({ length: Math.min(100, options.count - chunk) }, (_, k) => offset + chunk + k);
    const clans = batch.map((i) => ({
      tag: `#QQ${encode(i, 4)}`,
      name: `Sim Clan ${i}`,
      clanLevel: 10,
      isWarLogPublic: true,
      warStatus: 'none' as const,
    }));
    await db.insert(simClans).values(clans);
    const players = batch.flatMap((i) =>
      Array.from({ length: 6 }, (_, j) => ({
        tag: `#PP${encode(i * 6 + j, 5)}`,
        name: `P${i}-${j}`,
        townHallLevel: j === 5 ? 16 : 17,
        clanTag: `#QQ${encode(i, 4)}`,
        role: j === 0 ? ('leader' as const) : ('member' as const),
        apiToken: `tok${i}-${j}`,
      })),
    );
    await db.insert(simPlayers).values(players);
    const userRows = await db
      .insert(users)
      .values(
        batch.map((i) => ({ email: `captain${i}@ladder.test`, passwordHash: 'x', username: `captain${i}` })),
      )
      .returning({ id: users.id, email: users.email });
    const tokens = userRows.map(() => generateToken());
    await db.insert(authTokens).values(
      userRows.map((u, k) => ({
        userId: u.id,
        kind: 'access' as const,
        tokenHash: hashToken(tokens[k]!),
        expiresAt: expires,
      })),
    );
    const rosterRows = await db
      .insert(rosters)
      .values(
        batch.map((i, k) => ({
          tenant: options.tenant ?? 'global',
          eventId: options.eventId,
          segmentId: options.parentSegmentId,
          name: `Sim Clan ${i}`,
          ownerId: userRows[k]!.id,
          clanTag: `#QQ${encode(i, 4)}`,
          thLevel: 17,
          externalIds: [{ provider: 'sc_coc_clan_tag', value: `#QQ${encode(i, 4)}` }],
          joiningKey: `jk-${i}-${generateToken().slice(0, 8)}`,
          confirmedAt: options.now,
        })),
      )
      .returning({ id: rosters.id });
    await db.insert(rosterMembers).values(
      batch.flatMap((i, k) =>
        Array.from({ length: 6 }, (_, j) => ({
          rosterId: rosterRows[k]!.id,
          playerTag: `#PP${encode(i * 6 + j, 5)}`,
          name: `P${i}-${j}`,
          thLevel: j === 5 ? 16 : 17,
          roleAtSelection: j === 0 ? ('leader' as const) : ('member' as const),
          position: j === 0 ? ('captain' as const) : ('player' as const),
          registeredAt: options.now,
        })),
      ),
    );
    batch.forEach((i, k) => {
      captains.push({
        index: i,
        userId: userRows[k]!.id,
        token: tokens[k]!,
        rosterId: rosterRows[k]!.id,
        clanTag: `#QQ${encode(i, 4)}`,
        playerTags: Array.from({ length: 5 }, (_, j) => `#PP${encode(i * 6 + j, 5)}`),
      });
    });
  }
  return captains;
}

/** The TH16 member of a captain's clan (for TH_LEVELS_MISMATCH). */
export const th16Tag = (captain: Captain) => `#PP${encode(captain.index * 6 + 5, 5)}`;

export async function setClanWar(db: Db, clanTag: string, warStatus: 'clanWar' | 'friendlyWar' | 'none') {
  await db.update(simClans).set({ warStatus }).where(eq(simClans.tag, clanTag));
}

export async function removeFromClan(db: Db, playerTag: string) {
  await db
    .update(simPlayers)
    .set({ clanTag: null, role: null })
    .where(and(eq(simPlayers.tag, playerTag)));
}

/** A hub user with a live access token (for socket binding tests). */
export async function createUserWithToken(db: Db, email: string, now = new Date()) {
  const [user] = await db.insert(users).values({ email, passwordHash: 'x' }).returning({ id: users.id });
  const token = generateToken();
  await db.insert(authTokens).values({
    userId: user!.id,
    kind: 'access',
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + 30 * 24 * 3600_000),
  });
  return { userId: user!.id, token };
}

/** `count` synthetic captains (createCaptains) on the seeded championship's ladder, at `now`. */
export async function ladderCaptains(
  db: Db,
  count: number,
  options: { offset?: number; now: Date },
): Promise<Captain[]> {
  const segment = await ladderSegment(db);
  return createCaptains(db, {
    count,
    ...(options.offset === undefined ? {} : { offset: options.offset }),
    parentSegmentId: segment.parentId,
    eventId: segment.eventId,
    now: options.now,
  });
}

/** Resolves `release` from outside: holds a transaction open while another one runs (lock tests). */
export function gate() {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { opened, release };
}
