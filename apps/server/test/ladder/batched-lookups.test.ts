import { API } from '@cwh/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { activityLog, authTokens } from '../../src/db/schema/index.js';
import { matchSeries, matchUps } from '../../src/db/schema/ladder.js';
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
        count: 14,
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

    it('captains of different match-ups accepting at once each get their own match-up and series', async () => {
      const group = captains.slice(8, 14);
      for (const c of group) expect((await join(ctx.app, c)).statusCode).toBe(200);
      expect(await ctx.app.ladder.matchmake()).toBe(3);
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
      expect(new Set(mine).size).toBe(3);
      const answers = await Promise.all(
        group.map((c, k) => post(ctx.app, c, `${API.matches}/match-ups/${mine[k]}/accept`)),
      );
      for (const [k, a] of answers.entries()) {
        expect(a.statusCode, a.body).toBe(200);
        expect(a.json().data.id).toBe(mine[k]);
      }
      const series = await ctx.database.db
        .select({ matchUpId: matchSeries.matchUpId, state: matchUps.status })
        .from(matchSeries)
        .innerJoin(matchUps, eq(matchUps.id, matchSeries.matchUpId))
        .where(inArray(matchSeries.matchUpId, [...new Set(mine)]));
      expect(series).toHaveLength(3);
      expect(series.every((s) => s.state === 'accepted')).toBe(true);
    });
  },
  { config: { ladder: { ...defaultLadderConfig(), workers: false } } },
);
