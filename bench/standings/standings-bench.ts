import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type LadderResult, pairQueue, type QueueEntry, rankLadder } from '@cwh/domain';
import { intArg, loadavg, machine, parseArgs, writeResult } from '../lib/env.js';
import { ms, summarize, table } from '../lib/stats.js';

/** Deterministic pseudo-random numbers (mulberry32), so every run measures the same data. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function time(runs: number, fn: () => unknown) {
  for (let i = 0; i < Math.min(3, runs); i++) fn(); // warm-up (JIT)
  const samples: number[] = [];
  let sink = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const out = fn() as unknown[];
    samples.push(performance.now() - started);
    sink += out.length;
  }
  return { ...summarize(samples), sink };
}

/**
 * The pure domain functions on championship sizes: `rankLadder` over the results of 20k rosters
 * (each played ~10 matches) and `pairQueue` over 5k waiting entries (realistic points, waiting up
 * to 3 minutes, some last opponents).
 */
export async function standingsBench(argv: readonly string[]): Promise<void> {
  const args = parseArgs(argv);
  const rosters = intArg(args, 'rosters', 20_000);
  const matchesPerRoster = intArg(args, 'matches', 10);
  const queue = intArg(args, 'queue', 5_000);
  const runs = Math.max(1, intArg(args, 'runs', 15));
  const random = rng(42);

  const ids = Array.from({ length: rosters }, () => randomUUID());
  const results: LadderResult[] = [];
  for (let i = 0; i < (rosters * matchesPerRoster) / 2; i++) {
    const home = ids[Math.floor(random() * rosters)]!;
    let away = ids[Math.floor(random() * rosters)]!;
    if (away === home) away = ids[(ids.indexOf(home) + 1) % rosters]!;
    const homeStars = Math.floor(random() * 16);
    const awayStars = Math.floor(random() * 16);
    results.push({
      homeRosterId: home,
      awayRosterId: away,
      winnerRosterId: homeStars === awayStars ? null : homeStars > awayStars ? home : away,
      homeStars,
      awayStars,
      forfeit: random() < 0.02,
    });
  }

  const now = Date.now();
  const segmentId = randomUUID();
  const entries: QueueEntry[] = Array.from({ length: queue }, (_, i) => ({
    rosterId: ids[i % rosters]!,
    segmentId,
    thLevel: 17,
    points: Math.floor(random() * 300),
    joinedAt: new Date(now - Math.floor(random() * 180_000)).toISOString(),
    lastOpponentRosterId: random() < 0.3 ? ids[Math.floor(random() * rosters)]! : null,
  }));
  // A queue that cannot pair (points far apart): the worst case of a tick, every entry scanned.
  const unpairable = entries.map((e, i) => ({ ...e, points: i * 2_100 }));
  const at = new Date(now).toISOString();

  const rank = time(runs, () => rankLadder(results, ids));
  const pair = time(runs, () => pairQueue(entries, at));
  const pairNone = time(runs, () => pairQueue(unpairable, at));
  const pairSmall = time(runs * 4, () => pairQueue(entries.slice(0, 2_000), at));
  const pairsMade = pairQueue(entries, at).length;

  const m = machine();
  console.log(
    `domain functions: ${runs} runs after warm-up, ${m.cpus} cores, Node ${m.node}, loadavg ${m.loadavg} (figures: median, p90, max)`,
  );
  const row = (name: string, s: ReturnType<typeof time>) => [name, ms(s.p50), ms(s.p90), ms(s.max)];
  console.log(
    table([
      ['call', 'median', 'p90', 'max'],
      row(`rankLadder: ${rosters} rosters, ${results.length} results`, rank),
      row(`pairQueue: ${queue} entries (${pairsMade} pairs)`, pair),
      row(`pairQueue: ${queue} entries, none pairable`, pairNone),
      row('pairQueue: 2000 entries (one tick batch)', pairSmall),
    ]),
  );
  const file = writeResult('standings', {
    machine: m,
    loadavgEnd: loadavg(),
    rosters,
    results: results.length,
    queue,
    runs,
    rankLadder: rank,
    pairQueue: pair,
    pairQueueUnpairable: pairNone,
    pairQueue2000: pairSmall,
    pairsMade,
  });
  console.log(`→ ${file}`);
}
