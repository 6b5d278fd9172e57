import { API, NOTICE_CREATED_EVENT } from '@cwh/contract';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { matchDisputes, notices } from '../../src/db/schema/index.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { call } from '../admin/admin-fixtures.js';
import { MINUTE, stageSegment, stageSeries } from '../checkins/checkins-fixtures.js';
import { describeEachDatabase, loginAsAdmin, TEST_NOW } from '../harness.js';
import { type Captain, createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';

/*
 * A captain disputes a result: the other team's captain gets `dispute_opened`; the organizer
 * answers: the captain who opened it gets `dispute_answered`. Both to the match page, written in
 * the dispute's transaction (a refused notice leaves no dispute, no answer) and delivered live.
 */

const sent = vi.hoisted(() => [] as { userId: string; event: string; data: unknown }[]);
vi.mock('../../src/realtime/notify.js', () => ({
  notifyUser: (_io: unknown, _tenant: string, userId: string, event: string, data: unknown) => {
    sent.push({ userId, event, data });
  },
}));

const T = API.tournaments;
const START = new Date(TEST_NOW.getTime() - 120 * MINUTE);
const KINDS = ['dispute_opened', 'dispute_answered'] as const;

describeEachDatabase(
  'dispute notices',
  (ctx) => {
    let admin = '';
    let home: Captain;
    let away: Captain;
    let seriesId = '';
    const logOf = async () => {
      const rows = await ctx.database.db
        .select()
        .from(notices)
        .where(inArray(notices.type, [...KINDS]));
      return rows.map((r) => [r.userId, r.type, r.link]);
    };
    const live = () =>
      sent
        .filter((s) => s.event === NOTICE_CREATED_EVENT)
        .map((s) => [
          s.userId,
          (s.data as { notice: { attributes: { kind: string } } }).notice.attributes.kind,
        ]);
    const openDisputes = async () =>
      Number(
        (
          await ctx.database.db
            .select({ n: count() })
            .from(matchDisputes)
            .where(and(eq(matchDisputes.matchSeriesId, seriesId), eq(matchDisputes.status, 'open')))
        )[0]!.n,
      );
    async function refusingNotices(fn: () => Promise<void>) {
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

    beforeAll(async () => {
      const { parentId, eventId } = await ladderSegment(ctx.database.db);
      [home, away] = (await createCaptains(ctx.database.db, {
        count: 2,
        offset: 9700,
        parentSegmentId: parentId,
        eventId,
        now: TEST_NOW,
      })) as [Captain, Captain];
      admin = (await loginAsAdmin(ctx.app)).token.value;
      const segmentId = await stageSegment(ctx.database.db, 'disp-notices', { monthlyQualifier: true });
      const series = await stageSeries(ctx.app, admin, segmentId, [home, away], START);
      ({ home, away } = series);
      seriesId = series.id;
      const result = await call(
        ctx.app,
        admin,
        'PATCH',
        `${T}/match-series/${seriesId}/relationships/matches/results`,
        {
          homeStars: 3,
          awayStars: 1,
          reason: 'war result',
        },
      );
      expect(result.statusCode, result.body).toBe(200);
    });
    beforeEach(() => {
      sent.length = 0;
    });

    const dispute = () =>
      call(ctx.app, away.token, 'POST', `${T}/match-series/${seriesId}/disputes`, { reason: 'late attack' });

    it('a dispute whose notice cannot be written is refused whole: none is open', async () => {
      await refusingNotices(async () => {
        expect((await dispute()).statusCode).toBe(500);
      });
      expect(await openDisputes()).toBe(0);
      expect(await logOf()).toEqual([]);
      expect(live()).toEqual([]);
    });

    it('the other captain is told, in the log (to the match) and live; the one who disputed is not', async () => {
      const made = await dispute();
      expect(made.statusCode, made.body).toBe(201);
      expect(await logOf()).toEqual([[home.userId, 'dispute_opened', `/match/${seriesId}`]]);
      expect(live()).toEqual([[home.userId, 'dispute_opened']]);
    });

    it('an answer whose notice cannot be written leaves the dispute open', async () => {
      const [open] = await ctx.database.db
        .select()
        .from(matchDisputes)
        .where(eq(matchDisputes.status, 'open'));
      await refusingNotices(async () => {
        const answer = await call(ctx.app, admin, 'POST', `${T}/disputes/${open!.id}/resolve`, {
          resolution: 'upheld',
          note: 'stands',
        });
        expect(answer.statusCode).toBe(500);
      });
      expect(await openDisputes()).toBe(1);
      expect(live()).toEqual([]);
    });

    it('the organizer answers: the captain who opened it is told, in the log and live', async () => {
      const [open] = await ctx.database.db
        .select()
        .from(matchDisputes)
        .where(eq(matchDisputes.status, 'open'));
      const answer = await call(ctx.app, admin, 'POST', `${T}/disputes/${open!.id}/resolve`, {
        resolution: 'upheld',
        note: 'stands',
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(await openDisputes()).toBe(0);
      expect(await logOf()).toEqual([
        [home.userId, 'dispute_opened', `/match/${seriesId}`],
        [away.userId, 'dispute_answered', `/match/${seriesId}`],
      ]);
      expect(live()).toEqual([[away.userId, 'dispute_answered']]);
      const [row] = await ctx.database.db.select().from(notices).where(eq(notices.type, 'dispute_answered'));
      expect(row!.params).toEqual({ resolution: 'upheld' });
    });
  },
  { config: { ladder: { ...defaultLadderConfig(), workers: false } } },
);
