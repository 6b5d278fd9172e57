import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import type { Database } from '../../apps/server/src/db/client.js';
import { rowsOf } from '../../apps/server/src/db/rows.js';
import { segments } from '../../apps/server/src/db/schema/segments.js';
import {
  cpuSince,
  cpuSnapshot,
  type DbChoice,
  dbArg,
  intArg,
  loadavg,
  machine,
  parseArgs,
  writeResult,
} from '../lib/env.js';
import { createBenchDatabase, prepareBenchDatabase } from '../lib/server.js';
import { ms, summarize, table } from '../lib/stats.js';

/*
 * The real path after a war result, on a database: the app's ladder `finishSeries` (series row
 * locked, the stage hook's lookup, series finished with both competitors and its queue entries in
 * one statement, the two rosters' deltas and points levels in another, the match room's notice),
 * in the bench process (the app built in it, no HTTP), on a segment that already holds `--rosters`
 * rosters and `--results` finished series.
 */

/** Finished series between rosters picked by multiplicative hashing, all set-based in SQL. */
async function fillSegment(
  database: Database,
  segmentId: string,
  eventId: string,
  rosters: number,
  results: number,
) {
  const db = database.db;
  await db.execute(
    sql`create table bench_rosters as select n, gen_random_uuid() as id from generate_series(0, ${rosters - 1}) n`,
  );
  await db.execute(sql`create table bench_series as
    select gen_random_uuid() as id, i, (i * 7919) % ${rosters} as h, (i * 7919 + 1 + (i * 31) % (${rosters} - 1)) % ${rosters} as a,
      (i * 13) % 16 as hs, (i * 17) % 16 as aws
    from generate_series(0, ${results - 1}) i`);
  await db.execute(sql`insert into match_series (id, tenant, event_id, segment_id, date, state, created_at, finished_at)
    select id, 'global', ${eventId}, ${segmentId}, now(), 'finished', now(), now() from bench_series`);
  await db.execute(sql`insert into match_series_competitors (match_series_id, position, roster_id, placement, score, date)
    select s.id, p.pos, r.id,
      case when s.hs = s.aws then 1 when (p.pos = 0) = (s.hs > s.aws) then 1 else 2 end,
      case p.pos when 0 then s.hs else s.aws end, now()
    from bench_series s cross join (values (0), (1)) p(pos)
    join bench_rosters r on r.n = case p.pos when 0 then s.h else s.a end`);
}

/**
 * `count` open series between random existing rosters, ready for a result. Each has a match-up id,
 * as every ladder series has (it is made from the match-up both captains accepted); a result reads
 * nothing of the match-up itself.
 */
