import type { MatchSeriesValue } from '../matches/match-series-api';

/**
 * Pure shaping of a stage's match series for the views: swiss rounds as win-loss pools, the
 * double-elimination bracket as upper, lower and final rounds. The series come from
 * GET /bracket/{id}/match-series, ordered by round then play order; a swiss series carries its
 * pool (`group`, the record of its higher-ranked team such as "1-0"), a bracket series its
 * section (`group` upper, lower or final).
 */

export interface SwissPool {
  /** "2-0", "1-1", "1-0-1"… */
  record: string;
  series: MatchSeriesValue[];
}

export interface SwissRoundView {
  round: number;
  pools: SwissPool[];
  /** Bye series of the round (one team, finished at once). */
  byes: MatchSeriesValue[];
}

/** Wins, losses and draws of a record ("2-1" or "2-1-1"); unknown parts count 0. */
export function parseRecord(record: string): { wins: number; losses: number; draws: number } {
  const [wins = 0, losses = 0, draws = 0] = record.split('-').map((part) => Number.parseInt(part, 10) || 0);
  return { wins, losses, draws };
}

/** Better pools first: more match points (win 3, draw 1), then fewer losses. */
export function compareRecords(a: string, b: string): number {
  const x = parseRecord(a);
  const y = parseRecord(b);
  return y.wins * 3 + y.draws - (x.wins * 3 + x.draws) || x.losses - y.losses;
}

/** The round numbers of a swiss stage's series, ascending. */
export function swissRoundNumbers(series: readonly MatchSeriesValue[]): number[] {
  const rounds = new Set<number>();
  for (const s of series) if (s.roundNumber != null) rounds.add(s.roundNumber);
  return [...rounds].sort((a, b) => a - b);
}

/** One swiss round: its match-ups grouped by win-loss pool (best pool first) and its byes. */
export function swissRoundView(series: readonly MatchSeriesValue[], round: number): SwissRoundView {
  const pools = new Map<string, MatchSeriesValue[]>();
  const byes: MatchSeriesValue[] = [];
  for (const s of series) {
    if (s.roundNumber !== round) continue;
    if (s.bye) {
      byes.push(s);
      continue;
    }
    const record = s.group ?? '-';
    pools.set(record, [...(pools.get(record) ?? []), s]);
  }
  return {
    round,
    pools: [...pools.entries()]
      .sort(([a], [b]) => compareRecords(a, b))
      .map(([record, list]) => ({ record, series: list })),
    byes,
  };
}

export type BracketSectionName = 'upper' | 'lower' | 'final';

export interface BracketRound {
  section: BracketSectionName;
  round: number;
  series: MatchSeriesValue[];
}

export interface DoubleEliminationView {
  upper: BracketRound[];
  lower: BracketRound[];
  /** The grand final, then the reset when it is shown (see resetShown). */
  final: BracketRound[];
  /** The reset series, whether shown or not (null for a bracket without one). */
  reset: MatchSeriesValue | null;
  resetShown: boolean;
}

const sectionOf = (s: MatchSeriesValue): BracketSectionName =>
  s.group === 'final' || (s.bracket == null && s.group !== 'upper' && s.group !== 'lower')
    ? 'final'
    : s.group === 'lower' || s.bracket === 'lower'
      ? 'lower'
      : 'upper';

function roundsOf(series: readonly MatchSeriesValue[], section: BracketSectionName): BracketRound[] {
  const rounds = new Map<number, MatchSeriesValue[]>();
  for (const s of series) {
    if (sectionOf(s) !== section) continue;
    const round = s.roundNumber ?? 1;
    rounds.set(round, [...(rounds.get(round) ?? []), s]);
  }
  return [...rounds.entries()]
    .sort(([a], [b]) => a - b)
    .map(([round, list]) => ({ section, round, series: list }));
}

const won = (s: MatchSeriesValue | null | undefined, side: 0 | 1) => s?.competitors[side]?.placement === 1;

/**
 * The grand-final reset is shown only when it is played: once it has a result, or when the
 * lower-bracket team (away) took the first final and the reset is waiting. A reset the upper team
 * made unnecessary (cancelled: finished without a result) and one that may not be needed yet are
 * hidden.
 */
export function resetShown(grandFinal: MatchSeriesValue | null, reset: MatchSeriesValue | null): boolean {
  if (!reset) return false;
  const decided = reset.competitors.some((c) => c.placement != null);
  if (decided) return true;
  if (reset.state === 'finished') return false;
  return grandFinal?.state === 'finished' && won(grandFinal, 1) && !won(grandFinal, 0);
}

/** The bracket's rounds per section; the final section keeps the reset only when it is shown. */
export function doubleEliminationView(series: readonly MatchSeriesValue[]): DoubleEliminationView {
  const finals = roundsOf(series, 'final');
  const grandFinal = finals[0]?.series[0] ?? null;
  const reset = finals[1]?.series[0] ?? null;
  const shown = resetShown(grandFinal, reset);
  return {
    upper: roundsOf(series, 'upper'),
    lower: roundsOf(series, 'lower'),
    final: shown ? finals.slice(0, 2) : finals.slice(0, 1),
    reset,
    resetShown: shown,
  };
}

/** Round-per-screen navigation: the index moved by `step`, kept inside the rounds. */
export function stepRound(index: number, step: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(total - 1, Math.max(0, index + step));
}

/** The round a phone opens on: the first with a series still to play, else the last. */
export function openRoundIndex(rounds: readonly BracketRound[]): number {
  const open = rounds.findIndex((r) => r.series.some((s) => s.state !== 'finished' && !s.bye));
  return open === -1 ? Math.max(0, rounds.length - 1) : open;
}

/** Whether the next round halves the matches (the connectors join two matches into one). */
export function joinsPairs(rounds: readonly BracketRound[], index: number): boolean {
  const here = rounds[index]?.series.length ?? 0;
  const next = rounds[index + 1]?.series.length ?? 0;
  return next > 0 && here === next * 2;
}
