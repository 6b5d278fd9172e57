import { randomUUID } from 'node:crypto';
import { API } from '@cwh/contract';
import { type LadderResult, rankLadder } from '@cwh/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { matchSeries, matchSeriesCompetitors } from '../../src/db/schema/ladder.js';
import type { WarOutcome } from '../../src/features/ladder/ladder-service.js';
import { describeEachDatabase, type TestContext } from '../harness.js';
import { ladderSegment } from './ladder-fixtures.js';

/*
 * Incremental standings: every result adds its deltas to its two rosters; the batched
 * full recalculation must give the same table, and nothing may depend on the number of series.
 */

const ROSTERS = Array.from({ length: 7 }, () => randomUUID()).sort();

async function openSeries(db: Db, segmentId: string, eventId: string, home: string, away: string) {
  const at = new Date('2026-03-15T10:00:00Z');
  const [series] = await db
    .insert(matchSeries)
    .values({ tenant: 'global', eventId, segmentId, date: at, state: 'live', createdAt: at })
    .returning({ id: matchSeries.id });
  await db.insert(matchSeriesCompetitors).values([
    { matchSeriesId: series!.id, position: 0, rosterId: home, date: at },
    { matchSeriesId: series!.id, position: 1, rosterId: away, date: at },
  ]);
  return series!.id;
}

type Row = { rosterId: string; rank: number; placement: number; points: number; record: string } & Record<
  string,
  unknown
>;

