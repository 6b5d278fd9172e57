import type { ChallengeResource } from '@cwh/contract';
import { defaultChoice } from '@cwh/domain';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityLog } from '../../src/db/schema/admin.js';
import { matchSeries } from '../../src/db/schema/ladder.js';
import { pickbanChallenges } from '../../src/db/schema/pickban.js';
import { challengeSeed } from '../../src/features/match-room/pickban-service.js';
import { vetoStateOf } from '../../src/features/match-room/pickban-state.js';
import { type Callers, call } from '../admin/admin-fixtures.js';
import { describeEachDatabase, itOnPostgres, TEST_NOW } from '../harness.js';

import { P, pickbanFixture, refusal } from './pickban-fixtures.js';

/** Pick and ban (spec 7, #13): voting, refusals, the turn time-out job, deleted and finished series. */
let clock = TEST_NOW;

describeEachDatabase(
  'pick and ban: voting and turn time-outs',
  (ctx) => {
    const { setup, sent, vetoSeries, vote, votesIn, turnJobs, captainOf } = pickbanFixture(ctx);
    let admin = '';
    let callers: Callers;
    let categoryId = '';
    let itemIds: string[] = [];
    beforeAll(() => {
      ({ admin, callers, categoryId, itemIds } = setup);
    });
    beforeEach(() => {
      clock = TEST_NOW;
    });

    describe('voting', () => {
      it('ban, ban, pick, pick in turn; every step told to both captains; then closed', async () => {
        const s = await vetoSeries();
        const plan: [string[], string[]][] = [
          [[itemIds[0]!], []],
          [[itemIds[1]!], []],
          [[], [itemIds[2]!]],
          [[], [itemIds[3]!]],
        ];
        let current = s.challenge;
        for (const [step, [banned, picked]] of plan.entries()) {
          sent.length = 0;
          const captain = captainOf(s, current.attributes.turn);
          const response = await vote(captain.token, s.challenge.id, banned, picked);
          expect(response.statusCode).toBe(200);
          current = response.json().data;
          expect(current.attributes.votes[step]).toMatchObject({
            step,
            auto: false,
            items: [...banned, ...picked],
          });
          expect(sent.map((n) => [n.userId, n.data])).toEqual(
            expect.arrayContaining([
              [s.series.home.userId, expect.objectContaining({ step })],
              [s.series.away.userId, expect.objectContaining({ step })],
            ]),
          );
        }
        expect(current.attributes).toMatchObject({
          status: 'closed',
          currentStep: null,
          turn: null,
          turnEndsAt: null,
          banned: itemIds.slice(0, 2),
          picked: itemIds.slice(2, 4),
          remaining: itemIds.slice(4),
        });
        expect(sent.every((n) => (n.data as { status: string }).status === 'closed')).toBe(true);
        // Each vote is in the activity log, written in the vote's transaction, by the captain who voted.
        const logged = await ctx.database.db
          .select({ action: activityLog.action, userId: activityLog.userId })
          .from(activityLog)
          .where(eq(activityLog.targetId, s.challenge.id));
        expect(logged).toHaveLength(4);
        expect(logged.every((l) => l.action === 'pickban.vote')).toBe(true);
        expect(new Set(logged.map((l) => l.userId))).toEqual(
          new Set([s.series.home.userId, s.series.away.userId]),
        );
        const closed = await vote(s.series.home.token, s.challenge.id, [itemIds[4]!]);
        expect(refusal(closed)).toEqual({ status: 409, code: 'CONFLICT', reason: 'VETO_CLOSED' });
      });

      it('refusals write nothing: out of turn, used item, wrong count, other action, unknown item, stranger, unknown, anonymous', async () => {
        const s = await vetoSeries({ starter: 'home' });
        const { home, away } = s.series;
        expect((await vote(home.token, s.challenge.id, [itemIds[0]!])).statusCode).toBe(200);
        const cases: [string, LightMyRequestResponse, ReturnType<typeof refusal>][] = [
          [
            'out of turn',
            await vote(home.token, s.challenge.id, [itemIds[1]!]),
            { status: 409, code: 'CONFLICT', reason: 'VETO_NOT_YOUR_TURN' },
          ],
          [
            'already banned',
            await vote(away.token, s.challenge.id, [itemIds[0]!]),
            { status: 409, code: 'CONFLICT', reason: 'VETO_ITEM_UNAVAILABLE' },
          ],
          [
            'named twice',
            await vote(away.token, s.challenge.id, [itemIds[1]!, itemIds[1]!]),
            { status: 400, code: 'VALIDATION_FAILED', reason: 'VETO_WRONG_COUNT' },
          ],
          [
            'two bans',
            await vote(away.token, s.challenge.id, itemIds.slice(1, 3)),
            { status: 400, code: 'VALIDATION_FAILED', reason: 'VETO_WRONG_COUNT' },
          ],
          [
            'none',
            await vote(away.token, s.challenge.id, []),
            { status: 400, code: 'VALIDATION_FAILED', reason: 'VETO_WRONG_COUNT' },
          ],
          [
            'a pick on a ban step',
            await vote(away.token, s.challenge.id, [], [itemIds[1]!]),
            { status: 400, code: 'VALIDATION_FAILED', reason: 'VETO_WRONG_COUNT' },
          ],
          [
            'not in the pool',
            await vote(away.token, s.challenge.id, [categoryId]),
            { status: 400, code: 'VALIDATION_FAILED', reason: 'VETO_UNKNOWN_ITEM' },
          ],
          [
            'captain of another match',
            await vote(s.stranger.token, s.challenge.id, [itemIds[1]!]),
            { status: 403, code: 'NOT_ROSTER_OWNER', reason: 'VETO_NOT_A_PARTICIPANT' },
          ],
          [
            'unknown challenge',
            await vote(away.token, '00000000-0000-4000-8000-000000000001', [itemIds[1]!]),
            { status: 404, code: 'NOT_FOUND', reason: null },
          ],
          [
            'anonymous',
            await vote(null, s.challenge.id, [itemIds[1]!]),
            { status: 401, code: 'UNAUTHENTICATED', reason: null },
          ],
        ];
        for (const [why, response, expected] of cases) expect(refusal(response), why).toEqual(expected);
        expect(await votesIn(s.challenge.id)).toBe(1);
        // "named twice" is one item twice on a one-item step: the count is wrong first.
        const twice = await vetoSeries({ starter: 'home', steps: [{ action: 'ban', count: 2 }] });
        expect(
          refusal(await vote(twice.series.home.token, twice.challenge.id, [itemIds[0]!, itemIds[0]!])),
        ).toEqual({
          status: 409,
          code: 'CONFLICT',
          reason: 'VETO_ITEM_UNAVAILABLE',
        });
        expect(await votesIn(twice.challenge.id)).toBe(0);
      });

      itOnPostgres(ctx, 'a vote racing a vote and a time-out: one step is taken, once', async () => {
        const s = await vetoSeries({ starter: 'home' });
        clock = new Date(TEST_NOW.getTime() + 61_000);
        const [a, b, timeout] = await Promise.all([
          vote(s.series.home.token, s.challenge.id, [itemIds[0]!]),
          vote(s.series.home.token, s.challenge.id, [itemIds[1]!]),
          ctx.app.pickban.runTimeout({ challengeId: s.challenge.id, step: 0 }),
        ]);
        const accepted =
          [a, b].filter((r) => r.statusCode === 200).length + (timeout.kind === 'defaulted' ? 1 : 0);
        expect(accepted).toBe(1);
        for (const r of [a, b].filter((r) => r.statusCode !== 200)) {
          expect(refusal(r)).toEqual({ status: 409, code: 'CONFLICT', reason: 'VETO_NOT_YOUR_TURN' });
        }
        expect(await votesIn(s.challenge.id)).toBe(1);
      });

      it('GET /challenges/mine: the caller’s challenges, by status and category', async () => {
        const s = await vetoSeries();
        const mine = async (token: string, query: string) =>
          (await call(ctx.app, token, 'GET', `${P}/challenges/mine?${query}`))
            .json()
            .data.map((c: { id: string }) => c.id);
        expect(await mine(s.series.away.token, 'filter[status]=open')).toContain(s.challenge.id);
        expect(
          await mine(s.series.away.token, `filter[category.id]=${categoryId}&filter[status]=open`),
        ).toContain(s.challenge.id);
        expect(await mine(s.series.away.token, 'filter[status]=closed')).not.toContain(s.challenge.id);
        expect(await mine(s.series.away.token, `filter[category.id]=${s.series.id}`)).toEqual([]);
        expect(await mine(callers.tokens.organizer!, 'filter[status]=open')).toEqual([]);
        expect(refusal(await call(ctx.app, null, 'GET', `${P}/challenges/mine`)).status).toBe(401);
      });
    });

    describe('turn time-outs (the durable job)', () => {
      it('before the deadline: again; after: the seeded default, replayable; a second run: skipped', async () => {
        const s = await vetoSeries();
        // The first turn's job was written with the challenge, in the stage's transaction.
        expect(await turnJobs(s.challenge.id)).toEqual([{ key: `${s.challenge.id}:0`, state: 'created' }]);
        const run = (step: number) => ctx.app.pickban.runTimeout({ challengeId: s.challenge.id, step });
        clock = new Date(TEST_NOW.getTime() + 59_000);
        expect(await run(0)).toMatchObject({ kind: 'again', delayMs: 1_000 });
        expect(await votesIn(s.challenge.id)).toBe(0);

        clock = new Date(TEST_NOW.getTime() + 60_000);
        const [row] = await ctx.database.db
          .select()
          .from(pickbanChallenges)
          .where(eq(pickbanChallenges.id, s.challenge.id));
        const expected = defaultChoice(vetoStateOf(row!, []), challengeSeed(s.series.id, categoryId));
        sent.length = 0;
        const first = await run(0);
        expect(first).toMatchObject({ kind: 'defaulted', items: expected.banned, closed: false });
        expect(await run(0)).toMatchObject({ kind: 'skipped', why: 'step already taken' });
        expect((await turnJobs(s.challenge.id)).map((j) => j.key)).toContain(`${s.challenge.id}:1`);
        expect(sent.filter((n) => n.event === 'pickban:challenge_updated')).toHaveLength(2);

        // The next turn's deadline runs from the time-out; a vote in time then a time-out of the rest.
        const read = async () =>
          (
            await call(
              ctx.app,
              s.series.home.token,
              'GET',
              `${P}/challenges?filter[matchSeries.id]=${s.series.id}`,
            )
          ).json().data[0] as ChallengeResource;
        let current = await read();
        expect(current.attributes.votes[0]).toMatchObject({ auto: true, items: expected.banned });
        expect(current.attributes.turnEndsAt).toBe('2026-03-15T12:02:00Z');
        const captain = captainOf(s, current.attributes.turn);
        expect(
          (await vote(captain.token, s.challenge.id, [current.attributes.remaining[0]!])).statusCode,
        ).toBe(200);
        for (const step of [2, 3]) {
          clock = new Date(clock.getTime() + 60_000);
          expect(await run(step)).toMatchObject({ kind: 'defaulted', closed: step === 3 });
        }
        current = await read();
        expect(current.attributes.status).toBe('closed');
        expect(current.attributes.votes.map((v) => v.auto)).toEqual([true, false, true, true]);
        expect(new Set([...current.attributes.banned, ...current.attributes.picked]).size).toBe(4);
        expect(await run(3)).toMatchObject({ kind: 'skipped', why: 'closed' });
      });
    });

    it('a deleted series: its challenge is no longer read, voted or timed out', async () => {
      const s = await vetoSeries({ starter: 'home' });
      await ctx.database.db
        .update(matchSeries)
        .set({ deletedAt: TEST_NOW })
        .where(eq(matchSeries.id, s.series.id));
      const read = await call(ctx.app, admin, 'GET', `${P}/challenges?filter[matchSeries.id]=${s.series.id}`);
      expect(refusal(read)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      clock = new Date(TEST_NOW.getTime() + 61_000);
      expect(await ctx.app.pickban.runTimeout({ challengeId: s.challenge.id, step: 0 })).toMatchObject({
        kind: 'skipped',
        why: 'series over',
      });
      expect(refusal(await vote(s.series.home.token, s.challenge.id, [itemIds[0]!]))).toMatchObject({
        status: 404,
        code: 'NOT_FOUND',
      });
      const mine = await call(ctx.app, s.series.home.token, 'GET', `${P}/challenges/mine`);
      expect(mine.json().data.map((c: { id: string }) => c.id)).not.toContain(s.challenge.id);
      expect(await votesIn(s.challenge.id)).toBe(0);
    });

    it('a finished series: its open challenge takes no more votes', async () => {
      const s = await vetoSeries({ starter: 'home' });
      await ctx.database.db
        .update(matchSeries)
        .set({ state: 'finished' })
        .where(eq(matchSeries.id, s.series.id));
      expect(refusal(await vote(s.series.home.token, s.challenge.id, [itemIds[0]!]))).toEqual({
        status: 409,
        code: 'CONFLICT',
        reason: 'VETO_CLOSED',
      });
      expect(await votesIn(s.challenge.id)).toBe(0);
      // It reads as over where it stopped: no turn, no clock; and, the match being played, public.
      for (const token of [s.series.home.token, s.stranger.token, null]) {
        const read = await call(
          ctx.app,
          token,
          'GET',
          `${P}/challenges?filter[matchSeries.id]=${s.series.id}`,
        );
        expect(read.json().data).toMatchObject([
          {
            id: s.challenge.id,
            attributes: { status: 'closed', currentStep: null, turn: null, turnEndsAt: null },
          },
        ]);
      }
    });
  },
  { deps: { now: () => clock } },
);
