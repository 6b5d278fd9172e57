import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { matchSeries, matchSeriesCompetitors, queueEntries } from '../../src/db/schema/ladder.js';
import { rosters } from '../../src/db/schema/rosters.js';
import {
  createLadderSeriesRepository,
  type MatchSeriesRow,
} from '../../src/features/ladder/match-series/ladder-series-repository.js';
import { describeEachDatabase, TEST_NOW } from '../harness.js';
import { createUserWithToken, ladderSegment } from './ladder-fixtures.js';

/**
 * The ladder's match series repository where it says no: a second series for one match-up, a result
 * for a series already finished, a second war claim, a claim released by someone else. Rows are
 * written straight into the tables; each test takes its own series and (random) roster ids.
 */
const HOUR = 3_600_000;
const at = (hours: number) => new Date(TEST_NOW.getTime() + hours * HOUR);

describeEachDatabase('ladder series repository: refusals and empty answers', (ctx) => {
  let segment: Awaited<ReturnType<typeof ladderSegment>>;
  const repo = () => createLadderSeriesRepository(ctx.database.db);

  beforeAll(async () => {
    segment = await ladderSegment(ctx.database.db);
  });

  /** A series of the ladder segment with two competitors (random roster ids unless given). */
  async function series(
    options: { state?: MatchSeriesRow['state']; date?: Date; matchUpId?: string; rosterIds?: string[] } = {},
  ) {
    const date = options.date ?? at(1);
    const row = await repo().insertSeries(
      {
        tenant: 'global',
        eventId: segment.eventId,
        segmentId: segment.ladderId,
        matchUpId: options.matchUpId ?? null,
        date,
        state: options.state ?? 'upcoming',
        createdAt: TEST_NOW,
      },
      ctx.database.db,
    );
    const rosterIds = options.rosterIds ?? [randomUUID(), randomUUID()];
    await repo().insertCompetitors(
      rosterIds.map((rosterId, position) => ({ matchSeriesId: row!.id, position, rosterId, date })),
      ctx.database.db,
    );
    return { ...row!, rosterIds };
  }

  type Sides = Parameters<ReturnType<typeof repo>['finishSeriesWithResult']>[2];
  /** Home won 3–1 at 87.5 % to 40 %, the away side forfeited. */
  const WON: Sides = [
    { score: 3, destruction: 87.5, placement: 1, forfeit: false },
    { score: 1, destruction: 40, placement: 2, forfeit: true },
  ];
  const finish = (id: string, finishedAt: Date, sides: Sides = WON) =>
    ctx.database.db.transaction((tx) => repo().finishSeriesWithResult(id, finishedAt, sides, tx));

  const stored = async (id: string) =>
    (await ctx.database.db.select().from(matchSeries).where(eq(matchSeries.id, id)))[0];

  it('inserts no second series for a match-up that already has one', async () => {
    const matchUpId = randomUUID();
    const first = await series({ matchUpId });
    const second = await repo().insertSeries(
      {
        tenant: 'global',
        eventId: segment.eventId,
        segmentId: segment.ladderId,
        matchUpId,
        date: at(2),
        state: 'upcoming',
        createdAt: TEST_NOW,
      },
      ctx.database.db,
    );
    expect(second).toBeNull();
    const rows = await ctx.database.db.select().from(matchSeries).where(eq(matchSeries.matchUpId, matchUpId));
    expect(rows.map((r) => r.id)).toEqual([first.id]);
  });

  it("writes the series of several match-ups in one statement, and nothing of a match-up's that already has one", async () => {
    const taken = randomUUID();
    const fresh = randomUUID();
    const first = await series({ matchUpId: taken });
    const sidesOf = (rosterIds: string[]) =>
      rosterIds.map((rosterId) => ({
        id: randomUUID(),
        rosterId,
        queueEntryId: randomUUID(),
        respondedAt: TEST_NOW,
      }));
    const freshSeries = randomUUID();
    const freshRosters = [randomUUID(), randomUUID()];
    const created = await ctx.database.db.transaction((tx) =>
      repo().createMatchUpSeries(
        [
          {
            matchUp: { id: taken, tenant: 'global', segmentId: segment.ladderId },
            sides: sidesOf(first.rosterIds),
            series: { id: randomUUID(), date: at(2) },
          },
          {
            matchUp: { id: fresh, tenant: 'global', segmentId: segment.ladderId },
            sides: sidesOf(freshRosters),
            series: { id: freshSeries, date: at(2) },
          },
        ],
        { createdAt: TEST_NOW, endedBy: 'test' },
        tx,
      ),
    );
    expect(created).toEqual([freshSeries]);
    const byMatchUp = async (matchUpId: string) =>
      (await ctx.database.db.select().from(matchSeries).where(eq(matchSeries.matchUpId, matchUpId))).map(
        (r) => r.id,
      );
    expect(await byMatchUp(taken)).toEqual([first.id]);
    expect(await byMatchUp(fresh)).toEqual([freshSeries]);
    const competitors = async (seriesId: string) =>
      (
        await ctx.database.db
          .select()
          .from(matchSeriesCompetitors)
          .where(eq(matchSeriesCompetitors.matchSeriesId, seriesId))
          .orderBy(matchSeriesCompetitors.position)
      ).map((c) => c.rosterId);
    expect(await competitors(first.id)).toHaveLength(2);
    expect(await competitors(freshSeries)).toEqual(freshRosters);
  });

  it('series without a match-up (brackets) are not limited to one', async () => {
    const a = await series();
    const b = await series();
    expect(a.id).not.toBe(b.id);
    expect(a.matchUpId).toBeNull();
  });

  it('answers null for an unknown series or match-up, locked or not', async () => {
    const id = randomUUID();
    expect(await repo().findSeries(id)).toBeNull();
    expect(await ctx.database.db.transaction((tx) => repo().findSeries(id, tx, true))).toBeNull();
  });

  it('finds a series under lock inside a transaction', async () => {
    const { id } = await series();
    const locked = await ctx.database.db.transaction((tx) => repo().findSeries(id, tx, true));
    expect(locked?.id).toBe(id);
  });

  it('does not finish an unknown series', async () => {
    expect(await finish(randomUUID(), at(3))).toBeNull();
  });

  it('finishes a series with its result once: the first finish time and result stand', async () => {
    const { id, rosterIds } = await series();
    expect(await finish(id, at(3))).toEqual([
      { position: 0, rosterId: rosterIds[0], ownerId: null, score: 3, placement: 1, forfeit: false },
      { position: 1, rosterId: rosterIds[1], ownerId: null, score: 1, placement: 2, forfeit: true },
    ]);
    const written = async () =>
      (
        await ctx.database.db
          .select()
          .from(matchSeriesCompetitors)
          .where(eq(matchSeriesCompetitors.matchSeriesId, id))
      )
        .sort((a, b) => a.position - b.position)
        .map(({ score, destruction, placement, forfeit }) => ({ score, destruction, placement, forfeit }));
    const first = [
      { score: 3, destruction: 87.5, placement: 1, forfeit: false },
      { score: 1, destruction: 40, placement: 2, forfeit: true },
    ];
    expect(await written()).toEqual(first);
    const again: Sides = [
      { score: 0, destruction: null, placement: 2, forfeit: false },
      { score: 3, destruction: null, placement: 1, forfeit: false },
    ];
    expect(await finish(id, at(4), again)).toBeNull();
    expect(await stored(id)).toMatchObject({ state: 'finished', finishedAt: at(3) });
    expect(await written()).toEqual(first);
  });

  it("answers the rosters' owners and completes the queue entries of that series only", async () => {
    const { userId } = await createUserWithToken(ctx.database.db, `owner-${randomUUID()}@example.test`);
    const [roster] = await ctx.database.db
      .insert(rosters)
      .values({
        tenant: 'global',
        eventId: segment.eventId,
        segmentId: segment.ladderId,
        ownerId: userId,
        joiningKey: randomUUID(),
      })
      .returning({ id: rosters.id });
    const played = await series({ rosterIds: [roster!.id, randomUUID()] });
    const other = await series();
    const entry = (s: { id: string; rosterIds: string[] }, position: number) => ({
      tenant: 'global',
      rosterId: s.rosterIds[position]!,
      segmentId: segment.ladderId,
      thLevel: 17,
      playerTags: [],
      status: 'matched' as const,
      joinedAt: at(0),
      matchSeriesId: s.id,
    });
    await ctx.database.db.insert(queueEntries).values([entry(played, 0), entry(played, 1), entry(other, 0)]);
    const told = await finish(played.id, at(3));
    expect(told?.map((c) => c.ownerId)).toEqual([userId, null]);
    const statuses = await ctx.database.db
      .select({ seriesId: queueEntries.matchSeriesId, status: queueEntries.status })
      .from(queueEntries)
      .where(inArray(queueEntries.matchSeriesId, [played.id, other.id]));
    expect(statuses.filter((e) => e.seriesId === played.id).map((e) => e.status)).toEqual([
      'completed',
      'completed',
    ]);
    expect(statuses.filter((e) => e.seriesId === other.id).map((e) => e.status)).toEqual(['matched']);
  });

  it('refuses a second war claim: the first claim stays', async () => {
    const { id } = await series();
    expect(await repo().claimWar(id, 'pending:first')).toBe(true);
    expect(await repo().claimWar(id, 'pending:second')).toBe(false);
    expect((await stored(id))?.warId).toBe('pending:first');
  });

  it('takes over a claim stamped before the stale limit, never a younger one, a war or an unstamped claim', async () => {
    const { id } = await series();
    const young = 'pending:2000:young';
    expect(await repo().claimWar(id, young)).toBe(true);
    expect(await repo().claimWar(id, 'pending:3000:other', undefined, 2000)).toBe(false);
    expect((await stored(id))?.warId).toBe(young);
    expect(await repo().claimWar(id, 'pending:3000:taker', undefined, 2001)).toBe(true);
    expect((await stored(id))?.warId).toBe('pending:3000:taker');

    const { id: legacy } = await series();
    expect(await repo().claimWar(legacy, 'pending:no-stamp')).toBe(true);
    expect(await repo().claimWar(legacy, 'pending:9:taker', undefined, Number.MAX_SAFE_INTEGER)).toBe(false);
    expect((await stored(legacy))?.warId).toBe('pending:no-stamp');
  });

  it('refuses a war claim on an unknown series', async () => {
    expect(await repo().claimWar(randomUUID(), 'pending:x')).toBe(false);
  });

  it('refuses a claim on a series whose war is created', async () => {
    const { id } = await series();
    await repo().storeCreatedWar(id, { warId: 'war-1', warLink: '/simulator/war/war-1' });
    expect(await repo().claimWar(id, 'pending:late')).toBe(false);
    expect(await stored(id)).toMatchObject({
      warId: 'war-1',
      warLink: '/simulator/war/war-1',
      state: 'live',
    });
  });

  it('releases only its own claim: another marker leaves the claim in place', async () => {
    const { id } = await series();
    await repo().claimWar(id, 'pending:owner');
    await repo().releaseWarClaim(id, 'pending:someone-else');
    expect((await stored(id))?.warId).toBe('pending:owner');
    await repo().releaseWarClaim(id, 'pending:owner');
    expect((await stored(id))?.warId).toBeNull();
  });

  it('a released claim does not undo a created war', async () => {
    const { id } = await series();
    await repo().claimWar(id, 'pending:owner');
    await repo().storeCreatedWar(id, { warId: 'war-2', warLink: '/simulator/war/war-2' });
    await repo().releaseWarClaim(id, 'pending:owner');
    expect((await stored(id))?.warId).toBe('war-2');
  });

  it('storing a war created after the result was recorded keeps the series finished', async () => {
    const { id } = await series();
    await finish(id, at(3));
    await repo().storeCreatedWar(id, { warId: 'war-3', warLink: '/simulator/war/war-3' });
    expect(await stored(id)).toMatchObject({ state: 'finished', warId: 'war-3' });
  });

  it('answers no competitors for no series, and home before away for several', async () => {
    expect(await repo().competitorsOf([])).toEqual([]);
    const a = await series();
    const b = await series();
    const competitors = await repo().competitorsOf([b.id, a.id]);
    const expected = [a, b]
      .sort((x, y) => (x.id < y.id ? -1 : 1))
      .flatMap((s) => s.rosterIds.map((rosterId, position) => ({ matchSeriesId: s.id, position, rosterId })));
    expect(
      competitors.map(({ matchSeriesId, position, rosterId }) => ({ matchSeriesId, position, rosterId })),
    ).toEqual(expected);
  });

  it('finds no open series for a roster without one, or whose series are finished', async () => {
    expect(await repo().openSeriesOfRoster(randomUUID())).toBeNull();
    const { id, rosterIds } = await series();
    await finish(id, at(3));
    expect(await repo().openSeriesOfRoster(rosterIds[0]!)).toBeNull();
  });

  it("finds the roster's earliest open series", async () => {
    const roster = randomUUID();
    const later = await series({ date: at(5), rosterIds: [roster, randomUUID()] });
    const earlier = await series({ date: at(4), state: 'live', rosterIds: [randomUUID(), roster] });
    expect((await repo().openSeriesOfRoster(roster))?.id).toBe(earlier.id);
    await finish(earlier.id, at(6));
    expect((await repo().openSeriesOfRoster(roster))?.id).toBe(later.id);
  });

  it("counts a roster's series after a date, and none for a roster without series", async () => {
    const roster = randomUUID();
    await series({ date: at(1), rosterIds: [roster, randomUUID()] });
    await series({ date: at(10), rosterIds: [randomUUID(), roster] });
    expect(await repo().seriesCountSince(roster, at(0))).toBe(2);
    expect(await repo().seriesCountSince(roster, at(1))).toBe(1);
    expect(await repo().seriesCountSince(roster, at(10))).toBe(0);
    expect(await repo().seriesCountSince(randomUUID(), at(0))).toBe(0);
  });

  it("counts a roster's series in its segment, and none in another segment", async () => {
    const roster = randomUUID();
    await series({ rosterIds: [roster, randomUUID()] });
    expect(await repo().seriesCountInSegment(roster, segment.ladderId)).toBe(1);
    expect(await repo().seriesCountInSegment(roster, segment.parentId)).toBe(0);
    expect(await repo().seriesCountInSegment(randomUUID(), segment.ladderId)).toBe(0);
  });
});
