import {
  emptyTotals,
  type PlayerTotals,
  playerKey,
  type SeriesContribution,
  type SeriesFacts,
  type StatisticsTotals,
  seriesContribution,
  type TeamTotals,
  teamKey,
} from './series-statistics.js';

const PLAYER_COUNTERS = ['wars', 'attacks', 'stars', 'threeStars', 'destructionHundredths'] as const;
const TEAM_COUNTERS = [
  'wars',
  'wins',
  'losses',
  'draws',
  'forfeits',
  'points',
  'starsFor',
  'starsAgainst',
] as const;

/** A counters row added to another with a sign; the one place the statistics tables' upsert mirrors. */
export function addCounters<T extends object, K extends keyof T & string>(
  base: T,
  delta: T,
  counters: readonly K[],
  sign: 1 | -1,
): T {
  const next = { ...base };
  for (const key of counters) {
    (next[key] as number) = (base[key] as number) + sign * (delta[key] as number);
  }
  return next;
}

const isEmpty = (row: object, counters: readonly string[]) =>
  counters.every((key) => (row as Record<string, number>)[key] === 0);

/**
 * The totals with one series' contribution added (sign 1) or taken back (sign -1). Rows that fall
 * to zero disappear, so taking back what was added leaves the totals as they were.
 */
export function applyContribution(
  totals: StatisticsTotals,
  contribution: SeriesContribution,
  sign: 1 | -1,
): StatisticsTotals {
  const players = new Map(totals.players);
  for (const delta of contribution.players) {
    const key = playerKey(delta.segmentId, delta.playerTag);
    const base = players.get(key) ?? { ...delta, ...zero(PLAYER_COUNTERS) };
    const next = addCounters<PlayerTotals, (typeof PLAYER_COUNTERS)[number]>(
      base,
      delta,
      PLAYER_COUNTERS,
      sign,
    );
    if (isEmpty(next, PLAYER_COUNTERS)) players.delete(key);
    else players.set(key, next);
  }
  const teams = new Map(totals.teams);
  for (const delta of contribution.teams) {
    const key = teamKey(delta.segmentId, delta.rosterId);
    const base = teams.get(key) ?? { ...delta, ...zero(TEAM_COUNTERS) };
    const next = addCounters<TeamTotals, (typeof TEAM_COUNTERS)[number]>(base, delta, TEAM_COUNTERS, sign);
    if (isEmpty(next, TEAM_COUNTERS)) teams.delete(key);
    else teams.set(key, next);
  }
  return { players, teams };
}

function zero<K extends string>(counters: readonly K[]): Record<K, number> {
  return Object.fromEntries(counters.map((key) => [key, 0])) as Record<K, number>;
}

/**
 * The change of one series from what was stored (null: not counted yet) to what is recorded now
 * (null: no longer finished): the incremental step a recorded, corrected or forfeited result takes.
 */
export function updateTotals(
  totals: StatisticsTotals,
  before: SeriesFacts | null,
  after: SeriesFacts | null,
): StatisticsTotals {
  let next = totals;
  if (before) next = applyContribution(next, seriesContribution(before), -1);
  if (after) next = applyContribution(next, seriesContribution(after), 1);
  return next;
}

/** The full recomputation: every finished series' contribution, from nothing. */
export function recomputeTotals(series: readonly SeriesFacts[]): StatisticsTotals {
  return series.reduce(
    (totals, facts) => applyContribution(totals, seriesContribution(facts), 1),
    emptyTotals(),
  );
}

export { PLAYER_COUNTERS, TEAM_COUNTERS };
