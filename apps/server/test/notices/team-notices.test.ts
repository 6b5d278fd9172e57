import { NOTICE_CREATED_EVENT } from '@cwh/contract';
import { inArray, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { notices } from '../../src/db/schema/index.js';
import { SIM_CLAN_TAGS, simPlayers } from '../../src/game/index.js';
import { describeEachDatabase } from '../harness.js';
import { clanCall, createHubUser, errorCode, topSegmentId } from '../players/players-helpers.js';

/*
 * The captain locks the team (POST /clan/roster/confirm): each of its players gets `roster_locked`
 * in their notice log, written in the lock's transaction and delivered live; the captain does not.
 */

// The socket notices, as sent to the user rooms.
const sent = vi.hoisted(() => [] as { userId: string; event: string; data: unknown }[]);
vi.mock('../../src/realtime/notify.js', () => ({
  notifyUser: (_io: unknown, _tenant: string, userId: string, event: string, data: unknown) => {
    sent.push({ userId, event, data });
  },
}));

const raiders = simPlayers.filter((p) => p.clanTag === SIM_CLAN_TAGS.nordicRaiders).map((p) => p.tag);
const [erik, sofia, mika, ingrid, lars] = raiders as [string, string, string, string, string];
const team = [erik, sofia, mika, ingrid, lars];

describeEachDatabase('team notices', (ctx) => {
  const users: Record<string, { token: string; userId: string }> = {};
  const kindsOf = async (tags: string[]) => {
    const rows = await ctx.database.db
      .select()
      .from(notices)
      .where(
        inArray(
          notices.userId,
          tags.map((t) => users[t]!.userId),
        ),
      );
    return rows.map((r) => [r.userId, r.type]);
  };

  beforeAll(async () => {
    const segmentId = await topSegmentId(ctx.app);
    for (const tag of team) users[tag] = await createHubUser(ctx.app, tag);
    const selected = await clanCall(ctx.app, users[erik]!.token, 'POST', '/members', {
      playerTag: sofia,
      members: team,
      segmentId,
    });
    expect(selected.statusCode, selected.body).toBe(200);
    for (const tag of team) {
      expect((await clanCall(ctx.app, users[tag]!.token, 'POST', '/register')).statusCode).toBe(200);
    }
  });
  beforeEach(() => {
    sent.length = 0;
  });

  it('a lock whose notices cannot be written is refused whole: the team stays unlocked', async () => {
    const db = ctx.database.db;
    await db.execute(sql`create or replace function refuse_notice() returns trigger language plpgsql as
      $$ begin raise exception 'notice refused'; end $$`);
    await db.execute(sql`create trigger refuse_notice before insert on notices
      for each row execute function refuse_notice()`);
    try {
      const refused = await clanCall(ctx.app, users[sofia]!.token, 'POST', '/clan/roster/confirm');
      expect(refused.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger refuse_notice on notices`);
    }
    expect(await kindsOf(team)).toEqual([]);
    expect(sent).toEqual([]);
    // Not locked: locking again succeeds (a locked team answers ROSTER_LOCKED).
    const locked = await clanCall(ctx.app, users[sofia]!.token, 'POST', '/clan/roster/confirm');
    expect(locked.statusCode, locked.body).toBe(200);
    // Delivered live to each player once the lock committed.
    const live = sent.filter((s) => s.event === NOTICE_CREATED_EVENT);
    expect(new Set(live.map((s) => s.userId))).toEqual(
      new Set([erik, mika, ingrid, lars].map((t) => users[t]!.userId)),
    );
    expect(live).toHaveLength(4);
  });

  it('the players are told, live and in their log (to My Team); the captain who locked is not', async () => {
    // The lock of the test above committed: its notices are in.
    const players = [erik, mika, ingrid, lars];
    const rows = await kindsOf(team);
    expect(rows.map(([, type]) => type)).toEqual([
      'roster_locked',
      'roster_locked',
      'roster_locked',
      'roster_locked',
    ]);
    expect(new Set(rows.map(([userId]) => userId))).toEqual(new Set(players.map((t) => users[t]!.userId)));
    expect(errorCode(await clanCall(ctx.app, users[sofia]!.token, 'POST', '/clan/roster/confirm'))).toBe(
      'ROSTER_LOCKED',
    );
  });
});
