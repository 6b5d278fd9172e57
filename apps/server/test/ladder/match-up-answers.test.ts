import { API } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { matchSeriesCompetitors, matchUpSides, matchUps } from '../../src/db/schema/ladder.js';
import { rosters } from '../../src/db/schema/rosters.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { describeEachDatabase, jsonApiBody, TEST_NOW } from '../harness.js';
import { type Captain, ladderCaptains, setClanWar } from './ladder-fixtures.js';
import { call, join, latestMatchUp, status, testClock } from './ladder-http.js';

/*
 * Answers to a match-up over HTTP (accept-match-up.ts, end-match-up.ts, match-up-answer.ts): what
 * each refusal says, what an accept, a decline and an expiry write, and the socket notices both
 * captains get. Workers are off: each test pairs its two captains by hand on the test clock.
 */

// The socket notices, as sent to the user rooms.
const sent = vi.hoisted(() => [] as { userId: string; event: string; data: unknown }[]);
vi.mock('../../src/realtime/notify.js', () => ({
  notifyUser: (_io: unknown, _tenant: string, userId: string, event: string, data: unknown) => {
    sent.push({ userId, event, data });
  },
}));

const { clock, advance } = testClock();
const { acceptWindowMs, matchLeadTimeMs } = defaultLadderConfig();
const UNKNOWN = '00000000-0000-4000-8000-000000000001';
/** Times as the API writes them: ISO 8601 to the second. */
const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