async function openSeries(
  database: Database,
  segmentId: string,
  eventId: string,
  count: number,
  offset: number,
) {
  const result = await database.db.execute(sql`
    with s as (
      insert into match_series (tenant, event_id, segment_id, match_up_id, date, state, created_at)
      select 'global', ${eventId}, ${segmentId}, gen_random_uuid(), now(), 'live', now() from generate_series(1, ${count})
      returning id
    ), n as (select id, row_number() over () + ${offset} as k from s),
    c as (
      insert into match_series_competitors (match_series_id, position, roster_id, date)
      select n.id, p.pos, r.id, now() from n cross join (values (0), (1)) p(pos)
      join bench_rosters r on r.n = ((n.k * 7727 + p.pos * 4099) % (select count(*) from bench_rosters))
      returning match_series_id
    )
    select id from n`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/**
 * The app as it runs (workers off, so nothing else writes): its ladder service records a result
 * with everything wired, the stage hook (a lookup: is this a stage series?) and the match room's
 * result notice included.
 */
async function resultsOf(database: Database) {
  const base = loadConfig({ ADMIN_PASSWORD: 'bench-admin-password' });
  const app = await buildApp(
    {
      ...base,
      webDist: '/nonexistent',
      seedDemo: false,
      redisUrl: undefined,
      ladder: { ...base.ladder, workers: false },
    },
    { database, logger: false, redis: null },
  );
  await app.ready();
  return { results: app.ladder, close: () => app.close() };
}

interface DbOptions {
  rosters: number;
  results: number;
  sequential: number;
  sustained: number;
  concurrency: number;
}

async function runOne(kind: DbChoice, o: DbOptions) {
  const bench = await createBenchDatabase(kind);
  try {
    const ids = await prepareBenchDatabase(bench, async (database) => {
      const ladder = (
        await database.db.select().from(segments).where(eq(segments.slug, 'open-qualifier'))
      )[0]!;
      await fillSegment(database, ladder.id, ladder.eventId, o.rosters, o.results);
      return { segmentId: ladder.id, eventId: ladder.eventId };
    });
    const database = await bench.open();
    const { results, close } = await resultsOf(database);
    try {
      const recalcStart = performance.now();
      const entries = await results.recalculateSegment(ids.segmentId);
      const recalcMs = performance.now() - recalcStart;
      const stars = (i: number) => ({ home: (i * 7) % 16, away: (i * 11) % 16 });
      const sequentialIds = await openSeries(database, ids.segmentId, ids.eventId, o.sequential, 0);
      const samples: number[] = [];
      for (const [i, id] of sequentialIds.entries()) {
        const t = performance.now();
        await results.finishSeries({
          matchSeriesId: id,
          stars: stars(i),
          forfeit: i % 25 === 0 ? 'away' : undefined,
        });
        samples.push(performance.now() - t);
      }
      const sustainedIds = await openSeries(database, ids.segmentId, ids.eventId, o.sustained, o.sequential);
      const concurrency = kind === 'pglite' ? 1 : o.concurrency;
      let next = 0;
      const cpuStart = cpuSnapshot();
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < sustainedIds.length) {
            const i = next++;
            await results.finishSeries({ matchSeriesId: sustainedIds[i]!, stars: stars(i) });
          }
        }),
      );
      const sustainedSeconds = (performance.now() - started) / 1000;
      const cpu = cpuSince(cpuStart);
      return {
        db: kind,
        entries,
        recalcMs,
        perResult: summarize(samples),
        sustained: {
          results: sustainedIds.length,
          seconds: sustainedSeconds,
          perSecond: sustainedIds.length / sustainedSeconds,
          concurrency,
          // CPU per result: this process (the app and the driver) and, on PostgreSQL, the server.
          nodeCpuMsPerResult: cpu.nodeMs / sustainedIds.length,
          postgresCpuMsPerResult:
            kind === 'postgres' && cpu.postgresMs !== null ? cpu.postgresMs / sustainedIds.length : null,
        },
      };
    } finally {
      await close();
      await database.close();
    }
  } finally {
    await bench.dispose().catch(() => {});
  }
}

/** Incremental standings on PGlite and PostgreSQL: per-result latency, sustained rate, full recalculation. */
export async function standingsDbBench(argv: readonly string[]): Promise<void> {
  const args = parseArgs(argv);
  const o: DbOptions = {
    rosters: intArg(args, 'rosters', 20_000),
    results: intArg(args, 'results', 100_000),
    sequential: intArg(args, 'sequential', 500),
    sustained: intArg(args, 'sustained', 3_000),
    concurrency: intArg(args, 'concurrency', 8),
  };
  const loadBefore = loadavg();
  console.log(
    `Standings on a database: ${o.rosters} rosters, ${o.results} finished series; ${o.sequential} results one at a time, ` +
      `then ${o.sustained} with ${o.concurrency} in flight (PostgreSQL); loadavg before ${loadBefore}`,
  );
  const rows: string[][] = [
    [
      'db',
      'recalculation (all)',
      'result p50',
      'p90',
      'p99',
      'max',
      'sustained results/s',
      'CPU ms/result app / PostgreSQL',
    ],
  ];
  for (const kind of dbArg(args, 'both')) {
    const run = await runOne(kind, o);
    console.log(
      `  → ${writeResult(`standings-db-${kind}`, { ...run, options: o, loadBefore, machine: machine(), loadAfter: loadavg() })}`,
    );
    rows.push([
      kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
      `${ms(run.recalcMs)} (${run.entries} rosters)`,
      ms(run.perResult.p50),
      ms(run.perResult.p90),
      ms(run.perResult.p99),
      ms(run.perResult.max),
      `${run.sustained.perSecond.toFixed(0)} (×${run.sustained.concurrency})`,
      `${run.sustained.nodeCpuMsPerResult.toFixed(2)} / ${run.sustained.postgresCpuMsPerResult?.toFixed(2) ?? '-'}`,
    ]);
  }
  console.log(table(rows));
  console.log(`loadavg before ${loadBefore}, after ${loadavg()}`);
}
