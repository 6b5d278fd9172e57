import {
  addLadderDeltas,
  LADDER_DRAW_POINTS,
  LADDER_LOSS_POINTS,
  LADDER_WIN_POINTS,
  type LadderTally,
  ladderRecord,
} from '@cwh/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import { ladderStandings, queueEntries } from '../../../db/schema/ladder.js';

/** int4 namespace key of the standings advisory lock (pg_advisory_xact_lock). */
const STANDINGS_LOCK_NAMESPACE = 727_005;

/** SQL twin of the domain's `ladderRecord` (W-L, W-L-D once a draw was played). */
const RECORD_SQL = (w: string, l: string, d: string) =>
  sql.raw(`case when ${d} > 0 then ${w} || '-' || ${l} || '-' || ${d} else ${w} || '-' || ${l} end`);

/**
 * Ladder standings: points, incremental deltas, the per-segment lock and the batched recalculation.
 * Every statement has a fixed number of parameters, whatever the size of the segment.
 */
export function createLadderStandingsRepository(db: Executor) {
  return {
    /**
     * Results take the segment's standings lock shared (they commute: each adds to its own two rows),
     * a recalculation batch takes it exclusive, so it never reads a result half applied.
     */
    async lockStandings(segmentId: string, tx: Executor, mode: 'shared' | 'exclusive' = 'exclusive') {
      const fn = sql.raw(mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock');
      await tx.execute(sql`select ${fn}(${STANDINGS_LOCK_NAMESPACE}::int4, hashtext(${segmentId}))`);
    },

    async pointsOf(segmentId: string, rosterIds: string[], tx: Executor = db): Promise<Map<string, number>> {
      if (rosterIds.length === 0) return new Map();
      const rows = await tx
        .select({ rosterId: ladderStandings.rosterId, points: ladderStandings.points })
        .from(ladderStandings)
        .where(and(eq(ladderStandings.segmentId, segmentId), inArray(ladderStandings.rosterId, rosterIds)));
      return new Map(rows.map((r) => [r.rosterId, r.points]));
    },

    async queuedRosterIds(segmentId: string, tx: Executor = db): Promise<string[]> {
      const rows = await tx
        .selectDistinct({ rosterId: queueEntries.rosterId })
        .from(queueEntries)
        .where(eq(queueEntries.segmentId, segmentId));
      return rows.map((r) => r.rosterId);
    },

    /**
     * Adds the deltas of one result (two rosters) in ONE statement: take the segment's standings
     * lock shared (see `lockStandings`; before any row is written: the upsert sorts what it reads
     * from the lock), upsert the tallies (rows sorted by roster id, so concurrent results lock in
     * one order), then move each roster from its old points level to its new one (levels sorted by
     * points, same reason).
     */
    async applyDeltas(segmentId: string, deltas: readonly LadderTally[], at: Date, tx: Executor) {
      // One row per roster (a correction takes back and adds to the same two): an upsert may touch a row once.
      const merged = new Map<string, LadderTally>();
      addLadderDeltas(merged, deltas);
      const sorted = [...merged.values()].sort((a, b) => (a.rosterId < b.rosterId ? -1 : 1));
      if (sorted.length === 0) return;
      const values = sql.join(
        sorted.map(
          (d) =>
            sql`(${d.rosterId}::uuid, ${d.points}::int, ${d.wins}::int, ${d.losses}::int, ${d.draws}::int, ${d.starsFor}::int, ${d.starsAgainst}::int, ${ladderRecord(d.wins, d.losses, d.draws)}::text)`,
        ),
        sql`, `,
      );
      await tx.execute(sql`
        with lk as (
          select pg_advisory_xact_lock_shared(${STANDINGS_LOCK_NAMESPACE}::int4, hashtext(${segmentId})) as locked
        ),
        d(roster_id, points, wins, losses, draws, stars_for, stars_against, record) as (values ${values}),
        up as (
          insert into ladder_standings as s (segment_id, roster_id, points, wins, losses, draws, games_played,
            stars_for, stars_against, record, updated_at)
          select ${segmentId}::uuid, roster_id, points, wins, losses, draws, wins + losses + draws,
            stars_for, stars_against, record, ${at.toISOString()}::timestamptz
          from d cross join lk order by roster_id
          on conflict (segment_id, roster_id) do update set
            points = s.points + excluded.points,
            wins = s.wins + excluded.wins,
            losses = s.losses + excluded.losses,
            draws = s.draws + excluded.draws,
            games_played = s.games_played + excluded.games_played,
            stars_for = s.stars_for + excluded.stars_for,
            stars_against = s.stars_against + excluded.stars_against,
            record = ${RECORD_SQL('(s.wins + excluded.wins)', '(s.losses + excluded.losses)', '(s.draws + excluded.draws)')},
            updated_at = excluded.updated_at
          returning s.roster_id, s.points, (s.xmax = 0) as inserted
        ),
        moves as (
          select up.points, 1 as n from up
          union all
          select up.points - d.points, -1 from up join d on d.roster_id = up.roster_id where not up.inserted
        )
        insert into ladder_standing_levels as l (segment_id, points, rosters)
        select ${segmentId}::uuid, points, sum(n)::int from moves group by points having sum(n) <> 0 order by points
        on conflict (segment_id, points) do update set rosters = l.rosters + excluded.rosters`);
    },

    /**
     * The next recalculation batch: the highest roster id of the next `size` rosters after `after`
     * (null when none is left). Rosters: those with a standings row, queued, or in a finished series.
     */
    async nextRecalculationBound(segmentId: string, after: string | null, size: number, tx: Executor = db) {
      const result = await tx.execute(sql`
        select roster_id::text as hi from (
          select roster_id from (
            select roster_id from ladder_standings where segment_id = ${segmentId}
            union select roster_id from queue_entries where segment_id = ${segmentId}
            union select c.roster_id from match_series ms
              join match_series_competitors c on c.match_series_id = ms.id
              where ms.segment_id = ${segmentId} and ms.state = 'finished' and ms.deleted_at is null and c.roster_id is not null
          ) r where ${after}::uuid is null or roster_id > ${after}::uuid
          order by roster_id limit ${size}
        ) b order by roster_id desc limit 1`);
      return rowsOf<{ hi: string | null }>(result)[0]?.hi ?? null;
    },

    /**
     * Recomputes the tallies of the rosters in (after, hi] from the segment's finished series, set
     * based (the series are never passed as parameters), then the segment's points levels. Same
     * rules as the domain's `ladderResultDeltas`: winner = the side placed 1 (home when both are),
     * equal placements draw, both placed 2 is a double forfeit (a loss for both), a forfeit on either
     * side zeroes both sides' stars. Stage series (swiss, bracket) are left out.
     */
    async recalculateBatch(segmentId: string, after: string | null, hi: string, at: Date, tx: Executor) {
      const inRange = (col: string) =>
        sql`(${sql.raw(col)} > ${after}::uuid or ${after}::uuid is null) and ${sql.raw(col)} <= ${hi}::uuid`;
      // Hash joins over the segment's series: a nested loop per series is what a planner without
      // fresh statistics (a segment just filled, no ANALYZE yet) picks, and it is quadratic.
      await tx.execute(sql`set local enable_nestloop = off`);
      const result = await tx.execute(sql`
        with cand as (
          select roster_id from ladder_standings where segment_id = ${segmentId} and ${inRange('roster_id')}
          union select roster_id from queue_entries where segment_id = ${segmentId} and ${inRange('roster_id')}
          union select c.roster_id from match_series ms join match_series_competitors c on c.match_series_id = ms.id
            where ms.segment_id = ${segmentId} and ms.state = 'finished' and ms.deleted_at is null and ${inRange('c.roster_id')}
              and not exists (select 1 from stage_match_series sms where sms.match_series_id = ms.id)
        ),
        games as (
          select c.roster_id,
            case when c.placement = 2 and o.placement = 2 then 'l'
              when c.placement is not distinct from o.placement then 'd'
              when (c.position = 0 and c.placement = 1) or (c.position = 1 and o.placement is distinct from 1) then 'w'
              else 'l' end as outcome,
            case when c.forfeit or o.forfeit then 0 else coalesce(c.score, 0) end as sf,
            case when c.forfeit or o.forfeit then 0 else coalesce(o.score, 0) end as sa
          from match_series ms
          join match_series_competitors c on c.match_series_id = ms.id and c.position in (0, 1)
          join match_series_competitors o on o.match_series_id = ms.id and o.position = 1 - c.position
          where ms.segment_id = ${segmentId} and ms.state = 'finished' and ms.deleted_at is null and ${inRange('c.roster_id')}
            and o.roster_id is not null and o.roster_id <> c.roster_id
            -- Stage series (swiss, bracket) never count in ladder standings.
            and not exists (select 1 from stage_match_series sms where sms.match_series_id = ms.id)
        ),
        agg as (
          select roster_id,
            sum(case outcome when 'w' then ${LADDER_WIN_POINTS}::int when 'd' then ${LADDER_DRAW_POINTS}::int
              else ${LADDER_LOSS_POINTS}::int end)::int as points,
            (count(*) filter (where outcome = 'w'))::int as wins,
            (count(*) filter (where outcome = 'l'))::int as losses,
            (count(*) filter (where outcome = 'd'))::int as draws,
            sum(sf)::int as sf, sum(sa)::int as sa
          from games group by roster_id
        ),
        t as (
          select cand.roster_id, coalesce(points, 0) as points, coalesce(wins, 0) as wins,
            coalesce(losses, 0) as losses, coalesce(draws, 0) as draws, coalesce(sf, 0) as sf, coalesce(sa, 0) as sa
          from cand left join agg on agg.roster_id = cand.roster_id
        )
        insert into ladder_standings as s (segment_id, roster_id, points, wins, losses, draws, games_played,
          stars_for, stars_against, record, updated_at)
        select ${segmentId}::uuid, roster_id, points, wins, losses, draws, wins + losses + draws, sf, sa,
          ${RECORD_SQL('wins', 'losses', 'draws')}, ${at.toISOString()}::timestamptz
        from t order by roster_id
        on conflict (segment_id, roster_id) do update set points = excluded.points, wins = excluded.wins,
          losses = excluded.losses, draws = excluded.draws, games_played = excluded.games_played,
          stars_for = excluded.stars_for, stars_against = excluded.stars_against, record = excluded.record,
          updated_at = excluded.updated_at
        returning 1`);
      await this.rebuildLevels(segmentId, tx);
      return rowsOf(result).length;
    },

    /** The points levels of a segment counted again from its standings rows (one grouped scan). */
    async rebuildLevels(segmentId: string, tx: Executor = db) {
      await tx.execute(sql`delete from ladder_standing_levels where segment_id = ${segmentId}`);
      await tx.execute(sql`
        insert into ladder_standing_levels (segment_id, points, rosters)
        select segment_id, points, count(*)::int from ladder_standings where segment_id = ${segmentId}
        group by segment_id, points`);
    },
  };
}
