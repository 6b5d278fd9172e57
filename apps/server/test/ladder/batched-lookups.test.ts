import { API } from '@cwh/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it, vi } from 'vitest';
import { activityLog, authTokens } from '../../src/db/schema/index.js';
import { matchSeries, matchUpSides, matchUps, queueEntries } from '../../src/db/schema/ladder.js';
import { rosters } from '../../src/db/schema/rosters.js';
import { hashToken } from '../../src/features/auth/opaque-token.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { bearer, describeEachDatabase, jsonApiBody, jsonApiRequest, TEST_NOW } from '../harness.js';
import { type Captain, createCaptains, ladderSegment, setClanWar } from './ladder-fixtures.js';

/**
 * Requests that arrive together share their hot reads and the audit insert (db/batch-loader.ts):
 * token lookups, the simulated game's clans, the match-up an answer reads before its transaction,
 * the activity-log entries. Each request must still get exactly its own answer.
 */
const post = (app: FastifyInstance, c: Captain, url: string, body?: object) =>
  app.inject(
    body
      ? jsonApiRequest({ method: 'POST', url, headers: bearer(c.token), payload: body })
      : { method: 'POST', url, headers: bearer(c.token) },
  );
const join = (app: FastifyInstance, c: Captain) =>
  post(app, c, `${API.matches}/queue/${c.rosterId}/join`, jsonApiBody({ playerTags: c.playerTags }));

