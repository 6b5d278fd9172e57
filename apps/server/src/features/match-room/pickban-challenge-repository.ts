import { and, asc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { competitionStages, stageMatchSeries } from '../../db/schema/competition.js';
import { matchSeries, matchSeriesCompetitors } from '../../db/schema/ladder.js';
import { pickbanChallenges, pickbanVotes, segmentVetoes } from '../../db/schema/pickban.js';
import { rosters } from '../../db/schema/rosters.js';
import { conflictOnDuplicate } from '../../db/unique-violation.js';
import { DomainError } from '../../errors/domain-error.js';

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

/** The SQL of challenges and their votes, and what opening one reads of its series. */
export function createPickbanChallengeRepository(db: Executor) {
  return {
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
