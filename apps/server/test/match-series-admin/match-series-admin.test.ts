import { API, adminMatchSeriesDocument, adminMatchSeriesListDocument } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog, rosters } from '../../src/db/schema/index.js';
import { type Callers, call, ROLES } from '../admin/admin-fixtures.js';
import { describeEachDatabase } from '../harness.js';
import { createCaptains } from '../ladder/ladder-fixtures.js';
import { matchSeriesAdminFixture, type SeriesJson, T } from './match-series-admin-fixtures.js';

/**
 * Match series admin (spec 7, issue #8): list and filters, delete and restore (standings follow), disqualify, and a swiss round closed; every write audited, every refusal with its code and nothing written, and the role × action table of each call. Reset, date and state and assign rosters: match-series-admin-edits.test.ts.
 */
describeEachDatabase('match series admin', (ctx) => {
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
    publicList,
    stageSeries,
    expectRefusal,
    expected,
  } = matchSeriesAdminFixture(ctx);
  let callers: Callers;
  let admin = '';
  let organizer = '';
  let rosterIds: string[] = [];
  let ladderId = '';
  let parentId = '';
  let otherSegmentId = '';
  let mq = '';
  let mf = '';
  let swissId = '';
  let bracketId = '';
  beforeAll(() => {
    ({
      callers,
      admin,
      organizer,
      rosterIds,
      ladderId,
      parentId,
      otherSegmentId,
      mq,
      mf,
      swissId,
      bracketId,
    } = setup);
  });

  describe('reads', () => {
    it('role table: GET /match-series, /{id} and /deleted (organizer of the event and admin)', async () => {
      const id = await ladderSeries(rosterIds[16]!, rosterIds[17]!);
      for (const role of ROLES) {
        const token = callers.tokens[role];
        const list = await adminGet(token, `/match-series?filter[event]=${callers.eventId}`);
        expect(list.statusCode, `${role} list`).toBe(expected(role, 200));
        const one = await adminGet(token, `/match-series/${id}`);
        expect(one.statusCode, `${role} one`).toBe(expected(role, 200));
        const deleted = await adminGet(token, `/match-series/deleted?filter[event]=${callers.eventId}`);
        expect(deleted.statusCode, `${role} deleted`).toBe(expected(role, 200));
      }
      const one = adminMatchSeriesDocument.parse((await adminGet(organizer, `/match-series/${id}`)).json());
      expect(one.data.attributes).toMatchObject({
        competition: 'ladder',
        deletedAt: null,
        state: 'upcoming',
      });
      expectRefusal(
        await adminGet(organizer, '/match-series/00000000-0000-4000-8000-000000000001'),
        404,
        'NOT_FOUND',
      );
    });

    it('filters: segment, state, roster, round, date range, paging; an organizer sees only their events', async () => {
      const other = await ladderSeries(rosterIds[18]!, rosterIds[19]!, {
        eventId: callers.otherEventId,
        segmentId: otherSegmentId,
      });
      const mine = await ladderSeries(rosterIds[18]!, rosterIds[19]!);
      const list = async (token: string, query: string) => {
        const size = query.includes('page[size]') ? '' : 'page[size]=100&';
        const response = await adminGet(token, `/match-series?${size}${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return adminMatchSeriesListDocument.parse(response.json());
      };
      const organizerIds = (await list(organizer, `filter[roster]=${rosterIds[18]}`)).data.map((s) => s.id);
      expect(organizerIds).toEqual([mine]);
      const adminIds = (await list(admin, `filter[roster]=${rosterIds[18]}`)).data.map((s) => s.id).sort();
      expect(adminIds).toEqual([mine, other].sort());
      // The organizer of the other event sees only theirs.
      const otherOrganizer = callers.tokens['organizer of another event']!;
      expect((await list(otherOrganizer, `filter[roster]=${rosterIds[18]}`)).data.map((s) => s.id)).toEqual([
        other,
      ]);

      const swiss = await list(organizer, `filter[segment]=${mq}&filter[round]=1`);
      expect(swiss.data.length).toBe(4);
      expect(swiss.data.every((s) => s.attributes.competition === 'swiss')).toBe(true);
      expect((await list(organizer, `filter[segment]=${mq}&filter[round]=2`)).data).toEqual([]);
      const bracket = await list(organizer, `filter[segment]=${mf}&filter[state]=scheduled`);
      expect(bracket.data.length).toBeGreaterThan(0);
      expect(bracket.data.every((s) => s.attributes.state === 'scheduled')).toBe(true);
      expect(bracket.data.every((s) => s.attributes.competition === 'double_elimination')).toBe(true);

      const mineRow = await seriesRow(mine);
      const at = mineRow.date.toISOString();
      const ranged = await list(admin, `filter[roster]=${rosterIds[18]}&filter[from]=${at}&filter[to]=${at}`);
      expect(ranged.data.map((s) => s.id)).toEqual([mine]);
      const paged = await list(admin, `filter[segment]=${mq}&page[size]=3&page[number]=2`);
      expect(paged.meta?.page).toMatchObject({ number: 2, size: 3, total: 4, totalPages: 2 });
      expect(paged.data.length).toBe(1);

      const bad = await adminGet(admin, '/match-series?filter[state]=done');
      expectRefusal(bad, 400, 'VALIDATION_FAILED');
    });
  });

  describe('delete and restore', () => {
    it('a deleted finished ladder series leaves the public lists, standings and points; restore puts it back', async () => {
      const [home, away] = [rosterIds[16]!, rosterIds[17]!];
      const before = { home: await tally(home), away: await tally(away) };
      const id = await finished(home, away, 9, 4);
      const played = { home: await tally(home), away: await tally(away) };
      expect(played.home!.points - (before.home?.points ?? 0)).toBe(3);
      expect(played.home!.wins - (before.home?.wins ?? 0)).toBe(1);
      expect((await publicList(`filter[roster]=${home}&page[size]=100`)).map((s) => s.id)).toContain(id);

      const removed = await call(ctx.app, organizer, 'DELETE', `${T}/match-series/${id}?reason=duplicate`);
      expect(removed.statusCode, removed.body).toBe(204);
      expect((await seriesRow(id)).deletedAt).not.toBeNull();
      expect(await tally(home)).toMatchObject({
        points: before.home?.points ?? 0,
        wins: before.home?.wins ?? 0,
        gamesPlayed: before.home?.gamesPlayed ?? 0,
      });
      expect((await tally(away))?.losses ?? 0).toBe(before.away?.losses ?? 0);
      expect((await publicList(`filter[roster]=${home}&page[size]=100`)).map((s) => s.id)).not.toContain(id);
      expect((await call(ctx.app, null, 'GET', `${API.matches}/match-series/${id}`)).statusCode).toBe(404);
      expect((await call(ctx.app, null, 'GET', `${T}/points?filter[matchSeries]=${id}`)).statusCode).toBe(
        404,
      );
      // A recalculation agrees: the deleted series is not counted.
      await ctx.app.ladder.recalculateSegment(ladderId);
      expect((await tally(home))?.points ?? 0).toBe(before.home?.points ?? 0);
      // The results call, the admin list and a second delete do not see it.
      expectRefusal(await results(organizer, id, 1, 0), 404, 'NOT_FOUND');
      expect(
        (await adminGet(organizer, `/match-series?filter[roster]=${home}&page[size]=100`))
          .json()
          .data.map((s: SeriesJson) => s.id),
      ).not.toContain(id);
      expectRefusal(await call(ctx.app, organizer, 'DELETE', `${T}/match-series/${id}`), 404, 'NOT_FOUND');
      const deleted = adminMatchSeriesListDocument.parse(
        (await adminGet(organizer, `/match-series/deleted?filter[segment]=${ladderId}`)).json(),
      );
      expect(deleted.data.find((s) => s.id === id)?.attributes.deletedAt).not.toBeNull();
      expect(
        (await adminGet(organizer, `/match-series/${id}`)).json().data.attributes.deletedAt,
      ).not.toBeNull();

      const restored = await call(ctx.app, organizer, 'POST', `${T}/match-series/deleted/${id}/restore`);
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json().data.attributes).toMatchObject({ deletedAt: null, state: 'finished' });
      expect(await tally(home)).toMatchObject({ points: played.home!.points, wins: played.home!.wins });
      expect((await publicList(`filter[roster]=${home}&page[size]=100`)).map((s) => s.id)).toContain(id);
      await ctx.app.ladder.recalculateSegment(ladderId);
      expect((await tally(home))?.points).toBe(played.home!.points);
      expectRefusal(
        await call(ctx.app, organizer, 'POST', `${T}/match-series/deleted/${id}/restore`),
        404,
        'NOT_FOUND',
      );
      expect(await auditOf(id)).toEqual(
        expect.arrayContaining(['match-series.results.enter', 'match-series.delete', 'match-series.restore']),
      );
      const entry = (await db().select().from(activityLog).where(eq(activityLog.targetId, id))).find(
        (r) => r.action === 'match-series.delete',
      )!;
      expect(entry.after).toMatchObject({ reason: 'duplicate' });
    });

    it('an open series frees its rosters when deleted; restore is refused while one plays another series', async () => {
      const [home, away, third] = [rosterIds[20]!, rosterIds[21]!, rosterIds[22]!];
      const id = await ladderSeries(home, away);
      expect((await call(ctx.app, admin, 'DELETE', `${T}/match-series/${id}`)).statusCode).toBe(204);
      const busy = await ladderSeries(home, third);
      const refused = await call(ctx.app, admin, 'POST', `${T}/match-series/deleted/${id}/restore`);
      expectRefusal(refused, 409, 'CONFLICT', 'ROSTER_IN_PLAY');
      expect((await seriesRow(id)).deletedAt).not.toBeNull();
      expect((await call(ctx.app, admin, 'DELETE', `${T}/match-series/${busy}`)).statusCode).toBe(204);
      const restored = await call(ctx.app, admin, 'POST', `${T}/match-series/deleted/${id}/restore`);
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json().data.attributes).toMatchObject({ state: 'upcoming', deletedAt: null });
    });

    it('a stage series cannot be deleted (STAGE_SERIES), nothing written', async () => {
      // A stage series no other test wrote to (they enter results in, reset and reassign some).
      let first: SeriesJson | undefined;
      for (const s of [...(await stageSeries(swissId)), ...(await stageSeries(bracketId))]) {
        if ((await auditOf(s.id)).length === 0) {
          first = s;
          break;
        }
      }
      if (!first) throw new Error('no untouched stage series');
      expectRefusal(
        await call(ctx.app, admin, 'DELETE', `${T}/match-series/${first.id}`),
        409,
        'CONFLICT',
        'STAGE_SERIES',
      );
      expect((await seriesRow(first.id)).deletedAt).toBeNull();
      expect(await auditOf(first.id)).toEqual([]);
    });

    it('role table: DELETE and restore', async () => {
      for (const role of ROLES) {
        const id = await finished(rosterIds[16]!, rosterIds[17]!);
        const removed = await call(ctx.app, callers.tokens[role], 'DELETE', `${T}/match-series/${id}`);
        expect(removed.statusCode, `${role} delete`).toBe(expected(role, 204));
        if (removed.statusCode !== 204) {
          expect((await seriesRow(id)).deletedAt, role).toBeNull();
          expect(await auditOf(id)).toEqual(['match-series.results.enter']);
          await call(ctx.app, admin, 'DELETE', `${T}/match-series/${id}`);
        }
        const restored = await call(
          ctx.app,
          callers.tokens[role],
          'POST',
          `${T}/match-series/deleted/${id}/restore`,
        );
        expect(restored.statusCode, `${role} restore`).toBe(expected(role, 200));
        expect((await seriesRow(id)).deletedAt === null, role).toBe(restored.statusCode === 200);
      }
    });
  });

  describe('disqualify', () => {
    const disqualify = (token: string | null, segmentId: string, rosterId: string) =>
      call(ctx.app, token, 'POST', `${T}/segments/${segmentId}/rosters/${rosterId}/disqualify`, {
        reason: 'cheating',
      });

    it('withdraws the roster and forfeits its open series (FFL for it, a win for the opponent); twice is refused', async () => {
      // Roster 22 also has a deleted open series (above): a deleted series is not forfeited.
      const [dq, opponent] = [rosterIds[22]!, rosterIds[23]!];
      const before = await tally(opponent);
      const id = await ladderSeries(dq, opponent);
      const response = await disqualify(organizer, parentId, dq);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.attributes).toMatchObject({
        forfeitedMatchSeriesIds: [id],
        reason: 'cheating',
      });
      const roster = (await db().select().from(rosters).where(eq(rosters.id, dq)))[0]!;
      expect(roster.withdrawnAt).not.toBeNull();
      expect((await seriesRow(id)).state).toBe('finished');
      expect((await sides(id)).map((s) => [s.placement, s.forfeit])).toEqual([
        [2, true],
        [1, false],
      ]);
      expect((await tally(opponent))!.wins - (before?.wins ?? 0)).toBe(1);
      expect(await auditOf(dq)).toEqual(['roster.disqualify']);
      expectRefusal(await disqualify(organizer, parentId, dq), 409, 'CONFLICT', 'ROSTER_WITHDRAWN');
      expectRefusal(await disqualify(organizer, ladderId, opponent), 404, 'NOT_FOUND');
      expect(await auditOf(dq)).toEqual(['roster.disqualify']);
    });

    it('in a bracket: the disqualified team forfeits its open match and the opponent moves on', async () => {
      const open = (await stageSeries(bracketId)).find(
        (s) =>
          s.attributes.state === 'scheduled' &&
          !s.attributes.bye &&
          s.attributes.competitors.every((c) => c.roster),
      )!;
      const [dq, opponent] = [
        open.attributes.competitors[0]!.roster!.id,
        open.attributes.competitors[1]!.roster!.id,
      ];
      const response = await disqualify(admin, parentId, dq);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.attributes.forfeitedMatchSeriesIds).toContain(open.id);
      expect((await seriesRow(open.id)).state).toBe('finished');
      expect((await sides(open.id)).map((s) => [s.rosterId, s.placement, s.forfeit])).toEqual([
        [dq, 2, true],
        [opponent, 1, false],
      ]);
      const later = (await stageSeries(bracketId)).filter(
        (s) => s.id !== open.id && s.attributes.competitors.some((c) => c.roster?.id === opponent),
      );
      expect(later.length).toBeGreaterThan(0);
    });

    it('role table: disqualify', async () => {
      const fresh = await createCaptains(db(), {
        count: ROLES.length,
        offset: 8200,
        parentSegmentId: parentId,
        eventId: callers.eventId,
        now: ctx.now,
      });
      for (const [i, role] of ROLES.entries()) {
        const rosterId = fresh[i]!.rosterId;
        const response = await disqualify(callers.tokens[role], parentId, rosterId);
        expect(response.statusCode, `${role} disqualify`).toBe(expected(role, 200));
        const roster = (await db().select().from(rosters).where(eq(rosters.id, rosterId)))[0]!;
        expect(roster.withdrawnAt !== null, role).toBe(response.statusCode === 200);
      }
    });
  });
  describe('swiss: once the next round started', () => {
    it('a round 1 series can no longer be reset (ROUND_CLOSED), nothing written', async () => {
      const round1 = (
        (await adminGet(organizer, `/match-series?filter[segment]=${mq}&filter[round]=1`)).json()
          .data as SeriesJson[]
      ).filter((s) => !s.attributes.bye);
      for (const s of round1.filter((r) => r.attributes.state !== 'finished'))
        expect((await results(organizer, s.id, 7, 3)).statusCode).toBe(200);
      const next = await call(ctx.app, admin, 'POST', `${T}/segments/${mq}/bracket/rounds`);
      expect(next.statusCode, next.body).toBeLessThan(300);
      const target = round1[0]!;
      const before = await sides(target.id);
      const audited = await auditOf(target.id);
      const refused = await call(ctx.app, organizer, 'POST', `${T}/match-series/${target.id}/reset`);
      expectRefusal(refused, 409, 'CONFLICT', 'ROUND_CLOSED');
      expect(await sides(target.id)).toEqual(before);
      expect((await seriesRow(target.id)).state).toBe('finished');
      expect(await auditOf(target.id)).toEqual(audited);
    });
  });
});
