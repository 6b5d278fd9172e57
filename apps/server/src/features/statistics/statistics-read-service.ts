import type {
  EventStatisticsAttributes,
  PlacementValue,
  PlayerProfileAttributes,
  TeamStatisticsAttributes,
  WarSummary,
} from '@cwh/contract';
import {
  headToHead,
  playerFigures,
  pointsHistory,
  rosterDisplayName,
  type SeriesFacts,
  sumPlayerTotals,
  sumTeamTotals,
  winnerOfPlacements,
} from '@cwh/domain';
import type { PlacementRow, StatisticsReadRepository } from './statistics-read-repository.js';

export const RECENT_WARS = 10;
export const TOP_ROWS = 10;
/**
 * Rates (three-star rate, destruction) rank players with at least this many attacks: the threshold
 * of the generated rate columns of migration 0028 (change both together).
 */
export const MIN_ATTACKS_FOR_RATES = 3;

const display = (name: string | null | undefined) => rosterDisplayName({ name: name ?? null });

async function summaries(
  repo: StatisticsReadRepository,
  facts: readonly SeriesFacts[],
): Promise<WarSummary[]> {
  const names = await repo.rosterNames([
    ...new Set(facts.flatMap((f) => [f.home.rosterId, f.away.rosterId])),
  ]);
  const side = (s: SeriesFacts['home']) => ({
    rosterId: s.rosterId,
    displayName: display(names.get(s.rosterId)),
    stars: s.stars,
    destruction: s.destruction,
    forfeit: s.forfeit,
  });
  return facts.map((f) => ({
    matchSeriesId: f.seriesId,
    segmentId: f.segmentId,
    finishedAt: f.finishedAt,
    home: side(f.home),
    away: side(f.away),
    winner: winnerOfPlacements(f.home.placement, f.away.placement),
  }));
}

const placementValue = (row: PlacementRow): PlacementValue => ({
  segment: row.segment,
  event: row.event,
  roster: { id: row.rosterId, displayName: display(row.rosterName) },
  rank: row.rank,
  final: row.segmentEnded,
});

/** A player's profile from the kept statistics: their rows, their last wars, their rosters' ranks. */
export async function playerProfile(
  repo: StatisticsReadRepository,
  tenant: string,
  tag: string,
): Promise<PlayerProfileAttributes | null> {
  const [identity, stages, recent, hidden] = await Promise.all([
    repo.identity(tenant, tag),
    repo.playerStages(tenant, tag),
    repo.recentWarsOfPlayer(tenant, tag, RECENT_WARS),
    repo.profileHidden(tenant, tag),
  ]);
  if (!identity && stages.length === 0) return null;
  const events = new Map<string, typeof stages>();
  for (const row of stages) events.set(row.event.id, [...(events.get(row.event.id) ?? []), row]);
  const rosterIds = await repo.rostersOfPlayer(tenant, tag);
  return {
    tag,
    name: identity?.name ?? null,
    townHallLevel: identity?.thLevel ?? null,
    clanTag: identity?.clanTag ?? null,
    currentTeam:
      identity?.current === true
        ? { rosterId: identity.rosterId, displayName: display(identity.rosterName) }
        : null,
    profileHidden: hidden,
    overall: playerFigures(sumPlayerTotals(stages)),
    byEvent: [...events.values()].map((rows) => ({
      event: rows[0]!.event,
      figures: playerFigures(sumPlayerTotals(rows)),
    })),
    byStage: stages.map((row) => ({ event: row.event, segment: row.segment, figures: playerFigures(row) })),
    recentWars: await summaries(repo, recent),
    placements: (await repo.placements(rosterIds)).map(placementValue),
  };
}

