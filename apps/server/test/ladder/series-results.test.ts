import { randomUUID } from 'node:crypto';
import { API, MATCH_CHAT_EVENT } from '@cwh/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { rowsOf } from '../../src/db/rows.js';
import { ladderStandings, matchSeries, matchSeriesCompetitors } from '../../src/db/schema/ladder.js';
import { segments } from '../../src/db/schema/segments.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { describeEachDatabase, itOnPostgres, jsonApiBody, loginAsAdmin, TEST_NOW } from '../harness.js';
import { type Captain, ladderCaptains, ladderSegment } from './ladder-fixtures.js';
import { call, roomNotices as roomNoticesOf } from './ladder-http.js';

/*
 * War results of ladder series (series-results-service.ts): what a result stores on the two
 * competitors, what it adds to the standings, who is told (match_series_finished to both captains,
 * the room's result_recorded with the scores), corrections, results of stage series (the stage
 * records them, never the ladder table), and the full recalculation.
 */

// The socket notices, as sent to the user rooms.
const sent = vi.hoisted(() => [] as { userId: string; event: string; data: unknown }[]);
vi.mock('../../src/realtime/notify.js', () => ({
  notifyUser: (_io: unknown, _tenant: string, userId: string, event: string, data: unknown) => {
    sent.push({ userId, event, data });
  },
}));

// The series the stage was asked about (the stage hook, wrapped): a ladder series made from a
// match-up must not be asked about (one round trip less per result).
const stageAsked = vi.hoisted(() => [] as string[]);
vi.mock('../../src/features/brackets/stage-results-service.js', async (importOriginal) => {
  const actual =
    await importOriginal<typeof import('../../src/features/brackets/stage-results-service.js')>();
  return {
    ...actual,
    stageSeriesResultHook: (deps: Parameters<typeof actual.stageSeriesResultHook>[0]) => {
      const hook = actual.stageSeriesResultHook(deps);
      return (...args: Parameters<typeof hook>) => {
        stageAsked.push(args[0].id);
        return hook(...args);
      };
    },
  };
});

type Competitor = {
  roster: { id: string } | null;
  placement: number | null;
  result: { score: number | null; forfeit: boolean; destruction?: number };
};
type Standing = {
  points: number;
  gamesPlayed: number;
  wins: number;
  losses: number;
  draws: number;
  starsFor: number;
  starsAgainst: number;
};

