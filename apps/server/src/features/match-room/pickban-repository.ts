import { and, asc, count, desc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { competitionStages, stageMatchSeries } from '../../db/schema/competition.js';
import { events } from '../../db/schema/events.js';
import { matchSeries, matchSeriesCompetitors } from '../../db/schema/ladder.js';
import {
  pickbanCategories,
  pickbanChallenges,
  pickbanItems,
  pickbanVotes,
  segmentVetoes,
} from '../../db/schema/pickban.js';
import { rosters } from '../../db/schema/rosters.js';
import { segments } from '../../db/schema/segments.js';
import { conflictOnDuplicate } from '../../db/unique-violation.js';
import { DomainError } from '../../errors/domain-error.js';

export type CategoryRow = typeof pickbanCategories.$inferSelect;
export type ItemRow = typeof pickbanItems.$inferSelect;
export type SegmentVetoRow = typeof segmentVetoes.$inferSelect;
export type ChallengeRow = typeof pickbanChallenges.$inferSelect;
export type VoteRow = typeof pickbanVotes.$inferSelect;

/** A side of a series: its position (0 home, 1 away), roster and captain (null while unknown). */
export interface ChallengeSide {
  position: number;
  rosterId: string | null;
  ownerId: string | null;
}

/** What opening a challenge needs to know about a series. */
export interface OpeningSeriesRow {
  id: string;
  tenant: string;
  eventId: string;
  segmentId: string;
  state: string;
  bye: boolean;
  deleted: boolean;
}

/** States in which a series is still to be played (spec 4: upcoming means new, live, scheduled). */
export const NOT_STARTED_STATES = ['new', 'scheduled', 'upcoming'] as const;

/** The SQL of pick and ban: categories, items, segment vetoes, challenges and their votes. */
export function createPickbanRepository(db: Executor) {
  return {
    async categories(tenant: string, eventId: string | undefined, tx: Executor = db): Promise<CategoryRow[]> {
      return tx
        .select()
        .from(pickbanCategories)
        .where(
          and(
            eq(pickbanCategories.tenant, tenant),
            eventId ? eq(pickbanCategories.eventId, eventId) : undefined,
          ),
        )
        .orderBy(
          asc(pickbanCategories.sortOrder),
          asc(pickbanCategories.createdAt),
          asc(pickbanCategories.id),
        );
    },

    async category(tenant: string, id: string, tx: Executor = db): Promise<CategoryRow | null> {
      const rows = await tx
        .select()
        .from(pickbanCategories)
        .where(and(eq(pickbanCategories.tenant, tenant), eq(pickbanCategories.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** A page of items (of the tenant's categories), by sort order then id; with the total. */
    async items(
      tenant: string,
      filter: { categoryId?: string | undefined; descending: boolean },
      page: { offset: number; size: number },
      tx: Executor = db,
    ): Promise<{ rows: ItemRow[]; total: number }> {
      const where = and(
        eq(pickbanCategories.tenant, tenant),
        filter.categoryId ? eq(pickbanItems.categoryId, filter.categoryId) : undefined,
      );
      const order = filter.descending ? desc(pickbanItems.sortOrder) : asc(pickbanItems.sortOrder);
      const rows = await tx
        .select({ item: pickbanItems })
        .from(pickbanItems)
        .innerJoin(pickbanCategories, eq(pickbanCategories.id, pickbanItems.categoryId))
        .where(where)
        .orderBy(order, asc(pickbanItems.id))
        .limit(page.size)
        .offset(page.offset);
      const [total] = await tx
        .select({ n: count() })
        .from(pickbanItems)
        .innerJoin(pickbanCategories, eq(pickbanCategories.id, pickbanItems.categoryId))
        .where(where);
      return { rows: rows.map((r) => r.item), total: total?.n ?? 0 };
    },

    /** The ids of a category's items in sort order: the pool of a challenge that opens now. */
    async itemIdsOf(categoryId: string, tx: Executor = db): Promise<string[]> {
      const rows = await tx
        .select({ id: pickbanItems.id })
        .from(pickbanItems)
        .where(eq(pickbanItems.categoryId, categoryId))
        .orderBy(asc(pickbanItems.sortOrder), asc(pickbanItems.id));
      return rows.map((r) => r.id);
    },

    async insertCategory(values: typeof pickbanCategories.$inferInsert, tx: Executor): Promise<CategoryRow> {
      const [row] = await tx.insert(pickbanCategories).values(values).returning();
      return row!;
    },

    async insertItem(values: typeof pickbanItems.$inferInsert, tx: Executor): Promise<ItemRow> {
      const [row] = await tx.insert(pickbanItems).values(values).returning();
      return row!;
    },

    async item(
      tenant: string,
      id: string,
      tx: Executor = db,
    ): Promise<(ItemRow & { eventId: string }) | null> {
      const rows = await tx
        .select({ item: pickbanItems, eventId: pickbanCategories.eventId })
        .from(pickbanItems)
        .innerJoin(pickbanCategories, eq(pickbanCategories.id, pickbanItems.categoryId))
        .where(and(eq(pickbanCategories.tenant, tenant), eq(pickbanItems.id, id)))
        .limit(1);
      const row = rows[0];
      return row ? { ...row.item, eventId: row.eventId } : null;
    },

    async updateCategory(
      id: string,
      set: Partial<Pick<CategoryRow, 'name' | 'sortOrder'>>,
      tx: Executor,
    ): Promise<CategoryRow> {
      const [row] = await tx
        .update(pickbanCategories)
        .set(set)
        .where(eq(pickbanCategories.id, id))
        .returning();
      return row!;
    },

    async updateItem(
      id: string,
      set: Partial<Pick<ItemRow, 'name' | 'description' | 'sortOrder'>>,
      tx: Executor,
    ): Promise<ItemRow> {
      const [row] = await tx.update(pickbanItems).set(set).where(eq(pickbanItems.id, id)).returning();
      return row!;
    },

    /** Deletes the category (its items go with it, by the foreign key). */
    async deleteCategory(id: string, tx: Executor): Promise<void> {
      await tx.delete(pickbanCategories).where(eq(pickbanCategories.id, id));
    },

    async deleteItem(id: string, tx: Executor): Promise<void> {
      await tx.delete(pickbanItems).where(eq(pickbanItems.id, id));
    },

    async deleteSegmentVeto(segmentId: string, tx: Executor): Promise<void> {
      await tx.delete(segmentVetoes).where(eq(segmentVetoes.segmentId, segmentId));
    },

    /** Whether a challenge (of any status) has the item in its pool. */
    async itemInUse(itemId: string, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .select({ id: pickbanChallenges.id })
        .from(pickbanChallenges)
        .where(sql`${pickbanChallenges.pool} @> ${JSON.stringify([itemId])}::jsonb`)
        .limit(1);
      return rows.length > 0;
    },

    /** What uses the category: a challenge, a segment's veto (null when nothing). */
    async categoryUse(categoryId: string, tx: Executor = db): Promise<'challenge' | 'veto' | null> {
      const challenges = await tx
        .select({ id: pickbanChallenges.id })
        .from(pickbanChallenges)
        .where(eq(pickbanChallenges.categoryId, categoryId))
        .limit(1);
      if (challenges.length > 0) return 'challenge';
      const vetoes = await tx
        .select({ id: segmentVetoes.segmentId })
        .from(segmentVetoes)
        .where(eq(segmentVetoes.categoryId, categoryId))
        .limit(1);
      return vetoes.length > 0 ? 'veto' : null;
    },

    async eventInTenant(tenant: string, eventId: string, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.id, eventId), eq(events.tenant, tenant)))
        .limit(1);
      return rows.length > 0;
    },

    async segmentInTenant(tenant: string, segmentId: string, tx: Executor = db) {
      const rows = await tx
        .select({ id: segments.id, eventId: segments.eventId })
        .from(segments)
        .innerJoin(events, eq(events.id, segments.eventId))
        .where(and(eq(segments.id, segmentId), eq(events.tenant, tenant)))
        .limit(1);
      return rows[0] ?? null;
    },

    async segmentVeto(segmentId: string, tx: Executor = db): Promise<SegmentVetoRow | null> {
      const rows = await tx
        .select()
        .from(segmentVetoes)
        .where(eq(segmentVetoes.segmentId, segmentId))
        .limit(1);
      return rows[0] ?? null;
    },

    async upsertSegmentVeto(
      values: typeof segmentVetoes.$inferInsert,
      tx: Executor,
    ): Promise<SegmentVetoRow> {
      const { segmentId: _key, ...set } = values;
      const [row] = await tx
        .insert(segmentVetoes)
        .values(values)
        .onConflictDoUpdate({ target: segmentVetoes.segmentId, set })
        .returning();
      return row!;
    },

    /** The series (deleted ones flagged), or null. */
    async series(id: string, tx: Executor = db): Promise<OpeningSeriesRow | null> {
      const rows = await tx
        .select({
          id: matchSeries.id,
          tenant: matchSeries.tenant,
          eventId: matchSeries.eventId,
          segmentId: matchSeries.segmentId,
          state: matchSeries.state,
          bye: matchSeries.bye,
          deletedAt: matchSeries.deletedAt,
        })
        .from(matchSeries)
        .where(eq(matchSeries.id, id))
        .limit(1);
      const row = rows[0];
      return row ? { ...row, deleted: row.deletedAt !== null } : null;
    },

    /** Home then away, with their captains (roster owners). */
    async sidesOf(seriesId: string, tx: Executor = db): Promise<ChallengeSide[]> {
      const rows = await tx
        .select({
          position: matchSeriesCompetitors.position,
          rosterId: matchSeriesCompetitors.rosterId,
          ownerId: rosters.ownerId,
        })
        .from(matchSeriesCompetitors)
        .leftJoin(rosters, eq(rosters.id, matchSeriesCompetitors.rosterId))
        .where(eq(matchSeriesCompetitors.matchSeriesId, seriesId))
        .orderBy(asc(matchSeriesCompetitors.position));
      return rows.map((r) => ({ position: r.position, rosterId: r.rosterId, ownerId: r.ownerId ?? null }));
    },

    /** The stage seeds of the series' rosters (empty for a ladder series). */
    async stageSeeds(seriesId: string, tx: Executor = db): Promise<Map<string, number>> {
      const rows = await tx
        .select({ teams: competitionStages.teams })
        .from(stageMatchSeries)
        .innerJoin(competitionStages, eq(competitionStages.id, stageMatchSeries.stageId))
        .where(eq(stageMatchSeries.matchSeriesId, seriesId))
        .limit(1);
      return new Map((rows[0]?.teams ?? []).map((t) => [t.rosterId, t.seed]));
    },

    /** Inserts the challenge unless the series already has one for the category (then null). */
    async insertChallenge(
      values: typeof pickbanChallenges.$inferInsert,
      tx: Executor,
    ): Promise<ChallengeRow | null> {
      const rows = await tx.insert(pickbanChallenges).values(values).onConflictDoNothing().returning();
      return rows[0] ?? null;
    },

    /** The challenge in the tenant; locked for the caller's transaction when `lock`. */
    async challenge(
      tenant: string,
      id: string,
      tx: Executor = db,
      lock = false,
    ): Promise<ChallengeRow | null> {
      const query = tx
        .select()
        .from(pickbanChallenges)
        .where(and(eq(pickbanChallenges.id, id), eq(pickbanChallenges.tenant, tenant)))
        .limit(1);
      const rows = lock ? await query.for('update') : await query;
      return rows[0] ?? null;
    },

    async challengeById(id: string, tx: Executor = db, lock = false): Promise<ChallengeRow | null> {
      const query = tx.select().from(pickbanChallenges).where(eq(pickbanChallenges.id, id)).limit(1);
      const rows = lock ? await query.for('update') : await query;
      return rows[0] ?? null;
    },

    async challengesOfSeries(seriesId: string, tx: Executor = db): Promise<ChallengeRow[]> {
      return tx
        .select()
        .from(pickbanChallenges)
        .where(eq(pickbanChallenges.matchSeriesId, seriesId))
        .orderBy(asc(pickbanChallenges.createdAt), asc(pickbanChallenges.id));
    },

    /** Challenges of the series whose side `userId` captains (a live, not deleted series). */
    async challengesOfCaptain(
      tenant: string,
      userId: string,
      filter: { categoryId?: string | undefined; status?: 'open' | 'closed' | undefined },
      tx: Executor = db,
    ): Promise<ChallengeRow[]> {
      const rows = await tx
        .selectDistinct({ challenge: pickbanChallenges })
        .from(pickbanChallenges)
        .innerJoin(matchSeries, eq(matchSeries.id, pickbanChallenges.matchSeriesId))
        .innerJoin(matchSeriesCompetitors, eq(matchSeriesCompetitors.matchSeriesId, matchSeries.id))
        .innerJoin(rosters, eq(rosters.id, matchSeriesCompetitors.rosterId))
        .where(
          and(
            eq(pickbanChallenges.tenant, tenant),
            eq(rosters.ownerId, userId),
            isNull(matchSeries.deletedAt),
            filter.categoryId ? eq(pickbanChallenges.categoryId, filter.categoryId) : undefined,
            filter.status ? eq(pickbanChallenges.status, filter.status) : undefined,
          ),
        )
        .orderBy(asc(pickbanChallenges.createdAt), asc(pickbanChallenges.id));
      return rows.map((r) => r.challenge);
    },

    async votesOf(challengeIds: readonly string[], tx: Executor = db): Promise<VoteRow[]> {
      if (challengeIds.length === 0) return [];
      return tx
        .select()
        .from(pickbanVotes)
        .where(inArray(pickbanVotes.challengeId, [...challengeIds]))
        .orderBy(asc(pickbanVotes.challengeId), asc(pickbanVotes.step));
    },

    /** One step's vote; a second vote for the same step (a race the row lock should prevent) is a conflict. */
    async insertVote(values: typeof pickbanVotes.$inferInsert, tx: Executor): Promise<VoteRow> {
      return conflictOnDuplicate(
        async () => (await tx.insert(pickbanVotes).values(values).returning())[0]!,
        () =>
          new DomainError('CONFLICT', 'This step has already been taken', {
            meta: { reason: 'VETO_NOT_YOUR_TURN' },
          }),
      );
    },

    /** After a step: the next turn's deadline, or closed. */
    async updateChallenge(
      id: string,
      set: { status: 'open' | 'closed'; turnEndsAt: Date | null; closedAt: Date | null },
      tx: Executor,
    ): Promise<void> {
      await tx.update(pickbanChallenges).set(set).where(eq(pickbanChallenges.id, id));
    },

    /**
     * Stage series still to be played with both teams known, in a segment that has a veto, with no
     * challenge of that veto's category yet (the series created while no app ran: the seed).
     */
    async seriesAwaitingChallenge(tx: Executor = db): Promise<string[]> {
      const rows = await tx
        .select({ id: matchSeries.id })
        .from(matchSeries)
        .innerJoin(segmentVetoes, eq(segmentVetoes.segmentId, matchSeries.segmentId))
        .where(
          and(
            inArray(matchSeries.state, [...NOT_STARTED_STATES]),
            eq(matchSeries.bye, false),
            isNull(matchSeries.deletedAt),
            sql`(select count(*) from ${matchSeriesCompetitors} c where c.match_series_id = ${matchSeries.id} and c.roster_id is not null) = 2`,
            notExists(
              tx
                .select({ one: sql`1` })
                .from(pickbanChallenges)
                .where(
                  and(
                    eq(pickbanChallenges.matchSeriesId, matchSeries.id),
                    eq(pickbanChallenges.categoryId, segmentVetoes.categoryId),
                  ),
                ),
            ),
          ),
        );
      return rows.map((r) => r.id);
    },

    /** Every open challenge with its turn deadline (time-out jobs are sent again at start). */
    async openChallenges(
      tx: Executor = db,
    ): Promise<{ id: string; step: number; turnEndsAt: Date | null }[]> {
      const rows = await tx
        .select({
          id: pickbanChallenges.id,
          turnEndsAt: pickbanChallenges.turnEndsAt,
          step: sql<number>`(select count(*)::int from ${pickbanVotes} v where v.challenge_id = ${pickbanChallenges.id})`,
        })
        .from(pickbanChallenges)
        .where(eq(pickbanChallenges.status, 'open'));
      return rows;
    },
  };
}
export type PickbanRepository = ReturnType<typeof createPickbanRepository>;
