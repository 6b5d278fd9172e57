import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import { events } from '../../../db/schema/events.js';
import { segments } from '../../../db/schema/segments.js';
import { createSegmentRepository } from '../../segments/segment-repository.js';

export type StandingsSegmentRow = typeof segments.$inferSelect;

export interface StandingsFilter {
  rosterId?: string | undefined;
  /** Rosters the user owns or plays on (through a game account). */
  userId?: string | undefined;
}

/** One standings row as read: the tally, its roster, and its place computed from the levels. */
export interface StandingRow {
  rosterId: string;
  points: number;
  wins: number;
  losses: number;
  draws: number;
  gamesPlayed: number;
  starsFor: number;
  starsAgainst: number;
  record: string;
  updatedAt: Date;
  placement: number;
  rank: number;
  rosterName: string | null;
  rosterOwnerId: string | null;
}

const COLUMNS = sql.raw(`s.roster_id as "rosterId", s.points, s.wins, s.losses, s.draws,
  s.games_played as "gamesPlayed", s.stars_for as "starsFor", s.stars_against as "starsAgainst",
  s.star_diff as "starDiff", s.record, s.updated_at as "updatedAt"`);
const ROSTER = sql.raw(`r.name as "rosterName", r.owner_id as "rosterOwnerId"`);
/** Best first: points, star difference and stars won descending, then roster id (the index read backwards). */
const BEST_FIRST = sql.raw('points desc, star_diff desc, stars_for desc, roster_id asc');
const WORST_FIRST = sql.raw('points asc, star_diff asc, stars_for asc, roster_id desc');

type RawRow = Omit<StandingRow, 'placement' | 'rank' | 'updatedAt'> & {
  starDiff: number;
  updatedAt: Date | string;
  total: number;
  bestRank: number | null;
  place: number | null;
  rankOf: number | null;
};

const sameKey = (a: RawRow, b: RawRow) =>
  a.points === b.points && a.starDiff === b.starDiff && a.starsFor === b.starsFor;

/** Rosters above a row (strictly better points level) + those ahead of it in its level. */
const rankSql = (row: string) =>
  sql.raw(`(
  coalesce((select sum(l.rosters) from ladder_standing_levels l where l.segment_id = ${row}.segment_id
    and l.points > ${row}.points), 0)
  + (select count(*) from ladder_standings x where x.segment_id = ${row}.segment_id and x.points = ${row}.points
    and (x.star_diff, x.stars_for) > (${row}.star_diff, ${row}.stars_for)) + 1)::int`);

/** Ladder standings read by the standings and leaderboard endpoints. */
export function createStandingsRepository(db: Executor) {
  const segmentsRepo = createSegmentRepository(db);
  return {
    /** The segment, only when its event belongs to the tenant (the segments capability's lookup). */
    async getSegment(tenant: string, id: string, tx: Executor = db): Promise<StandingsSegmentRow> {
      return (await segmentsRepo.getInTenant(tenant, id, tx)).segment;
    },

    /**
     * One page of a segment's standings in ONE statement. Unfiltered, the page starts from the
     * points levels (a few rows: which level holds the offset), then skips only inside that level,
     * so page 500 costs about what page 1 does; the total is the sum of the levels.
     */
    async page(
      segmentId: string,
      filter: StandingsFilter,
      order: { descending: boolean },
      page: { offset: number; size: number },
      tx: Executor = db,
    ): Promise<{ rows: StandingRow[]; total: number }> {
      if (filter.rosterId || filter.userId) return filteredPage(tx, segmentId, filter, order, page);
      const desc = order.descending;
      const levelOrder = sql.raw(desc ? 'points asc' : 'points desc');
      const within = sql.raw(
        desc
          ? 'star_diff asc, stars_for asc, roster_id desc'
          : 'star_diff desc, stars_for desc, roster_id asc',
      );
      const beyond = sql.raw(
        desc ? 's.points > (select points from st)' : 's.points < (select points from st)',
      );
      const result = await tx.execute(sql`
        with lv as (
          select points, rosters, (sum(rosters) over (order by ${levelOrder}) - rosters)::int as before
          from ladder_standing_levels where segment_id = ${segmentId} and rosters > 0
        ),
        st as (select points, before from lv where before <= ${page.offset} and before + rosters > ${page.offset}),
        pg as (
          select * from (
            (select s.* from ladder_standings s where s.segment_id = ${segmentId} and s.points = (select points from st)
              order by ${within} offset greatest(${page.offset} - (select before from st), 0) limit ${page.size})
            union all
            (select s.* from ladder_standings s where s.segment_id = ${segmentId} and ${beyond}
              order by s.${levelOrder}, ${within} limit ${page.size})
          ) u order by ${desc ? WORST_FIRST : BEST_FIRST} limit ${page.size}
        ),
        best as (select * from pg order by ${BEST_FIRST} limit 1)
        select ${COLUMNS}, ${ROSTER},
          (select coalesce(sum(rosters), 0)::int from lv) as total,
          (select ${rankSql('best')} from best) as "bestRank"
        from pg s left join rosters r on r.id = s.roster_id
        order by ${desc ? WORST_FIRST : BEST_FIRST}`);
      const raw = rowsOf<RawRow>(result);
      const total = Number(raw[0]?.total ?? (await countOf(tx, segmentId)));
      const placeOf = (i: number) => (desc ? total - page.offset - i : page.offset + i + 1);
      return { rows: withRanks(raw, placeOf, desc), total };
    },

    /**
     * A page of the tenant's ladder segments (a ladder with ladder children is a container) with
     * their entry counts from the points levels and the total: one statement, no count per segment.
     */
    async leaderboards(
      tenant: string,
      eventId: string | undefined,
      page: { offset: number; size: number },
      tx: Executor = db,
    ) {
      const rows = await tx
        .select({
          segment: segments,
          entriesCount: sql<number>`(select coalesce(sum(l.rosters), 0)::int from ladder_standing_levels l
            where l.segment_id = ${segments.id})`,
          total: sql<number>`(count(*) over ())::int`,
        })
        .from(segments)
        .innerJoin(events, eq(events.id, segments.eventId))
        .where(leaderboardSegments(tenant, eventId))
        .orderBy(asc(segments.dateFrom), asc(segments.id))
        .offset(page.offset)
        .limit(page.size);
      const total =
        rows[0]?.total ?? (page.offset > 0 ? await this.leaderboardCount(tenant, eventId, tx) : 0);
      return { rows, total: Number(total) };
    },

    async leaderboardCount(tenant: string, eventId: string | undefined, tx: Executor = db) {
      const rows = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(segments)
        .innerJoin(events, eq(events.id, segments.eventId))
        .where(leaderboardSegments(tenant, eventId));
      return Number(rows[0]?.n ?? 0);
    },

    /** Number of standings rows of a segment (the sum of its points levels). */
    countForSegment: (segmentId: string, tx: Executor = db) => countOf(tx, segmentId),
  };
}

