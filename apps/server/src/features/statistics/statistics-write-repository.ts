import type { AttackFacts, PlayerTotals, SeriesFacts, StatisticsTotals, TeamTotals } from '@cwh/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/** A series as the statistics read it from the results the hub recorded. */
interface SeriesRow {
  id: string;
  tenant: string;
  eventId: string;
  segmentId: string;
  counted: boolean;
  finishedAt: string | null;
  reportAttacks: unknown;
  simAttacks: unknown;
}

interface CompetitorRow {
  seriesId: string;
  position: number;
  rosterId: string | null;
  playerTags: string[];
  placement: number | null;
  score: number | null;
  destruction: string | number | null;
  forfeit: boolean;
}

export interface StoredSeries {
  tenant: string;
  facts: SeriesFacts;
}

const attacksOf = (raw: unknown): AttackFacts[] =>
  Array.isArray(raw)
    ? raw.flatMap((a) =>
        a && typeof a === 'object' && typeof a.attackerTag === 'string'
          ? [
              {
                side: a.side === 'away' ? 'away' : 'home',
                attackerTag: a.attackerTag,
                stars: Number(a.stars) || 0,
                destruction: Number(a.destruction) || 0,
              } as AttackFacts,
            ]
          : [],
      )
    : [];

/**
 * The facts of a finished series from its rows; null when it does not count (not finished,
 * deleted, a bye, a side without a roster). A forfeited war counts for the rosters, not for players.
 */
function factsOf(series: SeriesRow, competitors: readonly CompetitorRow[]): SeriesFacts | null {
  const home = competitors.find((c) => c.position === 0);
  const away = competitors.find((c) => c.position === 1);
  if (!series.counted || !series.finishedAt || !home?.rosterId || !away?.rosterId) return null;
  const forfeit = home.forfeit || away.forfeit;
  const side = (c: CompetitorRow) => ({
    rosterId: c.rosterId!,
    stars: c.score ?? 0,
    destruction: c.destruction === null ? null : Number(c.destruction),
    placement: c.placement,
    forfeit: c.forfeit,
    playerTags: forfeit ? [] : c.playerTags,
  });
  const attacks = forfeit ? [] : attacksOf(series.reportAttacks ?? series.simAttacks);
  return {
    seriesId: series.id,
    eventId: series.eventId,
    segmentId: series.segmentId,
    finishedAt: new Date(series.finishedAt).toISOString(),
    home: side(home),
    away: side(away),
    attacks,
  };
}