describeEachDatabase(
  'series results: stored result, standings, notices',
  (ctx) => {
    let captains: Captain[] = [];
    let used = 0;
    let ladder: Awaited<ReturnType<typeof ladderSegment>>;
    let admin = '';
    const db = () => ctx.database.db;

    beforeAll(async () => {
      ladder = await ladderSegment(db());
      captains = await ladderCaptains(db(), 34, { now: TEST_NOW, offset: 900 });
      admin = (await loginAsAdmin(ctx.app)).token.value;
    });
    beforeEach(() => {
      sent.length = 0;
      stageAsked.length = 0;
    });

    const next = () => captains[used++]!;

    /** A live series on `segmentId` between two captains' rosters; null leaves a side without a roster. */
    async function openSeries(
      home: Captain | null,
      away: Captain | null,
      segmentId = ladder.ladderId,
      matchUpId: string | null = null,
    ) {
      const at = TEST_NOW;
      const [series] = await db()
        .insert(matchSeries)
        .values({
          tenant: 'global',
          eventId: ladder.eventId,
          segmentId,
          matchUpId,
          date: at,
          state: 'live',
          createdAt: at,
        })
        .returning({ id: matchSeries.id });
      await db()
        .insert(matchSeriesCompetitors)
        .values(
          [home, away].map((c, position) => ({
            matchSeriesId: series!.id,
            position,
            rosterId: c?.rosterId ?? null,
            date: at,
          })),
        );
      return series!.id;
    }

    /** A series already finished when it was written (no deltas were added for it). */
    async function finishedBehindTheBack(
      segmentId: string,
      home: Captain,
      away: Captain,
      stars: [number, number],
    ) {
      const id = await openSeries(home, away, segmentId);
      await db()
        .update(matchSeries)
        .set({ state: 'finished', finishedAt: TEST_NOW })
        .where(eq(matchSeries.id, id));
      const placement = (own: number, other: number) => (own >= other ? 1 : 2);
      for (const [position, score, other] of [
        [0, stars[0], stars[1]],
        [1, stars[1], stars[0]],
      ] as const) {
        await db()
          .update(matchSeriesCompetitors)
          .set({ score, placement: placement(score, other) })
          .where(
            and(eq(matchSeriesCompetitors.matchSeriesId, id), eq(matchSeriesCompetitors.position, position)),
          );
      }
      return id;
    }

    const detail = async (id: string) => {
      const response = await ctx.app.inject({ url: `${API.matches}/match-series/${id}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.attributes as { state: string; competitors: Competitor[] };
    };
    /** Each side as [placement, stars, forfeit, destruction]. */
    const stored = async (id: string) =>
      (await detail(id)).competitors.map((c) => [
        c.placement,
        c.result.score,
        c.result.forfeit,
        c.result.destruction ?? null,
      ]);
    const standing = async (rosterId: string, segmentId = ladder.ladderId): Promise<Standing | undefined> => {
      const response = await ctx.app.inject({
        url: `${API.tournaments}/segments/${segmentId}/standings?filter[roster.id]=${rosterId}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const row = response.json().data[0]?.attributes as (Standing & Record<string, unknown>) | undefined;
      if (!row) return undefined;
      const { points, gamesPlayed, wins, losses, draws, starsFor, starsAgainst } = row;
      return { points, gamesPlayed, wins, losses, draws, starsFor, starsAgainst };
    };
    const tally = (t: Partial<Standing>): Standing => ({
      points: 0,
      gamesPlayed: 1,
      wins: 0,
      losses: 0,
      draws: 0,
      starsFor: 0,
      starsAgainst: 0,
      ...t,
    });
    const finish = (
      id: string,
      result: Omit<Parameters<typeof ctx.app.ladder.finishSeries>[0], 'matchSeriesId'>,
    ) => ctx.app.ladder.finishSeries({ matchSeriesId: id, ...result });
    const correct = (
      id: string,
      result: Omit<Parameters<typeof ctx.app.ladder.correctSeries>[0], 'matchSeriesId'>,
    ) => ctx.app.ladder.correctSeries({ matchSeriesId: id, ...result });

    /** Who was sent matches:match_series_finished naming the series (sorted user ids); no other data. */
    const toldFinished = (id: string) => {
      const told = sent.filter(
        (n) =>
          n.event === 'matches:match_series_finished' &&
          (n.data as { matchSeries?: { id: string } }).matchSeries?.id === id,
      );
      for (const n of told) expect(n.data).toEqual({ matchSeries: { id } });
      return told.map((n) => n.userId).sort();
    };
    /** The room notices pushed to one user for the series. */
    const roomPushes = (id: string, userId: string) =>
      sent
        .filter((n) => n.event === MATCH_CHAT_EVENT && n.userId === userId)
        .map((n) => n.data as { matchSeries: { id: string }; message: { attributes: { notice: unknown } } })
        .filter((d) => d.matchSeries.id === id)
        .map((d) => d.message.attributes.notice);
    /** The room's system notices as a captain reads them (oldest first). */
    const roomNotices = (id: string, c: Captain) => roomNoticesOf(ctx.app, c.token, id);
    const sorted = (...ids: string[]) => [...ids].sort();

    it('an away win: placements, stars and destruction stored, both tallies, both captains told, the room gets the scores', async () => {
      const [home, away] = [next(), next()];
      const id = await openSeries(home, away);
      // Read (and cached) before the result: the result must empty the cached standings.
      expect(await standing(home.rosterId)).toBeUndefined();
      const row = await finish(id, { stars: { home: 1, away: 2 }, destruction: { home: 45.5, away: 80 } });
      expect(row).toMatchObject({ id, state: 'finished' });
      expect((await detail(id)).state).toBe('finished');
      expect(await stored(id)).toEqual([
        [2, 1, false, 45.5],
        [1, 2, false, 80],
      ]);
      expect(await standing(home.rosterId)).toEqual(tally({ losses: 1, starsFor: 1, starsAgainst: 2 }));
      expect(await standing(away.rosterId)).toEqual(
        tally({ points: 3, wins: 1, starsFor: 2, starsAgainst: 1 }),
      );
      expect(toldFinished(id)).toEqual(sorted(home.userId, away.userId));
      const recorded = { type: 'result_recorded', params: { homeStars: 1, awayStars: 2 } };
      expect(roomPushes(id, home.userId)).toEqual([recorded]);
      expect(roomPushes(id, away.userId)).toEqual([recorded]);
      expect(await roomNotices(id, away)).toEqual([recorded]);
    });

    it("a series made from a match-up is the ladder's: recorded without asking the stage; one without a match-up is asked about first", async () => {
      const [home, away, other1, other2] = [next(), next(), next(), next()];
      const fromMatchUp = await openSeries(home, away, ladder.ladderId, randomUUID());
      await finish(fromMatchUp, { stars: { home: 3, away: 1 } });
      expect(stageAsked).toEqual([]);
      expect(await stored(fromMatchUp)).toEqual([
        [1, 3, false, null],
        [2, 1, false, null],
      ]);
      expect(await standing(home.rosterId)).toEqual(
        tally({ points: 3, wins: 1, starsFor: 3, starsAgainst: 1 }),
      );
      // A series without one (an organizer's or the demo's) may be a stage's: the stage answers first.
      const plain = await openSeries(other1, other2);
      await finish(plain, { stars: { home: 0, away: 2 } });
      expect(stageAsked).toEqual([plain]);
      expect(await standing(other2.rosterId)).toEqual(
        tally({ points: 3, wins: 1, starsFor: 2, starsAgainst: 0 }),
      );
    });

    it('a home win without destruction stores none; a result delivered again changes nothing and tells nobody', async () => {
      const [home, away] = [next(), next()];
      const id = await openSeries(home, away);
      await finish(id, { stars: { home: 3, away: 0 } });
      expect(await stored(id)).toEqual([
        [1, 3, false, null],
        [2, 0, false, null],
      ]);
      expect(await standing(home.rosterId)).toEqual(tally({ points: 3, wins: 1, starsFor: 3 }));
      sent.length = 0;
      await finish(id, { stars: { home: 0, away: 3 } });
      expect(sent).toEqual([]);
      expect(await stored(id)).toEqual([
        [1, 3, false, null],
        [2, 0, false, null],
      ]);
      expect(await standing(away.rosterId)).toEqual(tally({ starsAgainst: 3, losses: 1 }));
      // A result for a series nobody knows succeeds as a no-op (the delivery counts as done).
      expect(
        await finish('00000000-0000-4000-8000-000000000002', { stars: { home: 3, away: 0 } }),
      ).toBeNull();
      expect(sent).toEqual([]);
    });

    it('a draw places both 1: a point and a draw each', async () => {
      const [home, away] = [next(), next()];
      const id = await openSeries(home, away);
      await finish(id, { stars: { home: 2, away: 2 } });
      expect(await stored(id)).toEqual([
        [1, 2, false, null],
        [1, 2, false, null],
      ]);
      for (const c of [home, away])
        expect(await standing(c.rosterId)).toEqual(
          tally({ points: 1, draws: 1, starsFor: 2, starsAgainst: 2 }),
        );
    });

    it('a forfeit: the side that forfeited loses whatever the stars, and neither side counts stars', async () => {
      const [home, away] = [next(), next()];
      const id = await openSeries(home, away);
      await finish(id, { stars: { home: 3, away: 1 }, forfeit: 'home' });
      expect(await stored(id)).toEqual([
        [2, 3, true, null],
        [1, 1, false, null],
      ]);
      expect(await standing(home.rosterId)).toEqual(tally({ losses: 1 }));
      expect(await standing(away.rosterId)).toEqual(tally({ points: 3, wins: 1 }));
      expect(toldFinished(id)).toEqual(sorted(home.userId, away.userId));
    });

    it('a double forfeit: both placed 2 and flagged, a loss without points or stars for each', async () => {
      const [home, away] = [next(), next()];
      const id = await openSeries(home, away);
      await finish(id, { stars: { home: 2, away: 1 }, forfeit: 'both' });
      expect(await stored(id)).toEqual([
        [2, 2, true, null],
        [2, 1, true, null],
      ]);
      for (const c of [home, away]) expect(await standing(c.rosterId)).toEqual(tally({ losses: 1 }));
      // The recalculation reads the stored rows the same way.
      await ctx.app.ladder.recalculateSegment(ladder.ladderId);
      for (const c of [home, away]) expect(await standing(c.rosterId)).toEqual(tally({ losses: 1 }));
    });

    it('a side without a roster: the series finishes with both sides stored, no tally moves, the captain there is told', async () => {
      for (const emptySide of ['away', 'home'] as const) {
        sent.length = 0;
        const captain = next();
        const id = emptySide === 'away' ? await openSeries(captain, null) : await openSeries(null, captain);
        const row = await finish(id, { stars: { home: 3, away: 0 } });
        expect(row?.state).toBe('finished');
        expect(await stored(id)).toEqual([
          [1, 3, false, null],
          [2, 0, false, null],
        ]);
        expect(await standing(captain.rosterId)).toBeUndefined();
        expect(toldFinished(id)).toEqual([captain.userId]);
        const recorded = { type: 'result_recorded', params: { homeStars: 3, awayStars: 0 } };
        expect(roomPushes(id, captain.userId)).toEqual([recorded]);
        expect(await roomNotices(id, captain)).toEqual([recorded]);

        // Corrected: the stored result changes, still no tally.
        expect((await correct(id, { stars: { home: 1, away: 2 } }))?.id).toBe(id);
        expect(await stored(id)).toEqual([
          [2, 1, false, null],
          [1, 2, false, null],
        ]);
        expect(await standing(captain.rosterId)).toBeUndefined();
      }
    });

    it('a correction takes the old result back and adds the new one', async () => {
      const [home, away] = [next(), next()];
      const id = await openSeries(home, away);
      await finish(id, { stars: { home: 3, away: 1 } });
      expect(await standing(home.rosterId)).toEqual(
        tally({ points: 3, wins: 1, starsFor: 3, starsAgainst: 1 }),
      );
      sent.length = 0;
      const row = await correct(id, { stars: { home: 0, away: 2 }, destruction: { home: 10, away: 55.25 } });
      expect(row).toMatchObject({ id, state: 'finished' });
      expect(await stored(id)).toEqual([
        [2, 0, false, 10],
        [1, 2, false, 55.25],
      ]);
      // The cached table was emptied: one game each, the old result gone.
      expect(await standing(home.rosterId)).toEqual(tally({ losses: 1, starsAgainst: 2 }));
      expect(await standing(away.rosterId)).toEqual(tally({ points: 3, wins: 1, starsFor: 2 }));
      // A correction is not a new result: nobody is told the series finished.
      expect(toldFinished(id)).toEqual([]);

      // From a win to a double forfeit, and from it to a draw.
      await correct(id, { stars: { home: 0, away: 0 }, forfeit: 'both' });
      for (const c of [home, away]) expect(await standing(c.rosterId)).toEqual(tally({ losses: 1 }));
      await correct(id, { stars: { home: 1, away: 1 } });
      for (const c of [home, away])
        expect(await standing(c.rosterId)).toEqual(
          tally({ points: 1, draws: 1, starsFor: 1, starsAgainst: 1 }),
        );
      // A forfeit's stars never count, before or after.
      await correct(id, { stars: { home: 2, away: 3 }, forfeit: 'away' });
      expect(await standing(home.rosterId)).toEqual(tally({ points: 3, wins: 1 }));
      expect(await standing(away.rosterId)).toEqual(tally({ losses: 1 }));
      await correct(id, { stars: { home: 2, away: 3 } });
      expect(await standing(home.rosterId)).toEqual(tally({ losses: 1, starsFor: 2, starsAgainst: 3 }));
      expect(await standing(away.rosterId)).toEqual(
        tally({ points: 3, wins: 1, starsFor: 3, starsAgainst: 2 }),
      );
    });

    it('a correction of a series not finished changes nothing, and of an unknown one answers null', async () => {
      const [home, away] = [next(), next()];
      const id = await openSeries(home, away);
      const row = await correct(id, { stars: { home: 3, away: 0 } });
      expect(row).toMatchObject({ id, state: 'live' });
      expect((await detail(id)).state).toBe('live');
      expect(await stored(id)).toEqual([
        [null, null, false, null],
        [null, null, false, null],
      ]);
      expect(await standing(home.rosterId)).toBeUndefined();
      expect(
        await correct('00000000-0000-4000-8000-000000000001', { stars: { home: 3, away: 0 } }),
      ).toBeNull();
    });

    /** A stage of the seeded segment `slug` (swiss or double elimination) between four new rosters. */
    async function stage(slug: string, attributes: Record<string, unknown>) {
      const segment = (await db().select().from(segments).where(eq(segments.slug, slug)))[0]!;
      const teams = [next(), next(), next(), next()];
      const created = await call(
        ctx.app,
        admin,
        'POST',
        `${API.tournaments}/segments/${segment.id}/bracket`,
        jsonApiBody({ rosterIds: teams.map((t) => t.rosterId), ...attributes }),
      );
      expect(created.statusCode, created.body).toBe(201);
      const stageId = created.json().data.id as string;
      const list = await ctx.app.inject({
        url: `${API.tournaments}/bracket/${stageId}/match-series?page[size]=50`,
      });
      const ready = (
        list.json().data as { id: string; attributes: { state: string; competitors: Competitor[] } }[]
      )
        .filter((s) => s.attributes.state === 'scheduled' && s.attributes.competitors.every((c) => c.roster))
        .map((s) => ({
          id: s.id,
          home: teams.find((t) => t.rosterId === s.attributes.competitors[0]!.roster!.id)!,
          away: teams.find((t) => t.rosterId === s.attributes.competitors[1]!.roster!.id)!,
        }));
      return { segmentId: segment.id, ready };
    }
    const ladderRows = (segmentId: string) =>
      db().select().from(ladderStandings).where(eq(ladderStandings.segmentId, segmentId));

    it('a war result of a swiss series is recorded by its stage: finished, both told, the room scored, no ladder rows; a correction too', async () => {
      const { segmentId, ready } = await stage('monthly-qualifier', { rounds: 2 });
      const series = ready[0]!;
      const row = await finish(series.id, { stars: { home: 2, away: 1 } });
      expect(row).toMatchObject({ id: series.id, state: 'finished' });
      expect(await stored(series.id)).toEqual([
        [1, 2, false, null],
        [2, 1, false, null],
      ]);
      expect(toldFinished(series.id)).toEqual(sorted(series.home.userId, series.away.userId));
      const recorded = { type: 'result_recorded', params: { homeStars: 2, awayStars: 1 } };
      expect(roomPushes(series.id, series.home.userId)).toEqual([recorded]);
      expect(await roomNotices(series.id, series.home)).toEqual([recorded]);
      expect(await ladderRows(segmentId)).toEqual([]);

      // Delivered again (at least once), even with other stars: the stage keeps the first result.
      sent.length = 0;
      await finish(series.id, { stars: { home: 0, away: 3 } });
      expect(await stored(series.id)).toEqual([
        [1, 2, false, null],
        [2, 1, false, null],
      ]);
      expect(sent).toEqual([]);

      const corrected = await correct(series.id, { stars: { home: 0, away: 3 } });
      expect(corrected).toMatchObject({ id: series.id, state: 'finished' });
      expect(await stored(series.id)).toEqual([
        [2, 0, false, null],
        [1, 3, false, null],
      ]);
      expect(await ladderRows(segmentId)).toEqual([]);
      expect(toldFinished(series.id)).toEqual([]);
    });

    it('a drawn war of a double-elimination series leaves it open and tells nobody; a decisive one finishes it', async () => {
      const { segmentId, ready } = await stage('monthly-finals', {});
      const series = ready[0]!;
      const open = await finish(series.id, { stars: { home: 2, away: 2 } });
      expect(open).toMatchObject({ id: series.id, state: 'scheduled', reviewReason: 'bracket_draw' });
      expect((await detail(series.id)).state).toBe('scheduled');
      expect(toldFinished(series.id)).toEqual([]);
      expect(roomPushes(series.id, series.home.userId)).toEqual([]);
      expect(await roomNotices(series.id, series.home)).toEqual([]);

      const done = await finish(series.id, { stars: { home: 1, away: 3 } });
      expect(done).toMatchObject({ id: series.id, state: 'finished', reviewReason: null });
      expect(await stored(series.id)).toEqual([
        [2, 1, false, null],
        [1, 3, false, null],
      ]);
      expect(toldFinished(series.id)).toEqual(sorted(series.home.userId, series.away.userId));
      const recorded = { type: 'result_recorded', params: { homeStars: 1, awayStars: 3 } };
      expect(roomPushes(series.id, series.away.userId)).toEqual([recorded]);
      expect(await ladderRows(segmentId)).toEqual([]);
    });

    itOnPostgres(
      ctx,
      'a result waits for a recalculation batch holding the standings lock, then adds its deltas',
      async () => {
        const [p, q] = [next(), next()];
        const id = await openSeries(p, q);
        expect(await standing(p.rosterId)).toBeUndefined();
        // A recalculation batch's lock (exclusive, the segment's key), held by another connection.
        let release = () => {};
        const released = new Promise<void>((resolve) => {
          release = resolve;
        });
        let locked = () => {};
        const holding = new Promise<void>((resolve) => {
          locked = resolve;
        });
        const batch = db().transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(727005::int4, hashtext(${ladder.ladderId}))`);
          locked();
          await released;
        });
        await holding;
        const result = ctx.app.ladder.finishSeries({ matchSeriesId: id, stars: { home: 3, away: 0 } });
        // The result's transaction waits for the advisory lock; its rows are not visible yet.
        await vi.waitFor(
          async () => {
            const waiting = await db().execute(
              sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
            );
            expect(rowsOf<{ n: number }>(waiting)[0]!.n).toBe(1);
          },
          { timeout: 5_000, interval: 20 },
        );
        const stateNow = await db().select().from(matchSeries).where(eq(matchSeries.id, id));
        expect(stateNow[0]!.state).toBe('live');
        release();
        await batch;
        await result;
        expect((await db().select().from(matchSeries).where(eq(matchSeries.id, id)))[0]!.state).toBe(
          'finished',
        );
        expect(await standing(p.rosterId)).toEqual(
          tally({ points: 3, wins: 1, starsFor: 3, starsAgainst: 0 }),
        );
      },
    );

    it('a recalculation rebuilds a table from the finished series; a second call while it runs joins it, a later one runs again', async () => {
      const template = (await db().select().from(segments).where(eq(segments.id, ladder.ladderId)))[0]!;
      const { id: _id, ...rest } = template;
      const [segment] = await db()
        .insert(segments)
        .values({ ...rest, slug: 'recalculated-ladder', name: 'recalculated-ladder' })
        .returning();
      const segmentId = segment!.id;
      const [p, q, r] = [next(), next(), next()];
      await finishedBehindTheBack(segmentId, p, q, [3, 1]);
      // Read (cached) before: nothing was added for that series.
      expect(await standing(p.rosterId, segmentId)).toBeUndefined();
      const first = ctx.app.ladder.recalculateSegment(segmentId);
      const joined = ctx.app.ladder.recalculateSegment(segmentId);
      expect(joined).toBe(first);
      expect(await first).toBe(2);
      expect(await standing(p.rosterId, segmentId)).toEqual(
        tally({ points: 3, wins: 1, starsFor: 3, starsAgainst: 1 }),
      );
      expect(await standing(q.rosterId, segmentId)).toEqual(
        tally({ losses: 1, starsFor: 1, starsAgainst: 3 }),
      );

      await finishedBehindTheBack(segmentId, r, p, [2, 2]);
      expect(await ctx.app.ladder.recalculateSegment(segmentId)).toBe(3);
      expect(await standing(p.rosterId, segmentId)).toEqual(
        tally({ points: 4, gamesPlayed: 2, wins: 1, draws: 1, starsFor: 5, starsAgainst: 3 }),
      );
      expect(await standing(r.rosterId, segmentId)).toEqual(
        tally({ points: 1, draws: 1, starsFor: 2, starsAgainst: 2 }),
      );
    });
  },
  {
    config: { ladder: { ...defaultLadderConfig(), workers: false } },
    deps: { now: () => TEST_NOW },
  },
);