/** The distinct line-ups a roster played with, most used first (ties: the first used first). */
function lineupsOf(series: readonly SeriesFacts[], rosterId: string) {
  const counts = new Map<string, { tags: readonly string[]; wars: number }>();
  for (const facts of series) {
    const side = facts.home.rosterId === rosterId ? facts.home : facts.away;
    if (side.playerTags.length === 0) continue;
    const key = side.playerTags.join(',');
    const entry = counts.get(key) ?? { tags: side.playerTags, wars: 0 };
    entry.wars += 1;
    counts.set(key, entry);
  }
  return [...counts.values()].sort((a, b) => b.wars - a.wars);
}

/** A team page's figures: record, points history, line-ups, head-to-head and placements. */
export async function teamStatistics(
  repo: StatisticsReadRepository,
  tenant: string,
  rosterId: string,
): Promise<TeamStatisticsAttributes | null> {
  const roster = await repo.roster(tenant, rosterId);
  if (!roster) return null;
  const [stages, series, placements] = await Promise.all([
    repo.teamStages(rosterId),
    repo.seriesOfRoster(rosterId),
    repo.placements([rosterId]),
  ]);
  const lineups = lineupsOf(series, rosterId);
  const opponents = [
    ...new Set(series.map((f) => (f.home.rosterId === rosterId ? f.away.rosterId : f.home.rosterId))),
  ];
  const [names, playerNames] = await Promise.all([
    repo.rosterNames(opponents),
    repo.playerNames([...new Set(lineups.flatMap((l) => l.tags))]),
  ]);
  return {
    roster: { id: roster.id, displayName: display(roster.name), clanTag: roster.clanTag },
    event: roster.event,
    record: sumTeamTotals(stages),
    byStage: stages.map((row) => ({ segment: row.segment, record: sumTeamTotals([row]) })),
    pointsHistory: pointsHistory(series, rosterId).map(({ seriesId, ...step }) => ({
      matchSeriesId: seriesId,
      ...step,
    })),
    lineups: lineups.map((l) => ({
      players: l.tags.map((tag) => ({ tag, name: playerNames.get(tag) ?? null })),
      wars: l.wars,
    })),
    headToHead: opponents.map((opponentId) => ({
      opponent: { rosterId: opponentId, displayName: display(names.get(opponentId)) },
      ...headToHead(series, rosterId, opponentId),
    })),
    placements: placements.map(placementValue),
    recentWars: await summaries(repo, series.slice(-RECENT_WARS).reverse()),
  };
}

/** An event's (or one stage's) leaders, most wars and closest wars. */
export async function eventStatistics(
  repo: StatisticsReadRepository,
  tenant: string,
  eventId: string,
  segmentId: string | null,
): Promise<EventStatisticsAttributes | null> {
  const event = await repo.event(tenant, eventId);
  if (!event) return null;
  const segment = segmentId ? await repo.segment(eventId, segmentId) : null;
  if (segmentId && !segment) return null;
  const scope = { eventId, segmentId };
  const [stars, threeStarRate, destruction, mostWars, closest] = await Promise.all([
    repo.topAttackers(scope, 'stars', TOP_ROWS),
    repo.topAttackers(scope, 'threeStarRate', TOP_ROWS),
    repo.topAttackers(scope, 'destruction', TOP_ROWS),
    repo.mostWars(scope, TOP_ROWS),
    repo.closestWars(scope, TOP_ROWS),
  ]);
  const names = await repo.playerNames([
    ...new Set([...stars, ...threeStarRate, ...destruction].map((r) => r.playerTag)),
  ]);
  const attackers = (list: typeof stars) =>
    list.map((row) => ({
      tag: row.playerTag,
      name: names.get(row.playerTag) ?? null,
      figures: playerFigures(row),
    }));
  return {
    event,
    segment,
    topAttackers: {
      stars: attackers(stars),
      threeStarRate: attackers(threeStarRate),
      destruction: attackers(destruction),
    },
    minAttacks: MIN_ATTACKS_FOR_RATES,
    mostWars: mostWars.map((r) => ({
      rosterId: r.rosterId,
      displayName: display(r.name),
      wars: r.wars,
      points: r.points,
    })),
    closestWars: await summaries(repo, closest),
  };
}
