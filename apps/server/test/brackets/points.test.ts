import { API, pointsListDocument } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { matchSeries, matchSeriesCompetitors, rosters, segments } from '../../src/db/schema/index.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { call, createCallers } from '../admin/admin-fixtures.js';
import { describeEachDatabase } from '../harness.js';
import { createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';
import { insertLadderSeries } from './stage-fixtures.js';

const T = API.tournaments;

/**
 * GET /points of ladder series (the ladder's 3/1/0 for a win, draw and loss, seen from either
 * side) and of a swiss bye (a win worth 3 without an opponent), filtered by series or by roster.
 */
describeEachDatabase(
  'points of a finished series',
  (ctx) => {
    let admin = '';
    let rosterIds: string[] = [];
    let ladder = { eventId: '', segmentId: '' };
    let parentSegmentId = '';
    const names = new Map<string, string>();
    const db = () => ctx.database.db;
    // The series' finishedAt on the wire: the test clock, to the second.
    const finishedAt = () => `${ctx.now.toISOString().slice(0, 19)}Z`;

    beforeAll(async () => {
      const found = await ladderSegment(db());
      ladder = { eventId: found.eventId, segmentId: found.ladderId };
      parentSegmentId = found.parentId;
      rosterIds = (
        await createCaptains(db(), {
          count: 4,
          offset: 8000,
          parentSegmentId: found.parentId,
          eventId: found.eventId,
          now: ctx.now,
        })
      ).map((c) => c.rosterId);
      for (const roster of await db().select().from(rosters)) names.set(roster.id, roster.name ?? '');
      admin = (await createCallers(ctx)).tokens.admin!;
    });

    const results = (id: string, homeStars: number, awayStars: number) =>
      call(ctx.app, admin, 'PATCH', `${T}/match-series/${id}/relationships/matches/results`, {
        homeStars,
        awayStars,
        reason: 'war log',
      });
    const played = async (home: string, away: string, homeStars: number, awayStars: number) => {
      const id = await insertLadderSeries(db(), { ...ladder, home, away, now: ctx.now });
      expect((await results(id, homeStars, awayStars)).statusCode).toBe(200);
      return id;
    };
    const points = async (query: string) => {
      const response = await call(ctx.app, null, 'GET', `${T}/points?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return pointsListDocument.parse(response.json());
    };
    /** The expected points resource of one side of a series (a ladder series unless `stage` says). */
    const row = (
      matchSeriesId: string,
      rosterId: string,
      opponentId: string | null,
      fields: { result: string; points: number; starsFor: number; starsAgainst: number },
      stage: { segmentId: string; competition: string; bye: boolean } = {
        segmentId: ladder.segmentId,
        competition: 'ladder',
        bye: false,
      },
    ) => ({
      id: `${matchSeriesId}:${rosterId}`,
      type: 'points',
      attributes: {
        matchSeries: { id: matchSeriesId },
        roster: { id: rosterId, name: names.get(rosterId), displayName: names.get(rosterId) },
        opponent: opponentId ? { id: opponentId } : null,
        segment: { id: stage.segmentId },
        competition: stage.competition,
        bye: stage.bye,
        finishedAt: finishedAt(),
        ...fields,
      },
    });

    it('a ladder win and an away win: 3 points to the winner, 0 to the loser, each with its own stars', async () => {
      const [a, b, c] = rosterIds as [string, string, string];
      const homeWin = await played(a, b, 9, 5);
      expect(await points(`filter[matchSeries]=${homeWin}`)).toEqual({
        data: [
          row(homeWin, a, b, { result: 'W', points: 3, starsFor: 9, starsAgainst: 5 }),
          row(homeWin, b, a, { result: 'L', points: 0, starsFor: 5, starsAgainst: 9 }),
        ],
        meta: { page: { number: 1, size: 25, total: 2, totalPages: 1 } },
      });
      const awayWin = await played(c, a, 4, 8);
      expect((await points(`filter[matchSeries]=${awayWin}`)).data).toEqual([
        row(awayWin, c, a, { result: 'L', points: 0, starsFor: 4, starsAgainst: 8 }),
        row(awayWin, a, c, { result: 'W', points: 3, starsFor: 8, starsAgainst: 4 }),
      ]);
    });

    it('a ladder draw gives each side 1 point', async () => {
      const [, b, c] = rosterIds as [string, string, string];
      const drawn = await played(b, c, 6, 6);
      expect((await points(`filter[matchSeries]=${drawn}`)).data).toEqual([
        row(drawn, b, c, { result: 'D', points: 1, starsFor: 6, starsAgainst: 6 }),
        row(drawn, c, b, { result: 'D', points: 1, starsFor: 6, starsAgainst: 6 }),
      ]);
    });

    it("filter[roster] lists only that roster's side of each series it played, paged with the total", async () => {
      // Rosters of its own, so no other case's series or bye shows up: a wins at home and away.
      const [a, b, c] = (
        await createCaptains(db(), {
          count: 3,
          offset: 8100,
          parentSegmentId,
          eventId: ladder.eventId,
          now: ctx.now,
        })
      ).map((captain) => captain.rosterId) as [string, string, string];
      await played(a, b, 9, 5);
      await played(c, a, 4, 8);
      const all = await points(`filter[roster]=${a}`);
      expect(all.data.map((p) => [p.attributes.roster.id, p.attributes.result]).sort()).toEqual([
        [a, 'W'],
        [a, 'W'],
      ]);
      expect(all.meta?.page).toEqual({ number: 1, size: 25, total: 2, totalPages: 1 });
      const second = await points(`filter[roster]=${a}&page[size]=1&page[number]=2`);
      expect(second.data).toHaveLength(1);
      expect(second.meta?.page).toEqual({ number: 2, size: 1, total: 2, totalPages: 2 });
      expect(all.data.map((p) => p.id)).toContain(second.data[0]!.id);
      // The series filter ignores paging: one series, all its rows.
      const series = all.data[0]!.attributes.matchSeries.id;
      const one = await points(`filter[matchSeries]=${series}&page[size]=1&page[number]=3`);
      expect(one.data).toHaveLength(2);
      expect(one.meta?.page).toEqual({ number: 1, size: 1, total: 2, totalPages: 2 });
    });

    it('a swiss bye is a win worth 3 match points, without an opponent', async () => {
      const mq = (await db().select().from(segments).where(eq(segments.slug, 'monthly-qualifier')))[0]!.id;
      const created = await call(ctx.app, admin, 'POST', `${T}/segments/${mq}/bracket`, {
        rosterIds: rosterIds.slice(0, 3),
        rounds: 2,
      });
      expect(created.statusCode, created.body).toBe(201);
      const round1 = (
        await call(ctx.app, null, 'GET', `${T}/bracket/${created.json().data.id}/match-series?page[size]=50`)
      ).json().data as {
        id: string;
        attributes: { bye: boolean; competitors: { roster: { id: string } }[] };
      }[];
      const bye = round1.find((s) => s.attributes.bye)!;
      const byeRoster = bye.attributes.competitors[0]!.roster.id;
      expect((await points(`filter[matchSeries]=${bye.id}`)).data).toEqual([
        row(
          bye.id,
          byeRoster,
          null,
          { result: 'W', points: 3, starsFor: 0, starsAgainst: 0 },
          { segmentId: mq, competition: 'swiss', bye: true },
        ),
      ]);
    });

    /** Three rosters of the case's own (captains from `offset`), named in `names`: no other case's series shows up. */
    const ownRosters = async (offset: number) => {
      const own = (
        await createCaptains(db(), {
          count: 3,
          offset,
          parentSegmentId,
          eventId: ladder.eventId,
          now: ctx.now,
        })
      ).map((captain) => captain.rosterId) as [string, string, string];
      for (const roster of await db().select().from(rosters)) names.set(roster.id, roster.name ?? '');
      return own;
    };

    it('filter[roster]: each series with its own opponent, result, stars and points (a home win, an away loss)', async () => {
      const [a, b, c] = await ownRosters(8200);
      const won = await played(a, b, 9, 5);
      const lost = await played(c, a, 8, 4);
      const answered = await points(`filter[roster]=${a}`);
      expect([...answered.data].sort((x, y) => x.id.localeCompare(y.id))).toEqual(
        [
          row(won, a, b, { result: 'W', points: 3, starsFor: 9, starsAgainst: 5 }),
          row(lost, a, c, { result: 'L', points: 0, starsFor: 4, starsAgainst: 8 }),
        ].sort((x, y) => x.id.localeCompare(y.id)),
      );
      expect(answered.meta?.page).toEqual({ number: 1, size: 25, total: 2, totalPages: 1 });
    });

    /** A scheduled ladder series whose home side has no roster (insertLadderSeries names a home). */
    const emptyHomeSeries = async (away: string) => {
      const [series] = await db()
        .insert(matchSeries)
        .values({ tenant: 'global', ...ladder, date: ctx.now, state: 'scheduled', createdAt: ctx.now })
        .returning();
      await db()
        .insert(matchSeriesCompetitors)
        .values(
          [null, away].map((rosterId, position) => ({
            matchSeriesId: series!.id,
            position,
            rosterId,
            date: ctx.now,
          })),
        );
      return series!.id;
    };

    it('a finished ladder series with a side without a roster gives no points to either side', async () => {
      const [a, b] = await ownRosters(8300);
      // A competitor row without a roster on the empty side (away, then home), as the ladder leaves
      // it; the ladder's finishSeries (a war result) finishes the series with both sides stored.
      const emptyAway = await insertLadderSeries(db(), { ...ladder, home: a, away: null, now: ctx.now });
      for (const id of [emptyAway, await emptyHomeSeries(b)]) {
        const finished = await ctx.app.ladder.finishSeries({
          matchSeriesId: id,
          stars: { home: 3, away: 0 },
        });
        expect(finished?.state).toBe('finished');
        const answered = await points(`filter[matchSeries]=${id}`);
        expect([answered.data, answered.meta?.page.total]).toEqual([[], 0]);
      }
      // Nor a row in the roster's list, whose total counts only the series that give it one.
      for (const roster of [a, b]) {
        const listed = await points(`filter[roster]=${roster}`);
        expect([listed.data, listed.meta?.page.total]).toEqual([[], 0]);
      }
    });

    it('refuses a query without a filter (400, naming the parameter) and an unknown series or roster (404)', async () => {
      const none = await call(ctx.app, null, 'GET', `${T}/points`);
      expect(none.statusCode).toBe(400);
      expect(none.json().errors[0]).toMatchObject({
        code: 'VALIDATION_FAILED',
        detail: 'filter[matchSeries] or filter[roster] is required',
        source: { parameter: 'filter[matchSeries]' },
      });
      const unknown = '00000000-0000-4000-8000-000000000079';
      for (const [filter, detail] of [
        ['matchSeries', `No match series ${unknown}`],
        ['roster', `No roster ${unknown}`],
      ] as const) {
        const response = await call(ctx.app, null, 'GET', `${T}/points?filter[${filter}]=${unknown}`);
        expect(response.statusCode).toBe(404);
        expect(response.json().errors[0]).toMatchObject({ code: 'NOT_FOUND', detail });
      }
    });
  },
  // No background work: the check-in deadline jobs would forfeit the series these tests decide.
  { config: { ladder: { ...defaultLadderConfig(), workers: false } } },
);
