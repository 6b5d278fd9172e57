import { API, pointsListDocument, segmentStandingListDocument } from '@cwh/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog, ladderStandings, matchSeriesCompetitors, segments } from '../../src/db/schema/index.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import {
  type Callers,
  call,
  createCallers,
  expectedStatus,
  ORGANIZERS,
  ROLES,
} from '../admin/admin-fixtures.js';
import { describeEachDatabase } from '../harness.js';
import { createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';
import { copySegment, insertLadderSeries, type SeriesJson } from './stage-fixtures.js';

const T = API.tournaments;

/**
 * Playing stages (issue #7): war results through the ladder's finishSeries move the stage, the
 * organizer's results call (spec 7), double forfeits, stage standings and points.
 */
describeEachDatabase(
  'stage play: war results, results call, standings, points',
  (ctx) => {
    let callers: Callers;
    let admin = '';
    let rosterIds: string[] = [];
    let swissId = '';
    let bracketId = '';
    let mq = '';
    let mf = '';
    let ladderId = '';
    const db = () => ctx.database.db;

    beforeAll(async () => {
      const ladder = await ladderSegment(db());
      ladderId = ladder.ladderId;
      const captains = await createCaptains(db(), {
        count: 10,
        offset: 7300,
        parentSegmentId: ladder.parentId,
        eventId: ladder.eventId,
        now: ctx.now,
      });
      rosterIds = captains.map((c) => c.rosterId);
      callers = await createCallers(ctx);
      admin = callers.tokens.admin!;
      const slug = async (name: string) =>
        (await db().select().from(segments).where(eq(segments.slug, name)))[0]!;
      const [mqRow, mfRow] = [await slug('monthly-qualifier'), await slug('monthly-finals')];
      // The organizer runs the event of both stages.
      expect([mqRow.eventId, mfRow.eventId]).toEqual([callers.eventId, callers.eventId]);
      [mq, mf] = [mqRow.id, mfRow.id];
      const create = async (segment: string, attributes: Record<string, unknown>) => {
        const response = await call(ctx.app, admin, 'POST', `${T}/segments/${segment}/bracket`, attributes);
        expect(response.statusCode, response.body).toBe(201);
        return response.json().data.id as string;
      };
      swissId = await create(mq, { rosterIds: rosterIds.slice(0, 8), rounds: 3 });
      bracketId = await create(mf, { rosterIds: rosterIds.slice(0, 8) });
    });

    const seriesOf = async (stageId: string, query = ''): Promise<SeriesJson[]> =>
      (await call(ctx.app, null, 'GET', `${T}/bracket/${stageId}/match-series?page[size]=50${query}`)).json()
        .data;
    const oneSeries = async (id: string): Promise<SeriesJson> =>
      (await call(ctx.app, null, 'GET', `${API.matches}/match-series/${id}`)).json().data;
    const ready = (list: SeriesJson[]) =>
      list.filter(
        (s) => s.attributes.state === 'scheduled' && s.attributes.competitors.every((c) => c.roster),
      );
    const war = (id: string, home: number, away: number, forfeit?: 'home' | 'away' | 'both') =>
      ctx.app.ladder.finishSeries({
        matchSeriesId: id,
        stars: { home, away },
        ...(forfeit ? { forfeit } : {}),
      });
    const results = (token: string | null, id: string, attributes: Record<string, unknown>) =>
      call(ctx.app, token, 'PATCH', `${T}/match-series/${id}/relationships/matches/results`, attributes);
    const auditOf = (id: string) => db().select().from(activityLog).where(eq(activityLog.targetId, id));
    const ladderRows = async (segmentId: string) =>
      db().select().from(ladderStandings).where(eq(ladderStandings.segmentId, segmentId));
    const bracketInfoOf = async (segment: string) =>
      (await call(ctx.app, null, 'GET', `${T}/segments/${segment}/bracket/info`)).json().data.attributes
        .doubleElimination;
    /** A new 4-team bracket (seeds 1-4) on a copy of the finals segment, so a case runs alone and in any order. */
    const newBracket = async (slug: string) => {
      const segment = (await copySegment(db(), 'monthly-finals', slug)).id;
      const created = await call(ctx.app, admin, 'POST', `${T}/segments/${segment}/bracket`, {
        rosterIds: rosterIds.slice(0, 4),
      });
      expect(created.statusCode, created.body).toBe(201);
      return { segment, stage: created.json().data.id as string };
    };
    const bracketInfo = () => bracketInfoOf(mf);
    const rosterOf = (s: SeriesJson, side: 0 | 1) => s.attributes.competitors[side]!.roster!.id;
    const seedOf = (rosterId: string) => rosterIds.indexOf(rosterId) + 1;
    const standings = async (segment: string, query = '') => {
      const response = await call(ctx.app, null, 'GET', `${T}/segments/${segment}/standings${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return segmentStandingListDocument.parse(response.json());
    };
    const points = async (query: string) => {
      const response = await call(ctx.app, null, 'GET', `${T}/points?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return pointsListDocument.parse(response.json()).data.map((p) => p.attributes);
    };

    it('a war result of a bracket series moves the bracket: winner up, loser down; no ladder standings', async () => {
      const first = ready(await seriesOf(bracketId))[0]!;
      const [home, away] = [rosterOf(first, 0), rosterOf(first, 1)];
      expect([seedOf(home), seedOf(away)]).toEqual([1, 8]);
      await war(first.id, 9, 4);
      const after = await seriesOf(bracketId);
      expect(after.find((s) => s.id === first.id)!.attributes.state).toBe('finished');
      const holding = (rosterId: string) =>
        after.filter(
          (s) => s.id !== first.id && s.attributes.competitors.some((c) => c.roster?.id === rosterId),
        );
      // The winner waits in the upper bracket's second round, the loser in the lower bracket.
      expect(holding(home)).toHaveLength(1);
      expect(holding(away)).toHaveLength(1);
      expect((await bracketInfo()).playedMatches).toBe(1);
      expect(await ladderRows(mf)).toEqual([]);
      // Delivered again (at least once): nothing changes.
      await war(first.id, 0, 9);
      expect((await bracketInfo()).playedMatches).toBe(1);
    });

    it('war results of a swiss round show in the records; a double forfeit is a loss for both', async () => {
      const round1 = (await seriesOf(swissId, '&filter[roundNumber]=1')).filter((s) => !s.attributes.bye);
      expect(round1).toHaveLength(4);
      const [won, doubled, forfeited, drawn] = round1 as [SeriesJson, SeriesJson, SeriesJson, SeriesJson];
      await war(won.id, 9, 3);
      await war(doubled.id, 0, 0, 'both');
      await war(forfeited.id, 0, 0, 'away');
      await war(drawn.id, 6, 6);
      const stored = await db()
        .select()
        .from(matchSeriesCompetitors)
        .where(eq(matchSeriesCompetitors.matchSeriesId, doubled.id));
      expect(stored.map((c) => [c.placement, c.forfeit]).sort()).toEqual([
        [2, true],
        [2, true],
      ]);
      expect((await oneSeries(doubled.id)).attributes.state).toBe('finished');
      const records = (
        await call(ctx.app, null, 'GET', `${T}/segments/${mq}/swiss-records?filter[roundNumber]=1`)
      ).json().data as { attributes: { roster: { id: string }; matchPoints: number; record: string } }[];
      const recordOf = (id: string) => records.find((r) => r.attributes.roster.id === id)!.attributes;
      expect([recordOf(rosterOf(won, 0)).matchPoints, recordOf(rosterOf(won, 1)).matchPoints]).toEqual([
        3, 0,
      ]);
      for (const side of [0, 1] as const)
        expect(recordOf(rosterOf(doubled, side))).toMatchObject({ matchPoints: 0, record: '0-1' });
      expect(recordOf(rosterOf(forfeited, 0)).matchPoints).toBe(3);
      expect(recordOf(rosterOf(drawn, 0)).record).toBe('0-0-1');
      expect(await ladderRows(mq)).toEqual([]);

      // The segment's standings are the swiss standings.
      const table = await standings(mq);
      expect(table.data).toHaveLength(8);
      expect(new Set(table.data.map((r) => r.type))).toEqual(new Set(['swiss-standings']));
      expect(table.data.map((r) => r.attributes.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      const doubleRow = table.data.find((r) => r.attributes.roster.id === rosterOf(doubled, 0))!;
      expect(doubleRow.attributes).toMatchObject({ matchPoints: 0, losses: 1, roundNumber: 1 });
      const filtered = await standings(mq, `?filter[roster.id]=${rosterOf(won, 0)}`);
      expect(filtered.data.map((r) => r.attributes.roster.id)).toEqual([rosterOf(won, 0)]);
      expect(filtered.meta?.page.total).toBe(1);

      // Points: swiss match points per roster, W/L/D/FFW/FFL.
      const byRoster = (list: Awaited<ReturnType<typeof points>>) =>
        list.map((p) => [p.roster.id, p.result, p.points, p.competition]).sort();
      expect(byRoster(await points(`filter[matchSeries]=${won.id}`))).toEqual(
        [
          [rosterOf(won, 0), 'W', 3, 'swiss'],
          [rosterOf(won, 1), 'L', 0, 'swiss'],
        ].sort(),
      );
      expect(byRoster(await points(`filter[matchSeries]=${doubled.id}`))).toEqual(
        [
          [rosterOf(doubled, 0), 'FFL', 0, 'swiss'],
          [rosterOf(doubled, 1), 'FFL', 0, 'swiss'],
        ].sort(),
      );
      expect(byRoster(await points(`filter[matchSeries]=${forfeited.id}`))).toEqual(
        [
          [rosterOf(forfeited, 0), 'FFW', 3, 'swiss'],
          [rosterOf(forfeited, 1), 'FFL', 0, 'swiss'],
        ].sort(),
      );
      expect((await points(`filter[matchSeries]=${drawn.id}`)).map((p) => [p.result, p.points])).toEqual([
        ['D', 1],
        ['D', 1],
      ]);
    });

    it('a double forfeit in double elimination keeps the series open for the organizer', async () => {
      const own = await newBracket('play-double-forfeit');
      const bracketInfo = () => bracketInfoOf(own.segment);
      const next = ready(await seriesOf(own.stage))[0]!;
      const played = (await bracketInfo()).playedMatches;
      await war(next.id, 0, 0, 'both');
      const open = await oneSeries(next.id);
      expect(open.attributes).toMatchObject({ state: 'scheduled', reviewReason: 'double_forfeit' });
      expect((await bracketInfo()).playedMatches).toBe(played);

      // The organizer cannot enter a double forfeit either: the bracket needs a winner.
      const refused = await results(callers.tokens.organizer, next.id, {
        homeStars: 0,
        awayStars: 0,
        forfeit: 'both',
        reason: 'nobody came',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].meta.reason).toBe('BRACKET_DOUBLE_FORFEIT');
      expect(await auditOf(next.id)).toEqual([]);
      expect((await oneSeries(next.id)).attributes.state).toBe('scheduled');

      const entered = await results(callers.tokens.organizer, next.id, {
        homeStars: 0,
        awayStars: 0,
        forfeit: 'away',
        reason: 'away checked in late, home showed up',
      });
      expect(entered.statusCode, entered.body).toBe(200);
      expect(entered.json().data.attributes).toMatchObject({
        competition: 'double_elimination',
        state: 'finished',
        corrected: false,
        winnerRosterId: rosterOf(next, 0),
        reviewReason: null,
      });
      expect(entered.json().data.attributes.changedMatchSeriesIds).toHaveLength(2);
      expect((await oneSeries(next.id)).attributes.reviewReason).toBeNull();
      expect((await bracketInfo()).playedMatches).toBe(played + 1);
      const [entry] = await auditOf(next.id);
      expect(entry).toMatchObject({ action: 'match-series.results.enter', targetType: 'match-series' });
      expect((entry!.after as { reason: string }).reason).toBe('away checked in late, home showed up');
    });

    it('a true draw from a war leaves a bracket series open for the organizer (bracket_draw)', async () => {
      const own = await newBracket('play-bracket-draw');
      const bracketInfo = () => bracketInfoOf(own.segment);
      // Both first-round upper matches played: their losers meet in the lower bracket.
      for (const series of ready(await seriesOf(own.stage))) await war(series.id, 9, 4);
      const lower = ready(await seriesOf(own.stage)).find((s) => s.attributes.bracket === 'lower')!;
      const played = (await bracketInfo()).playedMatches;
      await war(lower.id, 6, 6);
      expect((await oneSeries(lower.id)).attributes).toMatchObject({
        state: 'scheduled',
        reviewReason: 'bracket_draw',
      });
      expect((await bracketInfo()).playedMatches).toBe(played);
      const refused = await results(admin, lower.id, { homeStars: 6, awayStars: 6, reason: 'replayed' });
      expect(refused.json().errors[0].meta.reason).toBe('BRACKET_DRAW');
      expect(await auditOf(lower.id)).toEqual([]);
    });

    describe('PATCH /match-series/{id}/relationships/matches/results: role × action', () => {
      let tables: SeriesJson[] = [];
      let swiss = '';
      // Its own 8-team swiss stage (on a copy of the qualifier) with round 1 played by wars and
      // round 2 drawn, so the group does not depend on the cases above. Each case below enters its
      // own table: the organizer the first, the admin the second, everyone else tries the third,
      // the correction case the fourth.
      beforeAll(async () => {
        const qualifier = (await copySegment(db(), 'monthly-qualifier', 'play-results-roles')).id;
        const created = await call(ctx.app, admin, 'POST', `${T}/segments/${qualifier}/bracket`, {
          rosterIds: rosterIds.slice(0, 8),
          rounds: 3,
        });
        expect(created.statusCode, created.body).toBe(201);
        swiss = created.json().data.id;
        const round1 = (await seriesOf(swiss, '&filter[roundNumber]=1')).filter((s) => !s.attributes.bye);
        expect(round1).toHaveLength(4);
        for (const series of round1) await war(series.id, 9, 3);
        const round = await call(ctx.app, admin, 'POST', `${T}/segments/${qualifier}/bracket/rounds`);
        expect(round.statusCode, round.body).toBe(201);
        tables = (await seriesOf(swiss, '&filter[roundNumber]=2')).filter((s) => !s.attributes.bye);
        expect(tables).toHaveLength(4);
      });
      // The organizer and the admin each enter a different table; everyone else tries the third.
      const target = (role: (typeof ROLES)[number]) =>
        role === 'organizer' ? tables[0]! : role === 'admin' ? tables[1]! : tables[2]!;
      it.each(ROLES)('as %s', async (role) => {
        const series = target(role);
        const response = await results(callers.tokens[role], series.id, {
          homeStars: 7,
          awayStars: 5,
          reason: `entered by ${role}`,
        });
        expect(response.statusCode, response.body).toBe(expectedStatus(role, ORGANIZERS, 200));
        const state = (await oneSeries(series.id)).attributes.state;
        if (response.statusCode === 200) {
          expect(state).toBe('finished');
          expect(await auditOf(series.id)).toHaveLength(1);
        } else {
          expect(state).toBe('scheduled');
          expect(await auditOf(series.id)).toEqual([]);
        }
      });

      it('refuses an unknown series (404) and a bad body (400), writing nothing', async () => {
        const untouched = tables[2]!;
        const unknown = await results(admin, '00000000-0000-4000-8000-000000000077', {
          homeStars: 1,
          awayStars: 0,
          reason: 'x',
        });
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json().errors[0].code).toBe('NOT_FOUND');
        for (const body of [
          { homeStars: 1, awayStars: 0 },
          { homeStars: 1, awayStars: 0, reason: '   ' },
          { homeStars: 1, awayStars: 0, reason: 'x', forfeit: 'neither' },
          { homeStars: -1, awayStars: 0, reason: 'x' },
          { homeStars: 1, awayStars: 0, reason: 'x', matchSeriesId: untouched.id },
        ]) {
          const response = await results(admin, untouched.id, body);
          expect(response.statusCode, JSON.stringify(body)).toBe(400);
          expect(response.json().errors[0].code).toBe('VALIDATION_FAILED');
        }
        expect((await oneSeries(untouched.id)).attributes.state).toBe('scheduled');
        expect(await auditOf(untouched.id)).toEqual([]);
      });

      it('corrects a result of the current swiss round; refuses the closed round (ROUND_CLOSED)', async () => {
        const entered = await results(callers.tokens.organizer, tables[3]!.id, {
          homeStars: 7,
          awayStars: 5,
          reason: 'entered by organizer',
        });
        expect(entered.statusCode, entered.body).toBe(200);
        const corrected = await results(admin, tables[3]!.id, {
          homeStars: 2,
          awayStars: 8,
          reason: 'wrong way round',
        });
        expect(corrected.statusCode, corrected.body).toBe(200);
        expect(corrected.json().data.attributes).toMatchObject({
          corrected: true,
          winnerRosterId: rosterOf(tables[3]!, 1),
        });
        expect((await auditOf(tables[3]!.id)).map((e) => e.action).sort()).toEqual([
          'match-series.results.correct',
          'match-series.results.enter',
        ]);
        const closed = (await seriesOf(swiss, '&filter[roundNumber]=1')).find((s) => !s.attributes.bye)!;
        const before = await auditOf(closed.id);
        const refused = await results(admin, closed.id, { homeStars: 0, awayStars: 9, reason: 'late' });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().errors[0].meta.reason).toBe('ROUND_CLOSED');
        expect(await auditOf(closed.id)).toEqual(before);
      });
    });

    it('refuses to correct a bracket result whose next match was played (BRACKET_RESULT_LOCKED)', async () => {
      // Its own 4-team bracket, both first-round upper matches played by wars.
      const { stage } = await newBracket('play-result-locked');
      const firstRound = ready(await seriesOf(stage));
      expect(firstRound.map((s) => s.attributes.bracket)).toEqual(['upper', 'upper']);
      for (const series of firstRound) await war(series.id, 9, 4);
      // Both first-round upper matches are finished: their winners meet next.
      const list = await seriesOf(stage);
      const upper1 = list.filter((s) => s.attributes.state === 'finished' && !s.attributes.bye);
      const nextMatch = ready(list).find((s) =>
        s.attributes.competitors.every((c) =>
          upper1.some((u) =>
            u.attributes.competitors.some((x) => x.roster?.id === c.roster?.id && x.placement === 1),
          ),
        ),
      )!;
      await war(nextMatch.id, 9, 1);
      const first = upper1.find((s) =>
        nextMatch.attributes.competitors.some(
          (c) => c.roster?.id === rosterOf(s, 0) || c.roster?.id === rosterOf(s, 1),
        ),
      )!;
      const placements = async () =>
        (await oneSeries(first.id)).attributes.competitors.map((c) => c.placement);
      const before = await placements();
      const refused = await results(admin, first.id, { homeStars: 0, awayStars: 9, reason: 'typo' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errors[0].meta.reason).toBe('BRACKET_RESULT_LOCKED');
      expect(await placements()).toEqual(before);
      expect((await auditOf(first.id)).filter((e) => e.action === 'match-series.results.correct')).toEqual(
        [],
      );
    });

    it('plays the bracket out through war results: placements 1, 2, 3, 4, 5-6, 7-8 in the standings', async () => {
      for (;;) {
        const next = ready(await seriesOf(bracketId))[0];
        if (!next) break;
        const homeBetter = seedOf(rosterOf(next, 0)) < seedOf(rosterOf(next, 1));
        await war(next.id, homeBetter ? 9 : 3, homeBetter ? 3 : 9);
      }
      const info = await bracketInfo();
      expect(info.complete).toBe(true);
      const table = await standings(mf);
      expect(table.data.map((r) => r.type)).toEqual(Array(8).fill('bracket-standings'));
      expect(table.data.map((r) => (r.type === 'bracket-standings' ? r.attributes.label : null))).toEqual([
        '1',
        '2',
        '3',
        '4',
        '5-6',
        '5-6',
        '7-8',
        '7-8',
      ]);
      expect(table.data[0]!.attributes).toMatchObject({ status: 'champion', rank: 1, losses: 0 });
      expect(table.data[0]!.attributes.roster.id).toBe(info.championRosterId);
      const reversed = await standings(mf, '?sort=-placement&page[size]=3');
      expect(reversed.data.map((r) => (r.type === 'bracket-standings' ? r.attributes.label : null))).toEqual([
        '7-8',
        '7-8',
        '5-6',
      ]);
      expect(reversed.meta?.page).toMatchObject({ total: 8, size: 3, totalPages: 3 });
      expect(await ladderRows(mf)).toEqual([]);
      // Bracket series give no points (placements decide).
      const champion = await points(`filter[roster]=${info.championRosterId}&page[size]=50`);
      const bracketGames = champion.filter((p) => p.competition === 'double_elimination');
      expect(bracketGames.length).toBeGreaterThan(0);
      expect(bracketGames.every((p) => p.points === 0)).toBe(true);
    });

    describe('ladder series', () => {
      const ladderSeries = (home: string, away: string) =>
        insertLadderSeries(db(), { eventId: callers.eventId, segmentId: ladderId, home, away, now: ctx.now });
      const tally = async (rosterId: string) =>
        (
          await db()
            .select()
            .from(ladderStandings)
            .where(and(eq(ladderStandings.segmentId, ladderId), eq(ladderStandings.rosterId, rosterId)))
        )[0];

      it('the results call finishes and corrects a ladder series with its standings; a double forfeit is two losses', async () => {
        const [home, away] = [rosterIds[8]!, rosterIds[9]!];
        const id = await ladderSeries(home, away);
        const entered = await results(callers.tokens.organizer, id, {
          homeStars: 9,
          awayStars: 5,
          reason: 'war log',
        });
        expect(entered.statusCode, entered.body).toBe(200);
        expect(entered.json().data.attributes).toMatchObject({ competition: 'ladder', winnerRosterId: home });
        expect(await tally(home)).toMatchObject({ points: 3, wins: 1 });
        expect(await tally(away)).toMatchObject({ points: 0, losses: 1 });
        const corrected = await results(admin, id, {
          homeStars: 0,
          awayStars: 0,
          forfeit: 'both',
          reason: 'no-show',
        });
        expect(corrected.statusCode, corrected.body).toBe(200);
        expect(corrected.json().data.attributes).toMatchObject({ corrected: true, winnerRosterId: null });
        expect(await tally(home)).toMatchObject({ points: 0, wins: 0, losses: 1, gamesPlayed: 1 });
        expect(await tally(away)).toMatchObject({ points: 0, losses: 1, gamesPlayed: 1 });
        expect(
          (await points(`filter[matchSeries]=${id}`)).map((p) => [p.result, p.points, p.competition]),
        ).toEqual([
          ['FFL', 0, 'ladder'],
          ['FFL', 0, 'ladder'],
        ]);
        // The ladder segment keeps its ladder standings (type standings).
        const table = await standings(ladderId, `?filter[roster.id]=${home}`);
        expect(table.data.map((r) => [r.type, r.attributes.roster.id])).toEqual([['standings', home]]);
      });

      it("the ladder's finishSeries takes a double forfeit (no-show jobs): both lose, and a recalculation agrees", async () => {
        const [home, away] = [rosterIds[6]!, rosterIds[7]!];
        const id = await ladderSeries(home, away);
        await war(id, 0, 0, 'both');
        const [h1, a1] = [await tally(home), await tally(away)];
        expect([h1?.points, h1?.losses, a1?.points, a1?.losses]).toEqual([0, 1, 0, 1]);
        await ctx.app.ladder.recalculateSegment(ladderId);
        expect([(await tally(home))?.losses, (await tally(away))?.losses]).toEqual([1, 1]);
        expect((await tally(home))?.draws).toBe(0);
      });
    });

    it('points need filter[matchSeries] or filter[roster] (400), and a known one (404)', async () => {
      const none = await call(ctx.app, null, 'GET', `${T}/points`);
      expect(none.statusCode).toBe(400);
      const unknown = await call(
        ctx.app,
        null,
        'GET',
        `${T}/points?filter[roster]=00000000-0000-4000-8000-000000000078`,
      );
      expect(unknown.statusCode).toBe(404);
      // After everything above, the stage segments still have no ladder standings.
      expect([...(await ladderRows(mq)), ...(await ladderRows(mf))]).toEqual([]);
    });
  },
  // No background work: the check-in deadline jobs would forfeit the series (nobody checks in here)
  // while the test plays them; this file decides every result itself.
  { config: { ladder: { ...defaultLadderConfig(), workers: false } } },
);
