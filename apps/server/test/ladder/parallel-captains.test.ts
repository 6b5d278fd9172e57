import { API } from '@cwh/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { matchSeries, matchUps, queueEntries } from '../../src/db/schema/ladder.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { createRandom } from '../../src/game/simulated/seeded-random.js';
import { bearer, describeEachDatabase, jsonApiBody, jsonApiRequest, TEST_NOW } from '../harness.js';
import { type Captain, createCaptains, ladderSegment } from './ladder-fixtures.js';

/**
 * Both captains of one match-up act at the same moment (leave, decline, accept, or the sweeper
 * expiring it), many seeded rounds. On PostgreSQL these raced into 'deadlock detected' 500s and
 * ghost queue entries; now locks are taken match-up first everywhere and 40P01/40001 are retried.
 */
const ROUNDS = 24;
const clock = { now: new Date(TEST_NOW) };
type Action = 'leave' | 'decline' | 'accept' | 'idle';
const PAIRS: [Action, Action, boolean][] = [
  ['leave', 'leave', false],
  ['leave', 'decline', false],
  ['leave', 'accept', false],
  ['decline', 'accept', false],
  ['decline', 'decline', false],
  ['leave', 'idle', true],
  ['accept', 'idle', true],
  ['leave', 'accept', true],
];

const post = (app: FastifyInstance, c: Captain, url: string, body?: object) =>
  app.inject(
    body
      ? jsonApiRequest({ method: 'POST', url, headers: bearer(c.token), payload: body })
      : { method: 'POST', url, headers: bearer(c.token) },
  );

function act(app: FastifyInstance, c: Captain, action: Action, matchUpId: string) {
  if (action === 'idle') return Promise.resolve(null);
  if (action === 'leave') return post(app, c, `${API.matches}/queue/${c.rosterId}/leave`);
  return post(app, c, `${API.matches}/match-ups/${matchUpId}/${action}`);
}

describeEachDatabase(
  'two captains acting on one match-up at once',
  (ctx) => {
    let captains: Captain[] = [];
    beforeAll(async () => {
      const segment = await ladderSegment(ctx.database.db);
      captains = await createCaptains(ctx.database.db, {
        count: 3,
        offset: 900,
        parentSegmentId: segment.parentId,
        eventId: segment.eventId,
        now: TEST_NOW,
      });
    });

    const liveEntries = (rosterIds: string[]) =>
      ctx.database.db
        .select()
        .from(queueEntries)
        .where(and(inArray(queueEntries.rosterId, rosterIds), isNull(queueEntries.endedAt)));

    /** Both join, one tick pairs them: the match-up's id. */
    async function pairedByTick(a: Captain, b: Captain): Promise<string> {
      for (const c of [a, b]) {
        const joined = await post(
          ctx.app,
          c,
          `${API.matches}/queue/${c.rosterId}/join`,
          jsonApiBody({ playerTags: c.playerTags }),
        );
        expect(joined.statusCode, joined.body).toBe(200);
      }
      expect(await ctx.app.ladder.matchmake()).toBe(1);
      return (await liveEntries([a.rosterId]))[0]!.matchUpId!;
    }

    it(`never answers 5xx nor leaves a ghost entry (${ROUNDS} seeded rounds)`, async () => {
      const random = createRandom('parallel-captains');
      const statuses = new Map<number, number>();
      for (let round = 0; round < ROUNDS; round++) {
        // A cycle of three rosters, so the no-immediate-rematch rule never blocks the pairing.
        const a = captains[round % 3]!;
        const b = captains[(round + 1) % 3]!;
        const matchUpId = await pairedByTick(a, b);
        const [first, second, sweeper] = PAIRS[Math.floor(random() * PAIRS.length)]!;
        const [x, y] = random() < 0.5 ? [a, b] : [b, a];
        if (sweeper) clock.now = new Date(clock.now.getTime() + 16_000);
        const answers = await Promise.all([
          act(ctx.app, x, first, matchUpId),
          act(ctx.app, y, second, matchUpId),
          sweeper ? ctx.app.ladder.sweep() : Promise.resolve(0),
        ]);
        for (const answer of answers.slice(0, 2)) {
          if (!answer || typeof answer === 'number') continue;
          statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
          expect(answer.statusCode, answer.body).toBeLessThan(500);
        }
        // A captain who left has no live entry; any entry still live waits, free of a closed match-up.
        const after = await liveEntries([a.rosterId, b.rosterId]);
        for (const [captain, action] of [
          [x, first],
          [y, second],
        ] as const) {
          const own = after.filter((e) => e.rosterId === captain.rosterId);
          expect(own.length).toBeLessThanOrEqual(1);
          if (action === 'leave') expect(own).toEqual([]);
        }
        for (const entry of after) {
          if (entry.status === 'accepted') continue;
          expect(entry.status).toBe('waiting');
          expect(entry.matchUpId).toBeNull();
        }
        // The match-up ended or still waits on the captain who stayed silent; clean up for the next round.
        clock.now = new Date(clock.now.getTime() + 16_000);
        await ctx.app.ladder.sweep();
        for (const c of [a, b]) await post(ctx.app, c, `${API.matches}/queue/${c.rosterId}/leave`);
        expect(await liveEntries([a.rosterId, b.rosterId])).toEqual([]);
      }
      expect([...statuses.keys()].every((s) => s < 500)).toBe(true);
    });

    // Each accept locks the match-up and both sides in its read: the second must see the first's
    // accept (a statement that locked only the match-up and joined its sides read the sides as they
    // were before the wait, so both answered 200, neither made the series, and the match-up expired).
    it('both captains accepting at once make one series (8 pairs)', async () => {
      const segment = await ladderSegment(ctx.database.db);
      const pairs = await createCaptains(ctx.database.db, {
        count: 16,
        offset: 910,
        parentSegmentId: segment.parentId,
        eventId: segment.eventId,
        now: TEST_NOW,
      });
      for (let k = 0; k < pairs.length; k += 2) {
        const [a, b] = [pairs[k]!, pairs[k + 1]!];
        const matchUpId = await pairedByTick(a, b);
        const answers = await Promise.all([a, b].map((c) => act(ctx.app, c, 'accept', matchUpId)));
        expect(answers.map((answer) => answer?.statusCode)).toEqual([200, 200]);
        const [stored] = await ctx.database.db.select().from(matchUps).where(eq(matchUps.id, matchUpId));
        expect(stored?.status).toBe('accepted');
        const series = await ctx.database.db
          .select()
          .from(matchSeries)
          .where(eq(matchSeries.matchUpId, matchUpId));
        expect(series).toHaveLength(1);
      }
    });
  },
  {
    config: { ladder: { ...defaultLadderConfig(), workers: false } },
    deps: { now: () => clock.now },
  },
);
