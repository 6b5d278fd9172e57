import { API } from '@cwh/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  competitionRounds,
  matchSeries,
  matchSeriesCompetitors,
  segments,
} from '../../src/db/schema/index.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { bearer, describeEachDatabase, jsonApiBody, jsonApiRequest, loginAsAdmin } from '../harness.js';
import { createCaptains, createUserWithToken, ladderSegment } from '../ladder/ladder-fixtures.js';
import { copySegment } from './stage-fixtures.js';

const T = API.tournaments;

describeEachDatabase(
  'brackets: stages, rounds, records',
  (ctx) => {
    let admin = '';
    let player = '';
    let rosterIds: string[] = [];
    const segmentId = async (slug: string) =>
      (await ctx.database.db.select().from(segments).where(eq(segments.slug, slug)))[0]!.id;

    beforeAll(async () => {
      const { parentId, eventId } = await ladderSegment(ctx.database.db);
      const captains = await createCaptains(ctx.database.db, {
        count: 9,
        offset: 7000,
        parentSegmentId: parentId,
        eventId,
        now: ctx.now,
      });
      rosterIds = captains.map((c) => c.rosterId);
      admin = (await loginAsAdmin(ctx.app)).token.value;
      player = (await createUserWithToken(ctx.database.db, 'bracket-player@test.local', ctx.now)).token;
    });

    const create = (segment: string, attributes: Record<string, unknown>, token?: string) =>
      ctx.app.inject(
        jsonApiRequest({
          method: 'POST',
          url: `${T}/segments/${segment}/bracket`,
          payload: jsonApiBody(attributes),
          headers: token ? bearer(token) : {},
        }),
      );
    const nextRound = (segment: string, token?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `${T}/segments/${segment}/bracket/rounds`,
        headers: token ? bearer(token) : {},
      });
    const get = (url: string) => ctx.app.inject({ method: 'GET', url: `${T}${url}` });

    /** Finishes every open series of the segment: the home side wins 9 stars to 6. */
    async function finishOpenSeries(segment: string) {
      const open = await ctx.database.db
        .select()
        .from(matchSeries)
        .where(and(eq(matchSeries.segmentId, segment), eq(matchSeries.state, 'scheduled')));
      for (const series of open) {
        await ctx.database.db
          .update(matchSeries)
          .set({ state: 'finished', finishedAt: ctx.now })
          .where(eq(matchSeries.id, series.id));
        for (const [position, placement, score] of [
          [0, 1, 9],
          [1, 2, 6],
        ] as const) {
          await ctx.database.db
            .update(matchSeriesCompetitors)
            .set({ placement, score })
            .where(
              and(
                eq(matchSeriesCompetitors.matchSeriesId, series.id),
                eq(matchSeriesCompetitors.position, position),
              ),
            );
        }
      }
      return open.length;
    }

    it.each([
      ['anonymous', undefined, 401],
      ['player', 'player', 403],
    ])('refuses stage creation to %s', async (role, who, status) => {
      // A qualifier of its own (a copy of the monthly qualifier), which no other case gives a stage.
      const qualifier = (await copySegment(ctx.database.db, 'monthly-qualifier', `refused-stage-${role}`)).id;
      const response = await create(qualifier, { rosterIds }, who ? player : undefined);
      expect(response.statusCode).toBe(status);
      expect(await get(`/segments/${qualifier}/bracket/info`).then((r) => r.statusCode)).toBe(404);
    });

    // Attributes are built lazily: the rosters exist only after beforeAll.
    it.each([
      ['an unknown attribute', () => ({ colour: 'red' }), undefined],
      [
        'a duplicate roster',
        () => ({ rosterIds: [rosterIds[0], rosterIds[0]] }),
        '/data/attributes/rosterIds',
      ],
      ['rounds and early exit together', () => ({ rounds: 3, wins: 3 }), '/data/attributes/rounds'],
      [
        'a roster from outside the stage',
        () => ({ rosterIds: ['00000000-0000-4000-8000-000000000001', rosterIds[1]] }),
        '/data/attributes/rosterIds',
      ],
    ])('answers 400 to %s', async (why, attributes, pointer) => {
      // A qualifier without a stage (a copy of the monthly qualifier): with one, BRACKET_EXISTS comes first.
      const qualifier = await copySegment(
        ctx.database.db,
        'monthly-qualifier',
        `invalid-${why.replaceAll(' ', '-')}`,
      );
      const response = await create(qualifier.id, attributes(), admin);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].code).toBe('VALIDATION_FAILED');
      if (pointer) expect(response.json().errors[0].source.pointer).toBe(pointer);
    });

    it('answers 404 for an unknown segment', async () => {
      expect((await create('00000000-0000-4000-8000-000000000002', { rosterIds }, admin)).statusCode).toBe(
        404,
      );
    });

    it('answers 409 NOT_A_BRACKET_SEGMENT for a ladder segment', async () => {
      const ladder = await create(await segmentId('open-qualifier'), { rosterIds }, admin);
      expect(ladder.statusCode).toBe(409);
      expect(ladder.json().errors[0].meta.reason).toBe('NOT_A_BRACKET_SEGMENT');
    });

    it('creates a 9-team swiss stage: round 1 by seed with a bye, then the next round in win-loss pools', async () => {
      const mq = await segmentId('monthly-qualifier');
      const created = await create(mq, { rosterIds, rounds: 3 }, admin);
      expect(created.statusCode).toBe(201);
      const info = created.json().data;
      expect(info.attributes.swiss).toMatchObject({
        mode: 'fixed',
        rounds: 3,
        currentRound: 1,
        complete: false,
      });
      expect((await create(mq, { rosterIds }, admin)).json().errors[0].meta.reason).toBe('BRACKET_EXISTS');

      const round1 = (await get(`/bracket/${info.id}/match-series?filter[roundNumber]=1`)).json();
      expect(round1.data).toHaveLength(5);
      const bye = round1.data.find((s: { attributes: { bye: boolean } }) => s.attributes.bye);
      expect(bye.attributes.competitors[0].roster.id).toBe(rosterIds[8]);
      const firstTable = round1.data[0].attributes.competitors
        .map((c: { roster: { id: string } }) => c.roster.id)
        .sort();
      expect(firstTable).toEqual([rosterIds[0], rosterIds[7]].sort());

      expect((await nextRound(mq, player)).statusCode).toBe(403);
      const early = await nextRound(mq, admin);
      expect(early.statusCode).toBe(409);
      expect(early.json().errors[0].meta.reason).toBe('ROUND_NOT_FINISHED');

      expect(await finishOpenSeries(mq)).toBe(4);
      const round2 = await nextRound(mq, admin);
      expect(round2.statusCode).toBe(201);
      const attributes = round2.json().data.attributes;
      expect(attributes.roundNumber).toBe(2);
      expect(attributes.rematches).toBe(0);
      expect(attributes.pairings).toHaveLength(4);
      expect(attributes.pairings[0].pool).toBe('1-0');
      expect(attributes.byeRosterId).not.toBe(rosterIds[8]);
      const stored = await ctx.database.db
        .select()
        .from(competitionRounds)
        .where(and(eq(competitionRounds.stageId, info.id), eq(competitionRounds.roundNumber, 2)));
      expect(stored[0]!.output.pairings).toEqual(attributes.pairings);
      expect(stored[0]!.input.results).toHaveLength(4);

      const records = (await get(`/segments/${mq}/swiss-records?filter[roundNumber]=1`)).json();
      expect(records.meta.page.size).toBe(50);
      expect(records.data).toHaveLength(9);
      expect(records.data.map((r: { attributes: { rank: number } }) => r.attributes.rank)).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8, 9,
      ]);
      expect(
        records.data.filter((r: { attributes: { record: string } }) => r.attributes.record === '1-0'),
      ).toHaveLength(5);
      const before = (await get(`/segments/${mq}/swiss-records?filter[roundNumber]=0`)).json();
      expect(
        before.data.every((r: { attributes: { record: string } }) => r.attributes.record === '0-0'),
      ).toBe(true);
    });

    /**
     * A 9-team swiss stage of its own (on a copy of the monthly qualifier, 3 rounds) with round 1
     * finished and round 2 paired, nothing played in it: the state the creation case leaves the
     * seeded one in. The cases below build one each, so they run alone and in any order.
     */
    const swissInRound2 = async (slug: string) => {
      const mq = (await copySegment(ctx.database.db, 'monthly-qualifier', slug)).id;
      const created = await create(mq, { rosterIds, rounds: 3 }, admin);
      expect(created.statusCode, created.body).toBe(201);
      const stageId = created.json().data.id as string;
      expect(await finishOpenSeries(mq)).toBe(4);
      expect((await nextRound(mq, admin)).statusCode).toBe(201);
      return { mq, stageId };
    };
    const swissResult = (matchSeriesId: string, homeStars: number, awayStars: number) =>
      ctx.app.inject(
        jsonApiRequest({
          method: 'PATCH',
          url: `${T}/match-series/${matchSeriesId}/relationships/matches/results`,
          payload: jsonApiBody({
            reason: 'organizer result',
            homeStars,
            awayStars,
            homeDestruction: 75,
            awayDestruction: 75,
          }),
          headers: bearer(admin),
        }),
      );

    it('resets the current round and regenerates it identically (seeded), organizers only', async () => {
      const { mq, stageId } = await swissInRound2('reset-round');
      const reset = (token: string) =>
        ctx.app.inject({
          method: 'POST',
          url: `${T}/segments/${mq}/bracket/rounds/reset`,
          headers: bearer(token),
        });
      const before = (
        await ctx.database.db
          .select()
          .from(competitionRounds)
          .where(and(eq(competitionRounds.stageId, stageId), eq(competitionRounds.roundNumber, 2)))
      )[0]!;
      expect((await reset(player)).statusCode).toBe(403);
      const response = await reset(admin);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.attributes.swiss.currentRound).toBe(1);
      const info = response.json().data;
      expect(info.id).toBe(stageId);
      expect((await get(`/bracket/${info.id}/match-series?filter[roundNumber]=2`)).json().data).toHaveLength(
        0,
      );
      const again = await nextRound(mq, admin);
      expect(again.statusCode).toBe(201);
      const { matchSeriesIds: _ids, ...attributes } = again.json().data.attributes;
      expect(attributes.pairings).toEqual(before.output.pairings);
      expect(attributes.prngSeed).toBe(before.output.prngSeed);
    });

    it('takes swiss results for the current round only (a draw scores), refuses the closed round', async () => {
      const { mq } = await swissInRound2('swiss-results');
      const info = (await get(`/segments/${mq}/bracket/info`)).json().data;
      // A draw: 8 stars and 75 % each.
      const post = (matchSeriesId: string) => swissResult(matchSeriesId, 8, 8);
      const round = (n: number) =>
        get(`/bracket/${info.id}/match-series?filter[roundNumber]=${n}`).then((r) => r.json().data);
      const closed = await post((await round(1))[0].id);
      expect(closed.statusCode).toBe(409);
      expect(closed.json().errors[0].meta.reason).toBe('ROUND_CLOSED');
      const open = (await round(2)).find((s: { attributes: { bye: boolean } }) => !s.attributes.bye);
      const recorded = await post(open.id);
      expect(recorded.statusCode).toBe(200);
      expect(recorded.json().data.attributes.winnerRosterId).toBeNull();
      const after = (await round(2)).find((s: { id: string }) => s.id === open.id);
      expect(after.attributes.state).toBe('finished');
      expect(after.attributes.competitors.map((c: { placement: number }) => c.placement)).toEqual([1, 1]);
    });

    it('refuses to advance a swiss stage before its last round', async () => {
      const mq = await segmentId('monthly-qualifier');
      const response = await ctx.app.inject(
        jsonApiRequest({
          method: 'POST',
          url: `${T}/segments/${mq}/advance`,
          payload: jsonApiBody({
            rules: [{ nextSegmentId: await segmentId('monthly-finals'), placements: [1] }],
          }),
          headers: bearer(admin),
        }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().errors[0].meta.reason).toBe('STAGE_NOT_FINISHED');
    });

    it('refuses to reset a round that has a result', async () => {
      const { stageId, mq } = await swissInRound2('reset-refused');
      const round2 = (await get(`/bracket/${stageId}/match-series?filter[roundNumber]=2`)).json().data;
      const open = round2.find((s: { attributes: { bye: boolean } }) => !s.attributes.bye);
      expect((await swissResult(open.id, 9, 4)).statusCode).toBe(200);
      const response = await ctx.app.inject({
        method: 'POST',
        url: `${T}/segments/${mq}/bracket/rounds/reset`,
        headers: bearer(admin),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().errors[0].meta.reason).toBe('ROUND_HAS_RESULTS');
    });

    it('creates an 8-team double elimination: 15 nodes, seeds 1v8 4v5 2v7 3v6, no swiss rounds or records', async () => {
      const mf = await segmentId('monthly-finals');
      const created = await create(mf, { rosterIds: rosterIds.slice(0, 8) }, admin);
      expect(created.statusCode).toBe(201);
      const { id, attributes } = created.json().data;
      expect(attributes.doubleElimination).toMatchObject({
        matches: 15,
        playedMatches: 0,
        championRosterId: null,
      });
      const upper = (await get(`/bracket/${id}/match-series?filter[bracket.number]=1`)).json();
      expect(upper.data).toHaveLength(7);
      const seeds = upper.data
        .slice(0, 4)
        .map((s: { attributes: { competitors: { roster: { id: string } }[] } }) =>
          s.attributes.competitors.map((c) => rosterIds.indexOf(c.roster.id) + 1),
        );
      expect(seeds).toEqual([
        [1, 8],
        [4, 5],
        [2, 7],
        [3, 6],
      ]);
      const finals = (await get(`/bracket/${id}/match-series?filter[bracket.number]=3`)).json().data;
      expect(finals).toHaveLength(2);
      // 8 teams follow the World Finals days: the grand final (match 14) is the 2nd match of day 3,
      // and day 3 starts an hour later than days 1 and 2 (spec 3: 14:00, 14:00, 15:00).
      const dayOne = Date.parse(upper.data[0].attributes.date);
      expect(Date.parse(finals[0].attributes.date) - dayOne).toBe(2 * 24 * 3600_000 + 2 * 3600_000);
      expect((await nextRound(mf, admin)).json().errors[0].meta.reason).toBe('NOT_SWISS');
      expect((await get(`/segments/${mf}/swiss-records`)).statusCode).toBe(404);
    });

    it.each([
      {
        why: 'an unknown bracket id',
        path: async () => '/bracket/00000000-0000-4000-8000-000000000003/match-series',
        status: 404,
      },
      { why: 'a malformed bracket id', path: async () => '/bracket/not-a-uuid/match-series', status: 400 },
      {
        why: 'a bracket number that does not exist',
        path: async () => {
          // A double elimination of its own (on a copy of the monthly finals): 3 brackets, no 7th.
          const finals = await copySegment(ctx.database.db, 'monthly-finals', 'missing-bracket-number');
          const created = await create(finals.id, { rosterIds: rosterIds.slice(0, 8) }, admin);
          expect(created.statusCode, created.body).toBe(201);
          return `/bracket/${created.json().data.id}/match-series?filter[bracket.number]=7`;
        },
        status: 400,
      },
    ])('answers $status for $why', async ({ path, status }) => {
      expect((await get(await path())).statusCode).toBe(status);
    });
  },
  // No background work: check-in deadline jobs would forfeit the series these tests decide.
  { config: { ladder: { ...defaultLadderConfig(), workers: false } } },
);
