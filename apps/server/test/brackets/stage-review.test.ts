import { API } from '@cwh/contract';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { matchSeries, matchSeriesCompetitors } from '../../src/db/schema/index.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { call, createCallers } from '../admin/admin-fixtures.js';
import { describeEachDatabase } from '../harness.js';
import { type Captain, createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';
import { copySegment, type SeriesJson } from './stage-fixtures.js';

const T = API.tournaments;

// The socket notices, as sent to the user rooms.
const sent = vi.hoisted(() => [] as { userId: string; event: string; data: unknown }[]);
vi.mock('../../src/realtime/notify.js', () => ({
  notifyUser: (_io: unknown, _tenant: string, userId: string, event: string, data: unknown) => {
    sent.push({ userId, event, data });
  },
}));

/**
 * War results of a double-elimination match (stage-results-service through the ladder's stage
 * hook): a draw leaves the match open and tells nobody it finished, a war that names a winner
 * finishes it and tells both captains and the room; a war correction to a draw or a double forfeit
 * is refused, one to the other winner moves the bracket; a match whose away side is not known yet
 * takes no result. A 3-team bracket: seed 1 has a bye, seeds 2 and 3 play the first match. Each
 * case builds its own bracket (on a copy of the finals segment), so it runs alone and in any order.
 */
describeEachDatabase(
  'brackets: war results that cannot move a bracket',
  (ctx) => {
    let admin = '';
    let captains: Captain[] = [];
    let rosterIds: string[] = [];
    const db = () => ctx.database.db;

    beforeAll(async () => {
      const ladder = await ladderSegment(db());
      captains = await createCaptains(db(), {
        count: 3,
        offset: 8530,
        parentSegmentId: ladder.parentId,
        eventId: ladder.eventId,
        now: ctx.now,
      });
      rosterIds = captains.map((c) => c.rosterId);
      admin = (await createCallers(ctx)).tokens.admin!;
    });
    beforeEach(() => {
      sent.length = 0;
    });

    /** A new 3-team bracket (seeds 1-3) on a copy of the finals segment; its series in date order. */
    const newBracket = async (slug: string): Promise<SeriesJson[]> => {
      const finals = await copySegment(db(), 'monthly-finals', slug);
      const created = await call(ctx.app, admin, 'POST', `${T}/segments/${finals.id}/bracket`, { rosterIds });
      expect(created.statusCode, created.body).toBe(201);
      return seriesOf(created.json().data.id);
    };
    const seriesOf = async (stageId: string): Promise<SeriesJson[]> =>
      (await call(ctx.app, null, 'GET', `${T}/bracket/${stageId}/match-series?page[size]=50`)).json().data;
    const seed = (rosterId: string | null) => (rosterId ? rosterIds.indexOf(rosterId) + 1 : null);
    /** Per side as stored: seed, stars, forfeit, placement. */
    const stored = async (id: string) =>
      (
        await db()
          .select()
          .from(matchSeriesCompetitors)
          .where(eq(matchSeriesCompetitors.matchSeriesId, id))
          .orderBy(asc(matchSeriesCompetitors.position))
      ).map((c) => [seed(c.rosterId), c.score, c.forfeit, c.placement]);
    const reviewOf = async (id: string) =>
      (await db().select().from(matchSeries).where(eq(matchSeries.id, id))).map((s) => [
        s.state,
        s.reviewReason,
      ]);
    const war = (id: string, home: number, away: number, more: { forfeit?: 'both' } = {}) =>
      ctx.app.ladder.finishSeries({ matchSeriesId: id, stars: { home, away }, ...more });
    const correct = (id: string, home: number, away: number, more: { forfeit?: 'both' } = {}) =>
      ctx.app.ladder.correctSeries({ matchSeriesId: id, stars: { home, away }, ...more });
    /** Who was sent matches:match_series_finished naming the series (sorted user ids). */
    const toldFinished = (id: string) =>
      sent
        .filter(
          (n) =>
            n.event === 'matches:match_series_finished' &&
            (n.data as { matchSeries?: { id: string } }).matchSeries?.id === id,
        )
        .map((n) => n.userId)
        .sort();
    /** The room's result_recorded notices, as the first match's home captain reads them. */
    const roomResults = async (id: string) => {
      const history = await call(
        ctx.app,
        captains[1]!.token,
        'GET',
        `${API.chat}/history?filter[matchSeries.id]=${id}&page[size]=100`,
      );
      expect(history.statusCode, history.body).toBe(200);
      return (history.json().data as { attributes: { kind: string; notice: { type: string } | null } }[])
        .filter((m) => m.attributes.kind === 'system' && m.attributes.notice?.type === 'result_recorded')
        .map((m) => m.attributes.notice);
    };

    it('a match whose away side is not known yet takes no result (BRACKET_MATCH_NOT_READY)', async () => {
      // The upper final: seed 1 (through its bye) waits for the first match's winner.
      const upperFinal = (await newBracket('review-not-ready'))[4]!;
      expect(upperFinal.attributes.competitors.map((c) => seed(c.roster?.id ?? null))).toEqual([1, null]);
      const refused = await call(
        ctx.app,
        admin,
        'PATCH',
        `${T}/match-series/${upperFinal.id}/relationships/matches/results`,
        { homeStars: 9, awayStars: 3, reason: 'war log' },
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errors[0]).toMatchObject({
        detail: 'Both teams are not known yet',
        meta: { reason: 'BRACKET_MATCH_NOT_READY' },
      });
      expect(await stored(upperFinal.id)).toEqual([
        [1, null, false, null],
        [null, null, false, null],
      ]);
    });

    it('a war draw leaves the match open and tells nobody; the war that names a winner tells both captains and the room', async () => {
      const first = (await newBracket('review-war-draw'))[1]!;
      // The ladder answers the series as the stage left it.
      expect(await war(first.id, 6, 6)).toMatchObject({
        id: first.id,
        state: 'scheduled',
        reviewReason: 'bracket_draw',
      });
      expect(await reviewOf(first.id)).toEqual([['scheduled', 'bracket_draw']]);
      expect(toldFinished(first.id)).toEqual([]);
      expect(await roomResults(first.id)).toEqual([]);
      expect(await stored(first.id)).toEqual([
        [2, null, false, null],
        [3, null, false, null],
      ]);

      expect(await war(first.id, 9, 3)).toMatchObject({
        id: first.id,
        state: 'finished',
        reviewReason: null,
      });
      expect(await reviewOf(first.id)).toEqual([['finished', null]]);
      expect(toldFinished(first.id)).toEqual([captains[1]!.userId, captains[2]!.userId].sort());
      expect(await roomResults(first.id)).toEqual([
        { type: 'result_recorded', params: { homeStars: 9, awayStars: 3 } },
      ]);
      expect(await stored(first.id)).toEqual([
        [2, 9, false, 1],
        [3, 3, false, 2],
      ]);
    });

    it('a war correction to a draw or a double forfeit is refused; one to the other winner moves the bracket', async () => {
      const list = await newBracket('review-correction');
      const first = list[1]!;
      // The first match decided by a war: seed 2 (home) beat seed 3.
      expect(await war(first.id, 9, 3)).toMatchObject({ id: first.id, state: 'finished' });
      await expect(correct(first.id, 5, 5)).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'A bracket match needs a winner',
        meta: { reason: 'BRACKET_DRAW' },
      });
      await expect(correct(first.id, 0, 0, { forfeit: 'both' })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'A double forfeit cannot move the bracket: enter the winner',
        meta: { reason: 'BRACKET_DOUBLE_FORFEIT' },
      });
      expect(await reviewOf(first.id)).toEqual([['finished', null]]);
      expect(await stored(first.id)).toEqual([
        [2, 9, false, 1],
        [3, 3, false, 2],
      ]);
      const upperFinal = list[4]!.id;
      expect((await stored(upperFinal)).map((c) => c[0])).toEqual([1, 2]);

      // Seed 3 won after all: it meets seed 1 in the upper final.
      await correct(first.id, 3, 9);
      expect(await stored(first.id)).toEqual([
        [2, 3, false, 2],
        [3, 9, false, 1],
      ]);
      expect((await stored(upperFinal)).map((c) => c[0])).toEqual([1, 3]);
    });
  },
  // No background work: the check-in deadline jobs would forfeit the series these tests decide.
  { config: { ladder: { ...defaultLadderConfig(), workers: false } } },
);
