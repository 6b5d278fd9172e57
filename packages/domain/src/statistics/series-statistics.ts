import { LADDER_DRAW_POINTS, LADDER_LOSS_POINTS, LADDER_WIN_POINTS } from '../ladder/standings.js';

/**
 * Statistics of players and teams (issue #38), kept rather than scanned: every finished series gives
 * a contribution (its wars, attacks, stars, destruction, result for each side and player); the
 * totals are the sum of the contributions of all finished series. A recorded result adds its
 * contribution, a correction or forfeit takes the stored one back and adds the new one, so the
 * totals always equal a full recomputation (property-tested). Destruction is summed in hundredths
 * of a percent (integers), so the sums do not depend on the order results arrive in.
 */

export type StatSide = 'home' | 'away';

/** One side of a finished series as the hub recorded it (match_series_competitors). */
export interface SideFacts {
  rosterId: string;
  stars: number;
  /** Percent, 0–100; null when the war gave none (a forfeit). */
  destruction: number | null;
  /** 1 winner, 2 loser; a draw places both 1, a double forfeit both 2. */
  placement: number | null;
  forfeit: boolean;
  /** The line-up the war was played with (tags in attack order). */
  playerTags: readonly string[];
}

/** One attack of the war (the game's report). */
export interface AttackFacts {
  side: StatSide;
  attackerTag: string;
  stars: number;
  destruction: number;
}

/** What the statistics need of one finished series. */
export interface SeriesFacts {
  seriesId: string;
  eventId: string;
  segmentId: string;
  /** ISO time the series finished (the points history's order). */
  finishedAt: string;
  home: SideFacts;
  away: SideFacts;
  attacks: readonly AttackFacts[];
}

export type SideResult = 'win' | 'loss' | 'draw';

/** A player's counters in one stage (segment). */
export interface PlayerTotals {
  playerTag: string;
  eventId: string;
  segmentId: string;
  wars: number;
  attacks: number;
  stars: number;
  threeStars: number;
  /** Sum of attack destruction in hundredths of a percent. */
  destructionHundredths: number;
}

/** A roster's counters in one stage. */
export interface TeamTotals {
  rosterId: string;
  eventId: string;
  segmentId: string;
  wars: number;
  wins: number;
  losses: number;
  draws: number;
  /** Wars this side forfeited (also counted as losses). */
  forfeits: number;
  points: number;
  starsFor: number;
  starsAgainst: number;
}

/** The keyed totals of a set of series (players and rosters, each per stage). */
export interface StatisticsTotals {
  players: Map<string, PlayerTotals>;
  teams: Map<string, TeamTotals>;
}

export interface SeriesContribution {
  players: PlayerTotals[];
  teams: TeamTotals[];
}

export const toHundredths = (percent: number): number => Math.round(percent * 100);

const other = (side: StatSide): StatSide => (side === 'home' ? 'away' : 'home');

/** The result of one side: the lower placement wins; equal placements draw, both 2 both lose. */
export function sideResult(facts: SeriesFacts, side: StatSide): SideResult {
  const own = facts[side].placement ?? 2;
  const theirs = facts[other(side)].placement ?? 2;
  if (own === theirs) return own === 1 ? 'draw' : 'loss';
  return own < theirs ? 'win' : 'loss';
}

const POINTS: Record<SideResult, number> = {
  win: LADDER_WIN_POINTS,
  draw: LADDER_DRAW_POINTS,
  loss: LADDER_LOSS_POINTS,
};

/** The points a side earned in a series (the ladder's rule: 3 a win, 1 a draw, 0 a loss). */
export function sidePoints(facts: SeriesFacts, side: StatSide): number {
  return POINTS[sideResult(facts, side)];
}

export const playerKey = (segmentId: string, playerTag: string) => `${segmentId}|${playerTag}`;
export const teamKey = (segmentId: string, rosterId: string) => `${segmentId}|${rosterId}`;

function teamContribution(facts: SeriesFacts, side: StatSide): TeamTotals {
  const result = sideResult(facts, side);
  return {
    rosterId: facts[side].rosterId,
    eventId: facts.eventId,
    segmentId: facts.segmentId,
    wars: 1,
    wins: result === 'win' ? 1 : 0,
    losses: result === 'loss' ? 1 : 0,
    draws: result === 'draw' ? 1 : 0,
    forfeits: facts[side].forfeit ? 1 : 0,
    points: sidePoints(facts, side),
    starsFor: facts[side].stars,
    starsAgainst: facts[other(side)].stars,
  };
}

function emptyPlayer(facts: SeriesFacts, playerTag: string): PlayerTotals {
  return {
    playerTag,
    eventId: facts.eventId,
    segmentId: facts.segmentId,
    wars: 0,
    attacks: 0,
    stars: 0,
    threeStars: 0,
    destructionHundredths: 0,
  };
}

/**
 * What one finished series adds: one war for each player of both line-ups (a forfeited side that
 * never played adds none), their attacks, and one war with its result for each roster.
 */
export function seriesContribution(facts: SeriesFacts): SeriesContribution {
  const players = new Map<string, PlayerTotals>();
  for (const side of ['home', 'away'] as const) {
    for (const tag of new Set(facts[side].playerTags)) {
      players.set(tag, { ...emptyPlayer(facts, tag), wars: 1 });
    }
  }
  for (const attack of facts.attacks) {
    const row = players.get(attack.attackerTag) ?? { ...emptyPlayer(facts, attack.attackerTag), wars: 1 };
    row.attacks += 1;
    row.stars += attack.stars;
    row.threeStars += attack.stars === 3 ? 1 : 0;
    row.destructionHundredths += toHundredths(attack.destruction);
    players.set(attack.attackerTag, row);
  }
  return {
    players: [...players.values()],
    teams: [teamContribution(facts, 'home'), teamContribution(facts, 'away')],
  };
}

export const emptyTotals = (): StatisticsTotals => ({ players: new Map(), teams: new Map() });