/** The whole table through the public endpoint (several pages, both sort orders), checked consistent. */
async function table(ctx: TestContext, segmentId: string): Promise<Row[]> {
  const read = async (query: string) => {
    const res = await ctx.app.inject({ url: `${API.tournaments}/segments/${segmentId}/standings?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as {
      data: { attributes: Row & { roster: { id: string } } }[];
      meta: { page: { total: number } };
    };
    // The roster id flattened next to the other attributes, for comparisons.
    return {
      ...doc,
      data: doc.data.map((d) => ({ attributes: { ...d.attributes, rosterId: d.attributes.roster.id } })),
    };
  };
  const first = await read('page[size]=100');
  const total = first.meta.page.total;
  const rows = first.data.map((d) => d.attributes);
  for (let page = 2; page <= Math.ceil(total / 100); page++) {
    rows.push(...(await read(`page[size]=100&page[number]=${page}`)).data.map((d) => d.attributes));
  }
  expect(rows.length).toBe(total);
  if (total <= 30) {
    const paged: Row[] = [];
    for (let page = 1; page <= Math.ceil(total / 3); page++) {
      paged.push(...(await read(`page[size]=3&page[number]=${page}`)).data.map((d) => d.attributes));
    }
    expect(paged).toEqual(rows);
  }
  const reversed = (await read('page[size]=100&sort=-placement')).data.map((d) => d.attributes);
  expect(reversed).toEqual([...rows].reverse().slice(0, 100));
  for (const row of rows.slice(0, 3)) {
    const one = await read(`filter[roster.id]=${row.rosterId}`);
    expect(one.data.map((d) => d.attributes)).toEqual([row]);
  }
  return rows;
}

const comparable = (rows: Row[]) =>
  rows.map(({ rosterId, rank, placement, points, wins, losses, draws, starsFor, starsAgainst, record }) => ({
    rosterId,
    rank,
    placement,
    points,
    wins,
    losses,
    draws,
    starsFor,
    starsAgainst,
    record,
  }));

const outcomeArb = fc.record({
  pair: fc.uniqueArray(fc.constantFrom(...ROSTERS), { minLength: 2, maxLength: 2 }),
  home: fc.integer({ min: 0, max: 15 }),
  away: fc.integer({ min: 0, max: 15 }),
  forfeit: fc.constantFrom(undefined, undefined, undefined, 'home' as const, 'away' as const),
});
const stepArb = fc.oneof(
  { weight: 3, arbitrary: outcomeArb.map((o) => ({ kind: 'result' as const, ...o })) },
  {
    weight: 1,
    arbitrary: fc.record({ index: fc.nat(), o: outcomeArb }).map((c) => ({ kind: 'fix' as const, ...c })),
  },
);

/** The domain's result of a war outcome (stars decide; equal stars draw; the forfeiter loses). */
function domainResult(home: string, away: string, o: WarOutcome): LadderResult {
  const winner = o.forfeit
    ? o.forfeit === 'home'
      ? away
      : home
    : o.stars.home === o.stars.away
      ? null
      : o.stars.home > o.stars.away
        ? home
        : away;
  return {
    homeRosterId: home,
    awayRosterId: away,
    winnerRosterId: winner,
    homeStars: o.stars.home,
    awayStars: o.stars.away,
    forfeit: !!o.forfeit,
  };
}

describeEachDatabase('incremental ladder standings', (ctx) => {
  it('random results, forfeits and corrections: incremental table = batched recalculation = rankLadder', async () => {
    const { ladderId, eventId } = await ladderSegment(ctx.database.db);
    const db = ctx.database.db;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 10 }), async (steps) => {
        await db.execute(sql`delete from match_series where segment_id = ${ladderId}`);
        await db.execute(sql`delete from ladder_standings where segment_id = ${ladderId}`);
        await db.execute(sql`delete from ladder_standing_levels where segment_id = ${ladderId}`);
        await db.execute(sql`delete from queue_entries where segment_id = ${ladderId}`);
        // Written behind the API's back: the read cache would keep the last run's table.
        ctx.app.readCache.invalidate();
        const played: { seriesId: string; home: string; away: string; result: LadderResult }[] = [];
        for (const step of steps) {
          const o = step.kind === 'result' ? step : step.o;
          const outcome = { stars: { home: o.home, away: o.away }, forfeit: o.forfeit };
          if (step.kind === 'fix') {
            if (played.length === 0) continue;
            const target = played[step.index % played.length]!;
            await ctx.app.ladder.correctSeries({ matchSeriesId: target.seriesId, ...outcome });
            target.result = domainResult(target.home, target.away, { matchSeriesId: '', ...outcome });
            continue;
          }
          const [home, away] = step.pair as [string, string];
          const seriesId = await openSeries(db, ladderId, eventId, home, away);
          await ctx.app.ladder.finishSeries({ matchSeriesId: seriesId, ...outcome });
          played.push({
            seriesId,
            home,
            away,
            result: domainResult(home, away, { matchSeriesId: '', ...outcome }),
          });
        }
        const incremental = comparable(await table(ctx, ladderId));
        const expected = rankLadder(played.map((p) => p.result)).map((e, i) => ({
          rosterId: e.rosterId,
          rank: e.rank,
          placement: i + 1,
          points: e.points,
          wins: e.wins,
          losses: e.losses,
          draws: e.draws,
          starsFor: e.starsFor,
          starsAgainst: e.starsAgainst,
          record: e.record,
        }));
        expect(incremental).toEqual(expected);
        await ctx.app.ladder.recalculateSegment(ladderId);
        expect(comparable(await table(ctx, ladderId))).toEqual(expected);
      }),
      { numRuns: ctx.kind === 'pglite' ? 6 : 12 },
    );
  }, 180_000);

  it('records a result in a segment with more than 65,536 finished series, and recalculates it', async () => {
    const { ladderId, eventId } = await ladderSegment(ctx.database.db);
    const db = ctx.database.db;
    await db.execute(sql`delete from match_series where segment_id = ${ladderId}`);
    await db.execute(sql`delete from ladder_standings where segment_id = ${ladderId}`);
    await db.execute(sql`delete from ladder_standing_levels where segment_id = ${ladderId}`);
    // 70,000 finished series between 2,000 rosters, built set-based: series i is roster (i mod 2000)
    // at home against roster ((i + 1) mod 2000), home wins 3–1.
    await db.execute(sql`
      create temp table bulk_rosters as
        select n, gen_random_uuid() as id from generate_series(0, 1999) n`);
    await db.execute(sql`
      create temp table bulk_series as
        select gen_random_uuid() as id, i from generate_series(0, 69999) i`);
    await db.execute(sql`
      insert into match_series (id, tenant, event_id, segment_id, date, state, created_at, finished_at)
      select id, 'global', ${eventId}, ${ladderId}, now(), 'finished', now(), now() from bulk_series`);
    await db.execute(sql`
      insert into match_series_competitors (match_series_id, position, roster_id, placement, score, date)
      select s.id, p.position, r.id, case p.position when 0 then 1 else 2 end,
        case p.position when 0 then 3 else 1 end, now()
      from bulk_series s cross join (values (0), (1)) p(position)
      join bulk_rosters r on r.n = (s.i + p.position) % 2000`);
    // The table of those series, recalculated in batches (2,000 rosters; no parameter per series).
    expect(await ctx.app.ladder.recalculateSegment(ladderId)).toBe(2000);
    const before = await table(ctx, ladderId);
    // Each roster played 35 at home (won) and 35 away (lost): 105 points, 140 stars for and against.
    expect(before.every((r) => r.points === 105 && r.record === '35-35' && r.rank === 1)).toBe(true);

    const [home, away] = [before[5]!.rosterId, before[9]!.rosterId];
    const seriesId = await openSeries(db, ladderId, eventId, home, away);
    await ctx.app.ladder.finishSeries({ matchSeriesId: seriesId, stars: { home: 2, away: 5 } });
    const after = await table(ctx, ladderId);
    expect(after[0]).toMatchObject({ rosterId: away, rank: 1, placement: 1, points: 108, record: '36-35' });
    expect(after[1999]).toMatchObject({
      rosterId: home,
      rank: 2000,
      placement: 2000,
      points: 105,
      record: '35-36',
    });
    expect(after.slice(1, 1999).every((r) => r.rank === 2 && r.points === 105)).toBe(true);
    // The recalculation over the 70,001 series agrees with the incremental table.
    await ctx.app.ladder.recalculateSegment(ladderId);
    expect(comparable(await table(ctx, ladderId))).toEqual(comparable(after));
    await db.execute(sql`drop table bulk_rosters`);
    await db.execute(sql`drop table bulk_series`);
  }, 300_000);
});
