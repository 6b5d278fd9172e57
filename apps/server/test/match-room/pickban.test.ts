import { API, type ChallengeResource } from '@cwh/contract';
import { defaultChoice } from '@cwh/domain';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityLog } from '../../src/db/schema/admin.js';
import { matchSeries } from '../../src/db/schema/ladder.js';
import { pickbanChallenges, pickbanVotes, segmentVetoes } from '../../src/db/schema/pickban.js';
import type { Notice } from '../../src/features/ladder/ladder-notices.js';
import { challengeSeed, openAwaitingChallenges } from '../../src/features/match-room/pickban-service.js';
import { vetoStateOf } from '../../src/features/match-room/pickban-state.js';
import {
  type Callers,
  call,
  createCallers,
  expectedStatus,
  ORGANIZERS,
  ROLES,
} from '../admin/admin-fixtures.js';
import { MINUTE, stageSegment, stageSeries } from '../checkins/checkins-fixtures.js';
import { describeEachDatabase, itOnPostgres, loginAsAdmin, TEST_NOW } from '../harness.js';
import { type Captain, createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';

/** Pick and ban (spec 7, #13): every call, every refusal, the turn time-out job and the role tables. */
const P = API.pickban;
let clock = TEST_NOW;
const START = new Date(TEST_NOW.getTime() + 60 * MINUTE);
const BAN_BAN_PICK_PICK = [
  { action: 'ban', count: 1 },
  { action: 'ban', count: 1 },
  { action: 'pick', count: 1 },
  { action: 'pick', count: 1 },
];

/** Status, code and meta.reason of a refusal. */
function refusal(response: LightMyRequestResponse) {
  const error = response.json().errors?.[0] as { code: string; meta?: { reason?: string } } | undefined;
  return { status: response.statusCode, code: error?.code ?? null, reason: error?.meta?.reason ?? null };
}

describeEachDatabase(
  'pick and ban',
  (ctx) => {
    let admin = '';
    let callers: Callers;
    let organizer = '';
    let captains: Captain[] = [];
    let categoryId = '';
    let itemIds: string[] = [];
    let stages = 0;
    const sent: Notice[] = [];

    beforeAll(async () => {
      const { parentId, eventId } = await ladderSegment(ctx.database.db);
      captains = await createCaptains(ctx.database.db, {
        count: 24,
        offset: 8700,
        parentSegmentId: parentId,
        eventId,
        now: TEST_NOW,
      });
      admin = (await loginAsAdmin(ctx.app)).token.value;
      callers = await createCallers(ctx);
      organizer = callers.tokens.organizer!;
      expect(callers.eventId).toBe(eventId);
      const category = await call(ctx.app, organizer, 'POST', `${P}/categories`, {
        eventId,
        name: 'War rules',
        sortOrder: 1,
      });
      expect(category.statusCode).toBe(201);
      categoryId = category.json().data.id;
      // Created in reverse sort order: the list answers them by sortOrder.
      const created: string[] = [];
      for (let i = 6; i >= 1; i--) {
        const item = await call(ctx.app, organizer, 'POST', `${P}/items`, {
          categoryId,
          name: `Rule ${i}`,
          description: i === 1 ? 'No heroes' : null,
          sortOrder: i,
        });
        expect(item.statusCode).toBe(201);
        created.unshift(item.json().data.id);
      }
      itemIds = created;
      const deps = ctx.app.pickban.deps;
      const notify = deps.notify;
      deps.notify = (notices) => {
        sent.push(...notices);
        notify(notices);
      };
    });
    beforeEach(() => {
      clock = TEST_NOW;
    });

    /** A new stage (its own segment) with a veto, between the next two captains; its series and challenge. */
    async function vetoSeries(veto: Record<string, unknown> = {}) {
      const k = (stages % 10) * 2;
      stages++;
      const pair: [Captain, Captain] = [captains[k]!, captains[k + 1]!];
      const segmentId = await stageSegment(ctx.database.db, `pb-${stages}`, { monthlyQualifier: true });
      const set = await call(ctx.app, organizer, 'PUT', `${P}/segments/${segmentId}/veto`, {
        categoryId,
        steps: BAN_BAN_PICK_PICK,
        starter: 'higher_seed',
        turnSeconds: 60,
        ...veto,
      });
      expect(set.statusCode).toBe(200);
      sent.length = 0;
      const series = await stageSeries(ctx.app, admin, segmentId, pair, START);
      const read = await call(
        ctx.app,
        series.home.token,
        'GET',
        `${P}/challenges?filter[matchSeries.id]=${series.id}`,
      );
      expect(read.statusCode).toBe(200);
      const challenge = read.json().data[0] as ChallengeResource;
      return { series, challenge, segmentId, topSeed: pair[0], stranger: captains[(k + 2) % 20]! };
    }

    const vote = (token: string | null, id: string, banned: string[], picked: string[] = []) =>
      call(ctx.app, token, 'POST', `${P}/challenges/${id}/vote`, { banned, picked });
    const votesIn = async (id: string) =>
      (await ctx.database.db.select().from(pickbanVotes).where(eq(pickbanVotes.challengeId, id))).length;
    /** The turn time-out jobs of a challenge in pg-boss's own table: singleton key and state. */
    const turnJobs = async (id: string) => {
      const result = await ctx.database.db.execute(
        sql`select singleton_key as key, state from pgboss.job where name = 'pickban.turn-timeout' and singleton_key like ${`${id}:%`} order by singleton_key`,
      );
      const rows = Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows;
      return rows as { key: string; state: string }[];
    };
    const captainOf = (s: Awaited<ReturnType<typeof vetoSeries>>, side: 'home' | 'away' | null) =>
      side === 'away' ? s.series.away : s.series.home;

    describe('categories and items', () => {
      it('GET /categories: public, filtered by event', async () => {
        const all = await call(ctx.app, null, 'GET', `${P}/categories?filter[event.id]=${callers.eventId}`);
        expect(all.statusCode).toBe(200);
        expect(all.json().data).toContainEqual({
          id: categoryId,
          type: 'categories',
          attributes: { name: 'War rules', sortOrder: 1, eventId: callers.eventId },
        });
        const other = await call(
          ctx.app,
          null,
          'GET',
          `${P}/categories?filter[event.id]=${callers.otherEventId}`,
        );
        expect(other.json().data.map((c: { id: string }) => c.id)).not.toContain(categoryId);
      });

      it('GET /items: by category, sort=sortOrder (either way), paged', async () => {
        const url = `${P}/items?filter[category.id]=${categoryId}&sort=sortOrder`;
        const first = await call(ctx.app, null, 'GET', `${url}&page[size]=4`);
        expect(first.statusCode).toBe(200);
        expect(first.json().data.map((i: { id: string }) => i.id)).toEqual(itemIds.slice(0, 4));
        expect(first.json().meta.page).toEqual({ number: 1, size: 4, total: 6, totalPages: 2 });
        expect(first.json().data[0].attributes).toEqual({
          name: 'Rule 1',
          description: 'No heroes',
          sortOrder: 1,
          categoryId,
        });
        const second = await call(ctx.app, null, 'GET', `${url}&page[size]=4&page[number]=2`);
        expect(second.json().data.map((i: { id: string }) => i.id)).toEqual(itemIds.slice(4));
        const down = await call(
          ctx.app,
          null,
          'GET',
          `${P}/items?filter[category.id]=${categoryId}&sort=-sortOrder`,
        );
        expect(down.json().data.map((i: { id: string }) => i.id)).toEqual([...itemIds].reverse());
        expect(refusal(await call(ctx.app, null, 'GET', `${P}/items?sort=name`))).toMatchObject({
          status: 400,
          code: 'VALIDATION_FAILED',
        });
      });
    });

    describe('a challenge opens with the stage series', () => {
      it('the higher seed starts; the pool is the category in sort order; both captains are told', async () => {
        const s = await vetoSeries();
        const topSide = s.series.home === s.topSeed ? 'home' : 'away';
        expect(s.challenge.attributes).toMatchObject({
          status: 'open',
          matchSeriesId: s.series.id,
          categoryId,
          starter: topSide,
          turn: topSide,
          currentStep: 0,
          pool: itemIds,
          remaining: itemIds,
          banned: [],
          picked: [],
          votes: [],
          mySide: 'home',
          turnEndsAt: new Date(TEST_NOW.getTime() + 60_000).toISOString().replace('.000', ''),
        });
        expect(s.challenge.attributes.steps.map((step) => step.side)).toEqual(
          topSide === 'home' ? ['home', 'away', 'home', 'away'] : ['away', 'home', 'away', 'home'],
        );
        const told = sent.filter((n) => n.event === 'pickban:challenge_updated');
        expect(told.map((n) => n.userId).sort()).toEqual([s.series.home.userId, s.series.away.userId].sort());
        expect(told[0]!.data).toEqual({
          challenge: { id: s.challenge.id },
          matchSeries: { id: s.series.id },
          step: null,
          status: 'open',
        });
      });

      it('starter "home": the home side starts whatever the seeds', async () => {
        const s = await vetoSeries({ starter: 'home' });
        expect(s.challenge.attributes.starter).toBe('home');
      });

      it('a segment without a veto opens nothing', async () => {
        const segmentId = await stageSegment(ctx.database.db, `pb-none-${stages++}`, {
          monthlyQualifier: true,
        });
        const series = await stageSeries(ctx.app, admin, segmentId, [captains[20]!, captains[21]!], START);
        const read = await call(
          ctx.app,
          series.home.token,
          'GET',
          `${P}/challenges?filter[matchSeries.id]=${series.id}`,
        );
        expect(read.json().data).toEqual([]);
      });

      it('double elimination: the next nodes open once their teams are known from the results', async () => {
        const db = ctx.database.db;
        const segmentId = await stageSegment(db, `pb-de-${stages++}`, {
          monthlyQualifier: true,
          doubleElimination: true,
        });
        const set = await call(ctx.app, organizer, 'PUT', `${P}/segments/${segmentId}/veto`, {
          categoryId,
          steps: BAN_BAN_PICK_PICK,
          starter: 'higher_seed',
        });
        expect(set.statusCode).toBe(200);
        const four = captains.slice(0, 4);
        const created = await call(
          ctx.app,
          admin,
          'POST',
          `${API.tournaments}/segments/${segmentId}/bracket`,
          {
            rosterIds: four.map((c) => c.rosterId),
            startsAt: START.toISOString(),
          },
        );
        expect(created.statusCode).toBe(201);
        const opened = async () =>
          db
            .select({ series: pickbanChallenges.matchSeriesId })
            .from(pickbanChallenges)
            .innerJoin(matchSeries, eq(matchSeries.id, pickbanChallenges.matchSeriesId))
            .where(eq(matchSeries.segmentId, segmentId));
        const first = await opened();
        expect(first).toHaveLength(2);
        for (const { series } of first) {
          const result = await call(
            ctx.app,
            admin,
            'PATCH',
            `${API.tournaments}/match-series/${series}/relationships/matches/results`,
            { reason: 'organizer result', homeStars: 9, awayStars: 3 },
          );
          expect(result.statusCode).toBe(200);
        }
        // The upper final (the winners) and the lower round (the losers) now have their teams.
        expect(await opened()).toHaveLength(4);
      });

      it('a veto set after the series exist: opened at start (the seeded stages), once', async () => {
        const segmentId = await stageSegment(ctx.database.db, `pb-late-${stages++}`, {
          monthlyQualifier: true,
        });
        const series = await stageSeries(ctx.app, admin, segmentId, [captains[22]!, captains[23]!], START);
        const set = await call(ctx.app, organizer, 'PUT', `${P}/segments/${segmentId}/veto`, {
          categoryId,
          steps: [{ action: 'ban', count: 2 }],
          starter: 'home',
        });
        expect(set.json().data.attributes.turnSeconds).toBe(60);
        expect(await openAwaitingChallenges(ctx.app.pickban.deps)).toBeGreaterThanOrEqual(1);
        expect(await openAwaitingChallenges(ctx.app.pickban.deps)).toBe(0);
        const rows = await ctx.database.db
          .select()
          .from(pickbanChallenges)
          .where(eq(pickbanChallenges.matchSeriesId, series.id));
        expect(rows).toHaveLength(1);
      });
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

    describe('role × action', () => {
      it.each(ROLES)(
        'GET /challenges?filter[matchSeries.id] as %s: a running veto is for insiders',
        async (role) => {
          const s = await vetoSeries();
          const response = await call(
            ctx.app,
            callers.tokens[role],
            'GET',
            `${P}/challenges?filter[matchSeries.id]=${s.series.id}`,
          );
          // Anyone may ask; only organizers of the event and admins (besides the two captains) see
          // the open challenge, the others get the series' closed challenges: none yet.
          expect(response.statusCode).toBe(200);
          expect(response.json().data.map((c: { id: string }) => c.id)).toEqual(
            expectedStatus(role, ORGANIZERS, 200) === 200 ? [s.challenge.id] : [],
          );
          if (expectedStatus(role, ORGANIZERS, 200) === 200) {
            expect(response.json().data[0]).toMatchObject({ attributes: { mySide: null } });
          }
        },
      );

      it('the captain of another match cannot read a running veto, sees a closed one; an unknown series is 404', async () => {
        const s = await vetoSeries();
        const path = `${P}/challenges?filter[matchSeries.id]=${s.series.id}`;
        const other = await call(ctx.app, s.stranger.token, 'GET', path);
        expect(other.statusCode).toBe(200);
        expect(other.json().data).toEqual([]);
        await ctx.database.db
          .update(pickbanChallenges)
          .set({ status: 'closed' })
          .where(eq(pickbanChallenges.id, s.challenge.id));
        for (const token of [s.stranger.token, null]) {
          const closed = await call(ctx.app, token, 'GET', path);
          expect(closed.statusCode).toBe(200);
          expect(closed.json().data).toMatchObject([
            { id: s.challenge.id, attributes: { status: 'closed', mySide: null } },
          ]);
        }
        const badToken = await call(ctx.app, 'not-a-token', 'GET', path);
        expect(refusal(badToken)).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
        const unknown = await call(
          ctx.app,
          s.stranger.token,
          'GET',
          `${P}/challenges?filter[matchSeries.id]=00000000-0000-4000-8000-000000000001`,
        );
        expect(refusal(unknown)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      });

      it.each(ROLES)('POST /challenges/{id}/vote as %s: only the captains vote', async (role) => {
        const s = await vetoSeries();
        const response = await vote(callers.tokens[role], s.challenge.id, [itemIds[0]!]);
        expect(refusal(response)).toMatchObject(
          role === 'anonymous'
            ? { status: 401, code: 'UNAUTHENTICATED' }
            : { status: 403, code: 'NOT_ROSTER_OWNER', reason: 'VETO_NOT_A_PARTICIPANT' },
        );
        expect(await votesIn(s.challenge.id)).toBe(0);
      });

      it.each(ROLES)('setup (categories, items, segment veto) as %s', async (role) => {
        const token = callers.tokens[role];
        const segmentId = await stageSegment(ctx.database.db, `pb-role-${stages++}`, {
          monthlyQualifier: true,
        });
        const veto = await call(ctx.app, token, 'PUT', `${P}/segments/${segmentId}/veto`, {
          categoryId,
          steps: BAN_BAN_PICK_PICK,
          starter: 'home',
        });
        expect(veto.statusCode).toBe(expectedStatus(role, ORGANIZERS, 200));
        const read = await call(ctx.app, token, 'GET', `${P}/segments/${segmentId}/veto`);
        expect(read.statusCode).toBe(expectedStatus(role, ORGANIZERS, 200));
        if (read.statusCode === 200) {
          expect(read.json().data.attributes).toEqual({
            segmentId,
            categoryId,
            steps: BAN_BAN_PICK_PICK,
            starter: 'home',
            turnSeconds: 60,
          });
        }
        const written = await ctx.database.db
          .select()
          .from(segmentVetoes)
          .where(eq(segmentVetoes.segmentId, segmentId));
        expect(written).toHaveLength(veto.statusCode === 200 ? 1 : 0);
        const category = await call(ctx.app, token, 'POST', `${P}/categories`, {
          eventId: callers.eventId,
          name: `By ${role}`,
        });
        expect(category.statusCode).toBe(expectedStatus(role, ORGANIZERS, 201));
        const item = await call(ctx.app, token, 'POST', `${P}/items`, {
          categoryId,
          name: `By ${role}`,
          sortOrder: 100,
        });
        expect(item.statusCode).toBe(expectedStatus(role, ORGANIZERS, 201));
      });
    });

    describe('setup refusals', () => {
      it('an order the category cannot satisfy, a category of another event, an unknown segment', async () => {
        const segmentId = await stageSegment(ctx.database.db, `pb-bad-${stages++}`, {
          monthlyQualifier: true,
        });
        const put = (attributes: Record<string, unknown>, id = segmentId) =>
          call(ctx.app, admin, 'PUT', `${P}/segments/${id}/veto`, { starter: 'home', ...attributes });
        const tooMany = await put({ categoryId, steps: [{ action: 'ban', count: 20 }] });
        expect(refusal(tooMany)).toEqual({
          status: 400,
          code: 'VALIDATION_FAILED',
          reason: 'VETO_INVALID_SETUP',
        });
        const foreign = await call(
          ctx.app,
          callers.tokens['organizer of another event'],
          'POST',
          `${P}/categories`,
          {
            eventId: callers.otherEventId,
            name: 'Cup rules',
          },
        );
        expect(foreign.statusCode).toBe(201);
        const wrongEvent = await put({ categoryId: foreign.json().data.id, steps: BAN_BAN_PICK_PICK });
        expect(refusal(wrongEvent)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
        const unknown = await put(
          { categoryId, steps: BAN_BAN_PICK_PICK },
          '00000000-0000-4000-8000-000000000001',
        );
        expect(refusal(unknown)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
        const rows = await ctx.database.db
          .select()
          .from(segmentVetoes)
          .where(eq(segmentVetoes.segmentId, segmentId));
        expect(rows).toEqual([]);
        expect(refusal(await call(ctx.app, admin, 'GET', `${P}/segments/${segmentId}/veto`))).toMatchObject({
          status: 404,
          code: 'NOT_FOUND',
        });
      });
    });
  },
  { deps: { now: () => clock } },
);
