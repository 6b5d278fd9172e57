import { API, type ChallengeResource, NOTICE_CREATED_EVENT } from '@cwh/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { notices } from '../../src/db/schema/index.js';
import { pickbanVotes } from '../../src/db/schema/pickban.js';
import { call, createCallers } from '../admin/admin-fixtures.js';
import { MINUTE, stageSegment, stageSeries } from '../checkins/checkins-fixtures.js';
import { describeEachDatabase, loginAsAdmin, TEST_NOW } from '../harness.js';
import { type Captain, createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';

/*
 * Pick and ban: the captain whose turn begins gets `pickban_turn` (to the match page), written in
 * the transaction that moves the challenge on (the stage's creation for the first turn, the vote,
 * the turn time-out job) and delivered live; the other captain and a finished veto tell nothing;
 * a vote whose notice cannot be written is refused whole.
 */

const sent = vi.hoisted(() => [] as { userId: string; event: string; data: unknown }[]);
vi.mock('../../src/realtime/notify.js', () => ({
  notifyUser: (_io: unknown, _tenant: string, userId: string, event: string, data: unknown) => {
    sent.push({ userId, event, data });
  },
}));

const P = API.pickban;
let clock = TEST_NOW;
const START = new Date(TEST_NOW.getTime() + 60 * MINUTE);
const STEPS = [
  { action: 'ban', count: 1 },
  { action: 'ban', count: 1 },
  { action: 'pick', count: 1 },
];

describeEachDatabase(
  'pick-and-ban turn notices',
  (ctx) => {
    let home: Captain;
    let away: Captain;
    let seriesId = '';
    let challengeId = '';
    const turnsLogged = async () =>
      (await ctx.database.db.select().from(notices).where(eq(notices.type, 'pickban_turn')))
        .sort((a, b) => Number(a.params.step) - Number(b.params.step))
        .map((r) => [r.userId, r.link, r.params]);
    const live = () => sent.filter((s) => s.event === NOTICE_CREATED_EVENT).map((s) => s.userId);
    const read = async () =>
      (await call(ctx.app, home.token, 'GET', `${P}/challenges?filter[matchSeries.id]=${seriesId}`)).json()
        .data[0] as ChallengeResource;
    const captainOf = (side: 'home' | 'away' | null) => (side === 'away' ? away : home);
    const otherOf = (side: 'home' | 'away' | null) => (side === 'away' ? home : away);
    const voteNext = async () => {
      const current = await read();
      const captain = captainOf(current.attributes.turn);
      const item = current.attributes.remaining[0]!;
      const ban = current.attributes.currentStep! < 2;
      return {
        current,
        response: await call(ctx.app, captain.token, 'POST', `${P}/challenges/${challengeId}/vote`, {
          banned: ban ? [item] : [],
          picked: ban ? [] : [item],
        }),
      };
    };

    beforeAll(async () => {
      const { parentId, eventId } = await ladderSegment(ctx.database.db);
      const pair = (await createCaptains(ctx.database.db, {
        count: 2,
        offset: 9800,
        parentSegmentId: parentId,
        eventId,
        now: TEST_NOW,
      })) as [Captain, Captain];
      const admin = (await loginAsAdmin(ctx.app)).token.value;
      const organizer = (await createCallers(ctx)).tokens.organizer!;
      const category = await call(ctx.app, organizer, 'POST', `${P}/categories`, { eventId, name: 'Rules' });
      expect(category.statusCode, category.body).toBe(201);
      const categoryId = category.json().data.id;
      for (let i = 1; i <= 4; i++) {
        const item = await call(ctx.app, organizer, 'POST', `${P}/items`, { categoryId, name: `Rule ${i}` });
        expect(item.statusCode, item.body).toBe(201);
      }
      const segmentId = await stageSegment(ctx.database.db, 'pb-notices', { monthlyQualifier: true });
      const set = await call(ctx.app, organizer, 'PUT', `${P}/segments/${segmentId}/veto`, {
        categoryId,
        steps: STEPS,
        starter: 'higher_seed',
        turnSeconds: 60,
      });
      expect(set.statusCode, set.body).toBe(200);
      sent.length = 0;
      const series = await stageSeries(ctx.app, admin, segmentId, pair, START);
      ({ home, away } = series);
      seriesId = series.id;
    });
    beforeEach(() => {
      clock = TEST_NOW;
    });

    it('the stage opens the veto: the captain of the first turn is told, in the log and live', async () => {
      const first = await read();
      challengeId = first.id;
      const starter = captainOf(first.attributes.turn);
      expect(await turnsLogged()).toEqual([
        [starter.userId, `/match/${seriesId}`, { action: 'ban', step: 1 }],
      ]);
      expect(live()).toEqual([starter.userId]);
    });

    it('a vote whose notice cannot be written is refused whole: no vote, nobody told', async () => {
      sent.length = 0;
      const db = ctx.database.db;
      await db.execute(sql`create or replace function refuse_notice() returns trigger language plpgsql as
        $$ begin raise exception 'notice refused'; end $$`);
      await db.execute(sql`create trigger refuse_notice before insert on notices
        for each row execute function refuse_notice()`);
      try {
        expect((await voteNext()).response.statusCode).toBe(500);
      } finally {
        await db.execute(sql`drop trigger refuse_notice on notices`);
      }
      expect(await db.select().from(pickbanVotes).where(eq(pickbanVotes.challengeId, challengeId))).toEqual(
        [],
      );
      expect(await turnsLogged()).toHaveLength(1);
      expect(live()).toEqual([]);
    });

    it('a vote: the other captain, whose turn it now is, is told', async () => {
      sent.length = 0;
      const { current, response } = await voteNext();
      expect(response.statusCode, response.body).toBe(200);
      const next = otherOf(current.attributes.turn);
      expect((await turnsLogged())[1]).toEqual([
        next.userId,
        `/match/${seriesId}`,
        { action: 'ban', step: 2 },
      ]);
      expect(live()).toEqual([next.userId]);
    });

    it('a turn that runs out (the job): the next turn is told; the last step tells nobody', async () => {
      sent.length = 0;
      const current = await read();
      clock = new Date(TEST_NOW.getTime() + 10 * MINUTE);
      const run = await ctx.app.pickban.runTimeout({ challengeId, step: 1 });
      expect(run).toMatchObject({ kind: 'defaulted', closed: false });
      const next = otherOf(current.attributes.turn);
      expect((await turnsLogged())[2]).toEqual([
        next.userId,
        `/match/${seriesId}`,
        { action: 'pick', step: 3 },
      ]);
      expect(live()).toEqual([next.userId]);
      sent.length = 0;
      expect((await voteNext()).response.statusCode).toBe(200);
      expect((await read()).attributes.status).toBe('closed');
      expect(await turnsLogged()).toHaveLength(3);
      expect(live()).toEqual([]);
    });
  },
  { deps: { now: () => clock } },
);