const uuids = (ids: readonly string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

/** SQL of the statistics tables (issue #38); every write runs in the result's transaction. */
export function createStatisticsWriteRepository() {
  return {
    /** The facts each series counts with now (null: it does not count), with its tenant. */
    async currentFacts(ids: readonly string[], tx: Executor): Promise<Map<string, StoredSeries | null>> {
      const series = rowsOf<SeriesRow>(
        await tx.execute(sql`
          select ms.id::text as id, ms.tenant, ms.event_id::text as "eventId", ms.segment_id::text as "segmentId",
            (ms.state = 'finished' and ms.deleted_at is null and not ms.bye) as counted,
            ms.finished_at as "finishedAt", ms.war_report->'attacks' as "reportAttacks",
            sw.result->'attacks' as "simAttacks"
          from match_series ms left join sim_wars sw on sw.id = ms.war_id
          where ms.id = any(${uuids(ids)})`),
      );
      const competitors = rowsOf<CompetitorRow>(
        await tx.execute(sql`
          select match_series_id::text as "seriesId", position, roster_id::text as "rosterId",
            player_tags as "playerTags", placement, score, destruction, forfeit
          from match_series_competitors where match_series_id = any(${uuids(ids)})`),
      );
      const found = new Map<string, StoredSeries | null>(ids.map((id) => [id, null]));
      for (const row of series) {
        const facts = factsOf(
          row,
          competitors.filter((c) => c.seriesId === row.id),
        );
        found.set(row.id, facts ? { tenant: row.tenant, facts } : null);
      }
      return found;
    },

    /** The facts each series was counted with, locked until the transaction ends. */
    async storedFacts(ids: readonly string[], tx: Executor): Promise<Map<string, StoredSeries>> {
      const rows = rowsOf<{ id: string; tenant: string; facts: SeriesFacts }>(
        await tx.execute(sql`
          select match_series_id::text as id, tenant, facts from statistics_series
          where match_series_id = any(${uuids(ids)}) order by match_series_id for update`),
      );
      return new Map(rows.map((row) => [row.id, { tenant: row.tenant, facts: row.facts }]));
    },

    /**
     * Adds a delta (rows may be negative) to the player and team counters; empties rows at zero.
     * Each row is added to its stage's row and to its event's (the row whose segment_id is the
     * event's id), so an event's leaders are an index read like a stage's, never a sum of stages.
     */
    async addTotals(tenant: string, delta: StatisticsTotals, tx: Executor): Promise<void> {
      const players = withEventRows([...delta.players.values()]);
      const teams = withEventRows([...delta.teams.values()]);
      if (players.length > 0) await addPlayers(tenant, players, tx);
      if (teams.length > 0) await addTeams(tenant, teams, tx);
    },

    /** Stores what a series now counts with (or forgets it), and who played it. */
    async saveSeries(id: string, stored: StoredSeries | null, margin: Margin | null, tx: Executor) {
      await tx.execute(sql`delete from statistics_player_series where match_series_id = ${id}::uuid`);
      if (!stored) {
        await tx.execute(sql`delete from statistics_series where match_series_id = ${id}::uuid`);
        return;
      }
      const { tenant, facts } = stored;
      await tx.execute(sql`
        insert into statistics_series (match_series_id, tenant, event_id, segment_id, home_roster_id,
          away_roster_id, finished_at, star_margin, destruction_margin, facts)
        values (${id}::uuid, ${tenant}, ${facts.eventId}::uuid, ${facts.segmentId}::uuid,
          ${facts.home.rosterId}::uuid, ${facts.away.rosterId}::uuid, ${facts.finishedAt}::timestamptz,
          ${margin?.stars ?? null}::int, ${margin?.destructionHundredths ?? null}::int, ${JSON.stringify(facts)}::jsonb)
        on conflict (match_series_id) do update set event_id = excluded.event_id,
          segment_id = excluded.segment_id, home_roster_id = excluded.home_roster_id,
          away_roster_id = excluded.away_roster_id, finished_at = excluded.finished_at,
          star_margin = excluded.star_margin, destruction_margin = excluded.destruction_margin,
          facts = excluded.facts`);
      const tags = [
        ...new Set([
          ...facts.home.playerTags,
          ...facts.away.playerTags,
          ...facts.attacks.map((a) => a.attackerTag),
        ]),
      ];
      if (tags.length === 0) return;
      await tx.execute(sql`
        insert into statistics_player_series (tenant, player_tag, match_series_id, finished_at)
        select ${tenant}, tag, ${id}::uuid, ${facts.finishedAt}::timestamptz
        from unnest(array[${sql.join(
          tags.map((t) => sql`${t}`),
          sql`, `,
        )}]::text[]) as tag
        on conflict do nothing`);
    },

    async lockSeriesRows(ids: readonly string[], tx: Executor): Promise<void> {
      await tx.execute(sql`select id from match_series where id = any(${uuids(ids)}) order by id for update`);
    },

    /** Locks one series unless another transaction holds it (false then). */
    async lockSeries(id: string, tx: Executor): Promise<boolean> {
      const rows = rowsOf<{ id: string }>(
        await tx.execute(
          sql`select id::text as id from match_series where id = ${id}::uuid for update skip locked`,
        ),
      );
      return rows.length > 0;
    },

    /** Finished series not counted yet (written by a path without the hook, e.g. a seed), oldest first. */
    async uncounted(limit: number, tx: Executor): Promise<string[]> {
      const rows = rowsOf<{ id: string }>(
        await tx.execute(sql`
          select ms.id::text as id from match_series ms
          where ms.state = 'finished' and ms.deleted_at is null and not ms.bye
            and not exists (select 1 from statistics_series s where s.match_series_id = ms.id)
            and (select count(*) from match_series_competitors c
                 where c.match_series_id = ms.id and c.roster_id is not null) = 2
          order by ms.finished_at limit ${limit}`),
      );
      return rows.map((row) => row.id);
    },

    /** Counted series of a segment that no longer count (a stage reset reopened or removed them). */
    async stale(segmentId: string, tx: Executor): Promise<string[]> {
      const rows = rowsOf<{ id: string }>(
        await tx.execute(sql`
          select s.match_series_id::text as id from statistics_series s
          left join match_series ms on ms.id = s.match_series_id
          where s.segment_id = ${segmentId}::uuid
            and (ms.id is null or ms.state <> 'finished' or ms.deleted_at is not null)`),
      );
      return rows.map((row) => row.id);
    },
  };
}

/** The rows again under their event's key (segment_id = event id), merged per key. */
function withEventRows<
  T extends { segmentId: string; eventId: string; playerTag?: string; rosterId?: string },
>(rows: readonly T[]): T[] {
  const merged = new Map<string, T>();
  for (const row of [...rows, ...rows.map((r) => ({ ...r, segmentId: r.eventId }))]) {
    const key = `${row.segmentId}|${row.playerTag ?? row.rosterId}`;
    const seen = merged.get(key);
    if (!seen) merged.set(key, row);
    else
      merged.set(
        key,
        Object.fromEntries(
          Object.entries(seen).map(([k, v]) => [
            k,
            typeof v === 'number' ? v + (row[k as keyof T] as number) : v,
          ]),
        ) as T,
      );
  }
  return [...merged.values()];
}

export interface Margin {
  stars: number;
  destructionHundredths: number;
}

async function addPlayers(tenant: string, rows: readonly PlayerTotals[], tx: Executor) {
  const values = rows.map(
    (r) =>
      sql`(${r.segmentId}::uuid, ${r.playerTag}, ${tenant}, ${r.eventId}::uuid, ${r.wars}::int, ${r.attacks}::int,
        ${r.stars}::int, ${r.threeStars}::int, ${r.destructionHundredths}::bigint)`,
  );
  await tx.execute(sql`
    insert into statistics_players as p (segment_id, player_tag, tenant, event_id, wars, attacks, stars,
      three_stars, destruction_hundredths)
    values ${sql.join(values, sql`, `)}
    on conflict (segment_id, player_tag) do update set wars = p.wars + excluded.wars,
      attacks = p.attacks + excluded.attacks, stars = p.stars + excluded.stars,
      three_stars = p.three_stars + excluded.three_stars,
      destruction_hundredths = p.destruction_hundredths + excluded.destruction_hundredths`);
  await tx.execute(sql`
    delete from statistics_players where (segment_id, player_tag) in
      (${sql.join(
        rows.map((r) => sql`(${r.segmentId}::uuid, ${r.playerTag})`),
        sql`, `,
      )})
      and wars = 0 and attacks = 0 and stars = 0 and three_stars = 0 and destruction_hundredths = 0`);
}

async function addTeams(tenant: string, rows: readonly TeamTotals[], tx: Executor) {
  const values = rows.map(
    (r) =>
      sql`(${r.segmentId}::uuid, ${r.rosterId}::uuid, ${tenant}, ${r.eventId}::uuid, ${r.wars}::int, ${r.wins}::int,
        ${r.losses}::int, ${r.draws}::int, ${r.forfeits}::int, ${r.points}::int, ${r.starsFor}::int,
        ${r.starsAgainst}::int)`,
  );
  await tx.execute(sql`
    insert into statistics_teams as t (segment_id, roster_id, tenant, event_id, wars, wins, losses, draws,
      forfeits, points, stars_for, stars_against)
    values ${sql.join(values, sql`, `)}
    on conflict (segment_id, roster_id) do update set wars = t.wars + excluded.wars,
      wins = t.wins + excluded.wins, losses = t.losses + excluded.losses, draws = t.draws + excluded.draws,
      forfeits = t.forfeits + excluded.forfeits, points = t.points + excluded.points,
      stars_for = t.stars_for + excluded.stars_for, stars_against = t.stars_against + excluded.stars_against`);
  await tx.execute(sql`
    delete from statistics_teams where (segment_id, roster_id) in
      (${sql.join(
        rows.map((r) => sql`(${r.segmentId}::uuid, ${r.rosterId}::uuid)`),
        sql`, `,
      )})
      and wars = 0 and wins = 0 and losses = 0 and draws = 0 and forfeits = 0 and points = 0
      and stars_for = 0 and stars_against = 0`);
}
