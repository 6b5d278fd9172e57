import { API } from '@cwh/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  matchSeries,
  matchSeriesCompetitors,
  pickbanChallenges,
  segments,
} from '../../src/db/schema/index.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { call, createCallers } from '../admin/admin-fixtures.js';
import { describeEachDatabase } from '../harness.js';
import { type Captain, createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';
import { copySegment, insertLadderSeries, type SeriesJson } from './stage-fixtures.js';

const T = API.tournaments;

/**
 * Results of a 3-team double-elimination bracket (the organizer's results call): seed 1 has a bye,
 * so the loser of the only first-round match passes the lower bracket's first match by a bye. The
 * propagation writes the byes, the next matches' teams and their placements; a correction before
 * the next match is played seats the teams again.
 */
describeEachDatabase(
  'brackets: results that move a bracket with byes',
  (ctx) => {
    let admin = '';
    let captains: Captain[] = [];
    let rosterIds: string[] = [];
    let stageId = '';
    let ladder: Awaited<ReturnType<typeof ladderSegment>>;
    let eventId = '';
    let organizer = '';
    let categoryId = '';
    const db = () => ctx.database.db;
    const P = API.pickban;
    /** The finals' pick and ban on a segment: each match opens its own once both its teams are known. */
    const setVeto = async (segmentId: string) => {
      const veto = await call(ctx.app, organizer, 'PUT', `${P}/segments/${segmentId}/veto`, {
        categoryId,
        steps: [
          { action: 'ban', count: 1 },
          { action: 'pick', count: 1 },
        ],
        starter: 'higher_seed',
      });
      expect(veto.statusCode, veto.body).toBe(200);
    };

    beforeAll(async () => {
      ladder = await ladderSegment(db());
      captains = await createCaptains(db(), {
        count: 5,
        offset: 8200,
        parentSegmentId: ladder.parentId,
        eventId: ladder.eventId,
        now: ctx.now,
      });
      rosterIds = captains.map((c) => c.rosterId);
      const callers = await createCallers(ctx);
      admin = callers.tokens.admin!;
      eventId = callers.eventId;
      const mf = (await db().select().from(segments).where(eq(segments.slug, 'monthly-finals')))[0]!.id;
      // The finals have a pick and ban: each match opens its own once both its teams are known.
      organizer = callers.tokens.organizer!;
      const category = await call(ctx.app, organizer, 'POST', `${P}/categories`, {
        eventId: callers.eventId,
        name: 'Finals rules',
        sortOrder: 1,
      });
      expect(category.statusCode, category.body).toBe(201);
      categoryId = category.json().data.id;
      for (const n of [1, 2, 3]) {
        const item = await call(ctx.app, organizer, 'POST', `${P}/items`, {
          categoryId,
          name: `Finals rule ${n}`,
          sortOrder: n,
        });
        expect(item.statusCode, item.body).toBe(201);
      }
      await setVeto(mf);
      const created = await call(ctx.app, admin, 'POST', `${T}/segments/${mf}/bracket`, {
        rosterIds: rosterIds.slice(0, 3),
      });
      expect(created.statusCode, created.body).toBe(201);
      stageId = created.json().data.id;
    });

    const seriesOf = async (stage = stageId): Promise<SeriesJson[]> =>
      (await call(ctx.app, null, 'GET', `${T}/bracket/${stage}/match-series?page[size]=50`)).json().data;
    /** Per series: bracket, state, bye, then [seed, placement] of each side (seed null: not known yet). */
    const table = async (stage = stageId) =>
      (await seriesOf(stage)).map((s) => [
        s.attributes.bracket,
        s.attributes.state,
        s.attributes.bye,
        ...s.attributes.competitors.map((c) => [
          c.roster ? rosterIds.indexOf(c.roster.id) + 1 : null,
          c.placement,
        ]),
      ]);
    const results = (id: string, homeStars: number, awayStars: number, more: Record<string, unknown> = {}) =>
      call(ctx.app, admin, 'PATCH', `${T}/match-series/${id}/relationships/matches/results`, {
        homeStars,
        awayStars,
        reason: 'war log',
        ...more,
      });
    /** Per side of a series as stored: seed, stars, destruction, forfeit, placement. */
    const stored = async (id: string) =>
      (
        await db()
          .select()
          .from(matchSeriesCompetitors)
          .where(eq(matchSeriesCompetitors.matchSeriesId, id))
          .orderBy(asc(matchSeriesCompetitors.position))
      ).map((c) => [
        c.rosterId ? rosterIds.indexOf(c.rosterId) + 1 : null,
        c.score,
        c.destruction,
        c.forfeit,
        c.placement,
      ]);
    const challengesOf = async (ids: string[]) =>
      (await db().select().from(pickbanChallenges).where(inArray(pickbanChallenges.matchSeriesId, ids))).map(
        (c) => ids.indexOf(c.matchSeriesId),
      );
    const finishedAtOf = async (id: string) =>
      (await db().select().from(matchSeries).where(eq(matchSeries.id, id)))[0]!.finishedAt?.getTime() ?? null;
    /**
     * The cases below the first build their own 3-team bracket (seeds 1-3, on a copy of the finals
     * with the same pick and ban) and play its first match as the first case leaves it: seed 3 (away)
     * beats seed 2, meets seed 1 in the upper final, and seed 2 passes the lower bracket's bye to
     * the lower final. Each case so runs alone and in any order.
     */
    const bracketAfterFirstMatch = async (slug: string) => {
      const finals = await copySegment(db(), 'monthly-finals', slug);
      await setVeto(finals.id);
      const created = await call(ctx.app, admin, 'POST', `${T}/segments/${finals.id}/bracket`, {
        rosterIds: rosterIds.slice(0, 3),
      });
      expect(created.statusCode, created.body).toBe(201);
      const stage = created.json().data.id as string;
      const entered = await results((await seriesOf(stage))[1]!.id, 3, 9);
      expect(entered.statusCode, entered.body).toBe(200);
      expect(await table(stage)).toEqual([
        ['upper', 'finished', true, [1, 1], [null, null]],
        ['upper', 'finished', false, [2, 2], [3, 1]],
        ['lower', 'finished', true, [null, null], [2, 1]],
        [null, 'scheduled', false, [null, null], [null, null]],
        ['upper', 'scheduled', false, [1, null], [3, null]],
        ['lower', 'scheduled', false, [null, null], [2, null]],
        [null, 'scheduled', false, [null, null], [null, null]],
      ]);
      return stage;
    };

    it('a result moves the winner up and the loser through a lower-bracket bye; a correction seats them again', async () => {
      const before = await seriesOf();
      expect(await table()).toEqual([
        ['upper', 'finished', true, [1, 1], [null, null]],
        ['upper', 'scheduled', false, [2, null], [3, null]],
        ['lower', 'scheduled', false, [null, null], [null, null]],
        [null, 'scheduled', false, [null, null], [null, null]],
        ['upper', 'scheduled', false, [1, null], [null, null]],
        ['lower', 'scheduled', false, [null, null], [null, null]],
        [null, 'scheduled', false, [null, null], [null, null]],
      ]);
      const match = before[1]!;
      const [lowerBye, upperFinal, lowerFinal] = [before[2]!.id, before[4]!.id, before[5]!.id];

      const entered = await results(match.id, 9, 3);
      expect(entered.statusCode, entered.body).toBe(200);
      expect(entered.json().data.attributes).toMatchObject({
        corrected: false,
        winnerRosterId: rosterIds[1],
        championRosterId: null,
      });
      expect([...entered.json().data.attributes.changedMatchSeriesIds].sort()).toEqual(
        [lowerBye, upperFinal, lowerFinal].sort(),
      );
      expect(await table()).toEqual([
        ['upper', 'finished', true, [1, 1], [null, null]],
        ['upper', 'finished', false, [2, 1], [3, 2]],
        ['lower', 'finished', true, [null, null], [3, 1]],
        [null, 'scheduled', false, [null, null], [null, null]],
        ['upper', 'scheduled', false, [1, null], [2, null]],
        ['lower', 'scheduled', false, [null, null], [3, null]],
        [null, 'scheduled', false, [null, null], [null, null]],
      ]);
      // The bye is finished when the result was entered; the matches still to play are not.
      const finishedAt = async () =>
        new Map(
          (
            await db()
              .select()
              .from(matchSeries)
              .where(inArray(matchSeries.id, [lowerBye, upperFinal, lowerFinal]))
          ).map((s) => [s.id, s.finishedAt?.getTime() ?? null]),
        );
      expect(await finishedAt()).toEqual(
        new Map([
          [lowerBye, ctx.now.getTime()],
          [upperFinal, null],
          [lowerFinal, null],
        ]),
      );

      // The away side won after all: it moves up, the home side takes the lower-bracket bye.
      const corrected = await results(match.id, 3, 9);
      expect(corrected.statusCode, corrected.body).toBe(200);
      expect(corrected.json().data.attributes).toMatchObject({
        corrected: true,
        winnerRosterId: rosterIds[2],
      });
      expect(await table()).toEqual([
        ['upper', 'finished', true, [1, 1], [null, null]],
        ['upper', 'finished', false, [2, 2], [3, 1]],
        ['lower', 'finished', true, [null, null], [2, 1]],
        [null, 'scheduled', false, [null, null], [null, null]],
        ['upper', 'scheduled', false, [1, null], [3, null]],
        ['lower', 'scheduled', false, [null, null], [2, null]],
        [null, 'scheduled', false, [null, null], [null, null]],
      ]);
    });

    it('a match whose two teams are not both known takes no result (BRACKET_MATCH_NOT_READY)', async () => {
      const stage = await bracketAfterFirstMatch('results-not-ready');
      const list = await seriesOf(stage);
      // The lower final knows its away side (seed 2, through the bye), the grand final neither.
      for (const series of [list[5]!, list[3]!]) {
        const refused = await results(series.id, 9, 3);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().errors[0]).toMatchObject({
          detail: 'Both teams are not known yet',
          meta: { reason: 'BRACKET_MATCH_NOT_READY' },
        });
      }
      const after = await table(stage);
      expect([after[3], after[5]]).toEqual([
        [null, 'scheduled', false, [null, null], [null, null]],
        ['lower', 'scheduled', false, [null, null], [2, null]],
      ]);
    });

    const war = (id: string, home: number, away: number, more: { forfeit?: 'both' } = {}) =>
      ctx.app.ladder.finishSeries({ matchSeriesId: id, stars: { home, away }, ...more });
    const reviewOf = async (id: string) =>
      (await db().select().from(matchSeries).where(eq(matchSeries.id, id))).map((s) => [
        s.state,
        s.reviewReason,
      ]);

    it('a draw or a double forfeit from a war leaves the match open for the organizer, who is refused one', async () => {
      const stage = await bracketAfterFirstMatch('results-no-winner');
      const upperFinal = (await seriesOf(stage))[4]!;
      await war(upperFinal.id, 6, 6);
      expect(await reviewOf(upperFinal.id)).toEqual([['scheduled', 'bracket_draw']]);
      await war(upperFinal.id, 0, 0, { forfeit: 'both' });
      expect(await reviewOf(upperFinal.id)).toEqual([['scheduled', 'double_forfeit']]);
      const playedMatches = async () =>
        (await call(ctx.app, null, 'GET', `${T}/bracket/${stage}/match-series?page[size]=50`))
          .json()
          .data.filter((x: SeriesJson) => x.attributes.state === 'finished' && !x.attributes.bye).length;
      expect(await playedMatches()).toBe(1);
      const draw = await results(upperFinal.id, 5, 5);
      expect(draw.statusCode).toBe(400);
      expect(draw.json().errors[0]).toMatchObject({
        detail: 'A bracket match needs a winner',
        meta: { reason: 'BRACKET_DRAW' },
      });
      const none = await results(upperFinal.id, 0, 0, { forfeit: 'both' });
      expect(none.statusCode).toBe(400);
      expect(none.json().errors[0]).toMatchObject({
        detail: 'A double forfeit cannot move the bracket: enter the winner',
        meta: { reason: 'BRACKET_DOUBLE_FORFEIT' },
      });
      expect(await stored(upperFinal.id)).toEqual([
        [1, null, null, false, null],
        [3, null, null, false, null],
      ]);
    });

    it('played out: scores and destruction stored, the next matches open their pick and ban, the reset cancelled then played', async () => {
      const stage = await bracketAfterFirstMatch('results-played-out');
      const list = await seriesOf(stage);
      // In date order: the grand final (4th) comes before the upper and lower finals, the reset last.
      const [grandFinal, upperFinal, lowerFinal] = [list[3]!, list[4]!, list[5]!];
      const resetId = list[6]!.id;
      expect(await challengesOf([lowerFinal.id, grandFinal.id])).toEqual([]);
      // A war's double forfeit left the upper final open for review; the war below clears it.
      await war(upperFinal.id, 0, 0, { forfeit: 'both' });
      expect(await reviewOf(upperFinal.id)).toEqual([['scheduled', 'double_forfeit']]);

      // A war result (the ladder's finishSeries) with destruction: seed 1 beats seed 3.
      await ctx.app.ladder.finishSeries({
        matchSeriesId: upperFinal.id,
        stars: { home: 9, away: 4 },
        destruction: { home: 80, away: 55.5 },
      });
      expect(await reviewOf(upperFinal.id)).toEqual([['finished', null]]);
      expect(await stored(upperFinal.id)).toEqual([
        [1, 9, 80, false, 1],
        [3, 4, 55.5, false, 2],
      ]);
      // The lower final now knows both teams: its pick and ban opens; the grand final waits.
      expect(await challengesOf([lowerFinal.id, grandFinal.id])).toEqual([0]);

      // The organizer: seed 3 (home, from the upper final) beats seed 2 by forfeit.
      const lower = await results(lowerFinal.id, 0, 0, { forfeit: 'away' });
      expect(lower.statusCode, lower.body).toBe(200);
      expect(await stored(lowerFinal.id)).toEqual([
        [3, 0, null, false, 1],
        [2, 0, null, true, 2],
      ]);
      expect(await challengesOf([lowerFinal.id, grandFinal.id])).toEqual([0, 1]);

      // Seed 1 takes the grand final: champion, and the reset is cancelled (finished, no bye).
      const won = await results(grandFinal.id, 8, 6, { homeDestruction: 90, awayDestruction: 70 });
      expect(won.statusCode, won.body).toBe(200);
      expect(won.json().data.attributes).toMatchObject({
        winnerRosterId: rosterIds[0],
        championRosterId: rosterIds[0],
        changedMatchSeriesIds: [resetId],
      });
      expect(await stored(grandFinal.id)).toEqual([
        [1, 8, 90, false, 1],
        [3, 6, 70, false, 2],
      ]);
      expect((await table(stage))[6]).toEqual([null, 'finished', false, [1, null], [3, null]]);
      expect(await finishedAtOf(resetId)).toBe(ctx.now.getTime());

      // Corrected: seed 3 won it, without destruction. The reset is played after all.
      const corrected = await results(grandFinal.id, 6, 8);
      expect(corrected.statusCode, corrected.body).toBe(200);
      expect(corrected.json().data.attributes).toMatchObject({
        corrected: true,
        winnerRosterId: rosterIds[2],
        championRosterId: null,
        changedMatchSeriesIds: [resetId],
      });
      expect(await stored(grandFinal.id)).toEqual([
        [1, 6, null, false, 2],
        [3, 8, null, false, 1],
      ]);
      expect((await table(stage))[6]).toEqual([null, 'scheduled', false, [1, null], [3, null]]);
      expect(await finishedAtOf(resetId)).toBeNull();
    });

    it('swiss: a war draw or double forfeit finishes the match; results are corrected until the next round starts (ROUND_CLOSED)', async () => {
      const mq = (await db().select().from(segments).where(eq(segments.slug, 'monthly-qualifier')))[0]!.id;
      const created = await call(ctx.app, admin, 'POST', `${T}/segments/${mq}/bracket`, {
        rosterIds: rosterIds.slice(0, 4),
        rounds: 2,
      });
      expect(created.statusCode, created.body).toBe(201);
      const swissId = created.json().data.id as string;
      const round = async (n: number) =>
        (
          (await call(ctx.app, null, 'GET', `${T}/bracket/${swissId}/match-series?page[size]=50`)).json()
            .data as (SeriesJson & { attributes: { roundNumber: number } })[]
        ).filter((x) => x.attributes.roundNumber === n);
      const round1 = await round(1);
      expect(round1).toHaveLength(2);
      const [drawn, doubled] = [round1[0]!, round1[1]!];
      const seeds = (x: SeriesJson) =>
        x.attributes.competitors.map((c) => rosterIds.indexOf(c.roster!.id) + 1);
      await war(drawn.id, 6, 6);
      await war(doubled.id, 0, 0, { forfeit: 'both' });
      expect(await reviewOf(drawn.id)).toEqual([['finished', null]]);
      expect(await stored(drawn.id)).toEqual(seeds(drawn).map((seed) => [seed, 6, null, false, 1]));
      expect(await stored(doubled.id)).toEqual(seeds(doubled).map((seed) => [seed, 0, null, true, 2]));

      const corrected = await results(drawn.id, 9, 4);
      expect(corrected.statusCode, corrected.body).toBe(200);
      expect(corrected.json().data.attributes).toMatchObject({
        corrected: true,
        winnerRosterId: drawn.attributes.competitors[0]!.roster!.id,
        championRosterId: null,
        changedMatchSeriesIds: [],
      });
      const next = await call(ctx.app, admin, 'POST', `${T}/segments/${mq}/bracket/rounds`);
      expect(next.statusCode, next.body).toBe(201);
      const closed = await results(drawn.id, 4, 9);
      expect(closed.statusCode).toBe(409);
      expect(closed.json().errors[0]).toMatchObject({
        detail: 'The next round already started',
        meta: { reason: 'ROUND_CLOSED' },
      });
      expect((await stored(drawn.id)).map((c) => c[1])).toEqual([9, 4]);
      const current = (await round(2))[0]!;
      const entered = await results(current.id, 3, 8);
      expect(entered.statusCode, entered.body).toBe(200);
      expect(entered.json().data.attributes).toMatchObject({
        corrected: false,
        winnerRosterId: current.attributes.competitors[1]!.roster!.id,
      });
      // Corrected to a draw: nobody won.
      const drawnAfterAll = await results(current.id, 5, 5);
      expect(drawnAfterAll.statusCode, drawnAfterAll.body).toBe(200);
      expect(drawnAfterAll.json().data.attributes).toMatchObject({ corrected: true, winnerRosterId: null });
      // The war result finished the series for the ladder too: the room got its scores.
      const captain = captains.find((c) => c.rosterId === drawn.attributes.competitors[0]!.roster!.id)!;
      const history = await call(
        ctx.app,
        captain.token,
        'GET',
        `${API.chat}/history?filter[matchSeries.id]=${drawn.id}&page[size]=100`,
      );
      expect(history.statusCode, history.body).toBe(200);
      expect(
        (history.json().data as { attributes: { kind: string; notice: unknown } }[])
          .filter((m) => m.attributes.kind === 'system')
          .map((m) => m.attributes.notice),
      ).toContainEqual({ type: 'result_recorded', params: { homeStars: 6, awayStars: 6 } });
    });

    it("a ladder series' war result is the ladder's: no stage moves", async () => {
      const id = await insertLadderSeries(db(), {
        eventId,
        segmentId: ladder.ladderId,
        home: rosterIds[0]!,
        away: rosterIds[3]!,
        now: ctx.now,
      });
      await war(id, 9, 2);
      expect(await reviewOf(id)).toEqual([['finished', null]]);
      expect((await stored(id)).map((c) => [c[0], c[1], c[4]])).toEqual([
        [1, 9, 1],
        [4, 2, 2],
      ]);
    });

    it('five teams: a loser dropping to a match whose other side comes from two byes passes it by a bye', async () => {
      const finals = await copySegment(db(), 'monthly-finals', 'results-five');
      const created = await call(ctx.app, admin, 'POST', `${T}/segments/${finals.id}/bracket`, { rosterIds });
      expect(created.statusCode, created.body).toBe(201);
      const five = created.json().data.id as string;
      const play = async (seeds: [number, number], winner: number) => {
        const series = (await seriesOf(five)).find(
          (s) =>
            s.attributes.state === 'scheduled' &&
            s.attributes.competitors
              .map((c) => (c.roster ? rosterIds.indexOf(c.roster.id) + 1 : null))
              .join() === seeds.join(),
        )!;
        const homeWins = seeds[0] === winner;
        const response = await results(series.id, homeWins ? 9 : 4, homeWins ? 4 : 9);
        expect(response.statusCode, response.body).toBe(200);
      };
      await play([4, 5], 4);
      await play([1, 4], 1);
      // Seeds 1-3 passed round 1 by byes, so one lower first-round match has nobody (void). Seed 4,
      // beaten by seed 1, drops to the lower match that void feeds: a bye, seed 4 (home) through.
      expect(await table(five)).toEqual([
        ['upper', 'finished', true, [1, 1], [null, null]],
        ['upper', 'finished', false, [4, 1], [5, 2]],
        ['upper', 'finished', true, [2, 1], [null, null]],
        ['upper', 'finished', true, [3, 1], [null, null]],
        ['lower', 'finished', true, [null, null], [5, 1]],
        ['lower', 'finished', true, [null, null], [null, null]],
        [null, 'scheduled', false, [null, null], [null, null]],
        ['upper', 'finished', false, [1, 1], [4, 2]],
        ['upper', 'scheduled', false, [2, null], [3, null]],
        ['lower', 'scheduled', false, [null, null], [5, null]],
        ['lower', 'finished', true, [4, 1], [null, null]],
        [null, 'scheduled', false, [null, null], [null, null]],
        ['lower', 'scheduled', false, [null, null], [4, null]],
        ['upper', 'scheduled', false, [1, null], [null, null]],
        ['lower', 'scheduled', false, [null, null], [null, null]],
      ]);
    });

    it('a bye takes no result (BYE)', async () => {
      const bye = (await seriesOf())[0]!;
      const refused = await results(bye.id, 9, 3);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errors[0]).toMatchObject({
        detail: 'A bye has no result',
        meta: { reason: 'BYE' },
      });
      expect((await seriesOf())[0]!.attributes.competitors.map((c) => c.placement)).toEqual([1, null]);
    });
  },
  // No background work: the check-in deadline jobs would forfeit the series these tests decide.
  { config: { ladder: { ...defaultLadderConfig(), workers: false } } },
);
