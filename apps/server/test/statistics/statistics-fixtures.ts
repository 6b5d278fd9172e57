import { recomputeTotals, type StatisticsTotals } from '@cwh/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { rowsOf } from '../../src/db/rows.js';
import { matchSeries, matchSeriesCompetitors } from '../../src/db/schema/index.js';
import { createStatisticsWriteRepository } from '../../src/features/statistics/statistics-write-repository.js';

/** Line-ups for a series (in attack order), as the war was created with them. */
export async function setLineups(db: Db, seriesId: string, home: string[], away: string[]) {
  for (const [position, tags] of [home, away].entries()) {
    await db
      .update(matchSeriesCompetitors)
      .set({ playerTags: tags })
      .where(
        sql`${matchSeriesCompetitors.matchSeriesId} = ${seriesId} and ${matchSeriesCompetitors.position} = ${position}`,
      );
  }
}

/** The attacks of the war, as the official game's report keeps them (match_series.war_report). */
export async function setAttacks(
  db: Db,
  seriesId: string,
  attacks: { side: 'home' | 'away'; attackerTag: string; stars: number; destruction: number }[],
) {
  const report = {
    state: 'warEnded',
    attacks: attacks.map((a, i) => ({ ...a, defenderTag: '#X', order: i + 1 })),
  };
  await db.update(matchSeries).set({ warReport: report }).where(eq(matchSeries.id, seriesId));
}

/** The kept statistics of a segment as the tables hold them. */
export async function keptTotals(
  db: Db,
  segmentId: string,
): Promise<{ players: unknown[]; teams: unknown[] }> {
  const players = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select player_tag as "playerTag", wars, attacks, stars, three_stars as "threeStars",
        destruction_hundredths::int as "destructionHundredths"
      from statistics_players where segment_id = ${segmentId}::uuid order by player_tag`),
  );
  const teams = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select roster_id::text as "rosterId", wars, wins, losses, draws, forfeits, points,
        stars_for as "starsFor", stars_against as "starsAgainst"
      from statistics_teams where segment_id = ${segmentId}::uuid order by roster_id`),
  );
  return { players, teams };
}

/**
 * The full recomputation: every finished series of the segment read again from the results the
 * hub recorded (match_series, competitors, war reports), summed from nothing by the domain.
 */
export async function recomputedTotals(db: Db, segmentId: string) {
  const ids = rowsOf<{ id: string }>(
    await db.execute(sql`select id::text as id from match_series where segment_id = ${segmentId}::uuid`),
  ).map((r) => r.id);
  const current = await createStatisticsWriteRepository().currentFacts(ids, db);
  const totals = recomputeTotals([...current.values()].flatMap((s) => (s ? [s.facts] : [])));
  return shape(totals);
}

/** The same for a whole event: every stage's series summed under the event (its totals rows). */
export async function recomputedEventTotals(db: Db, eventId: string) {
  const ids = rowsOf<{ id: string }>(
    await db.execute(sql`select id::text as id from match_series where event_id = ${eventId}::uuid`),
  ).map((r) => r.id);
  const current = await createStatisticsWriteRepository().currentFacts(ids, db);
  const facts = [...current.values()].flatMap((s) => (s ? [{ ...s.facts, segmentId: eventId }] : []));
  return shape(recomputeTotals(facts));
}

function shape(totals: StatisticsTotals) {
  const players = [...totals.players.values()]
    .sort((a, b) => a.playerTag.localeCompare(b.playerTag))
    .map(({ playerTag, wars, attacks, stars, threeStars, destructionHundredths }) => ({
      playerTag,
      wars,
      attacks,
      stars,
      threeStars,
      destructionHundredths,
    }));
  const teams = [...totals.teams.values()]
    .sort((a, b) => a.rosterId.localeCompare(b.rosterId))
    .map(({ rosterId, wars, wins, losses, draws, forfeits, points, starsFor, starsAgainst }) => ({
      rosterId,
      wars,
      wins,
      losses,
      draws,
      forfeits,
      points,
      starsFor,
      starsAgainst,
    }));
  return { players, teams };
}
