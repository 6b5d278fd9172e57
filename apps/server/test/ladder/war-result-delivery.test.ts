import { API, SIMULATOR_API } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { type Database, openDatabase } from '../../src/db/client.js';
import { matchSeries } from '../../src/db/schema/ladder.js';
import { simWars } from '../../src/db/schema/sim-game.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import type { WarResult } from '../../src/game/index.js';
import type { DbSimGame } from '../../src/game/simulated/db-sim-game.js';
import { startResultRedelivery } from '../../src/game/simulated/result-redelivery.js';
import { seedDemo } from '../../src/seed/demo-seed.js';
import {
  describeEachDatabase,
  jsonApiBody,
  jsonApiRequest,
  TEST_ADMIN,
  TEST_NOW,
  testConfig,
} from '../harness.js';
import { checkInjectedAnswers } from '../jsonapi-conformance.js';
import { createTestDatabase, describeNeeding, type TestDatabase } from '../test-database.js';
import { type Captain, createCaptains, ladderSegment } from './ladder-fixtures.js';
import { call } from './ladder-http.js';

/** Two captains queue, get paired, both accept, and the war is created: a running simulated war. */
async function runningWar(app: FastifyInstance, a: Captain, b: Captain) {
  for (const c of [a, b]) {
    const joined = await call(
      app,
      c.token,
      'POST',
      `${API.matches}/queue/${c.rosterId}/join`,
      jsonApiBody({ playerTags: c.playerTags }),
    );
    expect(joined.statusCode).toBe(200);
  }
  await app.ladder.matchmake();
  const matchUp = await vi.waitFor(async () => {
    const list = await call(app, a.token, 'GET', `${API.matches}/match-ups?filter[user.id]=${a.userId}`);
    const latest = list.json().data[0];
    expect(latest?.attributes.status).toBe('awaiting_confirmation');
    return latest as { id: string };
  });
  await call(app, a.token, 'POST', `${API.matches}/match-ups/${matchUp.id}/accept`);
  const done = await call(app, b.token, 'POST', `${API.matches}/match-ups/${matchUp.id}/accept`);
  const seriesId = done.json().data.attributes.matchSeriesId as string;
  expect(seriesId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  const war = await call(
    app,
    a.token,
    'POST',
    `${API.war}/create-war`,
    jsonApiBody({ matchSeriesId: seriesId }),
  );
  expect(war.statusCode).toBe(200);
  // Home is the longer waiter; with the fixed test clock both joined at the same instant.
  const competitors = (await app.inject({ url: `${API.matches}/match-series/${seriesId}` })).json().data
    .attributes.competitors as { roster: { id: string } }[];
  return {
    seriesId,
    warId: war.json().data.attributes.warId as string,
    home: competitors[0]!.roster.id,
    away: competitors[1]!.roster.id,
  };
}

async function seriesState(app: FastifyInstance, seriesId: string) {
  return (await app.inject({ url: `${API.matches}/match-series/${seriesId}` })).json().data.attributes as {
    state: string;
    competitors: { placement: number | null; result: { score: number | null } }[];
  };
}

async function standingOf(app: FastifyInstance, segmentId: string, rosterId: string) {
  const response = await app.inject({
    url: `${API.tournaments}/segments/${segmentId}/standings?filter[roster.id]=${rosterId}`,
  });
  return response.json().data[0]?.attributes as
    | { points: number; gamesPlayed: number; wins: number; losses: number; starsFor: number }
    | undefined;
}

async function warRow(db: Database['db'], warId: string) {
  return (await db.select().from(simWars).where(eq(simWars.id, warId)))[0]!;
}

/** A crash right after the game committed the finished war: nothing was emitted. */
async function finishWithoutEmitting(sim: DbSimGame, warId: string, seriesId: string, at: Date) {
  const result: WarResult = { warId, matchSeriesId: seriesId, stars: { home: 3, away: 1 } };
  await sim.db.transaction(async (tx) => {
    const repo = sim.repository;
    const claimed = await repo.finishWar(warId, { ...result }, at, tx, new Date(at.getTime() + 2_000));
    expect(claimed).not.toBeNull();
    await repo.updateClan(claimed!.homeClanTag, { warStatus: 'none' }, tx);
    await repo.updateClan(claimed!.awayClanTag, { warStatus: 'none' }, tx);
  });
  return result;
}

const clock = { now: new Date(TEST_NOW) };
const advance = (ms: number) => {
  clock.now = new Date(clock.now.getTime() + ms);
};

describeEachDatabase(
  'war results: at-least-once delivery, idempotent recording',
  (ctx) => {
    let captains: Captain[] = [];
    let segment: Awaited<ReturnType<typeof ladderSegment>>;
    const sim = () => ctx.app.game as DbSimGame;
    beforeAll(async () => {
      segment = await ladderSegment(ctx.database.db);
      captains = await createCaptains(ctx.database.db, {
        count: 10,
        parentSegmentId: segment.parentId,
        eventId: segment.eventId,
        now: TEST_NOW,
      });
    });

    it('delivers in process and marks the war delivered', async () => {
      const [a, b] = [captains[0]!, captains[1]!];
      const { seriesId, warId } = await runningWar(ctx.app, a, b);
      const played = await ctx.app.inject({ method: 'POST', url: `${SIMULATOR_API}/wars/${warId}/play` });
      expect(played.statusCode).toBe(200);
      expect((await seriesState(ctx.app, seriesId)).state).toBe('finished');
      expect((await warRow(ctx.database.db, warId)).deliveredAt).not.toBeNull();
      advance(60_000);
      expect((await sim().redeliverResults()).claimed).toBe(0);
    });

    it('records a war finished while nobody recorded it (crash after the commit) by redelivery', async () => {
      const [a, b] = [captains[2]!, captains[3]!];
      const { seriesId, warId, home, away } = await runningWar(ctx.app, a, b);
      await finishWithoutEmitting(sim(), warId, seriesId, clock.now);
      expect((await seriesState(ctx.app, seriesId)).state).toBe('live');
      // Within the grace the in-process delivery has priority: nothing is taken.
      expect((await sim().redeliverResults()).claimed).toBe(0);
      advance(2_000);
      expect(await sim().redeliverResults()).toMatchObject({ claimed: 1, delivered: 1, failures: [] });
      const series = await seriesState(ctx.app, seriesId);
      expect(series.state).toBe('finished');
      expect(series.competitors.map((c) => [c.placement, c.result.score])).toEqual([
        [1, 3],
        [2, 1],
      ]);
      expect(await standingOf(ctx.app, segment.ladderId, home)).toMatchObject({
        points: 3,
        gamesPlayed: 1,
        wins: 1,
        starsFor: 3,
      });
      expect(await standingOf(ctx.app, segment.ladderId, away)).toMatchObject({
        points: 0,
        gamesPlayed: 1,
        losses: 1,
      });
      expect((await warRow(ctx.database.db, warId)).deliveredAt).not.toBeNull();
      advance(60_000);
      expect((await sim().redeliverResults()).claimed).toBe(0);
    });

    it('retries a result whose listener failed, with backoff, until it is recorded', async () => {
      const [a, b] = [captains[4]!, captains[5]!];
      const { seriesId, warId, home } = await runningWar(ctx.app, a, b);
      const spy = vi.spyOn(ctx.app.ladder, 'finishSeries');
      try {
        spy.mockRejectedValueOnce(new Error('database hiccup'));
        const played = await ctx.app.inject(
          jsonApiRequest({
            method: 'POST',
            url: `${SIMULATOR_API}/wars/${warId}/forfeit`,
            payload: jsonApiBody({ side: 'away' }),
          }),
        );
        expect(played.statusCode).toBe(200);
        expect((await seriesState(ctx.app, seriesId)).state).toBe('live');
        const row = await warRow(ctx.database.db, warId);
        expect(row).toMatchObject({ status: 'finished', deliveredAt: null });

        advance(2_000);
        spy.mockRejectedValueOnce(new Error('still down'));
        const failed = await sim().redeliverResults();
        expect(failed).toMatchObject({ claimed: 1, delivered: 0 });
        expect(failed.failures.map((f) => f.warId)).toEqual([warId]);
        // No tight loop: the next attempt waits for the backoff.
        expect((await sim().redeliverResults()).claimed).toBe(0);
        advance(9_999);
        expect((await sim().redeliverResults()).claimed).toBe(0);
        advance(1);
        expect(await sim().redeliverResults()).toMatchObject({ claimed: 1, delivered: 1 });
      } finally {
        spy.mockRestore();
      }
      const series = await seriesState(ctx.app, seriesId);
      expect(series.state).toBe('finished');
      expect(await standingOf(ctx.app, segment.ladderId, home)).toMatchObject({ points: 3, wins: 1 });
      expect((await warRow(ctx.database.db, warId)).deliveryAttempts).toBe(2);
    });

    it('a result delivered twice changes standings once; the second delivery succeeds as a no-op', async () => {
      const [a, b] = [captains[6]!, captains[7]!];
      const { seriesId, warId } = await runningWar(ctx.app, a, b);
      const played = await ctx.app.inject({ method: 'POST', url: `${SIMULATOR_API}/wars/${warId}/play` });
      expect(played.statusCode).toBe(200);
      const before = {
        series: (await seriesState(ctx.app, seriesId)).competitors,
        home: await standingOf(ctx.app, segment.ladderId, a.rosterId),
        away: await standingOf(ctx.app, segment.ladderId, b.rosterId),
        finishedAt: (await ctx.database.db.select().from(matchSeries).where(eq(matchSeries.id, seriesId)))[0]!
          .finishedAt,
      };
      expect((await seriesState(ctx.app, seriesId)).state).toBe('finished');
      expect(before.home?.gamesPlayed).toBe(1);

      // The outbox lost its mark (e.g. the instance died before writing it): redelivered.
      await ctx.database.db.update(simWars).set({ deliveredAt: null }).where(eq(simWars.id, warId));
      const finishSpy = vi.spyOn(ctx.app.ladder.repository, 'finishSeriesWithResult');
      try {
        advance(3_000);
        expect(await sim().redeliverResults()).toMatchObject({ claimed: 1, delivered: 1, failures: [] });
        // A different (stale or forged) result for the finished series changes nothing either.
        await ctx.app.ladder.finishSeries({
          matchSeriesId: seriesId,
          stars: { home: 0, away: 3 },
          forfeit: 'home',
        });
        expect(finishSpy).not.toHaveBeenCalled();
      } finally {
        finishSpy.mockRestore();
      }
      expect((await seriesState(ctx.app, seriesId)).competitors).toEqual(before.series);
      expect(await standingOf(ctx.app, segment.ladderId, a.rosterId)).toEqual(before.home);
      expect(await standingOf(ctx.app, segment.ladderId, b.rosterId)).toEqual(before.away);
      const row = (await ctx.database.db.select().from(matchSeries).where(eq(matchSeries.id, seriesId)))[0]!;
      expect(row.finishedAt).toEqual(before.finishedAt);
      expect((await warRow(ctx.database.db, warId)).deliveredAt).not.toBeNull();
    });

    it('the periodic job picks lost results up', async () => {
      const [a, b] = [captains[8]!, captains[9]!];
      const { seriesId, warId } = await runningWar(ctx.app, a, b);
      await finishWithoutEmitting(sim(), warId, seriesId, clock.now);
      advance(2_000);
      const job = startResultRedelivery(sim(), {
        intervalMs: 20,
        onError: (error) => {
          throw error;
        },
      });
      try {
        await vi.waitFor(async () => expect((await seriesState(ctx.app, seriesId)).state).toBe('finished'), {
          timeout: 5_000,
        });
      } finally {
        await job.stop();
      }
      expect((await warRow(ctx.database.db, warId)).deliveredAt).not.toBeNull();
    });
  },
  {
    config: { ladder: { ...defaultLadderConfig(), workers: false } },
    deps: { now: () => clock.now },
  },
);

describeEachDatabase(
  'war results: the redelivery job runs on every instance with ladder workers',
  (ctx) => {
    it('is started with the workers', () => {
      expect(ctx.app.ladder.resultRedelivery).not.toBeNull();
    });
  },
  { seed: false, deps: { now: () => new Date(TEST_NOW) } },
);

describeNeeding(['postgres'], 'war results: two instances on one PostgreSQL database', () => {
  let testDb: TestDatabase;
  let second: Database;
  const apps: FastifyInstance[] = [];
  let captains: Captain[] = [];
  let segment: Awaited<ReturnType<typeof ladderSegment>>;
  const now = { at: new Date(TEST_NOW) };

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    const url = testDb.database.driver.kind === 'postgres' ? testDb.database.driver.url : '';
    second = await openDatabase({ url, poolSize: 5 });
    await seedDemo(testDb.database.db, {
      now: TEST_NOW,
      adminEmail: TEST_ADMIN.email,
      adminPassword: TEST_ADMIN.password,
    });
    segment = await ladderSegment(testDb.database.db);
    captains = await createCaptains(testDb.database.db, {
      count: 10,
      parentSegmentId: segment.parentId,
      eventId: segment.eventId,
      now: TEST_NOW,
    });
    const config = testConfig({ ladder: { ...defaultLadderConfig(), workers: false } });
    for (const database of [testDb.database, second]) {
      const app = checkInjectedAnswers(
        await buildApp(config, { logger: false, redis: null, now: () => now.at, database }),
      );
      await app.ready();
      apps.push(app);
    }
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await testDb?.dispose();
  });

  it('redelivery running on both at once records each lost result exactly once', async () => {
    const [one, two] = [apps[0]!, apps[1]!];
    const wars: Awaited<ReturnType<typeof runningWar>>[] = [];
    for (let i = 0; i < 8; i += 2) {
      const war = await runningWar(one, captains[i]!, captains[i + 1]!);
      expect(war.home).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      await finishWithoutEmitting(one.game as DbSimGame, war.warId, war.seriesId, now.at);
      wars.push(war);
    }
    now.at = new Date(now.at.getTime() + 2_000);
    const emitted: string[] = [];
    const recorded: string[] = [];
    const unsubscribe = [one, two].map((app) =>
      app.game.onWarResult((result) => void emitted.push(result.warId)),
    );
    const spies = [one, two].map((app) => vi.spyOn(app.ladder.repository, 'finishSeriesWithResult'));
    try {
      const reports = await Promise.all(
        [one, two, one, two].map((app) => (app.game as DbSimGame).redeliverResults()),
      );
      expect(reports.reduce((n, r) => n + r.delivered, 0)).toBe(wars.length);
      expect(reports.flatMap((r) => r.failures)).toEqual([]);
      for (const spy of spies) {
        for (const [i, outcome] of spy.mock.results.entries()) {
          // The series id it was called with, when that call finished the series (competitors answered).
          if (await (outcome.value as Promise<unknown[] | null>)) recorded.push(spy.mock.calls[i]![0]);
        }
      }
    } finally {
      for (const u of unsubscribe) u();
      for (const spy of spies) spy.mockRestore();
    }
    expect(emitted.sort()).toEqual(wars.map((w) => w.warId).sort());
    expect(recorded.sort()).toEqual(wars.map((w) => w.seriesId).sort());
    for (const war of wars) {
      expect((await seriesState(one, war.seriesId)).state).toBe('finished');
      expect((await warRow(testDb.database.db, war.warId)).deliveredAt).not.toBeNull();
      expect(await standingOf(two, segment.ladderId, war.home)).toMatchObject({
        gamesPlayed: 1,
        points: 3,
      });
    }
  });

  it('the same result recorded on both instances at once finishes the series once', async () => {
    const [one, two] = [apps[0]!, apps[1]!];
    const war = await runningWar(one, captains[8]!, captains[9]!);
    const result: WarResult = { warId: war.warId, matchSeriesId: war.seriesId, stars: { home: 2, away: 2 } };
    const spies = [one, two].map((app) => vi.spyOn(app.ladder.repository, 'finishSeriesWithResult'));
    try {
      await Promise.all([one, two, one, two].map((app) => app.ladder.finishSeries(result)));
      const rows = await Promise.all(spies.flatMap((s) => s.mock.results.map((r) => r.value)));
      expect(rows.filter(Boolean)).toHaveLength(1);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    // A draw: one game and one point each, not two.
    for (const rosterId of [war.home, war.away]) {
      expect(await standingOf(two, segment.ladderId, rosterId)).toMatchObject({ gamesPlayed: 1, points: 1 });
    }
  });
});
