import { performance } from 'node:perf_hooks';
import {
  applyBracketResult,
  type BracketResult,
  createDoubleElimination,
  createPrng,
  maxWeightMatching,
  pairSwissRound,
  resolveDoubleElimination,
  type SwissBye,
  type SwissConfig,
  type SwissResult,
  type SwissRoundOutput,
  type SwissTeam,
  type WeightedEdge,
} from '@cwh/domain';
import { intArg, loadavg, machine, parseArgs, writeResult } from '../lib/env.js';
import { ms, type Summary, summarize, table } from '../lib/stats.js';
import { formatRows, formatTable } from './formats-bench.js';

/**
 * The competition engines of packages/domain on championship sizes:
 * - swiss pairing of 128 and 1,024 teams, every round of a stage, results drawn so the better seed
 *   usually wins (a 1,024-seed gap wins 80 % of the time, 3 % draws): the pools and rematch
 *   pressure of a real stage, including the rounds where folds would repeat games;
 * - double-elimination propagation (`applyBracketResult`, which resolves the bracket before and
 *   after) over a full 64-team and 8-team play-out.
 * Goals on the 2-core VM: a swiss round under 50 ms for 128 teams and under 1 s for 1,024.
 */

function time(runs: number, fn: () => void): Summary {
  fn(); // warm-up (JIT)
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn();
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}

function playSwissRound(round: SwissRoundOutput, teams: number, random: () => number): SwissResult[] {
  return round.pairings.map((p) => {
    const home = Number(p.homeRosterId.slice(1));
    const away = Number(p.awayRosterId.slice(1));
    const homeWins = 0.5 + ((away - home) / teams) * 0.3;
    const roll = random();
    const outcome = roll < 0.03 ? 'draw' : roll < 0.03 + 0.97 * homeWins ? 'home' : 'away';
    const stars = outcome === 'draw' ? [12, 12] : outcome === 'home' ? [13, 10] : [9, 14];
    return {
      roundNumber: round.roundNumber,
      homeRosterId: p.homeRosterId,
      awayRosterId: p.awayRosterId,
      outcome,
      homeStars: stars[0]!,
      awayStars: stars[1]!,
      homeDestruction: Math.round(random() * 1000) / 10,
      awayDestruction: Math.round(random() * 1000) / 10,
    };
  });
}

interface SwissRow {
  teams: number;
  format: string;
  round: number;
  pairings: number;
  rematches: number;
  floats: number;
  timing: Summary;
}

function swissStage(teamCount: number, config: SwissConfig, label: string, runs: number): SwissRow[] {
  const teams: SwissTeam[] = Array.from({ length: teamCount }, (_, i) => ({
    rosterId: `r${i + 1}`,
    seed: i + 1,
  }));
  const random = createPrng(teamCount * 7919);
  const results: SwissResult[] = [];
  const byes: SwissBye[] = [];
  const rows: SwissRow[] = [];
  for (let roundNumber = 1; ; roundNumber++) {
    const input = {
      segmentId: `bench-${teamCount}`,
      roundNumber,
      config,
      teams,
      results: [...results],
      byes: [...byes],
    };
    let output: SwissRoundOutput;
    try {
      output = pairSwissRound(input);
    } catch {
      break; // stage complete
    }
    const timing = time(runs, () => pairSwissRound(input));
    rows.push({
      teams: teamCount,
      format: label,
      round: roundNumber,
      pairings: output.pairings.length,
      rematches: output.rematches,
      floats: output.pairings.filter((p) => p.float).length,
      timing,
    });
    results.push(...playSwissRound(output, teamCount, random));
    if (output.byeRosterId) byes.push({ roundNumber, rosterId: output.byeRosterId });
  }
  return rows;
}

function bracketPlayOut(teamCount: number, runs: number) {
  const bracket = createDoubleElimination(
    Array.from({ length: teamCount }, (_, i) => ({ rosterId: `t${i + 1}`, seed: i + 1 })),
  );
  const random = createPrng(teamCount);
  const steps: { results: BracketResult[]; result: BracketResult }[] = [];
  let results: BracketResult[] = [];
  for (;;) {
    const ready = resolveDoubleElimination(bracket, results).matches.find((m) => m.status === 'ready');
    if (!ready) break;
    const result = {
      matchId: ready.id,
      winnerRosterId: random() < 0.5 ? ready.homeRosterId! : ready.awayRosterId!,
    };
    steps.push({ results, result });
    results = applyBracketResult(bracket, results, result).results;
  }
  const perResult: number[] = [];
  for (let run = 0; run < runs; run++) {
    for (const step of steps) {
      const started = performance.now();
      applyBracketResult(bracket, step.results, step.result);
      perResult.push(performance.now() - started);
    }
  }
  const whole = time(runs, () => {
    let list: BracketResult[] = [];
    for (const step of steps) list = applyBracketResult(bracket, list, step.result).results;
  });
  return { teams: teamCount, matches: steps.length, perResult: summarize(perResult), playOut: whole };
}

