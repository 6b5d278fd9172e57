import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.js';
import { rowsOf } from '../../apps/server/src/db/rows.js';
import { createStatisticsReadRepository } from '../../apps/server/src/features/statistics/statistics-read-repository.js';
import {
  eventStatistics,
  playerProfile,
  teamStatistics,
} from '../../apps/server/src/features/statistics/statistics-read-service.js';
import { dbArg, intArg, loadavg, machine, parseArgs, writeResult } from '../lib/env.js';
import { createBenchDatabase, prepareBenchDatabase } from '../lib/server.js';
import { summarize, table } from '../lib/stats.js';

/*
 * Issue #38: reading a profile, a team page and event statistics at a season's size, from the kept
 * statistics tables (never the wars). The demo season, then `--rosters` (20,000) rosters of 5
 * players in the open qualifier and `--wars` (100,000) finished wars between them, each with its
 * line-ups and 10 attacks, written set-based straight into the statistics tables as the result
 * path keeps them (statistics_series, _players, _teams, _player_series; roster_members). Then each
 * read, uncached (the service as the route calls it), `--calls` times one at a time on random
 * players, rosters or the stage: p50 / p99 ms. The cached route answers from the read cache's
 * onRequest hook like every other public read (bench/api measures that path).
 */

async function fill(database: Database, rosters: number, wars: number) {
  const db = database.db;
  const [seg] = rowsOf<{ id: string; eventId: string; parentId: string }>(
    await db.execute(sql`select id::text as id, event_id::text as "eventId", parent_id::text as "parentId"
      from segments where slug = 'open-qualifier'`),
  );
  const s = seg!;
  await db.execute(sql`create table bench_rosters as
    select i, gen_random_uuid() as id from generate_series(1, ${rosters}) i`);
  await db.execute(sql`insert into rosters (id, tenant, event_id, segment_id, name, clan_tag, th_level, joining_key, confirmed_at)
    select id, 'global', ${s.eventId}::uuid, ${s.parentId}::uuid, 'Bench ' || i, '#BC' || i, 17, 'bench-' || i, now()
    from bench_rosters`);
  await db.execute(sql`insert into roster_members (roster_id, player_tag, name, th_level, role_at_selection, position)
    select r.id, '#B' || r.i || 'P' || j, 'Player ' || r.i || '-' || j, 17, 'member', 'player'
    from bench_rosters r, generate_series(1, 5) j`);
  await db.execute(sql`create table bench_wars as
    select w, gen_random_uuid() as id, 1 + (w * 7) % ${rosters} as home, 1 + (w * 13 + 1) % ${rosters} as away,
      now() - make_interval(secs => w) as at, (w % 9) as hs, ((w * 5) % 9) as aws
    from generate_series(1, ${wars}) w`);
  const lineup = (side: string) =>
    sql.raw(`(select jsonb_agg('#B' || ${side} || 'P' || j) from generate_series(1, 5) j)`);
  const attacks =
    sql.raw(`(select jsonb_agg(jsonb_build_object('side', case when j <= 5 then 'home' else 'away' end,
      'attackerTag', '#B' || case when j <= 5 then w.home else w.away end || 'P' || (1 + (j - 1) % 5),
      'stars', (w.w + j) % 4, 'destruction', ((w.w * j) % 100)::float8)) from generate_series(1, 10) j)`);
  await db.execute(sql`insert into statistics_series (match_series_id, tenant, event_id, segment_id, home_roster_id,
      away_roster_id, finished_at, star_margin, destruction_margin, facts)
    select w.id, 'global', ${s.eventId}::uuid, ${s.id}::uuid, h.id, a.id, w.at, abs(w.hs - w.aws), (w.w * 37) % 5000,
      jsonb_build_object('seriesId', w.id, 'eventId', ${s.eventId}::text, 'segmentId', ${s.id}::text,
        'finishedAt', to_char(w.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'home', jsonb_build_object('rosterId', h.id, 'stars', w.hs, 'destruction', 50, 'forfeit', false,
          'placement', case when w.hs >= w.aws then 1 else 2 end, 'playerTags', ${lineup('w.home')}),
        'away', jsonb_build_object('rosterId', a.id, 'stars', w.aws, 'destruction', 50, 'forfeit', false,
          'placement', case when w.aws >= w.hs then 1 else 2 end, 'playerTags', ${lineup('w.away')}),
        'attacks', ${attacks})
    from bench_wars w join bench_rosters h on h.i = w.home join bench_rosters a on a.i = w.away`);
  await db.execute(sql`insert into statistics_player_series (tenant, player_tag, match_series_id, finished_at)
    select 'global', '#B' || side.r || 'P' || j, w.id, w.at
    from bench_wars w, lateral (values (w.home), (w.away)) side(r), generate_series(1, 5) j
    on conflict do nothing`);
  await db.execute(sql`insert into statistics_players (segment_id, player_tag, tenant, event_id, wars, attacks, stars,
      three_stars, destruction_hundredths)
    select ${s.id}::uuid, '#B' || r.i || 'P' || j, 'global', ${s.eventId}::uuid, 10, 10, (r.i * j) % 31, (r.i + j) % 11,
      ((r.i * 7 + j) % 1000) * 100
    from bench_rosters r, generate_series(1, 5) j`);
  // The event's totals rows (segment_id = the event's id), as the result path keeps them too.
  await db.execute(sql`insert into statistics_players (segment_id, player_tag, tenant, event_id, wars, attacks, stars,
      three_stars, destruction_hundredths)
    select event_id, player_tag, tenant, event_id, wars, attacks, stars, three_stars, destruction_hundredths
    from statistics_players where segment_id = ${s.id}::uuid`);
  await db.execute(sql`insert into statistics_teams (segment_id, roster_id, tenant, event_id, wars, wins, losses, draws,
      forfeits, points, stars_for, stars_against)
    select ${s.id}::uuid, r.id, 'global', ${s.eventId}::uuid, 10, r.i % 11, 10 - r.i % 11, 0, 0, 3 * (r.i % 11), 40, 40
    from bench_rosters r`);
  await db.execute(sql`insert into statistics_teams (segment_id, roster_id, tenant, event_id, wars, wins, losses, draws,
      forfeits, points, stars_for, stars_against)
    select event_id, roster_id, tenant, event_id, wars, wins, losses, draws, forfeits, points, stars_for, stars_against
    from statistics_teams where segment_id = ${s.id}::uuid`);
  return s;
}

