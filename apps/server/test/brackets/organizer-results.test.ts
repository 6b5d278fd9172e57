import { API } from '@cwh/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { activityLog, matchSeries, matchSeriesCompetitors } from '../../src/db/schema/index.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { call, createCallers } from '../admin/admin-fixtures.js';
import { describeEachDatabase } from '../harness.js';
import { type Captain, createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';
import { roomNotices } from '../ladder/ladder-http.js';
import { insertLadderSeries } from './stage-fixtures.js';

const T = API.tournaments;

/**
 * The organizer's results call (PATCH /match-series/{id}/relationships/matches/results) on a ladder
 * series: the answer names the winner of either side, destruction given for one side only, and a
 * series whose two teams are not both known is refused.
 */
describeEachDatabase(
  "the organizer's results call on a ladder series",
  (ctx) => {
    let admin = '';
    let rosterIds: string[] = [];
    let captains: Captain[] = [];
    let ladder = { eventId: '', segmentId: '' };
    const db = () => ctx.database.db;

    beforeAll(async () => {
      const found = await ladderSegment(db());
      ladder = { eventId: found.eventId, segmentId: found.ladderId };
      captains = await createCaptains(db(), {
        count: 2,
        offset: 7900,
        parentSegmentId: found.parentId,
        eventId: found.eventId,
        now: ctx.now,
      });
      rosterIds = captains.map((c) => c.rosterId);
      admin = (await createCallers(ctx)).tokens.admin!;
    });

    const results = (id: string, attributes: Record<string, unknown>) =>
      call(ctx.app, admin, 'PATCH', `${T}/match-series/${id}/relationships/matches/results`, {
        reason: 'war log',
        ...attributes,
      });
    const destruction = async (id: string) =>
      (
        await db()
          .select()
          .from(matchSeriesCompetitors)
          .where(eq(matchSeriesCompetitors.matchSeriesId, id))
          .orderBy(matchSeriesCompetitors.position)
      ).map((c) => c.destruction);

    it('names the away winner; destruction of one side only is stored with 0 for the other, none stays empty', async () => {
      const [home, away] = rosterIds as [string, string];
      const id = await insertLadderSeries(db(), { ...ladder, home, away, now: ctx.now });
      const entered = await results(id, { homeStars: 4, awayStars: 9, homeDestruction: 80 });
      expect(entered.statusCode, entered.body).toBe(200);
      expect(entered.json().data.attributes).toEqual({
        matchSeries: { id },
        competition: 'ladder',
        state: 'finished',
        corrected: false,
        winnerRosterId: away,
        changedMatchSeriesIds: [],
        championRosterId: null,
        reviewReason: null,
      });
      expect(await destruction(id)).toEqual([80, 0]);

      const onlyAway = await results(id, { homeStars: 4, awayStars: 9, awayDestruction: 70 });
      expect(onlyAway.json().data.attributes).toMatchObject({ corrected: true, winnerRosterId: away });
      expect(await destruction(id)).toEqual([0, 70]);

      const none = await results(id, { homeStars: 9, awayStars: 4 });
      expect(none.json().data.attributes).toMatchObject({ corrected: true, winnerRosterId: home });
      expect(await destruction(id)).toEqual([null, null]);
    });

    it("tells the series' room once per result: the new result, then each correction with its stars", async () => {
      const [home, away] = captains as [Captain, Captain];
      const id = await insertLadderSeries(db(), {
        ...ladder,
        home: home.rosterId,
        away: away.rosterId,
        now: ctx.now,
      });
      const notices = (token: string) => roomNotices(ctx.app, token, id);
      const recorded = (homeStars: number, awayStars: number) => ({
        type: 'result_recorded',
        params: { homeStars, awayStars },
      });
      expect((await results(id, { homeStars: 4, awayStars: 9 })).statusCode).toBe(200);
      expect(await notices(home.token)).toEqual([recorded(4, 9)]);
      expect((await results(id, { homeStars: 9, awayStars: 4 })).json().data.attributes.corrected).toBe(true);
      // Both written at the test clock's instant: their order in the history is not defined.
      const both = await notices(away.token);
      expect(both).toHaveLength(2);
      expect(both).toEqual(expect.arrayContaining([recorded(4, 9), recorded(9, 4)]));
    });

    it.each([
      ['an away side without a roster', async (id: string) => id],
      [
        'no away side at all',
        async (id: string) => {
          await db()
            .delete(matchSeriesCompetitors)
            .where(and(eq(matchSeriesCompetitors.matchSeriesId, id), eq(matchSeriesCompetitors.position, 1)));
          return id;
        },
      ],
    ])(
      'refuses a ladder series with %s (BRACKET_MATCH_NOT_READY), writing nothing',
      async (_case, prepare) => {
        const id = await prepare(
          await insertLadderSeries(db(), { ...ladder, home: rosterIds[0]!, away: null, now: ctx.now }),
        );
        const refused = await results(id, { homeStars: 9, awayStars: 0 });
        expect(refused.statusCode).toBe(409);
        expect(refused.json().errors[0]).toMatchObject({
          detail: 'Both teams are not known yet',
          meta: { reason: 'BRACKET_MATCH_NOT_READY' },
        });
        expect((await db().select().from(matchSeries).where(eq(matchSeries.id, id)))[0]!.state).toBe(
          'scheduled',
        );
        expect(await db().select().from(activityLog).where(eq(activityLog.targetId, id))).toEqual([]);
      },
    );
  },
  // No background work: the check-in deadline jobs would forfeit the series these tests decide.
  { config: { ladder: { ...defaultLadderConfig(), workers: false } } },
);
