import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { API } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import { ladderStandings } from '../../apps/server/src/db/schema/ladder.js';
import { segments } from '../../apps/server/src/db/schema/segments.js';
import { type DbChoice, dbArg, intArg, loadavg, machine, parseArgs, sleep, writeResult } from '../lib/env.js';
import { createBenchDatabase, prepareBenchDatabase, sampleProcess, startServer } from '../lib/server.js';
import { ms, summarize, table } from '../lib/stats.js';

interface EndpointResult {
  name: string;
  path: string;
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
}

/** `concurrency` keep-alive clients (Node's fetch) hammer one URL for `seconds`. */
async function hammer(url: string, concurrency: number, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        try {
          const response = await fetch(url, { headers: { accept: 'application/vnd.api+json' } });
          await response.arrayBuffer();
          if (response.status !== 200) errors++;
          else latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

async function runOne(kind: DbChoice, o: { concurrency: number; seconds: number; standings: number }) {
  const bench = await createBenchDatabase(kind);
  let stop: (() => Promise<void>) | null = null;
  try {
    const ids = await prepareBenchDatabase(bench, async (database, now) => {
      const db = database.db;
      const ladder = (await db.select().from(segments).where(eq(segments.slug, 'open-qualifier')))[0]!;
      // A championship-sized ladder table (rosters without rows: the standings join is a left join).
      const rows = Array.from({ length: o.standings }, (_, i) => ({
        segmentId: ladder.id,
        rosterId: randomUUID(),
        rank: i + 1,
        placement: i + 1,
        points: Math.max(0, 300 - Math.floor(i / 60)),
        wins: 10,
        losses: 5,
        draws: 0,
        gamesPlayed: 15,
        starsFor: 400,
        starsAgainst: 300,
        record: '10-5',
        updatedAt: now,
      }));
      for (let i = 0; i < rows.length; i += 1000)
        await db.insert(ladderStandings).values(rows.slice(i, i + 1000));
      return { eventId: ladder.eventId, segmentId: ladder.id };
    });
    const server = await startServer(bench.env);
    stop = server.stop;
    const endpoints = [
      { name: 'events list', path: `${API.tournaments}/events` },
      { name: 'segments of an event', path: `${API.tournaments}/events/${ids.eventId}/segments` },
      {
        name: `standings page 1 (${o.standings} rows)`,
        path: `${API.tournaments}/segments/${ids.segmentId}/standings`,
      },
      {
        name: 'standings deep page',
        path: `${API.tournaments}/segments/${ids.segmentId}/standings?page[number]=${Math.max(1, Math.floor(o.standings / 40))}`,
      },
    ];
    const results: EndpointResult[] = [];
    const memoryStart = sampleProcess(server.pid);
    for (const endpoint of endpoints) {
      await hammer(`${server.base}${endpoint.path}`, Math.min(4, o.concurrency), 1); // warm-up
      const r = await hammer(`${server.base}${endpoint.path}`, o.concurrency, o.seconds);
      const s = summarize(r.latencies);
      results.push({
        ...endpoint,
        requests: r.latencies.length,
        errors: r.errors,
        seconds: r.seconds,
        rps: r.latencies.length / r.seconds,
        p50: s.p50,
        p99: s.p99,
        max: s.max,
      });
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

/** HTTP throughput and latency of the public read side on PGlite and PostgreSQL. */
export async function apiBench(argv: readonly string[]): Promise<void> {
  const args = parseArgs(argv);
  const quick = args.has('quick');
  const o = {
    concurrency: Math.max(1, intArg(args, 'concurrency', 50)),
    seconds: Math.max(1, intArg(args, 'seconds', quick ? 3 : 10)),
    standings: intArg(args, 'standings', 20_000),
  };
  const m = machine();
  console.log(
    `API read side: ${o.concurrency} keep-alive clients (Node fetch) × ${o.seconds} s per endpoint, server = separate process, ` +
      `${m.cpus} cores, loadavg ${m.loadavg}`,
  );
  const runs = [];
  for (const kind of dbArg(args, 'both')) {
    try {
      const run = await runOne(kind, o);
      runs.push(run);
      console.log(`  → ${writeResult(`api-${kind}`, { ...run, options: o, machine: machine() })}`);
    } catch (error) {
      console.error(`  [${kind}] failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const rows: string[][] = [['endpoint', 'db', 'req/s', 'p50', 'p99', 'max', 'errors']];
  for (const run of runs) {
    for (const r of run.results) {
      rows.push([
        r.name,
        run.db === 'pglite' ? 'PGlite' : 'PostgreSQL',
        r.rps.toFixed(0),
        ms(r.p50),
        ms(r.p99),
        ms(r.max),
        String(r.errors),
      ]);
    }
  }
  console.log(table(rows));
  console.log(`loadavg at end: ${loadavg()}`);
}