describeEachDatabase(
  'hot reads batched across requests that arrive together',
  (ctx) => {
    let captains: Captain[] = [];
    beforeAll(async () => {
      const segment = await ladderSegment(ctx.database.db);
      captains = await createCaptains(ctx.database.db, {
        count: 28,
        offset: 1700,
        parentSegmentId: segment.parentId,
        eventId: segment.eventId,
        now: TEST_NOW,
      });
    });

    it('each token is judged on its own: live, expired at the request time, unknown', async () => {
      const [live, expired, other] = captains;
      await ctx.database.db
        .update(authTokens)
        .set({ expiresAt: new Date(TEST_NOW.getTime() - 1000) })
        .where(eq(authTokens.tokenHash, hashToken(expired!.token)));
      const status = (c: Captain, token: string) =>
        ctx.app.inject({
          method: 'GET',
          url: `${API.matches}/queue/${c.rosterId}/status`,
          headers: bearer(token),
        });
      const answers = await Promise.all([
        status(live!, live!.token),
        status(expired!, expired!.token),
        status(other!, other!.token),
        status(live!, 'not-a-token-anybody-has'),
        status(other!, live!.token),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 200, 401, 403]);
      // The expired token is refused, the others of its batch are not; it stays refused alone.
      expect((await status(expired!, expired!.token)).statusCode).toBe(401);
    });

    it('joins at once each read their own clan: only the clan in war is refused, with its status', async () => {
      const group = captains.slice(2, 8);
      await setClanWar(ctx.database.db, group[1]!.clanTag, 'friendlyWar');
      await setClanWar(ctx.database.db, group[4]!.clanTag, 'clanWar');
      const answers = await Promise.all(group.map((c) => join(ctx.app, c)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 400, 200, 200, 400, 200]);
      expect(answers[1]!.json().errors[0].meta).toMatchObject({ warStatus: 'friendlyWar' });
      expect(answers[1]!.json().errors[0].code).toBe('CLAN_IS_IN_WAR');
      expect(answers[4]!.json().errors[0].meta).toMatchObject({ warStatus: 'clanWar' });
      // One activity-log entry per successful join (written together), none for the refusals.
      const logged = await ctx.database.db
        .select({ userId: activityLog.userId })
        .from(activityLog)
        .where(
          and(
            eq(activityLog.action, 'POST /api/matches/1.0/queue/:rosterId/join'),
            inArray(
              activityLog.userId,
              group.map((c) => c.userId),
            ),
          ),
        );
      expect(logged.map((r) => r.userId).sort()).toEqual(
        [group[0], group[2], group[3], group[5]].map((c) => c!.userId).sort(),
      );
      await setClanWar(ctx.database.db, group[1]!.clanTag, 'none');
      await setClanWar(ctx.database.db, group[4]!.clanTag, 'none');
      // The others' pairing must not meet them in the queue.
      for (const c of [group[0]!, group[2]!, group[3]!, group[5]!]) {
        expect((await post(ctx.app, c, `${API.matches}/queue/${c.rosterId}/leave`)).statusCode).toBe(200);
      }
    });

    it('joins at once each read their own roster: only the unlocked one is refused; one roster twice gets one entry', async () => {
      const group = captains.slice(14, 18);
      const unlocked = group[1]!;
      await ctx.database.db
        .update(rosters)
        .set({ confirmedAt: null })
        .where(eq(rosters.id, unlocked.rosterId));
      const answers = await Promise.all([...group, group[2]!].map((c) => join(ctx.app, c)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 409, 200, 200, 200]);
      expect(answers[1]!.json().errors[0].code).toBe('NOT_IN_LADDER');
      const ids = answers.map((a) => (a.statusCode === 200 ? (a.json().data.id as string) : null));
      expect(ids[2]).toBe(ids[4]);
      expect(new Set([ids[0], ids[2], ids[3]]).size).toBe(3);
      const entries = await ctx.database.db
        .select({ id: queueEntries.id, rosterId: queueEntries.rosterId })
        .from(queueEntries)
        .where(
          and(
            inArray(
              queueEntries.rosterId,
              group.map((c) => c.rosterId),
            ),
            isNull(queueEntries.endedAt),
          ),
        );
      expect(new Map(entries.map((e) => [e.rosterId, e.id]))).toEqual(
        new Map([0, 2, 3].map((k) => [group[k]!.rosterId, ids[k]])),
      );
      await ctx.database.db
        .update(rosters)
        .set({ confirmedAt: TEST_NOW })
        .where(eq(rosters.id, unlocked.rosterId));
      for (const k of [0, 2, 3]) {
        const c = group[k]!;
        expect((await post(ctx.app, c, `${API.matches}/queue/${c.rosterId}/leave`)).statusCode).toBe(200);
      }
    });

    /** The group joins and is paired by one tick: each captain's awaiting match-up, in the group's order. */
    async function paired(group: Captain[]) {
      for (const c of group) expect((await join(ctx.app, c)).statusCode).toBe(200);
      expect(await ctx.app.ladder.matchmake()).toBe(group.length / 2);
      const mine = await Promise.all(
        group.map(async (c) => {
          const list = await ctx.app.inject({
            method: 'GET',
            url: `${API.matches}/match-ups?filter[status]=awaiting_confirmation`,
            headers: bearer(c.token),
          });
          return list.json().data[0].id as string;
        }),
      );
      expect(new Set(mine).size).toBe(group.length / 2);
      return mine;
    }
    /** The series of these match-ups, with the transaction that wrote each (`xmin`). */
    const seriesOf = (matchUpIds: string[]) =>
      ctx.database.db
        .select({
          matchUpId: matchSeries.matchUpId,
          state: matchUps.status,
          writtenBy: sql<string>`${matchSeries}.xmin::text`,
        })
        .from(matchSeries)
        .innerJoin(matchUps, eq(matchUps.id, matchSeries.matchUpId))
        .where(inArray(matchSeries.matchUpId, [...new Set(matchUpIds)]));
    const accept = (c: Captain, matchUpId: string) =>
      post(ctx.app, c, `${API.matches}/match-ups/${matchUpId}/accept`);

    it('captains of different match-ups accepting at once each get their own match-up and series, in one transaction; an expired one is refused and ended in it', async () => {
      const group = [...captains.slice(8, 14), ...captains.slice(18, 20)];
      const mine = await paired(group);
      // The last pair's deadline has passed: both its accepts pass the check before the transaction
      // (the match-up still awaits) and meet the expiry inside it.
      const expired = mine[7]!;
      await ctx.database.db
        .update(matchUps)
        .set({ expiresAt: new Date(TEST_NOW.getTime() - 1_000) })
        .where(eq(matchUps.id, expired));
      const answers = await Promise.all(group.map((c, k) => accept(c, mine[k]!)));
      for (const [k, a] of answers.entries()) {
        if (mine[k] === expired) {
          expect(a.statusCode, a.body).toBe(409);
          expect(a.json().errors[0].code).toBe('MATCH_UP_EXPIRED');
          continue;
        }
        expect(a.statusCode, a.body).toBe(200);
        expect(a.json().data.id).toBe(mine[k]);
      }
      // Of each pair, the accept that came first in the turn still awaits the other; the second made the series.
      for (const id of new Set(mine.filter((m) => m !== expired))) {
        const statuses = answers.flatMap((a, k) => (mine[k] === id ? [a.json().data.attributes.status] : []));
        expect(statuses).toEqual(['awaiting_confirmation', 'accepted']);
      }
      const series = await seriesOf(mine);
      expect(series.map((s) => s.matchUpId).sort()).toEqual(
        [...new Set(mine.filter((id) => id !== expired))].sort(),
      );
      expect(series.every((s) => s.state === 'accepted')).toBe(true);
      // The eight accepts of that turn were one transaction: every series carries its id, and so does
      // the expired match-up's ending (a refusal rolls nothing back).
      const [ended] = await ctx.database.db
        .select({ status: matchUps.status, writtenBy: sql<string>`${matchUps}.xmin::text` })
        .from(matchUps)
        .where(eq(matchUps.id, expired));
      expect(ended?.status).toBe('expired');
      expect(new Set([...series.map((s) => s.writtenBy), ended?.writtenBy])).toEqual(
        new Set([series[0]!.writtenBy]),
      );
    });

    it('first accepts of several match-ups at once are written together; the second ones make the series', async () => {
      const group = captains.slice(24, 28);
      const mine = await paired(group);
      const firsts = group.flatMap((_c, k) =>
        group.findIndex((_, j) => mine[j] === mine[k]) === k ? [k] : [],
      );
      expect(firsts).toHaveLength(2);
      const answers = await Promise.all(firsts.map((k) => accept(group[k]!, mine[k]!)));
      expect(answers.map((a) => [a.statusCode, a.json().data.attributes.status])).toEqual([
        [200, 'awaiting_confirmation'],
        [200, 'awaiting_confirmation'],
      ]);
      const sides = await ctx.database.db
        .select({
          rosterId: matchUpSides.rosterId,
          response: matchUpSides.response,
          entry: queueEntries.status,
          writtenBy: sql<string>`${matchUpSides}.xmin::text`,
        })
        .from(matchUpSides)
        .innerJoin(queueEntries, eq(queueEntries.id, matchUpSides.queueEntryId))
        .where(inArray(matchUpSides.matchUpId, [...new Set(mine)]));
      const accepted = new Set(firsts.map((k) => group[k]!.rosterId));
      for (const side of sides) {
        expect(side.response).toBe(accepted.has(side.rosterId) ? 'accepted' : 'pending');
        expect(side.entry).toBe(accepted.has(side.rosterId) ? 'accepted' : 'matched');
      }
      // Both acceptances in one transaction (one statement).
      const acceptedBy = sides.filter((side) => accepted.has(side.rosterId)).map((side) => side.writtenBy);
      expect(new Set(acceptedBy).size).toBe(1);
      const seconds = group.map((_, k) => k).filter((k) => !firsts.includes(k));
      const done = await Promise.all(seconds.map((k) => accept(group[k]!, mine[k]!)));
      expect(done.map((a) => [a.statusCode, a.json().data.attributes.status])).toEqual([
        [200, 'accepted'],
        [200, 'accepted'],
      ]);
      expect(await seriesOf(mine)).toHaveLength(2);
    });

    it('when the shared transaction fails, each accept runs alone: every one answered, every series made', async () => {
      const group = captains.slice(20, 24);
      const mine = await paired(group);
      const repository = ctx.app.ladder.repository;
      const createMatchUpSeries = repository.createMatchUpSeries.bind(repository);
      const spy = vi
        .spyOn(repository, 'createMatchUpSeries')
        .mockImplementationOnce(async () => {
          throw new Error('connection lost');
        })
        .mockImplementation(createMatchUpSeries);
      try {
        const answers = await Promise.all(group.map((c, k) => accept(c, mine[k]!)));
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
        // The shared write failed once; each pair's series was then written by its second accept alone.
        expect(spy).toHaveBeenCalledTimes(3);
      } finally {
        spy.mockRestore();
      }
      const series = await seriesOf(mine);
      expect(series).toHaveLength(2);
      expect(series.every((s) => s.state === 'accepted')).toBe(true);
      // Made one by one: two transactions.
      expect(new Set(series.map((s) => s.writtenBy)).size).toBe(2);
    });
  },
  { config: { ladder: { ...defaultLadderConfig(), workers: false } } },
);
