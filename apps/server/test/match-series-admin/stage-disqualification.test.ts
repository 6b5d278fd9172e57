import { API } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog, rosters } from '../../src/db/schema/index.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { type Callers, call, expectedStatus, ORGANIZERS, ROLES } from '../admin/admin-fixtures.js';
import { copySegment, stageField, stageSeries } from '../brackets/stage-fixtures.js';
import { describeEachDatabase } from '../harness.js';

const T = API.tournaments;

/**
 * Disqualify from one stage (issue #31): through the same call as the championship's, on a stage's
 * segment the team forfeits that stage's open matches and is paired no more there, with a reason
 * the team reads; the roster is not withdrawn. Role × action like the other writes.
 */
describeEachDatabase(
  'disqualification from one stage',
  (ctx) => {
    let callers: Callers;
    let admin = '';
    let rosterIds: string[] = [];
    const db = () => ctx.database.db;

    beforeAll(async () => {
      ({ callers, admin, rosterIds } = await stageField(ctx, { count: 8, offset: 9800 }));
    });

    const seriesOf = (stageId: string, query = '') => stageSeries(ctx, stageId, query);
    const disqualify = (token: string | null, segment: string, rosterId: string, reason: string) =>
      call(ctx.app, token, 'POST', `${T}/segments/${segment}/rosters/${rosterId}/disqualify`, { reason });
    const swissStage = async (slug: string) => {
      const segment = (await copySegment(db(), 'monthly-qualifier', slug)).id;
      const created = await call(ctx.app, admin, 'POST', `${T}/segments/${segment}/bracket`, {
        rosterIds: rosterIds.slice(0, 8),
        rounds: 3,
      });
      expect(created.statusCode, created.body).toBe(201);
      return { segment, stage: created.json().data.id as string };
    };
    const withdrawnAt = async (id: string) =>
      (await db().select().from(rosters).where(eq(rosters.id, id)))[0]!.withdrawnAt;

    it('forfeits the open match of the stage, keeps the roster, pairs it no more; the team reads the reason', async () => {
      const { segment, stage } = await swissStage('dq-stage-swiss');
      const target = rosterIds[0]!;
      const round1 = (await seriesOf(stage, '&filter[roundNumber]=1')).filter((s) => !s.attributes.bye);
      const own = round1.find((s) => s.attributes.competitors.some((c) => c.roster?.id === target))!;
      const done = await disqualify(callers.tokens.organizer, segment, target, 'Used a second account');
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().data.attributes).toMatchObject({
        scope: 'stage',
        withdrawnAt: null,
        forfeitedMatchSeriesIds: [own.id],
        reason: 'Used a second account',
      });
      expect(await withdrawnAt(target)).toBeNull();
      const forfeitedSeries = (await seriesOf(stage, '&filter[roundNumber]=1')).find((s) => s.id === own.id)!;
      expect(forfeitedSeries.attributes.state).toBe('finished');
      const side = forfeitedSeries.attributes.competitors.find((c) => c.roster?.id === target)!;
      expect(side.placement).toBe(2);
      // Anyone (the team's page) reads the stage and the reason.
      const read = await call(ctx.app, null, 'GET', `${T}/rosters/${target}/stage-disqualifications`);
      expect(read.statusCode).toBe(200);
      expect(read.json().data.map((d: { attributes: object }) => d.attributes)).toEqual([
        expect.objectContaining({
          segment: expect.objectContaining({ id: segment }),
          reason: 'Used a second account',
        }),
      ]);
      // The rest of round 1 is played, then round 2 leaves the disqualified team out.
      for (const s of round1.filter((x) => x.id !== own.id))
        await ctx.app.ladder.finishSeries({ matchSeriesId: s.id, stars: { home: 9, away: 3 } });
      const next = await call(ctx.app, admin, 'POST', `${T}/segments/${segment}/bracket/rounds`);
      expect(next.statusCode, next.body).toBe(201);
      const round2 = await seriesOf(stage, '&filter[roundNumber]=2');
      expect(round2.flatMap((s) => s.attributes.competitors.map((c) => c.roster?.id))).not.toContain(target);
      const [entry] = await db()
        .select()
        .from(activityLog)
        .where(eq(activityLog.action, 'roster.disqualify-stage'));
      expect(entry).toMatchObject({ targetId: target, eventId: callers.eventId });
      // Twice is refused, writing nothing.
      const again = await disqualify(admin, segment, target, 'again');
      expect(again.statusCode).toBe(409);
      expect(again.json().errors[0].meta.reason).toBe('ROSTER_DISQUALIFIED');
    });

    it('a roster that is not a team of the stage is 404; a reason is required (400)', async () => {
      const { segment } = await swissStage('dq-stage-refusals');
      expect((await disqualify(admin, segment, '00000000-0000-4000-8000-000000000091', 'x')).statusCode).toBe(
        404,
      );
      const noReason = await call(
        ctx.app,
        admin,
        'POST',
        `${T}/segments/${segment}/rosters/${rosterIds[1]}/disqualify`,
        {},
      );
      expect(noReason.statusCode).toBe(400);
    });

    describe('role × action', () => {
      let segment = '';
      beforeAll(async () => {
        segment = (await swissStage('dq-stage-roles')).segment;
      });
      it.each(ROLES)('as %s', async (role) => {
        const target = role === 'admin' ? rosterIds[3]! : rosterIds[2]!;
        const response = await disqualify(callers.tokens[role], segment, target, `by ${role}`);
        expect(response.statusCode, response.body).toBe(expectedStatus(role, ORGANIZERS, 200));
        const read = await call(ctx.app, null, 'GET', `${T}/rosters/${target}/stage-disqualifications`);
        const reasons = read.json().data.map((d: { attributes: { reason: string } }) => d.attributes.reason);
        if (response.statusCode === 200) expect(reasons).toContain(`by ${role}`);
        else expect(reasons).not.toContain(`by ${role}`);
      });
    });
  },
  { config: { ladder: { ...defaultLadderConfig(), workers: false } } },
);