async function timed(calls: number, run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(20, calls); i++) await run(i + 1_000_003);
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  return summarize(times);
}

export async function statisticsBench(argv: readonly string[]): Promise<void> {
  const args = parseArgs(argv);
  const rosters = intArg(args, 'rosters', 20_000);
  const wars = intArg(args, 'wars', 100_000);
  const calls = intArg(args, 'calls', 200);
  const m = machine();
  console.log(
    `statistics reads: ${rosters} rosters, ${wars} wars, ${calls} calls each; ${m.cpus} cores, loadavg ${m.loadavg}`,
  );
  const rows: string[][] = [['database', 'read', 'p50 ms', 'p99 ms', 'max ms']];
  const results: Record<string, unknown> = {};
  for (const kind of dbArg(args, 'pglite')) {
    const bench = await createBenchDatabase(kind);
    try {
      const started = performance.now();
      const s = await prepareBenchDatabase(bench, (database) => fill(database, rosters, wars));
      console.log(`${kind}: filled in ${Math.round((performance.now() - started) / 1000)} s`);
      const database = await bench.open();
      const repo = createStatisticsReadRepository(database.db);
      const ids = rowsOf<{ id: string }>(
        await database.db.execute(sql`select id::text as id from bench_rosters order by i`),
      ).map((r) => r.id);
      const pick = (i: number) => 1 + ((i * 7919) % rosters);
      const figures = {
        profile: await timed(calls, (i) => playerProfile(repo, 'global', `#B${pick(i)}P${1 + (i % 5)}`)),
        team: await timed(calls, (i) => teamStatistics(repo, 'global', ids[pick(i) - 1]!)),
        stage: await timed(Math.min(calls, 30), () => eventStatistics(repo, 'global', s.eventId, s.id)),
        event: await timed(Math.min(calls, 30), () => eventStatistics(repo, 'global', s.eventId, null)),
      };
      results[kind] = figures;
      for (const [read, f] of Object.entries(figures))
        rows.push([kind, read, f.p50.toFixed(1), f.p99.toFixed(1), f.max.toFixed(1)]);
      await database.close();
    } finally {
      await bench.dispose();
    }
  }
  console.log(table(rows));
  console.log(`loadavg after: ${loadavg()}`);
  console.log(`→ ${writeResult('statistics', { machine: m, rosters, wars, calls, results })}`);
}
