import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Db } from '../../src/db/client.js';
import { competitionStages, stageMatchSeries } from '../../src/db/schema/competition.js';
import { matchSeries, matchSeriesCompetitors } from '../../src/db/schema/ladder.js';
import { seedDemoLadder } from '../../src/seed/demo-ladder-seed.js';
import { seedDemoSeason } from '../../src/seed/demo-season-seed.js';
import { seedDemo } from '../../src/seed/demo-seed.js';
import { TEST_ADMIN, TEST_NOW, testConfig } from '../harness.js';
import { createTestDatabase, describeEachKind, type TestDatabase } from '../test-database.js';
import { deadlineJobs } from './checkins-fixtures.js';

/** Deadline jobs of these series; none while pg-boss's schema does not exist yet (no app ran). */
async function jobsOf(db: Db, seriesIds: readonly string[]) {
  const result = await db.execute(sql`select to_regclass('pgboss.job')::text as t`);
  const rows = (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as {
    t: string | null;
  }[];
  if (!rows[0]?.t) return [];
  return (await Promise.all(seriesIds.map((id) => deadlineJobs(db, id)))).flat();
}

/**
 * The demo seed builds its stages before the server starts, so their series get no check-in
 * deadline jobs when created (no app on the database). The server start schedules them: one query,
 * one batch, harmless when sent again (singleton keys); the no-show then forfeits at the deadline.
 */
describeEachKind('check-in deadlines of seeded stages [%s]', (kind) => {
  let testDb: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  let clock = TEST_NOW;

  afterEach(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  it('an app started on a database with seeded stages schedules their deadlines; a no-show forfeits once at the deadline', async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    await seedDemo(db, { now: TEST_NOW, adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password });
    await seedDemoLadder(db, { now: TEST_NOW });
    await seedDemoSeason(db, { now: TEST_NOW });

    // The seeded stage series still to be played (Monthly Qualifier round 2, the cup Finals' day 2).
    const upcoming = await db
      .select({ id: matchSeries.id, date: matchSeries.date, format: competitionStages.format })
      .from(matchSeries)
      .innerJoin(stageMatchSeries, eq(stageMatchSeries.matchSeriesId, matchSeries.id))
      .innerJoin(competitionStages, eq(competitionStages.id, stageMatchSeries.stageId))
      .where(
        and(eq(matchSeries.state, 'scheduled'), eq(matchSeries.bye, false), gte(matchSeries.date, TEST_NOW)),
      )
      .orderBy(asc(matchSeries.date), asc(matchSeries.id));
    expect(upcoming.length).toBeGreaterThan(0);
    const sides = await db
      .select()
      .from(matchSeriesCompetitors)
      .where(
        inArray(
          matchSeriesCompetitors.matchSeriesId,
          upcoming.map((s) => s.id),
        ),
      );
    // The first upcoming swiss series (Monthly Qualifier round 2): both teams known, a no-show to decide.
    const target = upcoming.find(
      (s) => s.format === 'swiss' && sides.filter((c) => c.matchSeriesId === s.id && c.rosterId).length === 2,
    )!;
    expect(target).toBeDefined();
    expect(await jobsOf(db, [target.id])).toEqual([]);

    // The server starts a second before the match: the deadlines are scheduled at start.
    clock = new Date(target.date.getTime() - 1_000);
    app = await buildApp(testConfig(), {
      logger: false,
      now: () => clock,
      redis: null,
      database: testDb.database,
    });
    await app.ready();
    const later = upcoming.filter((s) => s.date >= clock).map((s) => s.id);
    const waiting = await jobsOf(db, later);
    expect(waiting).toHaveLength(later.length * 2);
    expect(await deadlineJobs(db, target.id)).toEqual([
      { name: 'checkins.match-start', state: 'created' },
      { name: 'checkins.no-show', state: 'created' },
    ]);
    // A second start (or a second instance) sends again: the singleton keys keep one job each.
    expect(await app.checkinDeadlines.scheduleUpcoming()).toBe(later.length);
    expect(await jobsOf(db, later)).toHaveLength(later.length * 2);

    // The match time passes with nobody checked in: a double forfeit, decided once.
    clock = new Date(target.date.getTime() + 1_000);
    await vi.waitFor(
      async () => {
        const jobs = await deadlineJobs(db, target.id);
        expect(jobs.map((j) => j.state)).toEqual(['completed', 'completed']);
      },
      { timeout: 40_000, interval: 250 },
    );
    const [row] = await db.select().from(matchSeries).where(eq(matchSeries.id, target.id));
    const forfeits = app.checkinDeadlines.runs.filter(
      (r) => r.matchSeriesId === target.id && r.kind === 'forfeit',
    );
    expect(forfeits).toEqual([
      { job: 'checkins.no-show', matchSeriesId: target.id, kind: 'forfeit', forfeit: 'both' },
    ]);
    // Swiss: the series is finished, both sides lost by forfeit.
    expect(row!.state).toBe('finished');
    const decided = await db
      .select()
      .from(matchSeriesCompetitors)
      .where(eq(matchSeriesCompetitors.matchSeriesId, target.id));
    expect(decided.map((c) => [c.placement, c.forfeit])).toEqual([
      [2, true],
      [2, true],
    ]);
  }, 120_000);
});
