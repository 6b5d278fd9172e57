import { API } from '@cwh/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { matchSeries, matchSeriesCompetitors } from '../../src/db/schema/ladder.js';
import { rosters } from '../../src/db/schema/rosters.js';
import { simClans, simWars } from '../../src/db/schema/sim-game.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { WAR_CLAIM_STALE_MS } from '../../src/features/war/war-routes.js';
import { describeEachDatabase, jsonApiBody, loginAsAdmin, TEST_NOW, testConfig } from '../harness.js';
import { type Captain, ladderCaptains } from '../ladder/ladder-fixtures.js';
import { call, testClock } from '../ladder/ladder-http.js';
import { createWarRefusals } from './create-war-refusals.js';
import { acceptedSeries } from './official-war-fixtures.js';

/**
 * POST /api/war/1.0/create-war (docs/api/ladder.md, "War service"): who may start a series' war,
 * when it cannot be created, and the claim that makes it idempotent per series. Every refusal is
 * checked against what was written: the series keeps no war id, link or new state, the simulated
 * game holds no war for it and both clans stay out of war.
 */
const { clock } = testClock();

describeEachDatabase(
  'create-war refusals and the war claim',
  (ctx) => {
    let captains: Captain[] = [];
    let used = 0;
    /** Two captains who have not played yet (each test takes its own). */
    const freshPair = () => {
      const pair = [captains[used]!, captains[used + 1]!] as const;
      used += 2;
      return pair;
    };

    beforeAll(async () => {
      captains = await ladderCaptains(ctx.database.db, 40, { now: TEST_NOW });
    });

    afterEach(() => {
      vi.restoreAllMocks();
    });

    const createWar = (app: FastifyInstance, token: string, matchSeriesId: string) =>
      call(app, token, 'POST', `${API.war}/create-war`, jsonApiBody({ matchSeriesId }));

    /** What a war creation writes: the series' war columns and state, the game's wars and clans. */
    async function written(seriesId: string, sides: readonly Captain[]) {
      const db = ctx.database.db;
      const [row] = await db.select().from(matchSeries).where(eq(matchSeries.id, seriesId));
      const wars = await db
        .select({ id: simWars.id })
        .from(simWars)
        .where(eq(simWars.matchSeriesId, seriesId));
      const clans = await db
        .select({ warStatus: simClans.warStatus })
        .from(simClans)
        .where(
          inArray(
            simClans.tag,
            sides.map((c) => c.clanTag),
          ),
        );
      return {
        warId: row?.warId ?? null,
        warLink: row?.warLink ?? null,
        state: row?.state,
        simWars: wars.map((w) => w.id),
        clansInWar: clans.filter((c) => c.warStatus !== 'none').length,
      };
    }
    const untouched = { warId: null, warLink: null, state: 'upcoming', simWars: [], clansInWar: 0 };

    /** Undoes a change of the shared game adapter after a case. */
    let restore: (() => void) | undefined;

    const refusals = createWarRefusals(
      ctx,
      () => captains[captains.length - 1]!,
      (fn) => {
        restore = fn;
      },
    );

    it.each(refusals)('refuses when $why', async ({ arrange, status, code, detail, state }) => {
      const [a, b] = freshPair();
      const seriesId = await acceptedSeries(ctx.app, a, b);
      try {
        const { token, id } = await arrange({ a, b, seriesId });
        const response = await createWar(ctx.app, token, id ?? seriesId);
        expect(response.statusCode, response.body).toBe(status);
        const error = response.json().errors[0];
        expect(error.code).toBe(code);
        expect(error.detail).toBe(typeof detail === 'function' ? detail({ b }) : detail);
      } finally {
        restore?.();
        restore = undefined;
      }
      expect(await written(seriesId, [a, b])).toEqual({ ...untouched, state: state ?? 'upcoming' });
    });

    it.each([
      {
        why: 'no bearer token',
        token: null,
        body: jsonApiBody({ matchSeriesId: '00000000-0000-4000-8000-000000000000' }),
        status: 401,
      },
      {
        why: 'the match series id is not a uuid',
        token: 'captain',
        body: jsonApiBody({ matchSeriesId: 'not-a-uuid' }),
        status: 400,
      },
      { why: 'the match series id is missing', token: 'captain', body: jsonApiBody({}), status: 400 },
    ])('refuses the request when $why', async ({ token, body, status }) => {
      const [a] = freshPair();
      const response = token
        ? await call(ctx.app, a!.token, 'POST', `${API.war}/create-war`, body)
        : await ctx.app.inject({ method: 'POST', url: `${API.war}/create-war`, payload: body });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().errors[0].code).toBe(status === 401 ? 'UNAUTHENTICATED' : 'VALIDATION_FAILED');
    });

    it('lets an admin who is no captain of the series start its war', async () => {
      const [a, b] = freshPair();
      const seriesId = await acceptedSeries(ctx.app, a, b);
      const admin = await loginAsAdmin(ctx.app);
      const response = await createWar(ctx.app, admin.token.value, seriesId);
      expect(response.statusCode, response.body).toBe(200);
      const { warId, link } = response.json().data.attributes;
      expect(await written(seriesId, [a, b])).toEqual({
        warId,
        warLink: link,
        state: 'live',
        simWars: [warId],
        clansInWar: 2,
      });
    });

    it('two captains starting the war at once: one claim wins, one war is created, both get it', async () => {
      const [a, b] = freshPair();
      const seriesId = await acceptedSeries(ctx.app, a, b);
      const repo = ctx.app.ladder.repository;
      const game = ctx.app.game;
      // Both requests reach the claim before the winner creates the war: the race is forced, not hoped for.
      const claims: boolean[] = [];
      let bothClaimed!: () => void;
      const claimed = new Promise<void>((resolve) => {
        bothClaimed = resolve;
      });
      const claimWar = repo.claimWar;
      vi.spyOn(repo, 'claimWar').mockImplementation(async (...args) => {
        const won = await claimWar(...args);
        claims.push(won);
        if (claims.length === 2) bothClaimed();
        return won;
      });
      const create = game.createWar.bind(game);
      const created = vi.spyOn(game, 'createWar').mockImplementation(async (request) => {
        await claimed;
        return create(request);
      });

      const [first, second] = await Promise.all([
        createWar(ctx.app, a.token, seriesId),
        createWar(ctx.app, b.token, seriesId),
      ]);
      expect(first.statusCode, first.body).toBe(200);
      expect(second.statusCode, second.body).toBe(200);
      expect(claims.sort()).toEqual([false, true]);
      expect(created).toHaveBeenCalledTimes(1);
      const war = first.json().data.attributes;
      expect(second.json().data.attributes).toEqual(war);
      expect(await written(seriesId, [a, b])).toEqual({
        warId: war.warId,
        warLink: war.link,
        state: 'live',
        simWars: [war.warId],
        clansInWar: 2,
      });
    });

    it('a caller waiting on a claim that is released (its creator failed) claims it and creates the war', async () => {
      const [a, b] = freshPair();
      const seriesId = await acceptedSeries(ctx.app, a, b);
      const repo = ctx.app.ladder.repository;
      const marker = 'pending:another-request';
      expect(await repo.claimWar(seriesId, marker)).toBe(true);
      const reads = vi.spyOn(repo, 'findSeries');

      const answer = createWar(ctx.app, a.token, seriesId);
      // The first read is the lookup; a second one means the request lost the claim and is waiting.
      await vi.waitFor(() => expect(reads.mock.calls.length).toBeGreaterThanOrEqual(2), { timeout: 20_000 });
      await repo.releaseWarClaim(seriesId, marker);
      const response = await answer;

      expect(response.statusCode, response.body).toBe(200);
      const war = response.json().data.attributes;
      expect(await written(seriesId, [a, b])).toEqual({
        warId: war.warId,
        warLink: war.link,
        state: 'live',
        simWars: [war.warId],
        clansInWar: 2,
      });
    });

    it('a claim that never completes: the waiter gives up with CONFLICT and leaves the claim alone', async () => {
      const [a, b] = freshPair();
      const seriesId = await acceptedSeries(ctx.app, a, b);
      // A live claim (stamped now): another request is still creating the war.
      const marker = `pending:${Date.now()}:a-request-still-running`;
      expect(await ctx.app.ladder.repository.claimWar(seriesId, marker)).toBe(true);
      // The waiter pauses 100 ms between its reads with the real setTimeout (not the app's clock);
      // those pauses are run at once here, so the test does not wait out the 5 s.
      const realSetTimeout = globalThis.setTimeout;
      vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
        handler: () => void,
        ms?: number,
        ...rest: unknown[]
      ) => realSetTimeout(handler, ms === 100 ? 0 : ms, ...(rest as []))) as unknown as typeof setTimeout);

      const response = await createWar(ctx.app, a.token, seriesId);
      vi.restoreAllMocks();

      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().errors[0]).toMatchObject({
        code: 'CONFLICT',
        detail: 'The war is being created; try again',
      });
      expect(await written(seriesId, [a, b])).toEqual({ ...untouched, warId: marker });
    });

    it('a claim left by a creator that died (older than 30 s) is taken over: the war is created', async () => {
      const [a, b] = freshPair();
      const seriesId = await acceptedSeries(ctx.app, a, b);
      const dead = `pending:${Date.now() - WAR_CLAIM_STALE_MS - 1_000}:an-instance-killed-mid-claim`;
      expect(await ctx.app.ladder.repository.claimWar(seriesId, dead)).toBe(true);

      const response = await createWar(ctx.app, a.token, seriesId);

      expect(response.statusCode, response.body).toBe(200);
      const war = response.json().data.attributes;
      expect(war.warId).not.toContain('pending:');
      expect(await written(seriesId, [a, b])).toEqual({
        warId: war.warId,
        warLink: war.link,
        state: 'live',
        simWars: [war.warId],
        clansInWar: 2,
      });
    });

    /**
     * GAME_MODE=official creates nothing: the link opens the opponent's clan profile, so the opponent
     * needs a clan tag. A second app on the same database plays the official game (no API call is made).
     */
    describe('with the official game', () => {
      let official: FastifyInstance;
      beforeAll(async () => {
        official = await buildApp(
          testConfig({
            gameMode: 'official',
            cocApiKey: 'unused-key',
            cocApiBaseUrl: 'http://127.0.0.1:9/v1',
            ladder: { ...defaultLadderConfig(), workers: false },
          }),
          { logger: false, now: () => clock.now, redis: null, database: ctx.database },
        );
        await official.ready();
      });
      afterAll(async () => {
        await official?.close();
      });

      it.each([
        {
          why: "the opponent's roster has no clan tag",
          change: async (_seriesId: string, b: Captain) => {
            await ctx.database.db.update(rosters).set({ clanTag: null }).where(eq(rosters.id, b.rosterId));
          },
        },
        {
          why: 'the opponent side is TBD (no roster)',
          change: async (seriesId: string, b: Captain) => {
            await ctx.database.db
              .update(matchSeriesCompetitors)
              .set({ rosterId: null })
              .where(
                and(
                  eq(matchSeriesCompetitors.matchSeriesId, seriesId),
                  eq(matchSeriesCompetitors.rosterId, b.rosterId),
                ),
              );
          },
        },
      ])('refuses a war link when $why', async ({ change }) => {
        const [a, b] = freshPair();
        const seriesId = await acceptedSeries(ctx.app, a, b);
        await change(seriesId, b);
        const response = await createWar(official, a.token, seriesId);
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json().errors[0]).toMatchObject({
          code: 'WAR_NOT_AVAILABLE',
          detail: 'Both sides need a clan roster',
        });
        expect(await written(seriesId, [a, b])).toEqual(untouched);
      });
    });
  },
  {
    config: { ladder: { ...defaultLadderConfig(), workers: false } },
    deps: { now: () => clock.now },
  },
);
