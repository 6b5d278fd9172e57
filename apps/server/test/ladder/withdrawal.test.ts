import { API } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it, onTestFinished } from 'vitest';
import { ladderStandings } from '../../src/db/schema/ladder.js';
import { rosters } from '../../src/db/schema/rosters.js';
import { createClanService } from '../../src/features/clan/clan-service.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { describeEachDatabase, TEST_NOW } from '../harness.js';
import { gameUser } from '../players/players-helpers.js';
import { type Captain, ladderCaptains } from './ladder-fixtures.js';
import { call, join, latestMatchUp, status, testClock } from './ladder-http.js';

/*
 * A withdrawn team leaves play in the transaction that withdraws it (POST /disband-clan by the
 * clan's leader): its waiting entry ends, an awaiting match-up is declined with the opponent put
 * back in the queue, and each unfinished series is forfeited (FFL for it, FFW for the opponent, the
 * standings counting it). Workers are off: pairing is done by hand, on the test clock.
 */

const { clock } = testClock();

describeEachDatabase(
  'team withdrawal takes the roster out of play',
  (ctx) => {
    let captains: Captain[] = [];
    beforeAll(async () => {
      captains = await ladderCaptains(ctx.database.db, 9, { now: TEST_NOW, offset: 700 });
    });

    /** The captain's clan leader (`#PP…0`, api token `tok{i}-0`) withdraws the team. */
    async function withdraw(c: Captain) {
      const leader = c.playerTags[0]!;
      const { token } = await gameUser(ctx.app, leader, `tok${c.index}-0`);
      const response = await ctx.app.inject({
        method: 'POST',
        url: `${API.clan}/disband-clan`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' },
        payload: { data: { type: 'clans', attributes: { clanTag: c.clanTag } } },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response;
    }

    const entryId = async (c: Captain) => {
      const response = await join(ctx.app, c);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.id as string;
    };
    const answer = (c: Captain, id: string, verb: 'accept' | 'decline') =>
      call(ctx.app, c.token, 'POST', `${API.matches}/match-ups/${id}/${verb}`);

    it('a waiting team leaves the queue, and the matchmaker does not pair it with a newcomer', async () => {
      const [a, b] = [captains[0]!, captains[1]!];
      await entryId(a);
      await withdraw(a);

      expect((await status(ctx.app, a)).attributes.status).toBe('cancelled');
      expect(await ctx.app.ladder.matchNewcomer(await entryId(b))).toBeNull();
      expect((await status(ctx.app, b)).attributes.status).toBe('waiting');
      await call(ctx.app, b.token, 'POST', `${API.matches}/queue/${b.rosterId}/leave`);
    });

    it('a withdrawn team cannot queue again', async () => {
      // Its own team, queued and withdrawn here: the test does not lean on an earlier one.
      const a = captains[8]!;
      await entryId(a);
      await withdraw(a);
      const again = await join(ctx.app, a);
      expect(again.statusCode).toBe(409);
      expect((await status(ctx.app, a)).attributes.status).toBe('cancelled');
    });

    it('a match-up awaiting accept is declined, and the opponent goes back to the queue', async () => {
      const [c, d] = [captains[2]!, captains[3]!];
      await entryId(c);
      const matchUpId = await ctx.app.ladder.matchNewcomer(await entryId(d));
      expect(matchUpId).toEqual(expect.any(String));

      await withdraw(c);

      const matchUp = await latestMatchUp(ctx.app, d);
      expect(matchUp.id).toBe(matchUpId);
      expect(matchUp.attributes.status).toBe('declined');
      expect((await status(ctx.app, d)).attributes.status).toBe('waiting');
      expect((await status(ctx.app, c)).attributes.status).toBe('cancelled');
      // The opponent is not stuck: it is paired with the next newcomer.
      const e = captains[4]!;
      expect(await ctx.app.ladder.matchNewcomer(await entryId(e))).toEqual(expect.any(String));
    });

    it('an unfinished series is forfeited: FFL for the withdrawn team, FFW and a win for the opponent', async () => {
      const [f, g] = [captains[5]!, captains[6]!];
      await entryId(f);
      const matchUpId = (await ctx.app.ladder.matchNewcomer(await entryId(g)))!;
      expect((await answer(f, matchUpId, 'accept')).statusCode).toBe(200);
      expect((await answer(g, matchUpId, 'accept')).statusCode).toBe(200);
      const seriesId = (await latestMatchUp(ctx.app, f)).attributes.matchSeriesId as string;

      await withdraw(g);

      const series = (await call(ctx.app, f.token, 'GET', `${API.matches}/match-series/${seriesId}`)).json()
        .data;
      expect(series.attributes.state).toBe('finished');
      const sides = series.attributes.competitors as {
        roster: { id: string };
        placement: number;
        result: { forfeit: boolean };
      }[];
      const byRoster = new Map(sides.map((s) => [s.roster.id, s]));
      expect(byRoster.get(g.rosterId)).toMatchObject({ placement: 2, result: { forfeit: true } });
      expect(byRoster.get(f.rosterId)).toMatchObject({ placement: 1, result: { forfeit: false } });
      const [standing] = await ctx.database.db
        .select()
        .from(ladderStandings)
        .where(eq(ladderStandings.rosterId, f.rosterId));
      expect(standing).toMatchObject({ wins: 1, losses: 0 });
    });

    it('the withdrawal is one transaction: when taking the team out of play fails, nothing is withdrawn', async () => {
      const h = captains[7]!;
      await entryId(h);
      // h stays in the queue (nothing is withdrawn): take it out afterwards, so no later test's
      // newcomer is paired with it.
      onTestFinished(async () => {
        await call(ctx.app, h.token, 'POST', `${API.matches}/queue/${h.rosterId}/leave`);
      });
      const failing = createClanService(ctx.database.db, ctx.app.game, {
        now: () => clock.now,
        rosterWithdrawnHooks: [
          async (roster, tx) => {
            await ctx.app.ladder.withdrawRoster(roster.id, tx);
            throw new Error('the ladder is unreachable');
          },
        ],
      });
      const caller = { tag: h.playerTags[0]!, userId: null } as Parameters<typeof failing.disband>[1];

      await expect(failing.disband('global', caller, h.clanTag)).rejects.toThrow('the ladder is unreachable');

      const [row] = await ctx.database.db.select().from(rosters).where(eq(rosters.id, h.rosterId));
      expect(row?.withdrawnAt).toBeNull();
      expect((await status(ctx.app, h)).attributes.status).toBe('waiting');
    });
  },
  {
    config: { ladder: { ...defaultLadderConfig(), workers: false } },
    deps: { now: () => clock.now },
  },
);
