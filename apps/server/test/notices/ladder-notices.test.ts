import { API, NOTICE_CREATED_EVENT, type NoticeCreatedData } from '@cwh/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { matchUpSides, notices } from '../../src/db/schema/index.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { describeEachDatabase, TEST_NOW } from '../harness.js';
import { type Captain, ladderCaptains } from '../ladder/ladder-fixtures.js';
import { call, join, latestMatchUp, testClock } from '../ladder/ladder-http.js';

/*
 * The ladder's notices in the captains' notice log (issue #34): match found, opponent accepted,
 * opponent declined, match-up expired. Each is in the log (GET /user/notices), delivered live to the
 * captain's socket room after the commit, and written in the change's transaction: a notice that
 * cannot be written takes the change down with it. Workers off: each test pairs by hand.
 */

// The socket notices, as sent to the user rooms.
const sent = vi.hoisted(() => [] as { userId: string; event: string; data: unknown }[]);
vi.mock('../../src/realtime/notify.js', () => ({
  notifyUser: (_io: unknown, _tenant: string, userId: string, event: string, data: unknown) => {
    sent.push({ userId, event, data });
  },
}));

const { clock, advance } = testClock();
const { acceptWindowMs } = defaultLadderConfig();

describeEachDatabase(
  'ladder notices in the notice log',
  (ctx) => {
    let captains: Captain[] = [];
    let used = 0;
    beforeAll(async () => {
      captains = await ladderCaptains(ctx.database.db, 14, { now: TEST_NOW });
    });
    beforeEach(() => {
      sent.length = 0;
    });

    const answer = (c: Captain, id: string, verb: 'accept' | 'decline') =>
      call(ctx.app, c.token, 'POST', `${API.matches}/match-ups/${id}/${verb}`);
    /** The captain's notice log as GET /user/notices answers it: kinds and links, newest first. */
    const logOf = async (c: Captain) => {
      const response = await call(ctx.app, c.token, 'GET', `${API.users}/user/notices`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as { attributes: { kind: string; link: string } }[]).map((n) => ({
        kind: n.attributes.kind,
        link: n.attributes.link,
      }));
    };
    /** The notices delivered live to a captain's room. */
    const liveOf = (c: Captain) =>
      sent
        .filter((s) => s.userId === c.userId && s.event === NOTICE_CREATED_EVENT)
        .map((s) => (s.data as NoticeCreatedData).notice.attributes.kind);
    /** Makes every notice insert fail (a trigger), runs `fn`, and takes the trigger away. */
    async function withNoticesRefused(fn: () => Promise<void>) {
      const db = ctx.database.db;
      await db.execute(sql`create or replace function refuse_notice() returns trigger language plpgsql as
        $$ begin raise exception 'notice refused'; end $$`);
      await db.execute(sql`create trigger refuse_notice before insert on notices
        for each row execute function refuse_notice()`);
      try {
        await fn();
      } finally {
        await db.execute(sql`drop trigger refuse_notice on notices`);
      }
    }
    const nextTwo = () => {
      const pair = [captains[used]!, captains[used + 1]!] as const;
      used += 2;
      return pair;
    };
    async function queueBoth(x: Captain, y: Captain) {
      expect((await join(ctx.app, x)).statusCode).toBe(200);
      expect((await join(ctx.app, y, [...y.playerTags].reverse())).statusCode).toBe(200);
    }
    /** The next two captains, queued and paired by the tick: the match-up's id. */
    async function paired() {
      const [x, y] = nextTwo();
      await queueBoth(x, y);
      expect(await ctx.app.ladder.matchmake()).toBe(1);
      const matchUp = await latestMatchUp(ctx.app, x);
      return { x, y, id: matchUp.id as string };
    }

    it('match found: in both captains’ logs (to the ladder) and delivered live to each', async () => {
      const { x, y } = await paired();
      for (const c of [x, y]) {
        expect(await logOf(c)).toEqual([{ kind: 'match_found', link: '/competition' }]);
        expect(liveOf(c)).toEqual(['match_found']);
      }
    });

    it('match found is written in the pairing’s transaction: a notice refused leaves no match-up', async () => {
      const [x, y] = nextTwo();
      await queueBoth(x, y);
      await withNoticesRefused(async () => {
        await expect(ctx.app.ladder.matchmake()).rejects.toThrow();
      });
      expect(await logOf(x)).toEqual([]);
      expect(liveOf(x)).toEqual([]);
      const sides = await ctx.database.db
        .select()
        .from(matchUpSides)
        .where(inArray(matchUpSides.rosterId, [x.rosterId, y.rosterId]));
      expect(sides).toEqual([]);
      // The queue is as it was: the next tick pairs them, and tells them.
      expect(await ctx.app.ladder.matchmake()).toBe(1);
      expect(liveOf(x)).toEqual(['match_found']);
    });

    it('opponent accepted: both accepted → both told, linking to the match series', async () => {
      const { x, y, id } = await paired();
      sent.length = 0;
      advance(1_000);
      expect((await answer(x, id, 'accept')).statusCode).toBe(200);
      // One side alone tells nobody.
      expect(liveOf(y)).toEqual([]);
      const both = await answer(y, id, 'accept');
      expect(both.statusCode, both.body).toBe(200);
      const seriesId = both.json().data.attributes.matchSeriesId as string;
      for (const c of [x, y]) {
        expect((await logOf(c))[0]).toEqual({ kind: 'match_accepted', link: `/match/${seriesId}` });
        expect(liveOf(c)).toEqual(['match_accepted']);
      }
    });

    it('opponent accepted is written in the accept’s transaction: a notice refused leaves no series', async () => {
      const { x, y, id } = await paired();
      expect((await answer(x, id, 'accept')).statusCode).toBe(200);
      sent.length = 0;
      await withNoticesRefused(async () => {
        expect((await answer(y, id, 'accept')).statusCode).toBe(500);
      });
      expect(liveOf(x)).toEqual([]);
      const matchUp = await latestMatchUp(ctx.app, x);
      expect(matchUp.attributes.status).toBe('awaiting_confirmation');
      expect(matchUp.attributes.matchSeriesId).toBeNull();
      expect((await logOf(y)).map((n) => n.kind)).toEqual(['match_found']);
    });

    it('result recorded: both captains told the score from their own side, linking to the match', async () => {
      const { x, y, id } = await paired();
      advance(1_000);
      expect((await answer(x, id, 'accept')).statusCode).toBe(200);
      const seriesId = (await answer(y, id, 'accept')).json().data.attributes.matchSeriesId as string;
      sent.length = 0;
      advance(1_000);
      await ctx.app.ladder.finishSeries({ matchSeriesId: seriesId, stars: { home: 3, away: 1 } });
      for (const c of [x, y]) {
        expect((await logOf(c))[0]).toEqual({ kind: 'result_recorded', link: `/match/${seriesId}` });
        expect(liveOf(c)).toEqual(['result_recorded']);
      }
      const rows = await ctx.database.db
        .select()
        .from(notices)
        .where(inArray(notices.userId, [x.userId, y.userId]));
      const scores = rows.filter((r) => r.type === 'result_recorded').map((r) => r.params);
      expect(scores).toHaveLength(2);
      expect(scores).toEqual(
        expect.arrayContaining([
          { stars: 3, opponentStars: 1 },
          { stars: 1, opponentStars: 3 },
        ]),
      );
    });

    it('match-up expired: both captains told once the window is over', async () => {
      const { x, y, id } = await paired();
      sent.length = 0;
      advance(acceptWindowMs + 1_000);
      expect((await answer(x, id, 'accept')).json().errors[0].code).toBe('MATCH_UP_EXPIRED');
      for (const c of [x, y]) {
        expect((await logOf(c))[0]).toEqual({ kind: 'match_expired', link: '/competition' });
        expect(liveOf(c)).toEqual(['match_expired']);
      }
      const rows = await ctx.database.db.select().from(notices).where(eq(notices.userId, x.userId));
      expect(rows.filter((r) => r.type === 'match_expired')).toHaveLength(1);
    });
    // Last: the other captain is back in the queue, where the next test's tick would pair it.
    it('opponent declined: only the other captain is told, back to the ladder', async () => {
      const { x, y, id } = await paired();
      sent.length = 0;
      advance(1_000);
      expect((await answer(y, id, 'decline')).statusCode).toBe(200);
      expect(await logOf(x)).toEqual([
        { kind: 'match_declined', link: '/competition' },
        { kind: 'match_found', link: '/competition' },
      ]);
      expect(liveOf(x)).toEqual(['match_declined']);
      expect((await logOf(y)).map((n) => n.kind)).toEqual(['match_found']);
      expect(liveOf(y)).toEqual([]);
    });
  },
  {
    config: { ladder: { ...defaultLadderConfig(), workers: false } },
    deps: { now: () => clock.now },
  },
);