/**
 * The swiss fallback's worst case: the complete-graph weighted matching that decides a round only
 * when the fold, the greedy and the sparse matching all failed to avoid a rematch. Random integer
 * weights on every pair (the swiss weights are at most 2^50; these stay small on purpose).
 */
function completeMatching(vertices: number, runs: number) {
  const random = createPrng(vertices);
  const edges: WeightedEdge[] = [];
  for (let i = 0; i < vertices; i++) {
    for (let j = i + 1; j < vertices; j++) edges.push([i, j, 1 + Math.floor(random() * 1_000_000)]);
  }
  return {
    vertices,
    edges: edges.length,
    timing: time(runs, () => maxWeightMatching(vertices, edges, true)),
  };
}

export async function competitionBench(argv: readonly string[]): Promise<void> {
  const args = parseArgs(argv);
  const runs = Math.max(1, intArg(args, 'runs', 7));
  const loadBefore = loadavg();
  const swiss = [
    ...swissStage(128, { format: { mode: 'fixed', rounds: 7 } }, '7 rounds', runs),
    ...swissStage(128, { format: { mode: 'early_exit', wins: 3, losses: 3 } }, 'early exit 3-3', runs),
    ...swissStage(1024, { format: { mode: 'fixed', rounds: 10 } }, '10 rounds', runs),
    ...swissStage(1024, { format: { mode: 'early_exit', wins: 3, losses: 3 } }, 'early exit 3-3', runs),
  ];
  const brackets = [bracketPlayOut(8, runs * 10), bracketPlayOut(64, runs)];
  const matchings = [completeMatching(128, runs), completeMatching(256, Math.max(1, Math.ceil(runs / 2)))];
  const formats = formatRows(runs);
  const loadAfter = loadavg();
  const m = machine();
  console.log(`competition engines: ${runs} runs per case after warm-up, ${m.cpus} cores, Node ${m.node}`);
  console.log(`loadavg before ${loadBefore}, after ${loadAfter}`);
  console.log(
    table([
      ['swiss', 'round', 'pairings', 'rematches', 'floats', 'min', 'median', 'max'],
      ...swiss.map((r) => [
        `${r.teams} teams, ${r.format}`,
        `${r.round}`,
        `${r.pairings}`,
        `${r.rematches}`,
        `${r.floats}`,
        ms(r.timing.min),
        ms(r.timing.p50),
        ms(r.timing.max),
      ]),
    ]),
  );
  for (const size of [128, 1024]) {
    const all = swiss.filter((r) => r.teams === size);
    const worst = Math.max(...all.map((r) => r.timing.max));
    const medians = summarize(all.map((r) => r.timing.p50));
    console.log(
      `${size} teams: median of round medians ${ms(medians.p50)}, slowest round (max) ${ms(worst)}`,
    );
  }
  console.log(
    table([
      ['double elimination', 'matches', 'per result min', 'median', 'max', 'whole play-out median'],
      ...brackets.map((b) => [
        `${b.teams} teams`,
        `${b.matches}`,
        ms(b.perResult.min),
        ms(b.perResult.p50),
        ms(b.perResult.max),
        ms(b.playOut.p50),
      ]),
    ]),
  );
  console.log(
    table([
      ['complete-graph matching (fallback)', 'edges', 'min', 'median', 'max'],
      ...matchings.map((c) => [
        `${c.vertices} vertices`,
        `${c.edges}`,
        ms(c.timing.min),
        ms(c.timing.p50),
        ms(c.timing.max),
      ]),
    ]),
  );
  console.log(formatTable(formats));
  const file = writeResult('competition', {
    machine: m,
    loadBefore,
    loadAfter,
    runs,
    swiss,
    brackets,
    matchings,
    formats,
  });
  console.log(`→ ${file}`);
}