describeEachDatabase(
  'match-up answers',
  (ctx) => {
    let captains: Captain[] = [];
    let used = 0;
    beforeAll(async () => {
      captains = await ladderCaptains(ctx.database.db, 14, { now: TEST_NOW });
    });
    beforeEach(() => {
      sent.length = 0;
    });

    const answer = (c: Captain, id: string, verb: 'accept' | 'decline') =>
      call(ctx.app, c.token, 'POST', `${API.matches}/match-ups/${id}/${verb}`);
    const refusal = (response: Awaited<ReturnType<typeof answer>>) => {
      const error = response.json().errors?.[0] as { code: string; detail?: string; meta?: unknown };
      return { status: response.statusCode, code: error?.code, detail: error?.detail, meta: error?.meta };
    };
    /** The sides' responses in an answer's match-up, sorted. */
    const responses = (response: Awaited<ReturnType<typeof answer>>) =>
      (response.json().data.attributes.sides as { response: string }[]).map((s) => s.response).sort();
    const leave = (c: Captain) => call(ctx.app, c.token, 'POST', `${API.matches}/queue/${c.rosterId}/leave`);
    const endedBy = async (id: string) =>
      (await ctx.database.db.select().from(matchUps).where(eq(matchUps.id, id)))[0]!.endedBy;
    const matchUpNotices = () => sent.filter((n) => n.event.startsWith('matches:match_up_'));
    /** Both captains were sent match_up_declined with this reason and these requeued rosters. */
    const expectBothToldDeclined = (
      id: string,
      x: Captain,
      y: Captain,
      reason: 'declined' | 'expired',
      requeuedRosterIds: string[],
    ) => {
      const told = { id, matchSeries: null, reason, requeuedRosterIds };
      expect(matchUpNotices()).toEqual(
        expect.arrayContaining([
          { userId: x.userId, event: 'matches:match_up_declined', data: told },
          { userId: y.userId, event: 'matches:match_up_declined', data: told },
        ]),
      );
    };

    /** The next two captains, both queued (the second with its tags reversed) and paired: the match-up. */
    async function paired() {
      const [x, y] = [captains[used]!, captains[used + 1]!];
      used += 2;
      expect((await join(ctx.app, x)).statusCode).toBe(200);
      expect((await join(ctx.app, y, [...y.playerTags].reverse())).statusCode).toBe(200);
      expect(await ctx.app.ladder.matchmake()).toBe(1);
      const matchUp = await latestMatchUp(ctx.app, x);
      expect(matchUp.attributes.status).toBe('awaiting_confirmation');
      sent.length = 0;
      return { x, y, id: matchUp.id as string };
    }

    it('refusals say what is wrong; a refused accept changes nothing', async () => {
      const { x, y, id } = await paired();
      const stranger = captains[captains.length - 1]!;
      for (const verb of ['accept', 'decline'] as const) {
        expect(refusal(await answer(x, UNKNOWN, verb))).toMatchObject({
          status: 404,
          code: 'NOT_FOUND',
          detail: `No match-up with id ${UNKNOWN}`,
        });
      }
      for (const verb of ['accept', 'decline'] as const) {
        expect(refusal(await answer(stranger, id, verb))).toMatchObject({
          status: 403,
          code: 'FORBIDDEN',
          detail: 'Only the captains of this match-up may answer it',
        });
      }
      // Spec 8: a captain whose clan is in a war cannot accept (23), nor against a clan in a war (19/20).
      await setClanWar(ctx.database.db, x.clanTag, 'clanWar');
      expect(refusal(await answer(x, id, 'accept'))).toMatchObject({
        status: 400,
        code: 'CLAN_IS_IN_WAR',
        meta: { warStatus: 'clanWar' },
      });
      expect(refusal(await answer(y, id, 'accept'))).toMatchObject({
        status: 400,
        code: 'OPPONENT_IS_IN_WAR',
        meta: { warStatus: 'clanWar' },
      });
      await setClanWar(ctx.database.db, x.clanTag, 'none');
      await setClanWar(ctx.database.db, y.clanTag, 'friendlyWar');
      expect(refusal(await answer(x, id, 'accept'))).toMatchObject({
        status: 400,
        code: 'OPPONENT_IS_IN_WAR',
        meta: { warStatus: 'friendlyWar' },
      });
      await setClanWar(ctx.database.db, y.clanTag, 'none');
      const unchanged = await latestMatchUp(ctx.app, x);
      expect(unchanged.attributes.status).toBe('awaiting_confirmation');
      expect(unchanged.attributes.sides.map((s: { response: string }) => s.response)).toEqual([
        'pending',
        'pending',
      ]);
      expect((await status(ctx.app, x)).attributes.status).toBe('matched');
      expect(matchUpNotices()).toEqual([]);

      // Accepting, and accepting again while the other side is silent: still one acceptance, no series.
      expect((await answer(x, id, 'accept')).statusCode).toBe(200);
      const acceptedAt = clock.now.getTime();
      advance(1_000);
      const twice = await answer(x, id, 'accept');
      expect(twice.statusCode).toBe(200);
      expect(twice.json().data.attributes).toMatchObject({
        status: 'awaiting_confirmation',
        matchSeriesId: null,
      });
      expect((await status(ctx.app, x)).attributes.status).toBe('accepted');
      // The answer's time is the first acceptance's.
      const responded = await ctx.database.db
        .select({ rosterId: matchUpSides.rosterId, at: matchUpSides.respondedAt })
        .from(matchUpSides)
        .where(eq(matchUpSides.matchUpId, id));
      expect(responded.find((r) => r.rosterId === x.rosterId)!.at!.getTime()).toBe(acceptedAt);
      expect(matchUpNotices()).toEqual([]);
      await answer(y, id, 'decline');
      await leave(x);
    });

    it('a decline ends the match-up: the accepter is requeued and both captains are told; accepting it later is MATCH_UP_CLOSED', async () => {
      const { x, y, id } = await paired();
      expect((await answer(x, id, 'accept')).statusCode).toBe(200);
      advance(1_000);
      const declined = await answer(y, id, 'decline');
      expect(declined.json().data.attributes).toMatchObject({
        status: 'declined',
        endedAt: isoSeconds(clock.now),
      });
      expect(await endedBy(id)).toMatch(/^.+:declined$/);
      expectBothToldDeclined(id, x, y, 'declined', [x.rosterId]);
      expect(matchUpNotices()).toHaveLength(2);
      expect((await status(ctx.app, x)).attributes.status).toBe('waiting');
      expect(refusal(await answer(x, id, 'accept'))).toMatchObject({
        status: 409,
        code: 'MATCH_UP_CLOSED',
        detail: 'The match-up is declined',
      });
      await leave(x);
    });

    it('accepting a match-up the sweeper expired is MATCH_UP_EXPIRED', async () => {
      const { x, y, id } = await paired();
      advance(acceptWindowMs);
      expect(await ctx.app.ladder.sweep()).toBe(1);
      expect(await endedBy(id)).toMatch(/^.+:sweeper$/);
      expectBothToldDeclined(id, x, y, 'expired', []);
      expect(refusal(await answer(x, id, 'accept'))).toMatchObject({
        status: 409,
        code: 'MATCH_UP_EXPIRED',
        detail: 'The match-up is expired',
      });
      // A closed match-up is not the game's business: a clan in a war is told it is expired, not in war.
      await setClanWar(ctx.database.db, y.clanTag, 'clanWar');
      expect(refusal(await answer(y, id, 'accept'))).toMatchObject({ status: 409, code: 'MATCH_UP_EXPIRED' });
      await setClanWar(ctx.database.db, y.clanTag, 'none');
    });

    it('an accept at the deadline expires the match-up itself, requeues the side that had accepted, then refuses', async () => {
      const { x, y, id } = await paired();
      expect((await answer(x, id, 'accept')).statusCode).toBe(200);
      advance(acceptWindowMs);
      expect(refusal(await answer(y, id, 'accept'))).toMatchObject({
        status: 409,
        code: 'MATCH_UP_EXPIRED',
        detail: 'The match-up expired before it was accepted',
      });
      expect((await latestMatchUp(ctx.app, x)).attributes.status).toBe('expired');
      expect(await endedBy(id)).toMatch(/^.+:accept$/);
      expectBothToldDeclined(id, x, y, 'expired', [x.rosterId]);
      expect(matchUpNotices()).toHaveLength(2);
      expect((await status(ctx.app, x)).attributes.status).toBe('waiting');
      expect((await status(ctx.app, y)).attributes.status).toBe('expired');
      await leave(x);
    });

    it('both accept: one series a lead time ahead, each side with its queued line-up, home first; both captains told', async () => {
      const { x, y, id } = await paired();
      const queued = new Map([
        [x.rosterId, x.playerTags],
        [y.rosterId, [...y.playerTags].reverse()],
      ]);
      expect((await answer(x, id, 'accept')).statusCode).toBe(200);
      advance(2_000);
      const accepted = await answer(y, id, 'accept');
      expect(accepted.statusCode).toBe(200);
      const { attributes } = accepted.json().data;
      const seriesId = attributes.matchSeriesId as string;
      expect(attributes).toMatchObject({ status: 'accepted', endedAt: isoSeconds(clock.now) });
      expect(await endedBy(id)).toMatch(/^.+:accepted$/);

      const series = (await ctx.app.inject({ url: `${API.matches}/match-series/${seriesId}` })).json().data;
      expect(series.attributes).toMatchObject({
        state: 'upcoming',
        date: isoSeconds(new Date(clock.now.getTime() + matchLeadTimeMs)),
        matchUp: { id },
      });
      const home = (attributes.sides as { side: string; roster: { id: string } }[]).find(
        (s) => s.side === 'home',
      )!.roster.id;
      const away = home === x.rosterId ? y.rosterId : x.rosterId;
      const competitors = await ctx.database.db
        .select()
        .from(matchSeriesCompetitors)
        .where(eq(matchSeriesCompetitors.matchSeriesId, seriesId))
        .orderBy(matchSeriesCompetitors.position);
      expect(competitors.map((c) => [c.position, c.rosterId, c.playerTags])).toEqual([
        [0, home, queued.get(home)],
        [1, away, queued.get(away)],
      ]);
      for (const c of [x, y]) {
        expect((await status(ctx.app, c)).attributes).toMatchObject({
          status: 'accepted',
          endedAt: isoSeconds(clock.now),
          matchSeriesId: seriesId,
        });
      }
      const told = { id, matchSeries: { id: seriesId } };
      expect(matchUpNotices()).toEqual(
        expect.arrayContaining([
          { userId: x.userId, event: 'matches:match_up_accepted', data: told },
          { userId: y.userId, event: 'matches:match_up_accepted', data: told },
        ]),
      );
      expect(matchUpNotices()).toHaveLength(2);

      // Once the war runs both clans are in it; a repeated accept (a client retry) still answers the series.
      const war = await call(
        ctx.app,
        x.token,
        'POST',
        `${API.war}/create-war`,
        jsonApiBody({ matchSeriesId: seriesId }),
      );
      expect(war.statusCode).toBe(200);
      // Also past the answer deadline: an accepted match-up does not expire.
      advance(acceptWindowMs);
      const again = await answer(y, id, 'accept');
      expect(again.statusCode).toBe(200);
      expect(again.json().data.attributes).toMatchObject({ status: 'accepted', matchSeriesId: seriesId });
    });

    it('each accept answers the match-up as it is stored afterwards: the first, the second, and one again', async () => {
      const { x, y, id } = await paired();
      const stored = async () => {
        const listed = await call(ctx.app, x.token, 'GET', `${API.matches}/match-ups`);
        expect(listed.statusCode).toBe(200);
        return (listed.json().data as { id: string }[]).find((m) => m.id === id);
      };
      const first = await answer(x, id, 'accept');
      expect(first.statusCode).toBe(200);
      expect(responses(first)).toEqual(['accepted', 'pending']);
      expect(first.json().data).toEqual(await stored());
      advance(1_000);
      const second = await answer(y, id, 'accept');
      expect(second.statusCode).toBe(200);
      expect(second.json().data.attributes).toMatchObject({
        status: 'accepted',
        endedAt: isoSeconds(clock.now),
      });
      expect(second.json().data).toEqual(await stored());
      const again = await answer(x, id, 'accept');
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toEqual(second.json().data);
    });

    it('a captain of both rosters answers for each side in turn, pending side first', async () => {
      const [owner, second] = [captains[12]!, captains[13]!];
      await ctx.database.db
        .update(rosters)
        .set({ ownerId: owner.userId })
        .where(eq(rosters.id, second.rosterId));
      const both = [owner, { ...second, userId: owner.userId, token: owner.token }];
      for (const c of both) expect((await join(ctx.app, c)).statusCode).toBe(200);
      expect(await ctx.app.ladder.matchmake()).toBe(1);
      const { id } = await latestMatchUp(ctx.app, owner);
      const first = await answer(owner, id, 'accept');
      expect(first.json().data.attributes.status).toBe('awaiting_confirmation');
      expect(responses(first)).toEqual(['accepted', 'pending']);
      const secondAnswer = await answer(owner, id, 'accept');
      expect(secondAnswer.json().data.attributes).toMatchObject({
        status: 'accepted',
        matchSeriesId: expect.any(String),
      });
    });
  },
  {
    config: { ladder: { ...defaultLadderConfig(), workers: false } },
    deps: { now: () => clock.now },
  },
);
