import { API, NOTICE_CREATED_EVENT } from '@cwh/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { gameAccounts, matchSeries, notices, rosterMembers } from '../../src/db/schema/index.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { describeEachDatabase, jsonApiBody, TEST_NOW } from '../harness.js';
import { type Captain, createUserWithToken, ladderCaptains } from '../ladder/ladder-fixtures.js';
import { call, testClock } from '../ladder/ladder-http.js';
import { acceptedSeries } from '../war/official-war-fixtures.js';

/*
 * A captain starts the war of a match series (POST /create-war): both teams are told `war_started`
 * (their captains and their players with a hub account), to the match page, in the transaction that
 * stores the war, and live; a war whose notices cannot be written is not stored.
 */

const sent = vi.hoisted(() => [] as { userId: string; event: string; data: unknown }[]);
vi.mock('../../src/realtime/notify.js', () => ({
  notifyUser: (_io: unknown, _tenant: string, userId: string, event: string, data: unknown) => {
    sent.push({ userId, event, data });
  },
}));

const { clock } = testClock();

describeEachDatabase(
  'war started notices',
  (ctx) => {
    let a: Captain;
    let b: Captain;
    let player = '';
    let seriesId = '';
    const logged = async () =>
      (await ctx.database.db.select().from(notices).where(eq(notices.type, 'war_started'))).map((r) => [
        r.userId,
        r.link,
      ]);
    const live = () => sent.filter((s) => s.event === NOTICE_CREATED_EVENT).map((s) => s.userId);
    const createWar = () =>
      call(ctx.app, a.token, 'POST', `${API.war}/create-war`, jsonApiBody({ matchSeriesId: seriesId }));

    beforeAll(async () => {
      [a, b] = (await ladderCaptains(ctx.database.db, 2, { offset: 9900, now: TEST_NOW })) as [
        Captain,
        Captain,
      ];
      // One of a's players has a hub account: the players are told too.
      const db = ctx.database.db;
      const [member] = await db
        .select()
        .from(rosterMembers)
        .where(and(eq(rosterMembers.rosterId, a.rosterId), eq(rosterMembers.position, 'player')));
      const user = await createUserWithToken(db, 'war-player@users.test', TEST_NOW);
      await db
        .insert(gameAccounts)
        .values({ userId: user.userId, playerTag: member!.playerTag, username: 'P' });
      player = user.userId;
      seriesId = await acceptedSeries(ctx.app, a, b);
    });
    beforeEach(() => {
      sent.length = 0;
    });

    it('a war whose notices cannot be written is not stored: the series keeps no war', async () => {
      const db = ctx.database.db;
      await db.execute(sql`create or replace function refuse_notice() returns trigger language plpgsql as
        $$ begin raise exception 'notice refused'; end $$`);
      await db.execute(sql`create trigger refuse_notice before insert on notices
        for each row execute function refuse_notice()`);
      try {
        expect((await createWar()).statusCode).toBe(500);
      } finally {
        await db.execute(sql`drop trigger refuse_notice on notices`);
      }
      const [row] = await db.select().from(matchSeries).where(eq(matchSeries.id, seriesId));
      expect(row!.warLink).toBeNull();
      expect(await logged()).toEqual([]);
      expect(live()).toEqual([]);
    });

    it('both captains and the linked player are told, in their log (to the match) and live', async () => {
      const response = await createWar();
      expect(response.statusCode, response.body).toBe(200);
      const told = [a.userId, b.userId, player].sort();
      expect((await logged()).sort()).toEqual(told.map((u) => [u, `/match/${seriesId}`]).sort());
      expect(live().sort()).toEqual(told);
    });

    it('asking for the war again answers the same link and tells nobody again', async () => {
      expect((await createWar()).statusCode).toBe(200);
      expect(await logged()).toHaveLength(3);
      expect(live()).toEqual([]);
    });
  },
  {
    config: { ladder: { ...defaultLadderConfig(), workers: false } },
    deps: { now: () => clock.now },
  },
);
