import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { events, games, segments, segmentTypes, users } from '../src/db/schema/index.js';
import { seedDemo } from '../src/seed/demo-seed.js';
import { TEST_ADMIN, TEST_NOW } from './harness.js';
import { createTestDatabase, describeEachKind, type TestDatabase } from './test-database.js';

async function counts(database: Database) {
  const db = database.db;
  const one = async (
    table: typeof events | typeof segments | typeof games | typeof segmentTypes | typeof users,
  ) => (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    events: await one(events),
    segments: await one(segments),
    games: await one(games),
    segmentTypes: await one(segmentTypes),
    users: await one(users),
  };
}

describeEachKind('demo seed [%s]', (kind) => {
  let testDb: TestDatabase;
  const options = { now: TEST_NOW, adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password };

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('is idempotent: a second run leaves the same counts', async () => {
    const summary = await seedDemo(testDb.database.db, options);
    const first = await counts(testDb.database);
    expect(first).toEqual({ events: 3, segments: 16, games: 1, segmentTypes: 4, users: 3 });
    expect(summary).toEqual({ events: 3, segments: 16, users: 3 });
    await seedDemo(testDb.database.db, { ...options, now: new Date(TEST_NOW.getTime() + 3_600_000) });
    expect(await counts(testDb.database)).toEqual(first);
  });

  it('dates the championship ladder and its registration around now', async () => {
    const now = new Date('2027-06-01T08:00:00Z');
    await seedDemo(testDb.database.db, { ...options, now });
    const rows = await testDb.database.db.select().from(segments).where(eq(segments.name, 'Open Qualifier'));
    expect(rows).toHaveLength(1);
    const ladder = rows[0]!;
    expect(ladder.eliminationType).toBe('ladder');
    expect(ladder.dateFrom.getTime()).toBeLessThan(now.getTime());
    expect(ladder.dateTo.getTime()).toBeGreaterThan(now.getTime());
    const phase = ladder.registrationPhases[0]!;
    expect(new Date(phase.date.from).getTime()).toBeLessThan(now.getTime());
    expect(new Date(phase.date.to).getTime()).toBeGreaterThan(now.getTime());

    const [mq] = await testDb.database.db.select().from(segments).where(eq(segments.stageCode, 'MQ'));
    // The demo's Monthly Qualifier is under way; it starts after the ladder, so the ladder stays
    // the championship's first running stage.
    expect(mq!.dateFrom.getTime()).toBeGreaterThan(ladder.dateFrom.getTime());
    expect(mq!.dateFrom.getTime()).toBeLessThan(now.getTime());
    expect(mq!.dateTo.getTime()).toBeGreaterThan(now.getTime());
    expect(mq!.configuration.phase).toBe('MONTHLY_QUALIFIERS');
    expect(mq!.checkinsConfig.enabled).toBe(true);
    const window = mq!.checkinsConfig.openWindow!;
    expect(new Date(window.from).getTime()).toBeLessThan(now.getTime());
    expect(new Date(window.to).getTime()).toBeGreaterThan(now.getTime());

    const [championship] = await testDb.database.db
      .select()
      .from(events)
      .where(eq(events.slug, 'championship-current'));
    expect(championship!.name).toBe('Clash of Clans Championship 2027');
  });

  it('dates the TH9 cup Finals around now (its ladder over); TH12 and TH15 keep an open ladder', async () => {
    const now = new Date('2027-06-01T08:00:00Z');
    await seedDemo(testDb.database.db, { ...options, now });
    const bySlug = async (slug: string) =>
      (await testDb.database.db.select().from(segments).where(eq(segments.slug, slug)))[0]!;
    const t = now.getTime();
    const ladder = await bySlug('town-hall-cup-th9-ladder');
    const finals = await bySlug('town-hall-cup-th9-finals');
    expect(ladder.dateTo.getTime()).toBeLessThan(t);
    expect(finals.dateFrom.getTime()).toBeGreaterThan(ladder.dateFrom.getTime());
    expect([finals.dateFrom.getTime() < t, finals.dateTo.getTime() > t]).toEqual([true, true]);
    expect((await bySlug('town-hall-cup-th9')).registrationStatus).toBe('closed');
    for (const level of [12, 15]) {
      const open = await bySlug(`town-hall-cup-th${level}-ladder`);
      expect([open.dateFrom.getTime() < t, open.dateTo.getTime() > t, open.registrationStatus]).toEqual([
        true,
        true,
        'open',
      ]);
    }
  });

  it('seeds only the prize figures the spec states: the 2025 World Finals pool, none invented', async () => {
    const rows = await testDb.database.db.select().from(events);
    const prizes = Object.fromEntries(rows.map((e) => [e.slug, e.prizes]));
    // Spec 9: "World finals: ... 700,000 USD prize pool"; no other figure, no split by placement.
    expect(prizes['world-championship-2025']).toEqual({
      currency: 'USD',
      pool: 700_000,
      monthlyFinalsPool: null,
      championshipFinalsPool: 700_000,
      placements: [],
    });
    // The spec gives the current championship and the town hall cup no prizes: none are seeded,
    // so their prizes block says none are announced.
    expect(prizes['championship-current']).toBeNull();
    expect(prizes['town-hall-cup-current']).toBeNull();
  });

  it('seeds the parents, the test sandbox and the archived world championship', async () => {
    const parents = await testDb.database.db.select().from(segments).where(isNull(segments.parentId));
    expect(parents.map((s) => s.name).sort()).toEqual(
      [
        '[TEST] Championship sandbox',
        'Championship TH17',
        'Town Hall Cup TH12',
        'Town Hall Cup TH15',
        'Town Hall Cup TH9',
        'World Finals',
      ].sort(),
    );
    const [world] = await testDb.database.db
      .select()
      .from(events)
      .where(eq(events.slug, 'world-championship-2025'));
    expect(world).toMatchObject({ status: 'archived' });
    expect(world!.dateFrom.toISOString()).toBe('2025-10-31T14:00:00.000Z');
    expect(world!.dateTo.toISOString()).toBe('2025-11-02T23:59:59.000Z');
    const finals = parents.find((s) => s.name === 'World Finals')!;
    expect(finals.format).toContain('Atlanta');
    expect(finals.rostersLimit.limit).toBe(8);
    expect(finals.rosterSize).toEqual({ playersMin: 5, playersMax: 5, coachesMax: 0 });
  });
});
