import { API, segmentStandingListDocument } from '@cwh/contract';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { matchSeriesCompetitors, segments } from '../../src/db/schema/index.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { call, createCallers } from '../admin/admin-fixtures.js';
import { describeEachDatabase } from '../harness.js';
import { createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';
import { insertLadderSeries, type SeriesJson } from './stage-fixtures.js';

const T = API.tournaments;

/**
 * Destruction is stored per competitor (migration 0016) by the war result (the ladder's
 * finishSeries, the stage hook) and by the organizer's results call, shown in the match series
 * resource, and breaks a swiss tie that match points, Buchholz, head-to-head and stars leave.
 */
describeEachDatabase(
  'swiss standings: the destruction difference tiebreak',
  (ctx) => {
    let admin = '';
    let rosterIds: string[] = [];
    let ladderRosterIds: string[] = [];
    let ladderIds = { segmentId: '', eventId: '' };
    let mq = '';
    let stageId = '';
    const db = () => ctx.database.db;

    beforeAll(async () => {
      const ladder = await ladderSegment(db());
      const captains = await createCaptains(db(), {
        count: 6,
        offset: 7600,
        parentSegmentId: ladder.parentId,
        eventId: ladder.eventId,
        now: ctx.now,
      });
      rosterIds = captains.slice(0, 4).map((c) => c.rosterId);
      ladderRosterIds = captains.slice(4).map((c) => c.rosterId);
      ladderIds = { segmentId: ladder.ladderId, eventId: ladder.eventId };
      admin = (await createCallers(ctx)).tokens.admin!;
      mq = (await db().select().from(segments).where(eq(segments.slug, 'monthly-qualifier')))[0]!.id;
      const created = await call(ctx.app, admin, 'POST', `${T}/segments/${mq}/bracket`, {
        rosterIds,
        rounds: 2,
      });
      expect(created.statusCode, created.body).toBe(201);
      stageId = created.json().data.id;
    });

    const seriesOf = async (): Promise<SeriesJson[]> =>
      (await call(ctx.app, null, 'GET', `${T}/bracket/${stageId}/match-series?page[size]=50`)).json().data;
    const oneSeries = async (id: string): Promise<SeriesJson> =>
      (await call(ctx.app, null, 'GET', `${API.matches}/match-series/${id}`)).json().data;
    const results = (id: string, attributes: Record<string, unknown>) =>
      call(ctx.app, admin, 'PATCH', `${T}/match-series/${id}/relationships/matches/results`, {
        reason: 'organizer result',
        ...attributes,
      });
    const standings = async () => {
      const response = await call(ctx.app, null, 'GET', `${T}/segments/${mq}/standings`);
      expect(response.statusCode, response.body).toBe(200);
      return segmentStandingListDocument.parse(response.json()).data.map((r) => r.attributes);
    };

    it('a tie on points, Buchholz and stars is broken by destruction, not by seed; a correction clears it', async () => {
      const round1 = (await seriesOf()).filter((s) => !s.attributes.bye);
      expect(round1).toHaveLength(2);
      const sideOf = (s: SeriesJson, rosterId: string) =>
        s.attributes.competitors.findIndex((c) => c.roster?.id === rosterId);
      // X holds seed 1; Y's better seed is the other winner.
      const x = round1.find((s) => sideOf(s, rosterIds[0]!) >= 0)!;
      const y = round1.find((s) => s !== x)!;
      const xHomeWins = sideOf(x, rosterIds[0]!) === 0;
      const yHome = y.attributes.competitors[0]!.roster!.id;
      const yAway = y.attributes.competitors[1]!.roster!.id;
      const yHomeWins = rosterIds.indexOf(yHome) < rosterIds.indexOf(yAway);
      const [xWinner, xLoser] = [rosterIds[0]!, x.attributes.competitors[xHomeWins ? 1 : 0]!.roster!.id];
      const [yWinner, yLoser] = yHomeWins ? [yHome, yAway] : [yAway, yHome];

      // X by a war result (the simulated game, the official poller): 9-6 stars, 60 % to 50 %.
      await ctx.app.ladder.finishSeries({
        matchSeriesId: x.id,
        stars: { home: xHomeWins ? 9 : 6, away: xHomeWins ? 6 : 9 },
        destruction: { home: xHomeWins ? 60 : 50, away: xHomeWins ? 50 : 60 },
      });
      // Y by the organizer's results call: 9-6 stars as well, 95.5 % to 45 %.
      const entered = await results(y.id, {
        homeStars: yHomeWins ? 9 : 6,
        awayStars: yHomeWins ? 6 : 9,
        homeDestruction: yHomeWins ? 95.5 : 45,
        awayDestruction: yHomeWins ? 45 : 95.5,
      });
      expect(entered.statusCode, entered.body).toBe(200);

      const stored = await db()
        .select()
        .from(matchSeriesCompetitors)
        .where(inArray(matchSeriesCompetitors.matchSeriesId, [x.id, y.id]));
      const destructionOf = (rosterId: string) => stored.find((c) => c.rosterId === rosterId)?.destruction;
      expect([xWinner, xLoser, yWinner, yLoser].map(destructionOf)).toEqual([60, 50, 95.5, 45]);
      const shown = (await oneSeries(y.id)).attributes.competitors;
      expect(shown.find((c) => c.roster?.id === yWinner)!.result).toEqual({
        score: 9,
        forfeit: false,
        destruction: 95.5,
      });

      const table = await standings();
      expect(table.map((r) => r.roster.id)).toEqual([yWinner, xWinner, xLoser, yLoser]);
      const row = (id: string) => table.find((r) => r.roster.id === id)! as Record<string, unknown>;
      // Everything before destruction is equal between the two winners (and between the two losers).
      for (const [a, b] of [
        [xWinner, yWinner],
        [xLoser, yLoser],
      ] as const) {
        for (const key of ['matchPoints', 'buchholz', 'headToHead', 'starsFor', 'starsAgainst'])
          expect(row(a)[key], key).toEqual(row(b)[key]);
      }
      expect([yWinner, xWinner, xLoser, yLoser].map((id) => row(id).destructionDifference)).toEqual([
        50.5, 10, -10, -50.5,
      ]);

      // A correction without destruction (before the next round) clears it: X's winner goes ahead.
      const corrected = await results(y.id, {
        homeStars: yHomeWins ? 9 : 6,
        awayStars: yHomeWins ? 6 : 9,
      });
      expect(corrected.statusCode, corrected.body).toBe(200);
      expect(corrected.json().data.attributes.corrected).toBe(true);
      const cleared = (await oneSeries(y.id)).attributes.competitors;
      expect(cleared.map((c) => c.result.destruction)).toEqual([undefined, undefined]);
      const after = await standings();
      expect(after.map((r) => r.roster.id).slice(0, 2)).toEqual([xWinner, yWinner]);
      expect(after.find((r) => r.roster.id === yWinner)).toMatchObject({ destructionDifference: 0 });
    });

    it('a ladder series stores destruction from the results call and from its correction; a reset empties it', async () => {
      const id = await insertLadderSeries(db(), {
        ...ladderIds,
        home: ladderRosterIds[0]!,
        away: ladderRosterIds[1]!,
        now: ctx.now,
      });
      const stored = async () =>
        (
          await db()
            .select()
            .from(matchSeriesCompetitors)
            .where(eq(matchSeriesCompetitors.matchSeriesId, id))
            .orderBy(matchSeriesCompetitors.position)
        ).map((c) => c.destruction);
      const entered = await results(id, {
        homeStars: 6,
        awayStars: 6,
        homeDestruction: 88.25,
        awayDestruction: 70,
      });
      expect(entered.statusCode, entered.body).toBe(200);
      expect(entered.json().data.attributes).toMatchObject({ competition: 'ladder', corrected: false });
      expect(await stored()).toEqual([88.25, 70]);
      const corrected = await results(id, {
        homeStars: 6,
        awayStars: 6,
        homeDestruction: 64,
        awayDestruction: 91.5,
      });
      expect(corrected.json().data.attributes).toMatchObject({ corrected: true });
      expect(await stored()).toEqual([64, 91.5]);
      expect((await oneSeries(id)).attributes.competitors.map((c) => c.result.destruction)).toEqual([
        64, 91.5,
      ]);
      // The organizer's reset (match series admin) empties the result, destruction included.
      const reset = await call(ctx.app, admin, 'POST', `${T}/match-series/${id}/reset`, {
        reason: 'wrong war',
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(await stored()).toEqual([null, null]);
    });
  },
  // No background work: the check-in deadline jobs would forfeit the series this test decides.
  { config: { ladder: { ...defaultLadderConfig(), workers: false } } },
);
