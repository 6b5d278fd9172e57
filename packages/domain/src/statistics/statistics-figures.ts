import {
  type PlayerTotals,
  type SeriesFacts,
  sidePoints,
  sideResult,
  type TeamTotals,
} from './series-statistics.js';
import { addCounters, PLAYER_COUNTERS, TEAM_COUNTERS } from './statistics-totals.js';

/** The figures a profile shows, derived from the counters (rates null before the first attack). */
export interface PlayerFigures {
  wars: number;
  attacks: number;
  stars: number;
  threeStars: number;
  starsPerAttack: number | null;
  /** Percent, two decimals. */
  averageDestruction: number | null;
  /** 0–1. */
  threeStarRate: number | null;
}

const ratio = (a: number, b: number, digits: number) =>
  b === 0 ? null : Math.round((a / b) * 10 ** digits) / 10 ** digits;

export function playerFigures(
  totals: Omit<PlayerTotals, 'playerTag' | 'eventId' | 'segmentId'>,
): PlayerFigures {
  return {
    wars: totals.wars,
    attacks: totals.attacks,
    stars: totals.stars,
    threeStars: totals.threeStars,
    starsPerAttack: ratio(totals.stars, totals.attacks, 2),
    averageDestruction: ratio(totals.destructionHundredths / 100, totals.attacks, 2),
    threeStarRate: ratio(totals.threeStars, totals.attacks, 4),
  };
}

/** Several stage rows of one player (or roster) summed: "by event" and "overall". */
export function sumPlayerTotals(
  rows: readonly PlayerTotals[],
): Omit<PlayerTotals, 'playerTag' | 'eventId' | 'segmentId'> {
  const zero = { wars: 0, attacks: 0, stars: 0, threeStars: 0, destructionHundredths: 0 };
  return rows.reduce((sum, row) => addCounters(sum, row, PLAYER_COUNTERS, 1), zero);
}

export function sumTeamTotals(
  rows: readonly TeamTotals[],
): Omit<TeamTotals, 'rosterId' | 'eventId' | 'segmentId'> {
  const zero = {
    wars: 0,
    wins: 0,
    losses: 0,
    draws: 0,
    forfeits: 0,
    points: 0,
    starsFor: 0,
    starsAgainst: 0,
  };
  return rows.reduce((sum, row) => addCounters(sum, row, TEAM_COUNTERS, 1), zero);
}

export type AttackerOrder = 'stars' | 'threeStarRate' | 'destruction';

/**
 * Top attackers of a stage or event: by stars, three-star rate or average destruction; ties by
 * attacks (more first), then tag, so the order is stable. Rates need `minAttacks` attacks.
 */
export function topAttackers(
  rows: readonly PlayerTotals[],
  order: AttackerOrder,
  limit: number,
  minAttacks = 1,
): PlayerTotals[] {
  const key = (row: PlayerTotals) =>
    order === 'stars'
      ? row.stars
      : order === 'threeStarRate'
        ? row.threeStars / row.attacks
        : row.destructionHundredths / row.attacks;
  return rows
    .filter((row) => row.attacks >= (order === 'stars' ? 1 : minAttacks))
    .sort((a, b) => key(b) - key(a) || b.attacks - a.attacks || a.playerTag.localeCompare(b.playerTag))
    .slice(0, limit);
}

/** Rosters with the most wars (ties by points, then id). */
export function mostWars(rows: readonly TeamTotals[], limit: number): TeamTotals[] {
  return [...rows]
    .sort((a, b) => b.wars - a.wars || b.points - a.points || a.rosterId.localeCompare(b.rosterId))
    .slice(0, limit);
}

/** How close a war was: star margin, then destruction margin (hundredths); forfeits are not wars. */
export function warMargin(facts: SeriesFacts): { stars: number; destructionHundredths: number } | null {
  if (facts.home.forfeit || facts.away.forfeit) return null;
  const d = (side: 'home' | 'away') => toH(facts[side].destruction);
  return {
    stars: Math.abs(facts.home.stars - facts.away.stars),
    destructionHundredths: Math.abs(d('home') - d('away')),
  };
}
const toH = (percent: number | null) => Math.round((percent ?? 0) * 100);

/** The closest wars first (smallest star margin, then destruction margin, then the earlier). */
export function closestWars(series: readonly SeriesFacts[], limit: number): SeriesFacts[] {
  const measured = series.flatMap((facts) => {
    const margin = warMargin(facts);
    return margin ? [{ facts, margin }] : [];
  });
  return measured
    .sort(
      (a, b) =>
        a.margin.stars - b.margin.stars ||
        a.margin.destructionHundredths - b.margin.destructionHundredths ||
        a.facts.finishedAt.localeCompare(b.facts.finishedAt) ||
        a.facts.seriesId.localeCompare(b.facts.seriesId),
    )
    .slice(0, limit)
    .map((entry) => entry.facts);
}

export interface PointsStep {
  seriesId: string;
  finishedAt: string;
  points: number;
  /** Points after this series. */
  total: number;
}

/** A roster's points over its finished series, in the order they finished (the team page's chart). */
export function pointsHistory(series: readonly SeriesFacts[], rosterId: string): PointsStep[] {
  const own = series
    .flatMap((facts) => {
      const side =
        facts.home.rosterId === rosterId ? 'home' : facts.away.rosterId === rosterId ? 'away' : null;
      return side ? [{ facts, points: sidePoints(facts, side) }] : [];
    })
    .sort(
      (a, b) =>
        a.facts.finishedAt.localeCompare(b.facts.finishedAt) ||
        a.facts.seriesId.localeCompare(b.facts.seriesId),
    );
  let total = 0;
  return own.map(({ facts, points }) => {
    total += points;
    return { seriesId: facts.seriesId, finishedAt: facts.finishedAt, points, total };
  });
}

/** A roster's record against one opponent, from the series they played each other. */
export function headToHead(
  series: readonly SeriesFacts[],
  rosterId: string,
  opponentId: string,
): { wars: number; wins: number; losses: number; draws: number } {
  const record = { wars: 0, wins: 0, losses: 0, draws: 0 };
  for (const facts of series) {
    const side =
      facts.home.rosterId === rosterId && facts.away.rosterId === opponentId
        ? 'home'
        : facts.away.rosterId === rosterId && facts.home.rosterId === opponentId
          ? 'away'
          : null;
    if (!side) continue;
    const result = sideResult(facts, side);
    record.wars += 1;
    if (result === 'win') record.wins += 1;
    else if (result === 'loss') record.losses += 1;
    else record.draws += 1;
  }
  return record;
}
