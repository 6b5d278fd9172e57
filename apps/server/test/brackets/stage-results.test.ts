import { API } from '@cwh/contract';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { matchSeries, segments } from '../../src/db/schema/index.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { call, createCallers } from '../admin/admin-fixtures.js';
import { describeEachDatabase } from '../harness.js';
import { createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';

const T = API.tournaments;

interface SeriesJson {
  id: string;
  attributes: {
    state: string;
    bye: boolean;
    bracket: 'upper' | 'lower' | null;
    competitors: { roster: { id: string } | null; placement: number | null }[];
  };
}

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
    let rosterIds: string[] = [];
    let stageId = '';
    const db = () => ctx.database.db;

    beforeAll(async () => {
      const ladder = await ladderSegment(db());
      rosterIds = (
        await createCaptains(db(), {
          count: 3,
          offset: 8200,
          parentSegmentId: ladder.parentId,
          eventId: ladder.eventId,
          now: ctx.now,
        })
      ).map((c) => c.rosterId);
      admin = (await createCallers(ctx)).tokens.admin!;
      const mf = (await db().select().from(segments).where(eq(segments.slug, 'monthly-finals')))[0]!.id;
      const created = await call(ctx.app, admin, 'POST', `${T}/segments/${mf}/bracket`, { rosterIds });
      expect(created.statusCode, created.body).toBe(201);
      stageId = created.json().data.id;
    });

    const seriesOf = async (): Promise<SeriesJson[]> =>
      (await call(ctx.app, null, 'GET', `${T}/bracket/${stageId}/match-series?page[size]=50`)).json().data;
    /** Per series: bracket, state, bye, then [seed, placement] of each side (seed null: not known yet). */
    const table = async () =>
      (await seriesOf()).map((s) => [
        s.attributes.bracket,
        s.attributes.state,
        s.attributes.bye,
        ...s.attributes.competitors.map((c) => [
          c.roster ? rosterIds.indexOf(c.roster.id) + 1 : null,
          c.placement,
        ]),
      ]);
    const results = (id: string, homeStars: number, awayStars: number) =>
      call(ctx.app, admin, 'PATCH', `${T}/match-series/${id}/relationships/matches/results`, {
        homeStars,
        awayStars,
        reason: 'war log',
      });

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
