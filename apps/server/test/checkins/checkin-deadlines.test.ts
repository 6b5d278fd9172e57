import { API } from '@cwh/contract';
import { competitorResultLabel } from '@cwh/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { matchSeries } from '../../src/db/schema/ladder.js';
import { deadlineKey } from '../../src/features/checkins/checkin-deadlines.js';
import { seedDemo } from '../../src/seed/demo-seed.js';
import {
  bearer,
  describeEachDatabase,
  jsonApiBody,
  jsonApiRequest,
  loginAsAdmin,
  TEST_ADMIN,
  TEST_NOW,
  testConfig,
} from '../harness.js';
import { type Captain, createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';
import { createTestDatabase, describeEachKind, type TestDatabase } from '../test-database.js';
import {
  deadlineJobs,
  MINUTE,
  matchCheckIn,
  refusal,
  seriesWrites,
  stageSegment,
  stageSeries,
  waitingDeadlineJobs,
} from './checkins-fixtures.js';

// The socket notices, as sent to the user rooms (the missed-check-in notice of spec 8).
const sent = vi.hoisted(() => [] as { userId: string; event: string; data: unknown }[]);
vi.mock('../../src/realtime/notify.js', () => ({
  notifyUser: (_io: unknown, _tenant: string, userId: string, event: string, data: unknown) => {
    sent.push({ userId, event, data });
  },
}));

let clock = TEST_NOW;
const START = new Date(TEST_NOW.getTime() + 60 * MINUTE);

interface CompetitorJson {
  placement: number | null;
  result: { score: number | null; forfeit: boolean };
}

async function labels(app: FastifyInstance, id: string): Promise<string[]> {
  const response = await app.inject({ url: `${API.matches}/match-series/${id}` });
  const competitors = response.json().data.attributes.competitors as CompetitorJson[];
  return competitors.map((c, i) => competitorResultLabel(c, competitors[1 - i]));
}

describeEachDatabase(
  'check-in deadlines',
  (ctx) => {
    let admin = '';
    let captains: Captain[] = [];
    let stages = 0;
    async function newSeries() {
      const k = (stages % 8) * 2;
      stages++;
      const segmentId = await stageSegment(ctx.database.db, `dl-${stages}`, { monthlyQualifier: false });
      return stageSeries(ctx.app, admin, segmentId, [captains[k]!, captains[k + 1]!], START);
    }

    beforeAll(async () => {
      const { parentId, eventId } = await ladderSegment(ctx.database.db);
      captains = await createCaptains(ctx.database.db, {
        count: 16,
        offset: 8600,
        parentSegmentId: parentId,
        eventId,
        now: TEST_NOW,
      });
      admin = (await loginAsAdmin(ctx.app)).token.value;
    });
    beforeEach(() => {
      clock = new Date(START.getTime() - 2 * MINUTE);
      sent.length = 0;
    });

    it('creating a stage sends both deadline jobs in its transaction, once per series (singleton key)', async () => {
      const series = await newSeries();
      const jobs = [
        { name: 'checkins.match-start', state: 'created' },
        { name: 'checkins.no-show', state: 'created' },
      ];
      expect(await deadlineJobs(ctx.database.db, series.id)).toEqual(jobs);
      await ctx.database.db.transaction((tx) =>
        ctx.app.checkinDeadlines.schedule([{ id: series.id, date: START }], tx),
      );
      expect(await deadlineJobs(ctx.database.db, series.id)).toEqual(jobs);
    });

    it('before the match time a deadline changes nothing and waits for it', async () => {
      const series = await newSeries();
      clock = new Date(START.getTime() - MINUTE);
      expect(await ctx.app.checkinDeadlines.noShow(series.id)).toMatchObject({
        kind: 'again',
        delayMs: MINUTE,
      });
      expect(await ctx.app.checkinDeadlines.startMatch(series.id)).toMatchObject({ kind: 'again' });
      expect((await seriesWrites(ctx.database.db, series.id)).state).toBe('scheduled');
    });

    it('one side missing: FFW for the side that checked in, FFL for the other, notices to both, once', async () => {
      const series = await newSeries();
      expect((await matchCheckIn(ctx.app, series.home.token, series.id)).statusCode).toBe(200);
      clock = START;
      const deadlines = ctx.app.checkinDeadlines;
      expect(await deadlines.startMatch(series.id)).toMatchObject({ kind: 'skipped' });
      expect(await deadlines.noShow(series.id)).toMatchObject({ kind: 'forfeit', forfeit: 'away' });
      expect((await seriesWrites(ctx.database.db, series.id)).state).toBe('finished');
      expect(await labels(ctx.app, series.id)).toEqual(['FFW', 'FFL']);
      const missed = {
        matchSeries: { id: series.id },
        roster: { id: series.away.rosterId },
        forfeit: 'away',
      };
      expect(sent.filter((n) => n.event === 'matches:check_in_missed')).toEqual([
        { userId: series.away.userId, event: 'matches:check_in_missed', data: { ...missed, own: true } },
        { userId: series.home.userId, event: 'matches:check_in_missed', data: { ...missed, own: false } },
      ]);
      // Idempotent: a second run (a redelivered job) finds the series finished.
      sent.length = 0;
      expect(await deadlines.noShow(series.id)).toMatchObject({ kind: 'skipped', why: 'series finished' });
      expect(sent).toEqual([]);
      // The side that missed is told so when it tries: error 8.
      clock = new Date(START.getTime() + 1);
      expect(refusal(await matchCheckIn(ctx.app, series.away.token, series.id))).toMatchObject({
        status: 409,
        code: 'MATCH_TIME_PASSED',
      });
    });

    it("an organizer's earlier date gets deadline jobs for it: the series is decided then, and the old date's jobs skip", async () => {
      const series = await newSeries();
      const earlier = new Date(START.getTime() - 45 * MINUTE);
      expect(await waitingDeadlineJobs(ctx.database.db, series.id)).toEqual([
        { name: 'checkins.match-start', key: deadlineKey(series.id, START) },
        { name: 'checkins.no-show', key: deadlineKey(series.id, START) },
      ]);
      clock = new Date(earlier.getTime() - 10 * MINUTE);
      const moved = await ctx.app.inject(
        jsonApiRequest({
          method: 'PATCH',
          url: `${API.tournaments}/match-series/${series.id}`,
          headers: bearer(admin),
          payload: jsonApiBody({ date: earlier.toISOString(), reason: 'Round brought forward' }),
        }),
      );
      expect(moved.statusCode).toBe(200);
      expect(await waitingDeadlineJobs(ctx.database.db, series.id)).toEqual([
        { name: 'checkins.match-start', key: deadlineKey(series.id, earlier) },
        { name: 'checkins.no-show', key: deadlineKey(series.id, earlier) },
        { name: 'checkins.match-start', key: deadlineKey(series.id, START) },
        { name: 'checkins.no-show', key: deadlineKey(series.id, START) },
      ]);
      // The new date's job, due then, decides it; the old date's job later finds it decided.
      clock = earlier;
      expect(await ctx.app.checkinDeadlines.noShow(series.id)).toMatchObject({
        kind: 'forfeit',
        forfeit: 'both',
      });
      clock = START;
      expect(await ctx.app.checkinDeadlines.noShow(series.id)).toMatchObject({ kind: 'skipped' });
      expect(await labels(ctx.app, series.id)).toEqual(['FFL', 'FFL']);
      expect(sent.filter((n) => n.event === 'matches:check_in_missed')).toHaveLength(4);
    });

    it('both sides missing: a double forfeit, each captain told about both teams', async () => {
      const series = await newSeries();
      clock = START;
      expect(await ctx.app.checkinDeadlines.noShow(series.id)).toMatchObject({
        kind: 'forfeit',
        forfeit: 'both',
      });
      expect(await labels(ctx.app, series.id)).toEqual(['FFL', 'FFL']);
      const notices = sent.filter((n) => n.event === 'matches:check_in_missed');
      expect(notices).toHaveLength(4);
      expect(notices.map((n) => [n.userId, (n.data as { own: boolean }).own])).toEqual([
        [series.home.userId, true],
        [series.away.userId, false],
        [series.away.userId, true],
        [series.home.userId, false],
      ]);
    });

    it('both sides missing in double elimination: the series stays open for the organizer, decided once', async () => {
      const k = (stages % 8) * 2;
      stages++;
      const segmentId = await stageSegment(ctx.database.db, `dl-${stages}`, {
        monthlyQualifier: false,
        doubleElimination: true,
      });
      const series = await stageSeries(
        ctx.app,
        admin,
        segmentId,
        [captains[k]!, captains[k + 1]!],
        START,
        true,
      );
      clock = START;
      expect(await ctx.app.checkinDeadlines.noShow(series.id)).toMatchObject({
        kind: 'forfeit',
        forfeit: 'both',
      });
      expect(sent.filter((n) => n.event === 'matches:check_in_missed')).toHaveLength(4);
      const [row] = await ctx.database.db.select().from(matchSeries).where(eq(matchSeries.id, series.id));
      expect([row!.state, row!.reviewReason]).toEqual(['scheduled', 'double_forfeit']);
      sent.length = 0;
      expect(await ctx.app.checkinDeadlines.noShow(series.id)).toMatchObject({
        kind: 'skipped',
        why: 'flagged for the organizer',
      });
      expect(await ctx.app.checkinDeadlines.startMatch(series.id)).toMatchObject({ kind: 'skipped' });
      expect(sent).toEqual([]);
    });

    it('both sides in without a war yet: the match goes live at its time, once; nobody forfeits', async () => {
      const series = await newSeries();
      // Captains' check-ins without the war (POST /checkins, as with the official game, whose war the
      // clans start in the game): the series is still scheduled at its time.
      for (const captain of [series.home, series.away]) {
        const response = await ctx.app.inject(
          jsonApiRequest({
            method: 'POST',
            url: `${API.matches}/checkins`,
            headers: bearer(captain.token),
            payload: jsonApiBody({ matchSeriesId: series.id }),
          }),
        );
        expect(response.statusCode).toBe(201);
      }
      clock = START;
      const deadlines = ctx.app.checkinDeadlines;
      expect(await deadlines.noShow(series.id)).toMatchObject({
        kind: 'skipped',
        why: 'both sides checked in',
      });
      expect(await deadlines.startMatch(series.id)).toMatchObject({ kind: 'live' });
      expect(await deadlines.startMatch(series.id)).toMatchObject({ kind: 'skipped', why: 'series live' });
      expect(await deadlines.noShow(series.id)).toMatchObject({ kind: 'skipped', why: 'series live' });
      expect((await seriesWrites(ctx.database.db, series.id)).state).toBe('live');
      expect(sent.filter((n) => n.event === 'matches:check_in_missed')).toEqual([]);
    });

    it('both sides in through the match check-in: the war (simulated game) is on, the deadlines leave it', async () => {
      const series = await newSeries();
      expect((await matchCheckIn(ctx.app, series.home.token, series.id)).statusCode).toBe(200);
      expect((await matchCheckIn(ctx.app, series.away.token, series.id)).statusCode).toBe(200);
      expect((await seriesWrites(ctx.database.db, series.id)).state).toBe('live');
      clock = START;
      expect(await ctx.app.checkinDeadlines.noShow(series.id)).toMatchObject({ kind: 'skipped' });
      expect(await ctx.app.checkinDeadlines.startMatch(series.id)).toMatchObject({ kind: 'skipped' });
      expect((await seriesWrites(ctx.database.db, series.id)).state).toBe('live');
    });
  },
  { deps: { now: () => clock } },
);

/**
 * The kill test: three instances on one PostgreSQL database run the job workers; the one that
 * created the stage stops before the deadline. The forfeit happens once, on a survivor.
 */
describeEachKind('check-in deadlines across instances [%s]', (kind) => {
  let testDb: TestDatabase | undefined;
  const apps: FastifyInstance[] = [];
  let shared = TEST_NOW;

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await testDb?.dispose();
  });

  async function instance() {
    const app = await buildApp(testConfig(), {
      logger: false,
      now: () => shared,
      redis: null,
      database: testDb!.database,
    });
    await app.ready();
    apps.push(app);
    return app;
  }

  const title = 'an instance stopped before the deadline: the no-show forfeit still happens, exactly once';
  it.skipIf(kind !== 'postgres')(
    kind === 'postgres' ? title : `${title} (skipped on PGlite: one embedded database per process)`,
    async () => {
      shared = TEST_NOW;
      testDb = await createTestDatabase(kind);
      const db = testDb.database.db;
      await seedDemo(db, { now: TEST_NOW, adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password });
      const { parentId, eventId } = await ladderSegment(db);
      const [a, b] = await createCaptains(db, {
        count: 2,
        offset: 8700,
        parentSegmentId: parentId,
        eventId,
        now: TEST_NOW,
      });
      const first = await instance();
      const survivors = [await instance(), await instance()];
      const admin = (await loginAsAdmin(first)).token.value;
      const segmentId = await stageSegment(db, 'kill-test', { monthlyQualifier: false });
      // Due in 4 s of real time (the delay is the match time minus the app clock).
      const startsAt = new Date(TEST_NOW.getTime() + 4_000);
      const series = await stageSeries(first, admin, segmentId, [a!, b!], startsAt);
      expect((await matchCheckIn(first, series.home.token, series.id)).statusCode).toBe(200);
      expect(await deadlineJobs(db, series.id)).toHaveLength(2);

      await first.close();
      apps.splice(apps.indexOf(first), 1);
      shared = new Date(startsAt.getTime() + 1_000);

      await vi.waitFor(
        async () => {
          const jobs = await deadlineJobs(db, series.id);
          expect(jobs.map((j) => j.state)).toEqual(['completed', 'completed']);
        },
        { timeout: 40_000, interval: 250 },
      );
      expect((await seriesWrites(db, series.id)).state).toBe('finished');
      expect(await labels(survivors[0]!, series.id)).toEqual(['FFW', 'FFL']);
      // A few more polling rounds: nothing runs again.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const forfeits = survivors.flatMap((app) =>
        app.checkinDeadlines.runs.filter((r) => r.matchSeriesId === series.id && r.kind === 'forfeit'),
      );
      expect(forfeits).toEqual([
        { job: 'checkins.no-show', matchSeriesId: series.id, kind: 'forfeit', forfeit: 'away' },
      ]);
      expect(first.checkinDeadlines.runs).toEqual([]);
      expect(await deadlineJobs(db, series.id)).toHaveLength(2);
    },
    90_000,
  );
});
