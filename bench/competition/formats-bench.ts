import { performance } from 'node:perf_hooks';
import {
  applyBracketResult,
  applySingleEliminationResult,
  type BracketResult,
  createDoubleElimination,
  createGroupStage,
  createPrng,
  createSingleElimination,
  type GroupResult,
  groupStageRankings,
  resolveDoubleElimination,
  resolveSingleElimination,
  type SeriesResult,
} from '@cwh/domain';
import { ms, type Summary, summarize, table } from '../lib/stats.js';

/**
 * Every bracket format side by side (issue 37): building the stage, then one result at a time to the
 * end (for elimination: resolve + record, what the server does per result; for groups: the standings
 * and the stage ranks after each result).
 */

export interface FormatRow {
  format: string;
  teams: number;
  matches: number;
  create: Summary;
  perResult: Summary;
  playOut: Summary;
}

const field = (n: number) => Array.from({ length: n }, (_, i) => ({ rosterId: `t${i + 1}`, seed: i + 1 }));

function measure(runs: number, fn: () => void): Summary {
  fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn();
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}

function elimination(format: 'single' | 'double', teams: number, runs: number): FormatRow {
  const create = () =>
    format === 'single'
      ? createSingleElimination(field(teams), { thirdPlace: true })
      : createDoubleElimination(field(teams));
  const random = createPrng(teams);
  const play = (
    record: (results: BracketResult[], result: BracketResult) => BracketResult[],
    ready: (
      r: BracketResult[],
    ) => { id: string; homeRosterId: string | null; awayRosterId: string | null } | undefined,
  ) => {
    const steps: { results: BracketResult[]; result: BracketResult }[] = [];
    let results: BracketResult[] = [];
    for (let next = ready(results); next; next = ready(results)) {
      const result = {
        matchId: next.id,
        winnerRosterId: random() < 0.5 ? next.homeRosterId! : next.awayRosterId!,
      };
      steps.push({ results, result });
      results = record(results, result);
    }
    return steps;
  };
  let record: (results: BracketResult[], result: BracketResult) => BracketResult[];
  let ready: (results: BracketResult[]) => ReturnType<Parameters<typeof play>[1]>;
  if (format === 'single') {
    const bracket = createSingleElimination(field(teams), { thirdPlace: true });
    record = (results, result) =>
      applySingleEliminationResult(bracket, results as SeriesResult[], result).results;
    ready = (results) => resolveSingleElimination(bracket, results).matches.find((m) => m.status === 'ready');
  } else {
    const bracket = createDoubleElimination(field(teams));
    record = (results, result) => applyBracketResult(bracket, results, result).results;
    ready = (results) => resolveDoubleElimination(bracket, results).matches.find((m) => m.status === 'ready');
  }
  const steps = play(record, ready);
  const perResult: number[] = [];
  for (const step of steps) {
    const started = performance.now();
    record(step.results, step.result);
    perResult.push(performance.now() - started);
  }
  return {
    format: `${format} elimination`,
    teams,
    matches: steps.length,
    create: measure(runs, create),
    perResult: summarize(perResult),
    playOut: measure(Math.max(1, Math.ceil(runs / 3)), () => {
      let list: BracketResult[] = [];
      for (const step of steps) list = record(list, step.result);
    }),
  };
}

function groups(teams: number, groupCount: number, runs: number): FormatRow {
  const stage = createGroupStage(field(teams), groupCount);
  const random = createPrng(teams);
  const results: GroupResult[] = stage.groups.flatMap((g) =>
    g.matches.map((m) => ({
      matchId: m.id,
      outcome: random() < 0.45 ? 'home' : random() < 0.9 ? 'away' : 'draw',
      homeStars: Math.floor(random() * 6),
      awayStars: Math.floor(random() * 6),
      homeDestruction: Math.round(random() * 1000) / 10,
      awayDestruction: Math.round(random() * 1000) / 10,
    })),
  );
  const perResult: number[] = [];
  for (let i = 1; i <= results.length; i++) {
    const started = performance.now();
    groupStageRankings(stage, results.slice(0, i));
    perResult.push(performance.now() - started);
  }
  return {
    format: `groups of ${teams / groupCount}`,
    teams,
    matches: results.length,
    create: measure(runs, () => createGroupStage(field(teams), groupCount)),
    perResult: summarize(perResult),
    playOut: measure(runs, () => groupStageRankings(stage, results)),
  };
}

export function formatRows(runs: number): FormatRow[] {
  return [
    elimination('single', 64, runs),
    elimination('single', 256, runs),
    elimination('double', 64, runs),
    groups(64, 16, runs),
    groups(128, 8, runs),
  ];
}

export function formatTable(rows: readonly FormatRow[]): string {
  return table([
    [
      'format (side by side)',
      'teams',
      'matches',
      'create median',
      'per result median',
      'max',
      'play-out / final standings',
    ],
    ...rows.map((r) => [
      r.format,
      `${r.teams}`,
      `${r.matches}`,
      ms(r.create.p50),
      ms(r.perResult.p50),
      ms(r.perResult.max),
      ms(r.playOut.p50),
    ]),
  ]);
}
