import { API, NOTICE_CREATED_EVENT } from '@cwh/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { gameAccounts, notices, rosterMembers, segments, stageOutcomes } from '../../src/db/schema/index.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { call, createCallers } from '../admin/admin-fixtures.js';
import { copySegment, insertLadderSeries } from '../brackets/stage-fixtures.js';
import { describeEachDatabase } from '../harness.js';
import {
  type Captain,
  createCaptains,
  createUserWithToken,
  ladderSegment,
} from '../ladder/ladder-fixtures.js';

/*
 * The organizer decides a finished stage (POST /segments/{id}/advance): every team's captain and
 * players (hub accounts) get `advanced` or `eliminated`, to the competition page, in the decision's
 * transaction (a refused notice leaves the stage undecided), delivered live.
 */

const sent = vi.hoisted(() => [] as { userId: string; event: string; data: unknown }[]);
vi.mock('../../src/realtime/notify.js', () => ({
  notifyUser: (_io: unknown, _tenant: string, userId: string, event: string, data: unknown) => {
    sent.push({ userId, event, data });
  },
}));

const T = API.tournaments;

describeEachDatabase(
  'advanced / eliminated notices',
  (ctx) => {
    let admin = '';
    let winner: Captain;
    let loser: Captain;
    let loserPlayer = '';
    let ladderId = '';
    let nextId = '';
    const db = () => ctx.database.db;
    const logged = async () =>
      (
        await db()
          .select()
          .from(notices)
          .where(inArray(notices.type, ['advanced', 'eliminated']))
      )
        .map((r) => [r.userId, r.type, r.link])
        .sort();
    const live = () =>
      sent
        .filter((s) => s.event === NOTICE_CREATED_EVENT)
        .map((s) => s.userId)
        .sort();
    const advance = () =>
      call(ctx.app, admin, 'POST', `${T}/segments/${ladderId}/advance`, {
        rules: [{ nextSegmentId: nextId, placements: [1] }],
      });

    beforeAll(async () => {
      const found = await ladderSegment(db());
      [winner, loser] = (await createCaptains(db(), {
        count: 2,
        offset: 9950,
        parentSegmentId: found.parentId,
        eventId: found.eventId,
        now: ctx.now,
      })) as [Captain, Captain];
      admin = (await createCallers(ctx)).tokens.admin!;
      ladderId = (await copySegment(db(), 'open-qualifier', 'notices-ladder')).id;
      nextId = (await db().select().from(segments).where(eq(segments.slug, 'monthly-finals')))[0]!.id;
      const [member] = await db()
        .select()
        .from(rosterMembers)
        .where(and(eq(rosterMembers.rosterId, loser.rosterId), eq(rosterMembers.position, 'player')));
      const user = await createUserWithToken(db(), 'eliminated-player@users.test', ctx.now);
      await db()
        .insert(gameAccounts)
        .values({ userId: user.userId, playerTag: member!.playerTag, username: 'P' });
      loserPlayer = user.userId;
      const id = await insertLadderSeries(db(), {
        eventId: found.eventId,
        segmentId: ladderId,
        home: winner.rosterId,
        away: loser.rosterId,
        now: ctx.now,
      });
      const result = await call(
        ctx.app,
        admin,
        'PATCH',
        `${T}/match-series/${id}/relationships/matches/results`,
        {
          homeStars: 9,
          awayStars: 3,
          reason: 'war log',
        },
      );
      expect(result.statusCode, result.body).toBe(200);
    });
    beforeEach(() => {
      sent.length = 0;
    });

    it('a decision whose notices cannot be written is refused whole: the stage stays undecided', async () => {
      await db().execute(sql`create or replace function refuse_notice() returns trigger language plpgsql as
        $$ begin raise exception 'notice refused'; end $$`);
      await db().execute(sql`create trigger refuse_notice before insert on notices
        for each row execute function refuse_notice()`);
      try {
        expect((await advance()).statusCode).toBe(500);
      } finally {
        await db().execute(sql`drop trigger refuse_notice on notices`);
      }
      expect(await db().select().from(stageOutcomes).where(eq(stageOutcomes.segmentId, ladderId))).toEqual(
        [],
      );
      expect(await logged()).toEqual([]);
      expect(live()).toEqual([]);
    });

    it('the team that advances and the one eliminated are told: captains and players, in the log and live', async () => {
      const response = await advance();
      expect(response.statusCode, response.body).toBe(200);
      const expected = [
        [winner.userId, 'advanced', '/competition'],
        [loser.userId, 'eliminated', '/competition'],
        [loserPlayer, 'eliminated', '/competition'],
      ].sort();
      expect(await logged()).toEqual(expected);
      expect(live()).toEqual([winner.userId, loser.userId, loserPlayer].sort());
    });
  },
  { config: { ladder: { ...defaultLadderConfig(), workers: false } } },
);
