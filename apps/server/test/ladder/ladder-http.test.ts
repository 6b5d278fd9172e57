import { API } from '@cwh/contract';
import { MATCH_TIME_PASSED_MESSAGE, ROSTER_ALREADY_PLAYED_DETAIL } from '@cwh/domain';
import { beforeAll, expect, it } from 'vitest';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { describeEachDatabase, jsonApiBody, loginAsAdmin, TEST_NOW } from '../harness.js';
import {
  type Captain,
  createCaptains,
  ladderSegment,
  removeFromClan,
  setClanWar,
  th16Tag,
} from './ladder-fixtures.js';
import { call, join, latestMatchUp, status, testClock } from './ladder-http.js';
import {
  checkInAndPlayWar,
  expectFinishedSeries,
  expectStandingsAfterSeries,
  pairAndAccept,
} from './ladder-http-journey.js';

const { clock, advance } = testClock();

describeEachDatabase(
  'ladder play over HTTP',
  (ctx) => {
    let captains: Captain[] = [];
    let segment: Awaited<ReturnType<typeof ladderSegment>>;
    beforeAll(async () => {
      segment = await ladderSegment(ctx.database.db);
      captains = await createCaptains(ctx.database.db, {
        count: 14,
        parentSegmentId: segment.parentId,
        eventId: segment.eventId,
        now: TEST_NOW,
      });
    });

    it('refuses a join from someone who is not the captain, and unauthenticated calls', async () => {
      const [a, b] = captains;
      expect((await join(ctx.app, { ...a!, token: b!.token })).statusCode).toBe(403);
      const anonymous = await ctx.app.inject({
        method: 'GET',
        url: `${API.matches}/queue/${a!.rosterId}/status`,
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('refuses join refusals with the spec codes', async () => {
      const c = captains[11]!;
      await setClanWar(ctx.database.db, c.clanTag, 'friendlyWar');
      const war = await join(ctx.app, c);
      expect(war.statusCode).toBe(400);
      expect(war.json().errors[0].code).toBe('CLAN_IS_IN_WAR');
      await setClanWar(ctx.database.db, c.clanTag, 'none');

      const th = await join(ctx.app, c, [...c.playerTags.slice(0, 4), th16Tag(c)]);
      expect(th.statusCode).toBe(400);
      expect(th.json().errors[0].code).toBe('TH_LEVELS_MISMATCH');

      await removeFromClan(ctx.database.db, c.playerTags[4]!);
      const missing = await join(ctx.app, c);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors[0].code).toBe('MEMBERS_MISSING');

      const wrong = await join(ctx.app, c, [...c.playerTags.slice(0, 4), captains[0]!.playerTags[0]!]);
      expect(wrong.json().errors[0].code).toBe('WRONG_MEMBER');

      const invalid = await join(ctx.app, c, c.playerTags.slice(0, 4));
      expect(invalid.statusCode).toBe(400);
      expect(await status(ctx.app, c)).toBeNull();
    });

    it('joins, reports the status, leaves, and joins again', async () => {
      const c = captains[0]!;
      const joined = await join(ctx.app, c);
      expect(joined.statusCode).toBe(200);
      expect(joined.json().data).toMatchObject({ type: 'queue-entries', attributes: { status: 'waiting' } });
      expect((await status(ctx.app, c)).attributes.status).toBe('waiting');
      // Joining twice answers the live entry.
      expect((await join(ctx.app, c)).json().data.id).toBe(joined.json().data.id);
      const left = await call(ctx.app, c.token, 'POST', `${API.matches}/queue/${c.rosterId}/leave`);
      expect(left.json().data.attributes.status).toBe('cancelled');
      expect((await status(ctx.app, c)).attributes.status).toBe('cancelled');
      advance(1_000);
    });

    it('pairs two captains, both accept, exactly one match series', async () => {
      const [a, b] = [captains[0]!, captains[1]!];
      const seriesId = await pairAndAccept(ctx.app, a, b, captains[2]!);
      const played = await checkInAndPlayWar(ctx.app, a, b, seriesId);
      await expectFinishedSeries(ctx.app, a, b, seriesId, played);
      await expectStandingsAfterSeries(ctx.app, a, segment.ladderId);

      // Selected players.
      const selected = await call(
        ctx.app,
        a.token,
        'POST',
        `${API.war}/clan/${encodeURIComponent(a.clanTag)}/selected-players`,
        jsonApiBody({ playerTags: a.playerTags }),
      );
      expect(selected.statusCode).toBe(200);
      const read = await call(
        ctx.app,
        a.token,
        'GET',
        `${API.war}/clan/${encodeURIComponent(a.clanTag)}/selected-players`,
      );
      expect(read.json().data.attributes.playerTags).toEqual(a.playerTags);
    });

    it('recalculates standings for admins only', async () => {
      const admin = await loginAsAdmin(ctx.app);
      const url = `${API.tournaments}/segments/${segment.ladderId}/standings/recalculate`;
      expect((await call(ctx.app, captains[0]!.token, 'POST', url)).statusCode).toBe(403);
      const ok = await call(ctx.app, admin.token.value, 'POST', url);
      expect(ok.statusCode).toBe(202);
      expect(ok.json().data.attributes.entries).toBeGreaterThanOrEqual(2);
      // The recalculation runs in the background; joining it waits for the same run.
      expect(await ctx.app.ladder.recalculateSegment(segment.ladderId)).toBeGreaterThanOrEqual(2);
    });

    it('decline: the other side returns to the queue with its joinedAt, the decliner drops', async () => {
      const [c, d] = [captains[2]!, captains[3]!];
      await join(ctx.app, c);
      advance(1000);
      await join(ctx.app, d);
      const joinedAt = (await status(ctx.app, c)).attributes.joinedAt;
      expect(await ctx.app.ladder.matchmake()).toBe(1);
      const mu = await latestMatchUp(ctx.app, c);
      await call(ctx.app, c.token, 'POST', `${API.matches}/match-ups/${mu.id}/accept`);
      const declined = await call(ctx.app, d.token, 'POST', `${API.matches}/match-ups/${mu.id}/decline`);
      expect(declined.json().data.attributes.status).toBe('declined');
      expect(await status(ctx.app, c)).toMatchObject({ attributes: { status: 'waiting', joinedAt } });
      expect((await status(ctx.app, d)).attributes.status).toBe('declined');
      const late = await call(ctx.app, c.token, 'POST', `${API.matches}/match-ups/${mu.id}/accept`);
      expect(late.statusCode).toBe(409);
      // The requeued side is told who its last opponent is and the grace; no countdown while the
      // decliner is away.
      const grace = defaultLadderConfig().rematchGraceMs;
      const opponent = { id: d.rosterId, name: expect.any(String) };
      expect((await status(ctx.app, c)).attributes.rematch).toEqual({
        opponent,
        graceMs: grace,
        notBefore: null,
      });
      // The decliner queues again: both count down to the moment both waited the grace.
      advance(2000);
      await join(ctx.app, d);
      const again = (await status(ctx.app, d)).attributes;
      const notBefore = new Date(Date.parse(again.joinedAt) + grace + 1).toISOString();
      expect(again.rematch).toEqual({
        opponent: { id: c.rosterId, name: expect.any(String) },
        graceMs: grace,
        notBefore,
      });
      expect((await status(ctx.app, c)).attributes.rematch).toEqual({ opponent, graceMs: grace, notBefore });
      await call(ctx.app, c.token, 'POST', `${API.matches}/queue/${c.rosterId}/leave`);
      await call(ctx.app, d.token, 'POST', `${API.matches}/queue/${d.rosterId}/leave`);
      // A left entry has no rematch to count down.
      expect((await status(ctx.app, d)).attributes.rematch).toBeNull();
    });

    it('a second decline of a closed match-up changes nothing, even once its sides are paired again', async () => {
      const [c, d] = [captains[2]!, captains[3]!];
      await join(ctx.app, c);
      await join(ctx.app, d);
      advance(61_000);
      expect(await ctx.app.ladder.matchmake()).toBe(1);
      const first = await latestMatchUp(ctx.app, c);
      await call(ctx.app, c.token, 'POST', `${API.matches}/match-ups/${first.id}/accept`);
      await call(ctx.app, d.token, 'POST', `${API.matches}/match-ups/${first.id}/decline`);
      await join(ctx.app, d);
      advance(61_000);
      expect(await ctx.app.ladder.matchmake()).toBe(1);
      const second = await latestMatchUp(ctx.app, c);
      expect(second.id).not.toBe(first.id);
      // A client sending its decline again, late: the first match-up is closed, the second untouched.
      const again = await call(ctx.app, d.token, 'POST', `${API.matches}/match-ups/${first.id}/decline`);
      expect(again.statusCode).toBe(200);
      expect(again.json().data.attributes.status).toBe('declined');
      expect((await latestMatchUp(ctx.app, c)).attributes.status).toBe('awaiting_confirmation');
      expect((await status(ctx.app, c)).attributes.status).toBe('matched');
      expect((await status(ctx.app, d)).attributes.status).toBe('matched');
      await call(ctx.app, c.token, 'POST', `${API.matches}/queue/${c.rosterId}/leave`);
      await call(ctx.app, d.token, 'POST', `${API.matches}/queue/${d.rosterId}/leave`);
    });

    it('expiry through the sweeper: the accepter is requeued, the silent side drops; late accept refused', async () => {
      const [e, f] = [captains[4]!, captains[5]!];
      await join(ctx.app, e);
      await join(ctx.app, f);
      expect(await ctx.app.ladder.matchmake()).toBe(1);
      const mu = await latestMatchUp(ctx.app, e);
      await call(ctx.app, e.token, 'POST', `${API.matches}/match-ups/${mu.id}/accept`);
      advance(14_000);
      expect(await ctx.app.ladder.sweep()).toBe(0);
      advance(1_000);
      expect(await ctx.app.ladder.sweep()).toBe(1);
      expect((await latestMatchUp(ctx.app, f)).attributes.status).toBe('expired');
      expect((await status(ctx.app, e)).attributes.status).toBe('waiting');
      expect((await status(ctx.app, f)).attributes.status).toBe('expired');
      await call(ctx.app, e.token, 'POST', `${API.matches}/queue/${e.rosterId}/leave`);

      // Accept after the deadline, before the sweeper: refused, the match-up expires in that transaction.
      const [g, h] = [captains[6]!, captains[7]!];
      await join(ctx.app, g);
      await join(ctx.app, h);
      await ctx.app.ladder.matchmake();
      const mu2 = await latestMatchUp(ctx.app, g);
      advance(15_000);
      const late = await call(ctx.app, g.token, 'POST', `${API.matches}/match-ups/${mu2.id}/accept`);
      expect(late.statusCode).toBe(409);
      expect(late.json().errors[0].code).toBe('MATCH_UP_EXPIRED');
      expect((await latestMatchUp(ctx.app, g)).attributes.status).toBe('expired');
    });

    it('match limit (6 in 24 h) and roster already played', async () => {
      const [x, y] = [captains[8]!, captains[9]!];
      const play = async () => {
        await join(ctx.app, x);
        await join(ctx.app, y);
        // Past the rematch grace so the same two can meet again.
        advance(61_000);
        expect(await ctx.app.ladder.matchmake()).toBe(1);
        const mu = await latestMatchUp(ctx.app, x);
        await call(ctx.app, x.token, 'POST', `${API.matches}/match-ups/${mu.id}/accept`);
        const done = await call(ctx.app, y.token, 'POST', `${API.matches}/match-ups/${mu.id}/accept`);
        await ctx.app.ladder.finishSeries({
          matchSeriesId: done.json().data.attributes.matchSeriesId,
          stars: { home: 3, away: 1 },
        });
        advance(1_000);
      };
      for (let i = 0; i < 6; i++) await play();
      const limited = await join(ctx.app, x);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().errors[0]).toMatchObject({
        code: 'MATCH_LIMIT_REACHED',
        title: 'Match Limited Reached',
      });
      advance(24 * 3600_000);
      const saved = ctx.app.ladder;
      const original = (await import('../../src/db/schema/segments.js')).segments;
      const { eq } = await import('drizzle-orm');
      await ctx.database.db
        .update(original)
        .set({
          configuration: { thLevel: 17, phase: null, maxMatches: 6 } as never,
          dateTo: new Date(clock.now.getTime() + 3600_000),
        })
        .where(eq(original.id, segment.ladderId));
      const played = await join(ctx.app, x);
      expect(played.statusCode).toBe(400);
      expect(played.json().errors[0].detail).toContain(ROSTER_ALREADY_PLAYED_DETAIL);
      expect(saved).toBeDefined();
    });

    it('a match check-in once the match time passed is refused with MATCH_TIME_PASSED', async () => {
      const [e, f] = [captains[12]!, captains[13]!];
      await join(ctx.app, e);
      await join(ctx.app, f);
      expect(await ctx.app.ladder.matchmake()).toBe(1);
      const mu = await latestMatchUp(ctx.app, e);
      await call(ctx.app, e.token, 'POST', `${API.matches}/match-ups/${mu.id}/accept`);
      const accepted = await call(ctx.app, f.token, 'POST', `${API.matches}/match-ups/${mu.id}/accept`);
      const seriesId = accepted.json().data.attributes.matchSeriesId as string;
      advance(defaultLadderConfig().matchLeadTimeMs + 1_000);
      const late = await call(
        ctx.app,
        e.token,
        'POST',
        `${API.matches}/checkins`,
        jsonApiBody({ matchSeriesId: seriesId }),
      );
      expect(late.statusCode).toBe(409);
      expect(late.json().errors[0]).toMatchObject({
        code: 'MATCH_TIME_PASSED',
        detail: MATCH_TIME_PASSED_MESSAGE,
      });
    });
  },
  {
    config: { ladder: { ...defaultLadderConfig(), workers: false } },
    deps: { now: () => clock.now },
  },
);
