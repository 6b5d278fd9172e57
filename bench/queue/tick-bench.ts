import { performance } from 'node:perf_hooks';
import { defaultLadderConfig } from '../../apps/server/src/features/ladder/ladder-config.js';
import { createLadderService } from '../../apps/server/src/features/ladder/ladder-service.js';
import { DbSimGame } from '../../apps/server/src/game/simulated/db-sim-game.js';
import { insertWaitingEntries, ladderSegment } from '../../apps/server/test/ladder/ladder-fixtures.js';
import { dbArg, intArg, loadavg, machine, parseArgs, writeResult } from '../lib/env.js';
import {
  type BenchDatabase,
  createBenchDatabase,
  prepareBenchDatabase,
  sampleProcess,
} from '../lib/server.js';
import { ms, summarize, table } from '../lib/stats.js';

/** Points 2,100 apart: above the widest band (1000), so no two entries can ever pair. */
const POINTS_SPACING = 2_100;

interface TickFigures {
  ticks: number;
  wall: ReturnType<typeof summarize>;
  /** CPU ms per tick: this process (server code, and PGlite which runs in-process). */
  processCpuMs: number;
  /** CPU ms per tick of the PostgreSQL backends of this process's connections (NaN on PGlite). */
  dbCpuMs: number;
}

async function backendCpu(bench: BenchDatabase): Promise<Map<number, number>> {
  const pids = await bench.backendPids();
  return new Map(pids.map((pid) => [pid, sampleProcess(pid)?.cpuSeconds ?? 0]));
}

/** Runs `tick` `runs` times; wall time per tick, process and PostgreSQL backend CPU per tick. */
async function measure(
  bench: BenchDatabase,
  runs: number,
  tick: () => Promise<unknown>,
): Promise<TickFigures> {
  await tick(); // warm-up
  const walls: number[] = [];
  const dbBefore = await backendCpu(bench);
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await tick();
    walls.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  const dbAfter = await backendCpu(bench);
  let db = 0;
  for (const [pid, after] of dbAfter) db += after - (dbBefore.get(pid) ?? 0);
  return {
    ticks: runs,
    wall: summarize(walls),
    processCpuMs: (cpu.user + cpu.system) / 1000 / runs,
    dbCpuMs: bench.kind === 'postgres' ? (db * 1000) / runs : Number.NaN,
  };
}

/**
 * The matchmaker tick over one queue of N waiting entries that can never pair, in this process (no
 * sockets, no HTTP): a FULL pass (what every tick cost before the idle skip: read every entry with its
 * last opponent, pair, nothing found; a fresh service each time, so nothing is remembered) against a
 * SKIPPED tick (the same service ticking again: one fingerprint aggregate, no read).
 */
export async function queueTickBench(argv: readonly string[]): Promise<void> {
  const args = parseArgs(argv);
  const waiting = intArg(args, 'waiting', 2_500);
  const runs = Math.max(1, intArg(args, 'runs', 40));
  const intervalMs = Math.max(1, intArg(args, 'interval', 250));
  const kinds = dbArg(args, 'both');
  const m = machine();
  console.log(
    `queue-tick benchmark: ${waiting} waiting entries that cannot pair, ${runs} ticks each, db ${kinds.join(' + ')}; ` +
      `${m.cpus} cores, ${m.cpuModel}, Node ${m.node}, loadavg ${m.loadavg}`,
  );
  const results: Record<string, unknown>[] = [];
  const rows: string[][] = [
    ['', 'wall p50 / p90', 'process CPU', 'PG backends CPU', `at one tick per ${intervalMs} ms`],
  ];
  for (const kind of kinds) {
    const bench = await createBenchDatabase(kind);
    try {
      await prepareBenchDatabase(bench, async (database, now) => {
        const segment = await ladderSegment(database.db);
        const entries = Array.from({ length: waiting }, (_, k) => ({
          points: k * POINTS_SPACING,
          joinedAt: new Date(now.getTime() - 60_000 + k),
        }));
        await insertWaitingEntries(database.db, segment.ladderId, entries, now);
      });
      const database = await bench.open();
      try {
        const now = () => new Date();
        const deps = {
          db: database.db,
          game: new DbSimGame(database.db, now),
          config: { ...defaultLadderConfig(), workers: false },
          now,
          notify: () => {},
          instanceId: 'bench',
        };
        const full = await measure(bench, runs, () => createLadderService(deps).matchmake());
        const service = createLadderService(deps);
        await service.matchmake();
        const statsBefore = service.matchmakingStats();
        const skipped = await measure(bench, runs, () => service.matchmake());
        const statsAfter = service.matchmakingStats();
        const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
        for (const [name, f] of [
          ['full pass', full],
          ['skipped tick', skipped],
        ] as const) {
          const total = f.processCpuMs + (Number.isNaN(f.dbCpuMs) ? 0 : f.dbCpuMs);
          rows.push([
            `${label}: ${name}`,
            `${ms(f.wall.p50)} / ${ms(f.wall.p90)}`,
            `${f.processCpuMs.toFixed(2)} ms`,
            Number.isNaN(f.dbCpuMs) ? '—' : `${f.dbCpuMs.toFixed(2)} ms`,
            `${((total / intervalMs) * 100).toFixed(1)} % of a core`,
          ]);
        }
        results.push({
          db: kind,
          waiting,
          runs,
          full,
          skipped,
          skippedPasses: statsAfter.skippedPasses - statsBefore.skippedPasses,
          fullPassesDuringSkipRuns: statsAfter.fullPasses - statsBefore.fullPasses,
          loadavg: loadavg(),
        });
      } finally {
        await database.close();
      }
    } finally {
      await bench.dispose();
    }
  }
  console.log(table(rows).replace(/^/gm, '  '));
  console.log(`  → ${writeResult('queue-tick', { machine: m, results })}`);
}
