import { API, adminMatchSeriesDocument, adminMatchSeriesListDocument } from '@cwh/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activityLog,
  ladderStandings,
  matchSeries,
  matchSeriesCompetitors,
  rosters,
  segments,
} from '../../src/db/schema/index.js';
import {
  type Callers,
  call,
  createCallers,
  expectedStatus,
  ORGANIZERS,
  ROLES,
  type Role,
} from '../admin/admin-fixtures.js';
import { describeEachDatabase } from '../harness.js';
import { createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';

const T = API.tournaments;

interface SeriesJson {
  id: string;
  attributes: {
    state: string;
    date: string;
    bye: boolean;
    roundNumber: number | null;
    bracket: 'upper' | 'lower' | null;
    competition: string;
    deletedAt: string | null;
    competitors: {
      roster: { id: string } | null;
      placement: number | null;
      result: { score: number | null; forfeit: boolean };
    }[];
  };
}

/**
 * Match series admin (spec 7, issue #8): list and filters, reset, delete and restore (standings
 * follow), date and state, assign rosters, disqualify; every write audited, every refusal with
 * its code and nothing written, and the role × action table of each call.
 */
describeEachDatabase('match series admin', (ctx) => {
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
  const db = () => ctx.database.db;

  beforeAll(async () => {
    const ladder = await ladderSegment(db());
    ladderId = ladder.ladderId;
    parentId = ladder.parentId;
    const captains = await createCaptains(db(), {
      count: 24,
      offset: 8100,
      parentSegmentId: ladder.parentId,
      eventId: ladder.eventId,
      now: ctx.now,
    });
    rosterIds = captains.map((c) => c.rosterId);
    callers = await createCallers(ctx);
    admin = callers.tokens.admin!;
    organizer = callers.tokens.organizer!;
    otherSegmentId = (
      await db().select().from(segments).where(eq(segments.eventId, callers.otherEventId))
    )[0]!.id;
    const slug = async (name: string) =>
      (await db().select().from(segments).where(eq(segments.slug, name)))[0]!;
    [mq, mf] = [(await slug('monthly-qualifier')).id, (await slug('monthly-finals')).id];
    const create = async (segment: string, attributes: Record<string, unknown>) => {
      const response = await call(ctx.app, admin, 'POST', `${T}/segments/${segment}/bracket`, attributes);
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.id as string;
    };
    // First matches a day ahead: no check-in deadline (no-show forfeit) fires during the tests.
    const startsAt = new Date(ctx.now.getTime() + 24 * 3600_000).toISOString();
    swissId = await create(mq, { rosterIds: rosterIds.slice(0, 8), rounds: 3, startsAt });
    bracketId = await create(mf, { rosterIds: rosterIds.slice(8, 16), startsAt });
  });

  let seriesCounter = 0;
  /** A ladder series between two rosters (scheduled), in the organizer's event unless told. */
  const ladderSeries = async (
    home: string,
    away: string,
    options: { eventId?: string; segmentId?: string } = {},
  ) => {
    seriesCounter += 1;
    const date = new Date(ctx.now.getTime() + seriesCounter * 60_000);
    const [row] = await db()
      .insert(matchSeries)
      .values({
        tenant: 'global',
        eventId: options.eventId ?? callers.eventId,
        segmentId: options.segmentId ?? ladderId,
        date,
        state: 'upcoming',
        createdAt: ctx.now,
      })
      .returning();
    await db()
      .insert(matchSeriesCompetitors)
      .values(
        [home, away].map((rosterId, position) => ({ matchSeriesId: row!.id, position, rosterId, date })),
      );
    return row!.id;
  };
  const results = (token: string | null, id: string, homeStars: number, awayStars: number) =>
    call(ctx.app, token, 'PATCH', `${T}/match-series/${id}/relationships/matches/results`, {
      homeStars,
      awayStars,
      reason: 'war log',
    });
  const finished = async (home: string, away: string, homeStars = 9, awayStars = 4) => {
    const id = await ladderSeries(home, away);
    const response = await results(organizer, id, homeStars, awayStars);
    expect(response.statusCode, response.body).toBe(200);
    return id;
  };
  const tally = async (rosterId: string) =>
    (
      await db()
        .select()
        .from(ladderStandings)
        .where(and(eq(ladderStandings.segmentId, ladderId), eq(ladderStandings.rosterId, rosterId)))
    )[0];
  const seriesRow = async (id: string) =>
    (await db().select().from(matchSeries).where(eq(matchSeries.id, id)))[0]!;
  const sides = async (id: string) =>
    (
      await db()
        .select()
        .from(matchSeriesCompetitors)
        .where(eq(matchSeriesCompetitors.matchSeriesId, id))
        .orderBy(matchSeriesCompetitors.position)
    ).map((c) => ({ rosterId: c.rosterId, score: c.score, placement: c.placement, forfeit: c.forfeit }));
  const auditOf = async (id: string) =>
    (await db().select().from(activityLog).where(eq(activityLog.targetId, id))).map((r) => r.action);
  const adminGet = async (token: string | null, url: string) => call(ctx.app, token, 'GET', `${T}${url}`);
  const publicList = async (query: string) =>
    (await call(ctx.app, null, 'GET', `${API.matches}/match-series?${query}`)).json().data as SeriesJson[];
  const stageSeries = async (stageId: string): Promise<SeriesJson[]> =>
    (await call(ctx.app, null, 'GET', `${T}/bracket/${stageId}/match-series?page[size]=50`)).json().data;
  /** The swiss stage's current round (the highest one created; other tests may start round 2). */
  const swissRound = async () =>
    Math.max(...(await stageSeries(swissId)).map((s) => s.attributes.roundNumber ?? 0));
  /** Rosters of `ids` not withdrawn (other tests disqualify some). */
  const inPlay = async (ids: string[]) => {
    const rows = await db().select().from(rosters);
    return ids.filter((id) => rows.find((r) => r.id === id)?.withdrawnAt === null);
  };
  const expectRefusal = (
    response: {
      statusCode: number;
      body: string;
      json: () => { errors: { code: string; meta?: { reason?: string } }[] };
    },
    status: number,
    code: string,
    reason?: string,
  ) => {
    expect(response.statusCode, response.body).toBe(status);
    const error = response.json().errors[0]!;
    expect(error.code).toBe(code);
    if (reason) expect(error.meta?.reason).toBe(reason);
  };
  /** Expected status of a role on an organizer call (the organizer runs the series' event). */
  const expected = (role: Role, ok: number) => expectedStatus(role, ORGANIZERS, ok);

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
