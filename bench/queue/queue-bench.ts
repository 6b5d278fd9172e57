import { dbArg, intArg, machine, parseArgs, writeResult } from '../lib/env.js';
import { table } from '../lib/stats.js';
import type { Options, QueueRunResult } from './queue-bench-types.js';
import { render } from './queue-report.js';
import { runOne } from './queue-run.js';

export type { QueueRunResult } from './queue-bench-types.js';

export async function queueBench(argv: readonly string[]): Promise<void> {
  const args = parseArgs(argv);
  const quick = args.has('quick');
  const captains = intArg(args, 'captains', quick ? 500 : 5_000);
  const waiting = Math.min(captains - 1, intArg(args, 'waiting', Math.floor(captains / 2)));
  const serverEnv: Record<string, string> = {};
  const envArg = args.get('server-env');
  if (typeof envArg === 'string') {
    for (const pair of envArg.split(',')) {
      const [k, v] = pair.split('=');
      if (k && v !== undefined) serverEnv[k] = v;
    }
  }
  const options: Options = {
    captains,
    waiting,
    sequential: intArg(args, 'sequential', quick ? 50 : 200),
    burst: Math.max(1, intArg(args, 'burst', quick ? 50 : 200)),
    rtt: intArg(args, 'rtt', quick ? 300 : 1_000),
    connectConcurrency: Math.max(1, intArg(args, 'connect-concurrency', 100)),
    profile: args.has('profile'),
    httpPhase1: args.has('http-phase1'),
    serverEnv,
    maxSeconds: intArg(args, 'max-seconds', quick ? 90 : 900),
    idleSeconds: Math.max(1, intArg(args, 'idle-seconds', quick ? 5 : 10)),
    floor: args.has('floor'),
    coldConnections: args.has('cold-connections'),
  };
  // The floor has no database: one run, reported in the PostgreSQL column's shape.
  const kinds = options.floor ? (['postgres'] as const) : dbArg(args, quick ? 'both' : 'both');
  const m = machine();
  console.log(
    `queue benchmark: ${captains} captains (${waiting} waiting, ${captains - waiting} joiners), db ${kinds.join(' + ')}; ` +
      `server = separate process (node --import tsx apps/server/src/main.ts, NODE_ENV=production), load = this process; ` +
      `${m.cpus} cores, ${m.cpuModel}, Node ${m.node}, loadavg ${m.loadavg}`,
  );
  const log = (line: string) => console.log(`  ${line}`);
  const results: QueueRunResult[] = [];
  for (const kind of kinds) {
    try {
      const result = await runOne(kind, options, log);
      results.push(result);
      console.log(`  → ${writeResult(`queue-${kind}`, result)}`);
      if (result.serverErrors) console.log(`  server warnings:\n${result.serverErrors}`);
      if (result.profile) {
        console.log(`\n  CPU profile of the server (${result.profile.file}), self time by layer:`);
        console.log(
          table([
            ['layer', 'ms', 'share of busy'],
            ...result.profile.byCategory.map((c) => [
              c.category,
              c.ms.toFixed(0),
              Number.isNaN(c.share) ? '' : `${(c.share * 100).toFixed(1)} %`,
            ]),
          ]).replace(/^/gm, '  '),
        );
        console.log('  top functions (self time):');
        console.log(
          table([
            ['function', 'where', 'ms', 'share'],
            ...result.profile.topFunctions.map((f) => [
              f.fn,
              f.where.slice(-70),
              f.ms.toFixed(0),
              `${(f.share * 100).toFixed(1)} %`,
            ]),
          ]).replace(/^/gm, '  '),
        );
      }
    } catch (error) {
      console.error(
        `  [${kind}] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    }
  }
  if (results.length === 0) return;
  console.log(
    '\nLatency cells: p50 / p90 / p99 / max. Goal: p99 join→found < 100 ms with an opponent waiting.\n',
  );
  console.log(render(results));
  if (results.some((r) => r.sequential.starved || r.bursts.starved)) {
    console.log(
      '\nSTARVED: some joiners got no match-up in time. Newcomer-first matching should pair a joiner at once;\n' +
        'look at the server log, the join HTTP latency and the machine load (bursts on PGlite share one connection).',
    );
  }
}
