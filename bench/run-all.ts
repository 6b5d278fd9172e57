/**
 * Benchmarks of Clan War Hub: `npm run bench -w @cwh/bench -- <queue|queue-tick|api|standings|competition|web-bundle|fcp|prepared|statistics|all> [options]`.
 * They print figures and write JSON under bench/results; they never fail on a number.
 */
import { apiBench } from './api/api-bench.js';
import { competitionBench } from './competition/competition-bench.js';
import { preparedBench } from './db/prepared-bench.js';
import { queueBench } from './queue/queue-bench.js';
import { queueTickBench } from './queue/tick-bench.js';
import { standingsBench } from './standings/standings-bench.js';
import { standingsDbBench } from './standings/standings-db-bench.js';
import { statisticsBench } from './statistics/statistics-bench.js';
import { fcpBench } from './web-bundle/fcp-bench.js';
import { webBundleBench } from './web-bundle/web-bundle-bench.js';

const benches: Record<string, (argv: readonly string[]) => Promise<void>> = {
  queue: queueBench,
  'queue-tick': queueTickBench,
  api: apiBench,
  standings: standingsBench,
  competition: competitionBench,
  'standings-db': standingsDbBench,
  'web-bundle': webBundleBench,
  fcp: fcpBench,
  prepared: preparedBench,
  statistics: statisticsBench,
};

async function main() {
  const [which = 'all', ...argv] = process.argv.slice(2);
  if (which === 'all') {
    for (const [name, run] of Object.entries(benches)) {
      console.log(`\n=== ${name} ===`);
      await run(argv);
    }
    return;
  }
  const run = benches[which];
  if (!run) {
    console.error(`unknown benchmark "${which}"; one of: ${[...Object.keys(benches), 'all'].join(', ')}`);
    process.exitCode = 2;
    return;
  }
  await run(argv);
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
