import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog, matchSeriesCompetitors, rosters } from '../../src/db/schema/index.js';
import { type Callers, call, ROLES } from '../admin/admin-fixtures.js';
import { describeEachDatabase } from '../harness.js';
import { matchSeriesAdminFixture, type SeriesJson, T } from './match-series-admin-fixtures.js';

/**
 * Match series admin (spec 7, issue #8): reset, date and state, assign rosters; every write audited, every refusal with its code and nothing written, and the role × action table of each call.
 */
describeEachDatabase('match series admin: reset, date and state, assign rosters', (ctx) => {
  const {
    setup,
    db,
    ladderSeries,
    results,
    finished,
    tally,
    seriesRow,
    sides,
    auditOf,
    adminGet,
    stageSeries,
    swissRound,
    inPlay,
    expectRefusal,
    expected,
  } = matchSeriesAdminFixture(ctx);
  let callers: Callers;
  let admin = '';
  let organizer = '';
  let rosterIds: string[] = [];
  let mq = '';
  let swissId = '';
  let bracketId = '';
  beforeAll(() => {
    ({ callers, admin, organizer, rosterIds, mq, swissId, bracketId } = setup);
  });

  describe('reset', () => {
    it('a finished ladder series: standings taken back, result cleared, back to upcoming; audited', async () => {
      const [home, away] = [rosterIds[22]!, rosterIds[23]!];
      const before = { home: await tally(home), away: await tally(away) };
      const id = await finished(home, away, 3, 8);
      expect((await tally(away))!.points - (before.away?.points ?? 0)).toBe(3);
      const reset = await call(ctx.app, organizer, 'POST', `${T}/match-series/${id}/reset`, {
        reason: 'wrong war',
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json().data.attributes).toMatchObject({ state: 'upcoming', finishedAt: null });
      expect(await sides(id)).toEqual([
        { rosterId: home, score: null, placement: null, forfeit: false },
        { rosterId: away, score: null, placement: null, forfeit: false },
      ]);
      expect((await tally(away))?.points ?? 0).toBe(before.away?.points ?? 0);
      expect((await tally(home))?.losses ?? 0).toBe(before.home?.losses ?? 0);
      const entry = (await db().select().from(activityLog).where(eq(activityLog.targetId, id))).find(
        (r) => r.action === 'match-series.reset',
      )!;
      expect(entry.before).toMatchObject({ state: 'finished' });
      expect(entry.after).toMatchObject({ state: 'upcoming', reason: 'wrong war' });
      // The result can be entered again.
      expect((await results(organizer, id, 9, 0)).statusCode).toBe(200);
      expect((await tally(home))!.points - (before.home?.points ?? 0)).toBe(3);
    });

    it('a bracket series: reset empties the next match; refused once a later match used it (BRACKET_RESULT_LOCKED)', async () => {
      const ready = (list: SeriesJson[]) =>
        list.filter(
          (s) => s.attributes.state === 'scheduled' && s.attributes.competitors.every((c) => c.roster),
        );
      const [a, b] = ready(await stageSeries(bracketId));
      expect((await results(organizer, a!.id, 9, 1)).statusCode).toBe(200);
      const winnerA = a!.attributes.competitors[0]!.roster!.id;
      const holding = async () =>
        (await stageSeries(bracketId)).filter(
          (s) =>
            s.attributes.roundNumber === 2 && s.attributes.competitors.some((c) => c.roster?.id === winnerA),
        );
      expect((await holding()).length).toBeGreaterThan(0);
      const reset = await call(ctx.app, organizer, 'POST', `${T}/match-series/${a!.id}/reset`);
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json().data.attributes.state).toBe('scheduled');
      expect(await holding()).toEqual([]);

      // Play a and b, then their upper-bracket round 2 match: a is locked.
      expect((await results(organizer, a!.id, 9, 1)).statusCode).toBe(200);
      expect((await results(organizer, b!.id, 9, 1)).statusCode).toBe(200);
      const next = (await holding()).find((s) => s.attributes.bracket === 'upper')!;
      expect((await results(organizer, next.id, 9, 1)).statusCode).toBe(200);
      const before = await sides(a!.id);
      const locked = await call(ctx.app, organizer, 'POST', `${T}/match-series/${a!.id}/reset`);
      expectRefusal(locked, 409, 'CONFLICT', 'BRACKET_RESULT_LOCKED');
      expect(await sides(a!.id)).toEqual(before);
      expect((await seriesRow(a!.id)).state).toBe('finished');
    });

    it('a swiss series of the current round: reset and enter again', async () => {
      // An open series of the current round (another test may have closed round 1 and started round 2).
      const round = await swissRound();
      const first = (await stageSeries(swissId)).find(
        (s) => s.attributes.roundNumber === round && !s.attributes.bye && s.attributes.state !== 'finished',
      )!;
      expect((await results(organizer, first.id, 6, 5)).statusCode).toBe(200);
      const reset = await call(ctx.app, admin, 'POST', `${T}/match-series/${first.id}/reset`);
      expect(reset.statusCode, reset.body).toBe(200);
      expect(
        reset
          .json()
          .data.attributes.competitors.map((c: SeriesJson['attributes']['competitors'][0]) => c.placement),
      ).toEqual([null, null]);
      expect((await results(organizer, first.id, 6, 5)).statusCode).toBe(200);
    });

    it('role table: reset', async () => {
      for (const role of ROLES) {
        const id = await finished(rosterIds[16]!, rosterIds[17]!);
        const response = await call(ctx.app, callers.tokens[role], 'POST', `${T}/match-series/${id}/reset`);
        expect(response.statusCode, `${role} reset`).toBe(expected(role, 200));
        expect((await seriesRow(id)).state, role).toBe(response.statusCode === 200 ? 'upcoming' : 'finished');
        if (response.statusCode !== 200) expect(await auditOf(id)).toEqual(['match-series.results.enter']);
        // Take the series out of the way.
        await call(ctx.app, admin, 'DELETE', `${T}/match-series/${id}`);
      }
    });
  });

  describe('PATCH date and state', () => {
    it("changes the date (and the sides' copy) and the state; a finished series keeps its state (SERIES_FINISHED)", async () => {
      const id = await ladderSeries(rosterIds[16]!, rosterIds[17]!);
      const date = '2026-03-20T18:30:00Z';
      const patched = await call(ctx.app, organizer, 'PATCH', `${T}/match-series/${id}`, {
        date,
        state: 'scheduled',
        reason: 'clan asked',
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json().data.attributes).toMatchObject({ state: 'scheduled' });
      expect(new Date(patched.json().data.attributes.date).toISOString()).toBe(new Date(date).toISOString());
      const competitorDates = await db()
        .select({ date: matchSeriesCompetitors.date })
        .from(matchSeriesCompetitors)
        .where(eq(matchSeriesCompetitors.matchSeriesId, id));
      expect(competitorDates.map((c) => c.date.toISOString())).toEqual([
        new Date(date).toISOString(),
        new Date(date).toISOString(),
      ]);
      expect(await auditOf(id)).toEqual(['match-series.update']);

      expectRefusal(
        await call(ctx.app, organizer, 'PATCH', `${T}/match-series/${id}`, { state: 'finished' }),
        400,
        'VALIDATION_FAILED',
      );
      expectRefusal(
        await call(ctx.app, organizer, 'PATCH', `${T}/match-series/${id}`, {}),
        400,
        'VALIDATION_FAILED',
      );
      const done = await finished(rosterIds[16]!, rosterIds[17]!);
      const refused = await call(ctx.app, organizer, 'PATCH', `${T}/match-series/${done}`, { state: 'live' });
      expectRefusal(refused, 409, 'CONFLICT', 'SERIES_FINISHED');
      expect((await seriesRow(done)).state).toBe('finished');
      expect(await auditOf(done)).toEqual(['match-series.results.enter']);
      await call(ctx.app, admin, 'DELETE', `${T}/match-series/${done}`);
      await call(ctx.app, admin, 'DELETE', `${T}/match-series/${id}`);
    });

    it('role table: PATCH', async () => {
      const id = await ladderSeries(rosterIds[16]!, rosterIds[17]!);
      for (const role of ROLES) {
        const before = await seriesRow(id);
        const date = new Date(before.date.getTime() + 3_600_000).toISOString();
        const response = await call(ctx.app, callers.tokens[role], 'PATCH', `${T}/match-series/${id}`, {
          date,
        });
        expect(response.statusCode, `${role} patch`).toBe(expected(role, 200));
        const after = await seriesRow(id);
        expect(after.date.getTime() !== before.date.getTime(), role).toBe(response.statusCode === 200);
      }
      await call(ctx.app, admin, 'DELETE', `${T}/match-series/${id}`);
    });
  });

  describe('assign rosters', () => {
    const assign = (token: string | null, assignments: unknown[]) =>
      call(ctx.app, token, 'PATCH', `${T}/match-series/assign-rosters`, { assignments, reason: 'swap' });

    it('sets sides of a ladder series; refusals write nothing', async () => {
      const id = await ladderSeries(rosterIds[16]!, rosterIds[17]!);
      const done = await assign(organizer, [{ matchSeriesId: id, away: rosterIds[18] }]);
      expect(done.statusCode, done.body).toBe(200);
      expect((await sides(id)).map((s) => s.rosterId)).toEqual([rosterIds[16], rosterIds[18]]);
      expect(await auditOf(id)).toEqual(['match-series.assign-rosters']);

      expectRefusal(
        await assign(organizer, [{ matchSeriesId: id, away: rosterIds[16] }]),
        400,
        'VALIDATION_FAILED',
        'SAME_ROSTER',
      );
      expectRefusal(
        await assign(organizer, [{ matchSeriesId: id, away: '00000000-0000-4000-8000-000000000002' }]),
        404,
        'NOT_FOUND',
      );
      // The other event's roster (the role table's captain plays the same event: use a withdrawn one).
      const [withdrawn] = await db()
        .update(rosters)
        .set({ withdrawnAt: ctx.now })
        .where(eq(rosters.id, rosterIds[19]!))
        .returning();
      expectRefusal(
        await assign(organizer, [{ matchSeriesId: id, home: withdrawn!.id }]),
        409,
        'CONFLICT',
        'ROSTER_WITHDRAWN',
      );
      await db().update(rosters).set({ withdrawnAt: null }).where(eq(rosters.id, rosterIds[19]!));
      const bracketFirst = (await stageSeries(bracketId)).find((s) => s.attributes.state === 'scheduled')!;
      // A bracket roster still in play (the bracket disqualify test withdraws one).
      const bracketRoster = (await inPlay(rosterIds.slice(8, 16)))[0]!;
      expectRefusal(
        await assign(organizer, [{ matchSeriesId: bracketFirst.id, home: bracketRoster }]),
        409,
        'CONFLICT',
        'BRACKET_SLOTS',
      );
      const fin = await finished(rosterIds[20]!, rosterIds[21]!);
      // One refused assignment of two: neither is written.
      expectRefusal(
        await assign(organizer, [
          { matchSeriesId: id, away: rosterIds[17] },
          // Roster 19 (put back just above): roster 22 is disqualified by the disqualify test.
          { matchSeriesId: fin, away: rosterIds[19] },
        ]),
        409,
        'CONFLICT',
        'SERIES_FINISHED',
      );
      expect((await sides(id)).map((s) => s.rosterId)).toEqual([rosterIds[16], rosterIds[18]]);
      expect(await auditOf(id)).toEqual(['match-series.assign-rosters']);
      await call(ctx.app, admin, 'DELETE', `${T}/match-series/${fin}`);
      await call(ctx.app, admin, 'DELETE', `${T}/match-series/${id}`);
    });

    it('swiss: two teams swapped across tables at once; a team twice in a round is refused (ROSTER_TWICE_IN_ROUND)', async () => {
      // The current round's tables (another test may have closed round 1 and started round 2).
      const round1 = (
        await adminGet(
          organizer,
          `/match-series?filter[segment]=${mq}&filter[round]=${await swissRound()}&filter[state]=scheduled`,
        )
      ).json().data as SeriesJson[];
      expect(round1.length).toBeGreaterThanOrEqual(2);
      const [x, y] = [round1[round1.length - 2]!, round1[round1.length - 1]!];
      const [xHome, yHome] = [
        x.attributes.competitors[0]!.roster!.id,
        y.attributes.competitors[0]!.roster!.id,
      ];
      const twice = await assign(organizer, [{ matchSeriesId: x.id, home: yHome }]);
      expectRefusal(twice, 409, 'CONFLICT', 'ROSTER_TWICE_IN_ROUND');
      expect((await sides(x.id))[0]!.rosterId).toBe(xHome);
      const outsider = await assign(organizer, [{ matchSeriesId: x.id, home: rosterIds[20] }]);
      expectRefusal(outsider, 400, 'VALIDATION_FAILED', 'ROSTER_NOT_IN_STAGE');
      const swapped = await assign(organizer, [
        { matchSeriesId: x.id, home: yHome },
        { matchSeriesId: y.id, home: xHome },
      ]);
      expect(swapped.statusCode, swapped.body).toBe(200);
      expect([(await sides(x.id))[0]!.rosterId, (await sides(y.id))[0]!.rosterId]).toEqual([yHome, xHome]);
    });

    it('role table: assign rosters', async () => {
      const id = await ladderSeries(rosterIds[16]!, rosterIds[17]!);
      for (const role of ROLES) {
        const before = (await sides(id))[1]!.rosterId;
        const next = before === rosterIds[17] ? rosterIds[18] : rosterIds[17];
        const response = await assign(callers.tokens[role], [{ matchSeriesId: id, away: next }]);
        expect(response.statusCode, `${role} assign`).toBe(expected(role, 200));
        expect((await sides(id))[1]!.rosterId, role).toBe(response.statusCode === 200 ? next : before);
      }
      await call(ctx.app, admin, 'DELETE', `${T}/match-series/${id}`);
    });
  });
});
