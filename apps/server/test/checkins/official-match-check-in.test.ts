import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { type CocApiStub, startCocApiStub } from '../../src/game/official/coc-api-stub.js';
import { seedDemo } from '../../src/seed/demo-seed.js';
import { TEST_ADMIN, TEST_NOW, testConfig } from '../harness.js';
import { createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';
import { createTestDatabase, describeEachKind, type TestDatabase } from '../test-database.js';
import { acceptedSeries, sidesOf, stubDataFor } from '../war/official-war-fixtures.js';
import { matchCheckIn, seriesWrites } from './checkins-fixtures.js';

/**
 * GAME_MODE=official: the game cannot create wars, so the match check-in answers the war link (the
 * opponent's clan profile in the game) to each captain at once, not only once both are in.
 */
vi.setConfig({ testTimeout: 90_000 });
const profile = (clanTag: string) =>
  `https://link.clashofclans.com/en?action=OpenClanProfile&tag=${clanTag.slice(1)}`;

describeEachKind('match check-in, official game [%s]', (kind) => {
  let testDb: TestDatabase;
  let stub: CocApiStub;
  let app: FastifyInstance;
  let seriesId = '';
  let sides: Awaited<ReturnType<typeof sidesOf>>;

  beforeAll(async () => {
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
      offset: 720,
      parentSegmentId: parentId,
      eventId,
      now: TEST_NOW,
    });
    stub = await startCocApiStub({ data: stubDataFor(captains) });
    const config = testConfig({
      gameMode: 'official',
      cocApiKey: stub.apiKey,
      cocApiBaseUrl: stub.baseUrl,
      // The series starts 2 minutes after the accept: its check-in is open.
      ladder: { ...defaultLadderConfig(), matchLeadTimeMs: 120_000, workers: false },
      warPoll: { requestsPerSecondPerKey: 0, pollIntervalMs: 60_000, noShowWindowMs: 30 * 60_000 },
    });
    app = await buildApp(config, {
      logger: false,
      now: () => TEST_NOW,
      redis: null,
      database: testDb.database,
    });
    await app.ready();
    seriesId = await acceptedSeries(app, captains[0]!, captains[1]!);
    sides = await sidesOf(app, seriesId, captains);
  });
  afterAll(async () => {
    await app?.close();
    await stub?.close();
    await testDb?.dispose();
  });

  it("each captain gets the opponent's clan profile at once; the queued line-ups stay", async () => {
    const { home, away } = sides;
    const first = await matchCheckIn(app, home.token, seriesId);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.attributes).toEqual({
      matchSeriesId: seriesId,
      link: profile(away.clanTag),
      alreadyCheckedIn: false,
    });
    const second = await matchCheckIn(app, away.token, seriesId);
    expect(second.json().data.attributes).toEqual({
      matchSeriesId: seriesId,
      link: profile(home.clanTag),
      alreadyCheckedIn: false,
    });
    expect(await seriesWrites(testDb.database.db, seriesId)).toMatchObject({
      checkins: 2,
      lineups: [home.playerTags, away.playerTags],
    });
  });
});
