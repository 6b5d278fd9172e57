import { API } from '@cwh/contract';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { matchSeriesCompetitors } from '../../src/db/schema/ladder.js';
import { rosterMembers } from '../../src/db/schema/rosters.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { describeEachDatabase, jsonApiBody, loginAsAdmin, TEST_NOW } from '../harness.js';
import { type Captain, ladderCaptains, removeFromClan } from '../ladder/ladder-fixtures.js';
import { call, testClock } from '../ladder/ladder-http.js';
import { acceptedSeries } from './official-war-fixtures.js';
import { selectedPlayersRefusals } from './selected-players-refusals.js';

/**
 * GET|POST /api/war/1.0/clan/{tag}/selected-players (docs/api/ladder.md, "War service"): the captain
 * sets the 5 players of the clan's next match. Each refusal is checked against what was stored: the
 * clan's selection stays empty.
 */
const { clock } = testClock();

const url = (clanTag: string) => `${API.war}/clan/${encodeURIComponent(clanTag)}/selected-players`;

describeEachDatabase(
  'selected players: refusals and the series line-up',
  (ctx) => {
    let captains: Captain[] = [];
    let used = 0;
    /** A captain whose clan has no selection yet (each test takes its own). */
    const fresh = () => captains[used++]!;

    beforeAll(async () => {
      captains = await ladderCaptains(ctx.database.db, 40, { now: TEST_NOW });
    });

    afterEach(() => {
      vi.restoreAllMocks();
    });

    const select = (token: string, clanTag: string, playerTags: string[]) =>
      call(ctx.app, token, 'POST', url(clanTag), jsonApiBody({ playerTags }));

    /** The clan's selection as GET answers it. */
    async function selection(c: Captain) {
      const response = await call(ctx.app, c.token, 'GET', url(c.clanTag));
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.attributes as {
        playerTags: string[];
        players: { tag: string; name: string; townHallLevel: number }[];
        updatedAt: string | null;
      };
    }

    const refusals = selectedPlayersRefusals(ctx, clock);

    it.each(refusals)('refuses when $why', async ({ arrange, status, code, detail }) => {
      const [c, other] = [fresh(), fresh()];
      const request = await arrange(c, other);
      const response = await select(
        request.token ?? c.token,
        request.clanTag ?? c.clanTag,
        request.playerTags,
      );
      expect(response.statusCode, response.body).toBe(status);
      const error = response.json().errors[0];
      expect(error.code).toBe(code);
      if (detail) expect(error.detail).toBe(detail(c, other));
      expect(await selection(c)).toMatchObject({ playerTags: [], players: [], updatedAt: null });
    });

    it('refuses a caller without a token', async () => {
      const c = fresh();
      const response = await ctx.app.inject({
        method: 'POST',
        url: url(c.clanTag),
        headers: { 'content-type': 'application/vnd.api+json' },
        payload: jsonApiBody({ playerTags: c.playerTags }),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().errors[0].code).toBe('UNAUTHENTICATED');
      expect((await selection(c)).playerTags).toEqual([]);
    });

    it('answers NOT_FOUND when reading the selection of a clan with no roster on the hub', async () => {
      const c = fresh();
      const response = await call(ctx.app, c.token, 'GET', url('#2Y2Y2Y2Y'));
      expect(response.statusCode).toBe(404);
      expect(response.json().errors[0]).toMatchObject({
        code: 'NOT_FOUND',
        detail: 'No roster for clan #2Y2Y2Y2Y',
      });
    });

    it('lets an admin who is not the captain select the players', async () => {
      const c = fresh();
      const admin = await loginAsAdmin(ctx.app);
      const response = await select(admin.token.value, c.clanTag, c.playerTags);
      expect(response.statusCode, response.body).toBe(200);
      expect((await selection(c)).playerTags).toEqual(c.playerTags);
    });

    it('names a selected player from the roster once they left the clan, and by tag once off the roster', async () => {
      const c = fresh();
      expect((await select(c.token, c.clanTag, c.playerTags)).statusCode).toBe(200);
      const [left, removed] = [c.playerTags[1]!, c.playerTags[2]!];
      await removeFromClan(ctx.database.db, left);
      await removeFromClan(ctx.database.db, removed);
      await ctx.database.db
        .update(rosterMembers)
        .set({ removedAt: clock.now })
        .where(and(eq(rosterMembers.rosterId, c.rosterId), eq(rosterMembers.playerTag, removed)));
      const players = (await selection(c)).players;
      expect(players[1]).toEqual({ tag: left, name: `P${c.index}-1`, townHallLevel: 17 });
      expect(players[2]).toEqual({ tag: removed, name: removed, townHallLevel: 0 });
    });

    it('names the selected players from the roster when the game no longer knows the clan', async () => {
      const c = fresh();
      expect((await select(c.token, c.clanTag, c.playerTags)).statusCode).toBe(200);
      vi.spyOn(ctx.app.game, 'getClan').mockResolvedValue(null);
      expect((await selection(c)).players).toEqual(
        c.playerTags.map((tag, j) => ({ tag, name: `P${c.index}-${j}`, townHallLevel: 17 })),
      );
    });

    /** The line-up the series holds for captain c's side. */
    async function seriesLineup(seriesId: string, c: Captain) {
      const [row] = await ctx.database.db
        .select({ playerTags: matchSeriesCompetitors.playerTags })
        .from(matchSeriesCompetitors)
        .where(
          and(
            eq(matchSeriesCompetitors.matchSeriesId, seriesId),
            eq(matchSeriesCompetitors.rosterId, c.rosterId),
          ),
        );
      return row?.playerTags;
    }

    it('a new selection becomes the line-up of the upcoming series whose war is not created yet', async () => {
      const [a, b] = [fresh(), fresh()];
      const seriesId = await acceptedSeries(ctx.app, a, b);
      const reordered = [...a.playerTags].reverse();
      expect((await select(a.token, a.clanTag, reordered)).statusCode).toBe(200);
      expect(await seriesLineup(seriesId, a)).toEqual(reordered);
      expect(await seriesLineup(seriesId, b)).toEqual(b.playerTags);
    });

    it('once the war is created, a new selection is stored but the series line-up stays', async () => {
      const [a, b] = [fresh(), fresh()];
      const seriesId = await acceptedSeries(ctx.app, a, b);
      const war = await call(
        ctx.app,
        a.token,
        'POST',
        `${API.war}/create-war`,
        jsonApiBody({ matchSeriesId: seriesId }),
      );
      expect(war.statusCode, war.body).toBe(200);
      const reordered = [...a.playerTags].reverse();
      expect((await select(a.token, a.clanTag, reordered)).statusCode).toBe(200);
      expect((await selection(a)).playerTags).toEqual(reordered);
      expect(await seriesLineup(seriesId, a)).toEqual(a.playerTags);
    });
  },
  {
    config: { ladder: { ...defaultLadderConfig(), workers: false } },
    deps: { now: () => clock.now },
  },
);
