import { resolve } from 'node:path';
import { API } from '@cwh/contract';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.js';
import { segments } from '../../apps/server/src/db/schema/segments.js';
import {
  BENCH_DIR,
  type DbChoice,
  dbArg,
  intArg,
  loadavg,
  machine,
  parseArgs,
  sleep,
  writeResult,
} from '../lib/env.js';
import { createBenchDatabase, prepareBenchDatabase, sampleProcess, startServer } from '../lib/server.js';
import { table } from '../lib/stats.js';

interface EndpointResult {
  name: string;
  path: string;
  /** Closed loop: `concurrency` connections as fast as the server answers. */
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Share of the hello-world's req/s measured in the same run. */
  ofHello: number;
  /** Open loop: a fixed overall rate (`--rate`), latency measured from the schedule. */
  fixed?: { rate: number; achieved: number; p50: number; p99: number; errors: number };
}

const HEADERS = { accept: 'application/vnd.api+json' };

/** One autocannon run against one URL; `rate` switches to a fixed overall request rate. */
async function cannon(url: string, connections: number, seconds: number, rate?: number) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: HEADERS,
    ...(rate ? { overallRate: rate } : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** A championship-sized ladder table, set-based: points spread like ~5 results per roster. */
async function fillStandings(database: Database, segmentId: string, count: number) {
  await database.db.execute(sql`
    insert into ladder_standings (segment_id, roster_id, points, wins, losses, draws, games_played,
      stars_for, stars_against, record, updated_at)
    select ${segmentId}::uuid, gen_random_uuid(), w * 3 + d, w, l, d, w + l + d, sf, sa,
      w || '-' || l || '-' || d, now()
    from (select (i * 7919) % 6 as w, (i * 104729) % 5 as l, (i * 31) % 3 as d,
      (i * 13) % 60 as sf, (i * 17) % 55 as sa from generate_series(1, ${count}) i) g`);
  await database.db.execute(sql`
    insert into ladder_standing_levels (segment_id, points, rosters)
    select segment_id, points, count(*)::int from ladder_standings where segment_id = ${segmentId}
    group by segment_id, points
    on conflict (segment_id, points) do update set rosters = excluded.rosters`);
}

interface ApiOptions {
  concurrency: number;
  seconds: number;
  standings: number;
  rate: number;
  /** `--web-dist <dir>`: a web build served by the hub, whose prerendered public pages are measured too. */
  webDist: string | null;
}

async function runOne(kind: DbChoice, o: ApiOptions, hello: { rps: number }) {
  const bench = await createBenchDatabase(kind);
  let stop: (() => Promise<void>) | null = null;
  try {
    const ids = await prepareBenchDatabase(bench, async (database) => {
      const ladder = (
        await database.db.select().from(segments).where(eq(segments.slug, 'open-qualifier'))
      )[0]!;
      await fillStandings(database, ladder.id, o.standings);
      return { eventId: ladder.eventId, segmentId: ladder.id };
    });
    const server = await startServer({ ...bench.env, ...(o.webDist ? { WEB_DIST: o.webDist } : {}) });
    stop = server.stop;
    const deepPage = Math.max(1, Math.floor(o.standings / 40));
    const endpoints = [
      { name: 'events list', path: `${API.tournaments}/events` },
      { name: 'event detail', path: `${API.tournaments}/events/${ids.eventId}` },
      { name: 'segments of an event', path: `${API.tournaments}/events/${ids.eventId}/segments` },
      {
        name: `standings page 1 (${o.standings} rows)`,
        path: `${API.tournaments}/segments/${ids.segmentId}/standings`,
      },
      {
        name: `standings page ${deepPage}`,
        path: `${API.tournaments}/segments/${ids.segmentId}/standings?page[number]=${deepPage}`,
      },
      { name: 'leaderboards', path: `${API.tournaments}/leaderboards` },
      // Issue 33: the public pages' HTML from the server renderer (cached 2 s per page and language).
      ...(o.webDist
        ? [
            { name: 'page / (prerendered)', path: '/' },
            { name: 'page /fr/competition', path: '/fr/competition' },
            { name: 'page /leaderboard', path: '/leaderboard' },
          ]
        : []),
    ];
    const results: EndpointResult[] = [];
    const memoryStart = sampleProcess(server.pid);
    for (const endpoint of endpoints) {
      const url = `${server.base}${endpoint.path}`;
      await cannon(url, 4, 1); // warm-up: JIT, prepared plans, caches
      const closed = await cannon(url, o.concurrency, o.seconds);
      const result: EndpointResult = { ...endpoint, ...closed, ofHello: closed.rps / hello.rps };
      if (o.rate > 0) {
        const fixed = await cannon(url, o.concurrency, o.seconds, o.rate);
        result.fixed = {
          rate: o.rate,
          achieved: fixed.rps,
          p50: fixed.p50,
          p99: fixed.p99,
          errors: fixed.errors,
        };
      }
      results.push(result);
      await sleep(200);
    }
    const memoryEnd = sampleProcess(server.pid);
    await server.stop();
    stop = null;
    return { db: kind, results, memoryStart, memoryEnd };
  } finally {
    await stop?.().catch(() => {});
    await bench.dispose().catch(() => {});
  }
}

/** The floor: a bare Fastify hello-world in its own process, same generator, same run. */
async function measureHello(o: ApiOptions) {
  const server = await startServer({}, [], resolve(BENCH_DIR, 'api', 'hello-server.ts'));
  try {
    const url = `${server.base}/hello`;
    await cannon(url, 4, 1);
    const closed = await cannon(url, o.concurrency, o.seconds);
    const fixed = o.rate > 0 ? await cannon(url, o.concurrency, o.seconds, o.rate) : null;
    return { ...closed, fixed };
  } finally {
    await server.stop();
  }
}

/** HTTP throughput and latency of the public read side on PGlite and PostgreSQL. */
export async function apiBench(argv: readonly string[]): Promise<void> {
  const args = parseArgs(argv);
  const quick = args.has('quick');
  const o: ApiOptions = {
    concurrency: Math.max(1, intArg(args, 'concurrency', 50)),
    seconds: Math.max(1, intArg(args, 'seconds', quick ? 3 : 10)),
    standings: intArg(args, 'standings', 20_000),
    rate: intArg(args, 'rate', 1000),
    webDist: typeof args.get('web-dist') === 'string' ? resolve(args.get('web-dist') as string) : null,
  };
  const loadBefore = loadavg();
  console.log(
    `API read side: autocannon, ${o.concurrency} connections × ${o.seconds} s per endpoint (closed loop), then ` +
      `${o.rate} req/s fixed; server = separate process; ${machine().cpus} cores; loadavg before ${loadBefore}`,
  );
  const hello = await measureHello(o);
  console.log(
    `  bare Fastify hello-world: ${hello.rps.toFixed(0)} req/s, p99 ${hello.p99} ms; ` +
      `at ${o.rate} req/s: p99 ${hello.fixed?.p99 ?? '-'} ms`,
  );
  const runs = [];
  for (const kind of dbArg(args, 'both')) {
    try {
      const run = await runOne(kind, o, hello);
      runs.push(run);
      console.log(
        `  → ${writeResult(`api-${kind}`, { ...run, hello, options: o, loadBefore, machine: machine() })}`,
      );
    } catch (error) {
      console.error(`  [${kind}] failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const rows: string[][] = [
    ['endpoint', 'db', 'req/s', '% of hello', 'p50', 'p99', 'errors', `@${o.rate}/s p50`, 'p99', 'achieved'],
  ];
  for (const run of runs) {
    for (const r of run.results) {
      rows.push([
        r.name,
        run.db === 'pglite' ? 'PGlite' : 'PostgreSQL',
        r.rps.toFixed(0),
        `${(r.ofHello * 100).toFixed(0)} %`,
        `${r.p50} ms`,
        `${r.p99} ms`,
        String(r.errors + (r.fixed?.errors ?? 0)),
        r.fixed ? `${r.fixed.p50} ms` : '-',
        r.fixed ? `${r.fixed.p99} ms` : '-',
        r.fixed ? r.fixed.achieved.toFixed(0) : '-',
      ]);
    }
  }
  console.log(table(rows));
  console.log(`loadavg before ${loadBefore}, after ${loadavg()}`);
}
