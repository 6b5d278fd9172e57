import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { events } from '../../../db/schema/events.js';
import { ladderStandings } from '../../../db/schema/ladder.js';
import { rosters } from '../../../db/schema/rosters.js';
import type { segments } from '../../../db/schema/segments.js';
import { createSegmentRepository } from '../../segments/segment-repository.js';

export type StandingsSegmentRow = typeof segments.$inferSelect;

export interface StandingsFilter {
  rosterId?: string | undefined;
  /** Rosters the user owns or plays on (through a game account). */
  userId?: string | undefined;
}

/** Ladder standings read by the standings and leaderboard endpoints. */
export function createStandingsRepository(db: Executor) {
  const segmentsRepo = createSegmentRepository(db);
  return {
    /** The segment, only when its event belongs to the tenant (the segments capability's lookup). */
    async getSegment(tenant: string, id: string, tx: Executor = db): Promise<StandingsSegmentRow> {
      return (await segmentsRepo.getInTenant(tenant, id, tx)).segment;
    },

    /** One page of a segment's standings with their rosters, and the total count. */
    async page(
      segmentId: string,
      filter: StandingsFilter,
      order: { descending: boolean },
      page: { offset: number; size: number },
      tx: Executor = db,
    ) {
      const where: SQL[] = [eq(ladderStandings.segmentId, segmentId)];
      if (filter.rosterId) where.push(eq(ladderStandings.rosterId, filter.rosterId));
      if (filter.userId) {
        const user = filter.userId;
        where.push(
          sql`${ladderStandings.rosterId} in (select r.id from rosters r where r.owner_id = ${user}
          union select m.roster_id from roster_members m join game_accounts g on g.player_tag = m.player_tag
          where g.user_id = ${user} and m.removed_at is null)`,
        );
      }
      const rows = await tx
        .select({ s: ladderStandings, roster: rosters })
        .from(ladderStandings)
        .leftJoin(rosters, eq(rosters.id, ladderStandings.rosterId))
        .where(and(...where))
        .orderBy(order.descending ? desc(ladderStandings.placement) : asc(ladderStandings.placement))
        .limit(page.size)
        .offset(page.offset);
      const count = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(ladderStandings)
        .where(and(...where));
      return { rows, total: Number(count[0]?.n ?? 0) };
    },

    async countForSegment(segmentId: string, tx: Executor = db): Promise<number> {
      const count = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(ladderStandings)
        .where(eq(ladderStandings.segmentId, segmentId));
      return Number(count[0]?.n ?? 0);
    },

    async eventIdsOfTenant(tenant: string, tx: Executor = db): Promise<Set<string>> {
      const rows = await tx.select({ id: events.id }).from(events).where(eq(events.tenant, tenant));
      return new Set(rows.map((e) => e.id));
    },
  };
}
export type StandingsRepository = ReturnType<typeof createStandingsRepository>;
