import { API } from '@cwh/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import { type AppDeps, buildApp } from '../../src/app.js';
import { checkins, matchSeries } from '../../src/db/schema/ladder.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { type CocApiStub, startCocApiStub } from '../../src/game/official/coc-api-stub.js';
import type { StoredWarReport } from '../../src/game/official/official-war.js';
import { seedDemo } from '../../src/seed/demo-seed.js';
import { recordedBody } from '../coc-api-recorded.js';
import { bearer, jsonApiBody, jsonApiRequest, TEST_ADMIN, TEST_NOW, testConfig } from '../harness.js';
import { type Captain, createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';
import { createTestDatabase, describeEachKind, type TestDatabase } from '../test-database.js';
import { acceptedSeries, matchWar, sidesOf, stubDataFor } from './official-war-fixtures.js';

/**
 * GAME_MODE=official: a match series' war is read from the (stubbed) official API by the war.poll
 * job, from the scheduled start until the war ended, and recorded once.
 */
const LEAD_MS = 120_000;
// Each test builds an app on a seeded database and walks a whole match: slow on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

describeEachKind('official war polling [%s]', (kind) => {
  let testDb: TestDatabase;
  let stub: CocApiStub;
  const apps: FastifyInstance[] = [];
  let clock = TEST_NOW;

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await stub?.close();
    await testDb?.dispose();
  });

  async function officialApp(options: { workers?: boolean; leadMs?: number } = {}) {
    const config = testConfig({
      gameMode: 'official',
      cocApiKey: stub.apiKey,
      cocApiBaseUrl: stub.baseUrl,
      ladder: {
        ...defaultLadderConfig(),
        matchLeadTimeMs: options.leadMs ?? LEAD_MS,
        workers: options.workers ?? false,
      },
      warPoll: { requestsPerSecondPerKey: 0, pollIntervalMs: 60_000, noShowWindowMs: 30 * 60_000 },
    });
    const deps: AppDeps = {
      logger: process.env.DEBUG_LOG ? { level: 'error' } : false,
      now: () => clock,
      redis: null,
      database: testDb.database,
    };
    const app = await buildApp(config, deps);
    await app.ready();
    apps.push(app);
    return app;
  }

  async function setup() {
    clock = TEST_NOW;
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    await seedDemo(db, {
      now: TEST_NOW,
      adminEmail: 'admin@clanwarhub.local',
      adminPassword: TEST_ADMIN.password,
    });
    const { parentId, eventId } = await ladderSegment(db);
    const captains = await createCaptains(db, {
      count: 2,
      offset: 700,
      parentSegmentId: parentId,
      eventId,
      now: TEST_NOW,
    });
    stub = await startCocApiStub({ data: stubDataFor(captains) });
    return captains;
  }

  const stubClan = (captain: Captain) => stub.data.clans.find((c) => c.tag === captain.clanTag)!;

  async function seriesRow(id: string) {
    return (await testDb.database.db.select().from(matchSeries).where(eq(matchSeries.id, id)))[0]!;
  }

  async function pollJobs(): Promise<number> {
    const result = await testDb.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'war.poll'`,
    );
    const rows = Array.isArray(result) ? result : (result as unknown as { rows: { n: number }[] }).rows;
    return Number((rows[0] as { n: number }).n);
  }

  it('a war appears, goes from preparation to in war to ended, and is recorded once', async () => {
    const captains = await setup();
    const app = await officialApp();
    const seriesId = await acceptedSeries(app, captains[0]!, captains[1]!);
    // The first poll was scheduled in the transaction that created the series.
    expect(await pollJobs()).toBe(1);
    const { home, away } = await sidesOf(app, seriesId, captains);
    const poller = app.officialWar!;

    // Start war opens the opponent's clan profile in the game; nothing is created.
    const war = await app.inject(
      jsonApiRequest({
        method: 'POST',
        url: `${API.war}/create-war`,
        headers: bearer(home.token),
        payload: jsonApiBody({ matchSeriesId: seriesId }),
      }),
    );
    expect(war.json().data.attributes.link).toBe(
      `https://link.clashofclans.com/en?action=OpenClanProfile&tag=${away.clanTag.slice(1)}`,
    );

    expect(await poller.poll(seriesId)).toEqual({
      kind: 'again',
      delayMs: LEAD_MS,
      why: 'before the scheduled start',
    });
    clock = new Date(TEST_NOW.getTime() + LEAD_MS);
    expect(await poller.poll(seriesId)).toMatchObject({ kind: 'again', why: 'no war of this match yet' });

    stubClan(home).currentWar = matchWar('preparation', home, away, TEST_NOW);
    stub.setMaxAge(120);
    expect(await poller.poll(seriesId)).toEqual({ kind: 'again', delayMs: 120_000, why: 'war preparation' });
    stub.setMaxAge(null);
    (app.game as unknown as { clearCache(): void }).clearCache();
    stubClan(home).currentWar = matchWar('inWar', home, away, TEST_NOW);
    expect(await poller.poll(seriesId)).toMatchObject({ kind: 'again', why: 'war inWar' });
    expect((await seriesRow(seriesId)).state).not.toBe('finished');

    stubClan(home).currentWar = matchWar('warEnded', home, away, TEST_NOW);
    expect(await poller.poll(seriesId)).toEqual({ kind: 'recorded' });
    expect(await poller.poll(seriesId)).toEqual({ kind: 'done', why: 'finished' });

    const row = await seriesRow(seriesId);
    expect(row.state).toBe('finished');
    const report = row.warReport as StoredWarReport;
    expect(report).toMatchObject({
      stars: { home: 11, away: 13 },
      destruction: { home: 87.6, away: 96 },
      winner: 'away',
      warLog: 'not_listed',
    });
    expect(report.attacks).toHaveLength(10);
    expect(report.attacks[0]).toMatchObject({
      order: 1,
      side: 'away',
      stars: 2,
      destruction: 82,
      durationSeconds: 165,
    });

    const series = (await app.inject({ url: `${API.matches}/match-series/${seriesId}` })).json().data
      .attributes;
    expect(series.competitors.map((c: { placement: number }) => c.placement)).toEqual([2, 1]);
    expect(series.competitors.map((c: { result: { score: number } }) => c.result.score)).toEqual([11, 13]);
    // The match page reads the attacks from the series document.
    expect(series.officialWar).toMatchObject({
      settings: { teamSize: 5, attacksPerMember: 1, preparationMinutes: 5, battleMinutes: 45 },
      state: 'warEnded',
      destruction: { home: 87.6, away: 96 },
      warLog: 'not_listed',
      reviewReason: null,
    });
    expect(series.officialWar.attacks).toHaveLength(10);
  });

  /** A fresh accepted series whose home clan is in a finished war against a clan of another match. */
  async function seriesAgainstStranger() {
    const captains = await setup();
    const app = await officialApp();
    const seriesId = await acceptedSeries(app, captains[0]!, captains[1]!);
    const { home, away } = await sidesOf(app, seriesId, captains);
    const stranger = { ...away, clanTag: '#2QCVRQCQR' };
    stubClan(home).currentWar = matchWar('warEnded', home, stranger, TEST_NOW);
    return { app, seriesId, home };
  }

  it('a war against another clan is not this match: the poll waits and records nothing', async () => {
    const { app, seriesId } = await seriesAgainstStranger();
    clock = new Date(TEST_NOW.getTime() + LEAD_MS + 60_000);
    expect(await app.officialWar!.poll(seriesId)).toMatchObject({
      kind: 'again',
      why: 'no war of this match yet',
    });
    expect((await seriesRow(seriesId)).state).not.toBe('finished');
  });

  it('past the no-show window, the side that did not check in forfeits', async () => {
    const { app, seriesId, home } = await seriesAgainstStranger();
    await testDb.database.db
      .insert(checkins)
      .values({ tenant: 'global', userId: home.userId, matchSeriesId: seriesId, createdAt: clock });
    clock = new Date(TEST_NOW.getTime() + LEAD_MS + 31 * 60_000);
    expect(await app.officialWar!.poll(seriesId)).toEqual({ kind: 'forfeit', side: 'away' });
    const series = (await app.inject({ url: `${API.matches}/match-series/${seriesId}` })).json().data
      .attributes;
    expect(series.state).toBe('finished');
    expect(series.competitors.map((c: { placement: number }) => c.placement)).toEqual([1, 2]);
  });

  it('no war and nobody checked in past the window: flagged for the organizer, once', async () => {
    const captains = await setup();
    const app = await officialApp();
    const seriesId = await acceptedSeries(app, captains[0]!, captains[1]!);
    clock = new Date(TEST_NOW.getTime() + LEAD_MS + 31 * 60_000);
    expect(await app.officialWar!.poll(seriesId)).toEqual({ kind: 'flagged', reason: 'no_war' });
    expect((await seriesRow(seriesId)).reviewReason).toBe('no_war');
    expect(await app.officialWar!.poll(seriesId)).toEqual({ kind: 'done', why: 'flagged' });
  });

  it('a private war log is flagged for the organizer and finishes nothing', async () => {
    const captains = await setup();
    const app = await officialApp();
    const seriesId = await acceptedSeries(app, captains[0]!, captains[1]!);
    clock = new Date(TEST_NOW.getTime() + LEAD_MS + 31 * 60_000);
    const { home } = await sidesOf(app, seriesId, captains);
    stubClan(home).isWarLogPublic = false;
    expect(await app.officialWar!.poll(seriesId)).toEqual({ kind: 'flagged', reason: 'war_log_private' });
    expect((await seriesRow(seriesId)).reviewReason).toBe('war_log_private');
    expect((await seriesRow(seriesId)).state).not.toBe('finished');
  });

  it('maintenance in the middle: the poll waits as asked and the war is recorded afterwards', async () => {
    const captains = await setup();
    const app = await officialApp();
    const seriesId = await acceptedSeries(app, captains[0]!, captains[1]!);
    const { home, away } = await sidesOf(app, seriesId, captains);
    clock = new Date(TEST_NOW.getTime() + LEAD_MS);
    stubClan(home).currentWar = matchWar('inWar', home, away, TEST_NOW);
    expect(await app.officialWar!.poll(seriesId)).toMatchObject({ kind: 'again', why: 'war inWar' });

    stub.failNext(1, { status: 503, retryAfter: 300 });
    stubClan(home).currentWar = matchWar('warEnded', home, away, TEST_NOW);
    expect(await app.officialWar!.poll(seriesId)).toEqual({
      kind: 'again',
      delayMs: 300_000,
      why: 'api unavailable',
    });
    expect((await seriesRow(seriesId)).state).not.toBe('finished');
    expect(await app.officialWar!.poll(seriesId)).toEqual({ kind: 'recorded' });
  });

  it('an instance restart in the middle: the job survives and the war is recorded once', async () => {
    const captains = await setup();
    // No lead time: the first poll is due at once, but this instance does not run jobs.
    const first = await officialApp({ workers: false, leadMs: 0 });
    const seriesId = await acceptedSeries(first, captains[0]!, captains[1]!);
    const { home, away } = await sidesOf(first, seriesId, captains);
    expect(await pollJobs()).toBe(1);
    await first.close();
    apps.splice(apps.indexOf(first), 1);
    const warPath = `/v1/clans/${encodeURIComponent(home.clanTag)}/currentwar`;
    // Queueing and accepting read the war status too.
    const readsBefore = stub.countRequests(warPath);

    // The war ends while no instance runs; the next instance's worker picks the job up.
    stubClan(home).currentWar = matchWar('warEnded', home, away, TEST_NOW);
    await officialApp({ workers: true, leadMs: 0 });
    await vi.waitFor(async () => expect((await seriesRow(seriesId)).state).toBe('finished'), {
      timeout: 40_000,
      interval: 250,
    });
    const row = await seriesRow(seriesId);
    expect((row.warReport as StoredWarReport).stars).toEqual({ home: 11, away: 13 });
    expect(stub.countRequests(warPath) - readsBefore).toBe(1);
  }, 90_000);

  it('refusals: own clan and opponent in a war, private war log, at accept and at check-in', async () => {
    const [a, b] = await setup();
    const app = await officialApp();
    const request = (captain: Captain, url: string, body?: Record<string, unknown>) =>
      app.inject(
        body
          ? jsonApiRequest({
              method: 'POST',
              url,
              headers: bearer(captain.token),
              payload: jsonApiBody(body),
            })
          : { method: 'POST', url, headers: bearer(captain.token) },
      );
    for (const c of [a!, b!]) {
      const joined = await request(c, `${API.matches}/queue/${c.rosterId}/join`, {
        playerTags: c.playerTags,
      });
      expect(joined.statusCode).toBe(200);
    }
    await app.ladder.matchmake();
    const list = await app.inject({
      url: `${API.matches}/match-ups?filter[user.id]=${a!.userId}`,
      headers: bearer(a!.token),
    });
    const matchUpId = list.json().data[0].id as string;
    const accept = (c: Captain) => request(c, `${API.matches}/match-ups/${matchUpId}/accept`);
    const code = (response: { json(): { errors: { code: string }[] } }) => response.json().errors[0]!.code;

    const notInWar = stubClan(b!).currentWar;
    stubClan(b!).currentWar = recordedBody('clans/currentwar/INWAR') as typeof notInWar;
    (app.game as unknown as { clearCache(): void }).clearCache();
    const opponentInWar = await accept(a!);
    expect([opponentInWar.statusCode, code(opponentInWar)]).toEqual([400, 'OPPONENT_IS_IN_WAR']);
    const ownInWar = await accept(b!);
    expect([ownInWar.statusCode, code(ownInWar)]).toEqual([400, 'CLAN_IS_IN_WAR']);
    stubClan(b!).currentWar = notInWar;
    stubClan(a!).isWarLogPublic = false;
    const privateLog = await accept(a!);
    expect([privateLog.statusCode, code(privateLog)]).toEqual([400, 'WAR_LOG_PRIVATE']);
    stubClan(a!).isWarLogPublic = true;
    expect((await accept(a!)).statusCode).toBe(200);
    const done = await accept(b!);
    expect(done.statusCode).toBe(200);
    const matchSeriesId = done.json().data.attributes.matchSeriesId as string;

    stubClan(b!).currentWar = recordedBody('clans/currentwar/PREPARATION') as typeof notInWar;
    const checkIn = (c: Captain) => request(c, `${API.matches}/checkins`, { matchSeriesId });
    const opponentAtCheckIn = await checkIn(a!);
    expect([opponentAtCheckIn.statusCode, code(opponentAtCheckIn)]).toEqual([400, 'OPPONENT_IS_IN_WAR']);
    const ownAtCheckIn = await checkIn(b!);
    expect([ownAtCheckIn.statusCode, code(ownAtCheckIn)]).toEqual([400, 'CLAN_IS_IN_WAR']);
    stubClan(b!).currentWar = notInWar;
    expect((await checkIn(a!)).statusCode).toBe(201);
  }, 90_000);
});
