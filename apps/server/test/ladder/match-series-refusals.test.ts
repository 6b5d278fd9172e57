import { API, TENANT_HEADER } from '@cwh/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { checkins, matchSeriesCompetitors } from '../../src/db/schema/ladder.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { describeEachDatabase, jsonApiBody, TEST_NOW } from '../harness.js';
import { acceptedSeries } from '../war/official-war-fixtures.js';
import { checkinRefusalCases, UNKNOWN_ID } from './checkin-refusals.js';
import { type Captain, createCaptains, ladderSegment, setClanWar } from './ladder-fixtures.js';
import { call, testClock } from './ladder-http.js';

/**
 * /api/matches/1.0/match-series and /checkins (docs/api/ladder.md, "Match series"): the lookups and
 * filters a client can get wrong, and who may check in when. Every refused check-in is checked
 * against the table: the caller has no check-in afterwards.
 */
const { clock, advance } = testClock();

describeEachDatabase(
  'match series and check-ins: refusals',
  (ctx) => {
    let captains: Captain[] = [];
    let used = 0;
    let segmentId = '';
    /** Two captains who have not played yet (each test takes its own). */
    const freshPair = () => {
      const pair = [captains[used]!, captains[used + 1]!] as const;
      used += 2;
      return pair;
    };

    beforeAll(async () => {
      const segment = await ladderSegment(ctx.database.db);
      segmentId = segment.ladderId;
      captains = await createCaptains(ctx.database.db, {
        count: 50,
        parentSegmentId: segment.parentId,
        eventId: segment.eventId,
        now: TEST_NOW,
      });
    });

    const get = (url: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url, headers });
    const createWar = (c: Captain, matchSeriesId: string) =>
      call(ctx.app, c.token, 'POST', `${API.war}/create-war`, jsonApiBody({ matchSeriesId }));
    const checkIn = (c: Captain, attributes: Record<string, unknown>) =>
      call(ctx.app, c.token, 'POST', `${API.matches}/checkins`, jsonApiBody(attributes));
    const checkinsOf = async (c: Captain) =>
      ctx.database.db.select().from(checkins).where(eq(checkins.userId, c.userId));

    it.each([
      {
        why: 'no match series has this id',
        url: `/match-series/${UNKNOWN_ID}`,
        status: 404,
        code: 'NOT_FOUND',
      },
      { why: 'the id is not a uuid', url: '/match-series/42', status: 400, code: 'VALIDATION_FAILED' },
    ])('GET /match-series/{id} refuses when $why', async ({ url, status, code }) => {
      const response = await get(`${API.matches}${url}`);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().errors[0].code).toBe(code);
    });

    it("GET /match-series/{id} answers NOT_FOUND for another tenant's series", async () => {
      const [a, b] = freshPair();
      const seriesId = await acceptedSeries(ctx.app, a, b);
      expect((await get(`${API.matches}/match-series/${seriesId}`)).statusCode).toBe(200);
      const elsewhere = await get(`${API.matches}/match-series/${seriesId}`, {
        [TENANT_HEADER]: 'other-club',
      });
      expect(elsewhere.statusCode).toBe(404);
      expect(elsewhere.json().errors[0]).toMatchObject({
        code: 'NOT_FOUND',
        detail: `No match series with id ${seriesId}`,
      });
    });

    it.each([
      {
        why: 'filter[state] names an unknown state',
        query: 'filter[state]=new,bogus',
        parameter: 'filter[state]',
      },
      { why: 'filter[state] is empty', query: 'filter[state]=', parameter: 'filter[state]' },
      { why: 'filter[user] is not a uuid', query: 'filter[user]=me', parameter: 'filter[user]' },
      { why: 'filter[roster] is not a uuid', query: 'filter[roster]=1', parameter: 'filter[roster]' },
      { why: 'sort is neither date nor -date', query: 'sort=name', parameter: 'sort' },
      { why: 'page[size] is 0', query: 'page[size]=0', parameter: 'page[size]' },
      { why: 'page[size] is over 100', query: 'page[size]=101', parameter: 'page[size]' },
    ])('GET /match-series refuses when $why', async ({ query, parameter }) => {
      const response = await get(`${API.matches}/match-series?${query}`);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', source: { parameter } });
    });

    it('GET /match-series?filter[state]=live,finished lists only series in those states', async () => {
      const [a, b] = freshPair();
      const [c, d] = freshPair();
      const [e, f] = freshPair();
      const upcoming = await acceptedSeries(ctx.app, a, b);
      const live = await acceptedSeries(ctx.app, c, d);
      expect((await createWar(c, live)).statusCode).toBe(200);
      const finished = await acceptedSeries(ctx.app, e, f);
      await ctx.app.ladder.finishSeries({ matchSeriesId: finished, stars: { home: 1, away: 2 } });

      const response = await get(
        `${API.matches}/match-series?filter[segment]=${segmentId}&filter[state]=live, finished&page[size]=100`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const listed = response.json().data as { id: string; attributes: { state: string } }[];
      expect(new Set(listed.map((s) => s.attributes.state))).toEqual(new Set(['live', 'finished']));
      const ids = listed.map((s) => s.id);
      expect(ids).toEqual(expect.arrayContaining([live, finished]));
      expect(ids).not.toContain(upcoming);
    });

    it('GET /match-series?sort=-date lists the latest series first, sort=date the earliest', async () => {
      const [a, b] = freshPair();
      const [c, d] = freshPair();
      const earlier = await acceptedSeries(ctx.app, a, b);
      advance(1_000);
      const later = await acceptedSeries(ctx.app, c, d);
      const ids = async (sort: string) => {
        const response = await get(
          `${API.matches}/match-series?filter[segment]=${segmentId}&sort=${sort}&page[size]=100`,
        );
        expect(response.statusCode, response.body).toBe(200);
        return (response.json().data as { id: string }[]).map((s) => s.id);
      };
      const latestFirst = await ids('-date');
      expect(latestFirst).toEqual(expect.arrayContaining([earlier, later]));
      expect(latestFirst.indexOf(later)).toBeLessThan(latestFirst.indexOf(earlier));
      const earliestFirst = await ids('date');
      expect(earliestFirst.indexOf(earlier)).toBeLessThan(earliestFirst.indexOf(later));
    });

    it.each([
      { why: 'filter[matchSeries] is missing', query: '' },
      { why: 'filter[matchSeries] is not a uuid', query: '?filter[matchSeries]=abc' },
    ])('GET /checkins refuses when $why', async ({ query }) => {
      const response = await get(`${API.matches}/checkins${query}`);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors[0]).toMatchObject({
        code: 'VALIDATION_FAILED',
        source: { parameter: 'filter[matchSeries]' },
      });
    });

    const checkinRefusals = checkinRefusalCases(ctx, createWar);

    it.each(checkinRefusals)(
      'POST /checkins refuses when $why',
      async ({ arrange, series, stranger, status, code, detail }) => {
        const [a, b] = freshPair();
        const seriesId = series ? await acceptedSeries(ctx.app, a, b) : UNKNOWN_ID;
        const caller = stranger ? captains[captains.length - 1]! : a;
        const response = await checkIn(caller, await arrange({ a, b, seriesId }));
        expect(response.statusCode, response.body).toBe(status);
        const error = response.json().errors[0];
        expect(error.code).toBe(code);
        if (detail) expect(error.detail).toBe(detail);
        expect(await checkinsOf(caller)).toEqual([]);
        if (series) {
          const listed = await get(`${API.matches}/checkins?filter[matchSeries]=${seriesId}`);
          expect(listed.json().data).toEqual([]);
        }
      },
    );

    it('POST /checkins refuses a caller without a token', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `${API.matches}/checkins`,
        headers: { 'content-type': 'application/vnd.api+json' },
        payload: jsonApiBody({ rosterId: captains[0]!.rosterId }),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().errors[0].code).toBe('UNAUTHENTICATED');
    });

    it('a match series check-in is created once: 201, then 200 with the same check-in', async () => {
      const [a, b] = freshPair();
      const seriesId = await acceptedSeries(ctx.app, a, b);
      const first = await checkIn(a, { matchSeriesId: seriesId });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json().data.attributes).toMatchObject({ matchSeries: { id: seriesId }, roster: null });
      const again = await checkIn(a, { matchSeriesId: seriesId });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data.id).toBe(first.json().data.id);
      expect(await checkinsOf(a)).toHaveLength(1);
    });

    it('a captain whose opponent is TBD checks in: only their own clan is asked about wars', async () => {
      const [a, b] = freshPair();
      const seriesId = await acceptedSeries(ctx.app, a, b);
      await ctx.database.db
        .update(matchSeriesCompetitors)
        .set({ rosterId: null })
        .where(
          and(
            eq(matchSeriesCompetitors.matchSeriesId, seriesId),
            eq(matchSeriesCompetitors.rosterId, b.rosterId),
          ),
        );
      // The former opponent's clan is in a war: it no longer plays this series, so it does not matter.
      await setClanWar(ctx.database.db, b.clanTag, 'clanWar');
      const response = await checkIn(a, { matchSeriesId: seriesId });
      expect(response.statusCode, response.body).toBe(201);
    });

    it('GET /match-series/{id} shows a side without a roster as TBD', async () => {
      const [a, b] = freshPair();
      const seriesId = await acceptedSeries(ctx.app, a, b);
      await ctx.database.db
        .update(matchSeriesCompetitors)
        .set({ rosterId: null })
        .where(
          and(
            eq(matchSeriesCompetitors.matchSeriesId, seriesId),
            eq(matchSeriesCompetitors.rosterId, b.rosterId),
          ),
        );
      const response = await get(`${API.matches}/match-series/${seriesId}`);
      expect(response.statusCode, response.body).toBe(200);
      const competitors = response.json().data.attributes.competitors as {
        roster: { id: string } | null;
        displayName: string;
      }[];
      expect(competitors.map((c) => c.roster?.id ?? c.displayName).sort()).toEqual(
        [a.rosterId, 'TBD'].sort(),
      );
    });

    it('a roster check-in is created once: 201, then 200 with the same check-in', async () => {
      const [a] = freshPair();
      const first = await checkIn(a, { rosterId: a.rosterId });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json().data.attributes).toEqual({
        createdAt: clock.now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
        user: { id: a.userId },
        matchSeries: null,
        roster: { id: a.rosterId },
      });
      const again = await checkIn(a, { rosterId: a.rosterId });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data.id).toBe(first.json().data.id);
      expect(await checkinsOf(a)).toHaveLength(1);
    });
  },
  {
    config: { ladder: { ...defaultLadderConfig(), workers: false } },
    deps: { now: () => clock.now },
  },
);
