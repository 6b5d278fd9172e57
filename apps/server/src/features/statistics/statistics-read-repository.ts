import type { AttackerOrder, PlayerTotals, SeriesFacts, TeamTotals } from '@cwh/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

export interface Named {
  id: string;
  name: string;
}
export interface StageRow {
  segment: Named;
  event: Named;
  segmentEnded: boolean;
}
export interface PlacementRow extends StageRow {
  rosterId: string;
  rosterName: string | null;
  rank: number;
}
export interface Identity {
  name: string;
  thLevel: number;
  clanTag: string | null;
  rosterId: string;
  rosterName: string | null;
  current: boolean;
}
export interface RosterRow {
  id: string;
  name: string | null;
  clanTag: string | null;
  event: Named;
}

const texts = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
const uuids = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::uuid[]`;

const STAGE_COLUMNS = sql`s.id::text as "segmentId", s.name as "segmentName", e.id::text as "eventId",
  e.name as "eventName", (s.date_to < now()) as "segmentEnded"`;
type StageColumns = {
  segmentId: string;
  segmentName: string;
  eventId: string;
  eventName: string;
  segmentEnded: boolean;
};
const stageOf = (r: StageColumns): StageRow => ({
  segment: { id: r.segmentId, name: r.segmentName },
  event: { id: r.eventId, name: r.eventName },
  segmentEnded: r.segmentEnded,
});

/** Reads of the statistics tables: each is an index lookup of one player, roster, stage or event. */
export function createStatisticsReadRepository(db: Executor) {
  const rows = async <T>(query: SQL) => rowsOf<T>(await db.execute(query));
  return {
    /** The player's latest roster membership in the tenant (a current one first). */
    async identity(tenant: string, tag: string): Promise<Identity | null> {
      const [row] = await rows<Identity>(sql`
        select rm.name, rm.th_level as "thLevel", r.clan_tag as "clanTag", r.id::text as "rosterId",
          r.name as "rosterName", (rm.removed_at is null and r.withdrawn_at is null) as current
        from roster_members rm join rosters r on r.id = rm.roster_id
        where rm.player_tag = ${tag} and r.tenant = ${tenant}
        order by (rm.removed_at is null and r.withdrawn_at is null) desc, rm.selected_at desc limit 1`);
      return row ?? null;
    },

    async profileHidden(tenant: string, tag: string): Promise<boolean> {
      const [row] = await rows<{ hidden: boolean }>(sql`
        select profile_hidden as hidden from player_privacy where tenant = ${tenant} and player_tag = ${tag}`);
      return row?.hidden ?? false;
    },

    async setProfileHidden(tenant: string, tag: string, hidden: boolean, at: Date): Promise<void> {
      await db.execute(sql`
        insert into player_privacy (tenant, player_tag, profile_hidden, updated_at)
        values (${tenant}, ${tag}, ${hidden}, ${at.toISOString()}::timestamptz)
        on conflict (tenant, player_tag) do update set profile_hidden = excluded.profile_hidden,
          updated_at = excluded.updated_at`);
    },

    /** The player's counters per stage, with the stage's and event's names. */
    async playerStages(tenant: string, tag: string): Promise<(PlayerTotals & StageRow)[]> {
      const found = await rows<PlayerTotals & StageColumns>(sql`
        select p.player_tag as "playerTag", p.event_id::text as "eventId", p.segment_id::text as "segmentId",
          p.wars, p.attacks, p.stars, p.three_stars as "threeStars",
          p.destruction_hundredths::float8 as "destructionHundredths", ${STAGE_COLUMNS}
        from statistics_players p join segments s on s.id = p.segment_id join events e on e.id = p.event_id
        where p.tenant = ${tenant} and p.player_tag = ${tag} order by s.date_from, s.id`);
      return found.map((r) => ({ ...r, ...stageOf(r) }));
    },

    /** The last wars a player played, newest first. */
    async recentWarsOfPlayer(tenant: string, tag: string, limit: number): Promise<SeriesFacts[]> {
      const found = await rows<{ facts: SeriesFacts }>(sql`
        select s.facts from statistics_player_series ps
        join statistics_series s on s.match_series_id = ps.match_series_id
        where ps.tenant = ${tenant} and ps.player_tag = ${tag}
        order by ps.finished_at desc limit ${limit}`);
      return found.map((r) => r.facts);
    },

    /** Every counted series of a roster, in the order they finished (a roster plays tens, not thousands). */
    async seriesOfRoster(rosterId: string): Promise<SeriesFacts[]> {
      const found = await rows<{ facts: SeriesFacts }>(sql`
        select facts from (
          select facts, finished_at, match_series_id from statistics_series where home_roster_id = ${rosterId}::uuid
          union all
          select facts, finished_at, match_series_id from statistics_series where away_roster_id = ${rosterId}::uuid
        ) x order by finished_at, match_series_id`);
      return found.map((r) => r.facts);
    },

    async teamStages(rosterId: string): Promise<(TeamTotals & StageRow)[]> {
      const found = await rows<TeamTotals & StageColumns>(sql`
        select t.roster_id::text as "rosterId", t.event_id::text as "eventId", t.segment_id::text as "segmentId",
          t.wars, t.wins, t.losses, t.draws, t.forfeits, t.points, t.stars_for as "starsFor",
          t.stars_against as "starsAgainst", ${STAGE_COLUMNS}
        from statistics_teams t join segments s on s.id = t.segment_id join events e on e.id = t.event_id
        where t.roster_id = ${rosterId}::uuid order by s.date_from, s.id`);
      return found.map((r) => ({ ...r, ...stageOf(r) }));
    },

    async roster(tenant: string, id: string): Promise<RosterRow | null> {
      const [row] = await rows<{
        id: string;
        name: string | null;
        clanTag: string | null;
        eventId: string;
        eventName: string;
      }>(sql`
        select r.id::text as id, r.name, r.clan_tag as "clanTag", e.id::text as "eventId", e.name as "eventName"
        from rosters r join events e on e.id = r.event_id where r.tenant = ${tenant} and r.id = ${id}::uuid`);
      return row
        ? {
            id: row.id,
            name: row.name,
            clanTag: row.clanTag,
            event: { id: row.eventId, name: row.eventName },
          }
        : null;
    },

    async rosterNames(ids: readonly string[]): Promise<Map<string, string | null>> {
      if (ids.length === 0) return new Map();
      const found = await rows<{ id: string; name: string | null }>(sql`
        select id::text as id, name from rosters where id = any(${uuids(ids)})`);
      return new Map(found.map((r) => [r.id, r.name]));
    },

    /** Names of players as their latest roster membership has them. */
    async playerNames(tags: readonly string[]): Promise<Map<string, string>> {
      if (tags.length === 0) return new Map();
      const found = await rows<{ tag: string; name: string }>(sql`
        select distinct on (player_tag) player_tag as tag, name from roster_members
        where player_tag = any(${texts(tags)}) order by player_tag, selected_at desc`);
      return new Map(found.map((r) => [r.tag, r.name]));
    },

    /**
     * Ranks of rosters: ladder standings (the rank is not stored: 1 + the rosters ahead in the
     * standings order, shared on ties; a range count on its index) and competition stage outcomes.
     */
    async placements(rosterIds: readonly string[]): Promise<PlacementRow[]> {
      if (rosterIds.length === 0) return [];
      const found = await rows<
        StageColumns & { rosterId: string; rosterName: string | null; rank: number }
      >(sql`
        select x.roster_id::text as "rosterId", r.name as "rosterName", x.rank, ${STAGE_COLUMNS}
        from (
          select ls.roster_id, ls.segment_id, 1 + (
            select count(*) from ladder_standings o where o.segment_id = ls.segment_id
              and (o.points, o.star_diff, o.stars_for) > (ls.points, ls.star_diff, ls.stars_for))::int as rank
          from ladder_standings ls where ls.roster_id = any(${uuids(rosterIds)})
          union all
          select roster_id, segment_id, rank from stage_outcomes where roster_id = any(${uuids(rosterIds)})
        ) x join rosters r on r.id = x.roster_id join segments s on s.id = x.segment_id
        join events e on e.id = s.event_id order by s.date_from, s.id`);
      return found.map((r) => ({
        ...stageOf(r),
        rosterId: r.rosterId,
        rosterName: r.rosterName,
        rank: r.rank,
      }));
    },

    async rostersOfPlayer(tenant: string, tag: string): Promise<string[]> {
      const found = await rows<{ id: string }>(sql`
        select distinct r.id::text as id from roster_members rm join rosters r on r.id = rm.roster_id
        where rm.player_tag = ${tag} and r.tenant = ${tenant}`);
      return found.map((r) => r.id);
    },

    async event(tenant: string, id: string): Promise<Named | null> {
      const [row] = await rows<Named>(sql`
        select id::text as id, name from events where tenant = ${tenant} and id = ${id}::uuid`);
      return row ?? null;
    },

    async segment(eventId: string, id: string): Promise<Named | null> {
      const [row] = await rows<Named>(sql`
        select id::text as id, name from segments where event_id = ${eventId}::uuid and id = ${id}::uuid`);
      return row ?? null;
    },

    /**
     * Top attackers of a stage, or of an event (its totals row: segment_id = the event's id), as an
     * index range scan: by stars, or by the stored rates (players with MIN_ATTACKS_FOR_RATES
     * attacks; the generated columns of migration 0028), ties by attacks then tag.
     */
    async topAttackers(scope: Scope, order: AttackerOrder, limit: number) {
      const key =
        order === 'stars'
          ? sql`stars desc`
          : order === 'threeStarRate'
            ? sql`three_star_rate desc`
            : sql`average_destruction desc`;
      const rated =
        order === 'stars'
          ? sql`true`
          : order === 'threeStarRate'
            ? sql`three_star_rate is not null`
            : sql`average_destruction is not null`;
      return rows<Omit<PlayerTotals, 'eventId' | 'segmentId'>>(sql`
        select player_tag as "playerTag", wars, attacks, stars, three_stars as "threeStars",
          destruction_hundredths::float8 as "destructionHundredths"
        from statistics_players where segment_id = ${keyOf(scope)}::uuid and ${rated} and attacks > 0
        order by ${key}, attacks desc, player_tag limit ${limit}`);
    },

    async mostWars(scope: Scope, limit: number) {
      return rows<{ rosterId: string; name: string | null; wars: number; points: number }>(sql`
        select t.roster_id::text as "rosterId", r.name, t.wars, t.points from (
          select roster_id, wars, points from statistics_teams where segment_id = ${keyOf(scope)}::uuid
          order by wars desc, points desc, roster_id limit ${limit}
        ) t join rosters r on r.id = t.roster_id order by t.wars desc, t.points desc, t.roster_id`);
    },

    async closestWars(scope: Scope, limit: number): Promise<SeriesFacts[]> {
      const found = await rows<{ facts: SeriesFacts }>(sql`
        select facts from statistics_series where ${scopeOf(scope)} and star_margin is not null
        order by star_margin, destruction_margin, finished_at, match_series_id limit ${limit}`);
      return found.map((r) => r.facts);
    },
  };
}

export type Scope = { eventId: string; segmentId: string | null };
/** The key of a scope's totals rows: the stage, or the event's own rows (segment_id = event id). */
const keyOf = (scope: Scope) => scope.segmentId ?? scope.eventId;
const scopeOf = (scope: Scope) =>
  scope.segmentId ? sql`segment_id = ${scope.segmentId}::uuid` : sql`event_id = ${scope.eventId}::uuid`;

export type StatisticsReadRepository = ReturnType<typeof createStatisticsReadRepository>;