async function countOf(tx: Executor, segmentId: string): Promise<number> {
  const result = await tx.execute(
    sql`select coalesce(sum(rosters), 0)::int as n from ladder_standing_levels where segment_id = ${segmentId}`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** Placement from the page position; rank from the best row's rank, then shared while keys tie. */
function withRanks(raw: RawRow[], placeOf: (i: number) => number, desc: boolean): StandingRow[] {
  const rows = raw.map((r, i) => ({ raw: r, placement: placeOf(i), rank: 0 }));
  const bestFirst = desc ? [...rows].reverse() : rows;
  bestFirst.forEach((row, i) => {
    const previous = bestFirst[i - 1];
    if (!previous) row.rank = Number(row.raw.bestRank ?? row.placement);
    else row.rank = sameKey(previous.raw, row.raw) ? previous.rank : row.placement;
  });
  return rows.map(({ raw: r, placement, rank }) => toRow(r, placement, rank));
}

function toRow(r: RawRow, placement: number, rank: number): StandingRow {
  return {
    rosterId: r.rosterId,
    points: r.points,
    wins: r.wins,
    losses: r.losses,
    draws: r.draws,
    gamesPlayed: r.gamesPlayed,
    starsFor: r.starsFor,
    starsAgainst: r.starsAgainst,
    record: r.record,
    updatedAt: new Date(r.updatedAt),
    placement,
    rank,
    rosterName: r.rosterName,
    rosterOwnerId: r.rosterOwnerId,
  };
}

/** A roster or a user's rosters: few rows, each placed and ranked by its own index range count. */
async function filteredPage(
  tx: Executor,
  segmentId: string,
  filter: StandingsFilter,
  order: { descending: boolean },
  page: { offset: number; size: number },
): Promise<{ rows: StandingRow[]; total: number }> {
  const where: SQL[] = [sql`s.segment_id = ${segmentId}`];
  if (filter.rosterId) where.push(sql`s.roster_id = ${filter.rosterId}`);
  if (filter.userId) {
    const user = filter.userId;
    where.push(sql`s.roster_id in (select r.id from rosters r where r.owner_id = ${user}
      union select m.roster_id from roster_members m join game_accounts g on g.player_tag = m.player_tag
      where g.user_id = ${user} and m.removed_at is null)`);
  }
  const result = await tx.execute(sql`
    with m as (select * from ladder_standings s where ${sql.join(where, sql` and `)})
    select ${COLUMNS}, ${ROSTER}, (select count(*)::int from m) as total,
      ${rankSql('s')} as "rankOf",
      (${rankSql('s')} + (select count(*) from ladder_standings x where x.segment_id = s.segment_id
        and x.points = s.points and x.star_diff = s.star_diff and x.stars_for = s.stars_for
        and x.roster_id < s.roster_id))::int as place
    from m s left join rosters r on r.id = s.roster_id
    order by ${order.descending ? WORST_FIRST : BEST_FIRST}
    offset ${page.offset} limit ${page.size}`);
  const raw = rowsOf<RawRow>(result);
  const total =
    raw[0]?.total ??
    Number(
      rowsOf<{ n: number }>(
        await tx.execute(
          sql`select count(*)::int as n from ladder_standings s where ${sql.join(where, sql` and `)}`,
        ),
      )[0]?.n ?? 0,
    );
  return { rows: raw.map((r) => toRow(r, Number(r.place), Number(r.rankOf))), total: Number(total) };
}

/**
 * The tenant's leaderboards: its ladder segments that have no ladder children (a ladder with ladder
 * children is a container), optionally of one event. Shared by the page and its count.
 */
function leaderboardSegments(tenant: string, eventId: string | undefined) {
  return and(
    eq(events.tenant, tenant),
    eq(segments.eliminationType, 'ladder'),
    eventId ? eq(segments.eventId, eventId) : undefined,
    sql`not exists (select 1 from segments c where c.parent_id = ${segments.id} and c.elimination_type = 'ladder')`,
  );
}
