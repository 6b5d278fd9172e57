import { API } from '@cwh/contract';
import {
  MATCHMAKING_BAND_STEP_MS,
  MATCHMAKING_BAND_STEP_POINTS,
  MATCHMAKING_BASE_POINTS_BAND,
  MATCHMAKING_REMATCH_GRACE_MS,
} from '@cwh/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queueEntries } from '../../src/db/schema/ladder.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { describeEachDatabase, TEST_NOW } from '../harness.js';
import { type Captain, ladderCaptains } from './ladder-fixtures.js';
import { call, join, latestMatchUp, status, testClock } from './ladder-http.js';

/*
 * The edges of the pairing rule and of the accept window, through the server path: newcomer
 * matching refuses a partner outside the longer waiter's points band and a last opponent inside the
 * rematch grace; an answer exactly at the deadline is too late. Workers are off, so a join does not
 * pair by itself: each test calls newcomer matching by hand on the test clock.
 */

const { clock, advance } = testClock();
const ACCEPT_WINDOW_MS = defaultLadderConfig().acceptWindowMs;

describeEachDatabase(
  'ladder rules at their edges',
  (ctx) => {
    let captains: Captain[] = [];
    beforeAll(async () => {
      captains = await ladderCaptains(ctx.database.db, 10, { now: TEST_NOW });
    });

    const entryId = async (c: Captain) => {
      const response = await join(ctx.app, c);
      expect(response.statusCode).toBe(200);
      return response.json().data.id as string;
    };
    const answer = (c: Captain, id: string, verb: 'accept' | 'decline') =>
      call(ctx.app, c.token, 'POST', `${API.matches}/match-ups/${id}/${verb}`);
    const leave = (c: Captain) => call(ctx.app, c.token, 'POST', `${API.matches}/queue/${c.rosterId}/leave`);

    it('newcomer matching refuses a partner outside the band, and pairs once the band has widened', async () => {
      const [a, b] = [captains[0]!, captains[1]!];
      await entryId(a);
      const gap = MATCHMAKING_BASE_POINTS_BAND + MATCHMAKING_BAND_STEP_POINTS;
      const bEntry = await entryId(b);
      await ctx.database.db.update(queueEntries).set({ points: gap }).where(eq(queueEntries.id, bEntry));

      expect(await ctx.app.ladder.matchNewcomer(bEntry)).toBeNull();
      expect((await status(ctx.app, b)).attributes.status).toBe('waiting');

      // One band step later the longer waiter's band covers the gap.
      advance(MATCHMAKING_BAND_STEP_MS);
      expect(await ctx.app.ladder.matchNewcomer(bEntry)).toEqual(expect.any(String));
      expect((await status(ctx.app, a)).attributes.status).toBe('matched');
      const matchUp = await latestMatchUp(ctx.app, a);
      await answer(a, matchUp.id, 'decline');
      await leave(b);
    });

    it('newcomer matching refuses the last opponent within the rematch grace, then pairs them', async () => {
      const [c, d] = [captains[2]!, captains[3]!];
      await entryId(c);
      const first = await ctx.app.ladder.matchNewcomer(await entryId(d));
      expect(first).toEqual(expect.any(String));
      // d declines: c goes back to the queue, d re-joins and meets c as a newcomer.
      expect((await answer(d, first!, 'decline')).statusCode).toBe(200);
      expect((await status(ctx.app, c)).attributes.status).toBe('waiting');
      const again = await entryId(d);

      expect(await ctx.app.ladder.matchNewcomer(again)).toBeNull();
      advance(MATCHMAKING_REMATCH_GRACE_MS);
      expect(await ctx.app.ladder.matchNewcomer(again)).toBeNull();
      advance(1);
      expect(await ctx.app.ladder.matchNewcomer(again)).toEqual(expect.any(String));
      const rematch = await latestMatchUp(ctx.app, c);
      await answer(c, rematch.id, 'decline');
      await leave(d);
    });

    async function pairedAt(x: Captain, y: Captain) {
      await entryId(x);
      const id = await ctx.app.ladder.matchNewcomer(await entryId(y));
      expect(id).toEqual(expect.any(String));
      return id!;
    }

    it('a decline one millisecond before the deadline is a decline', async () => {
      const [e, f] = [captains[4]!, captains[5]!];
      const id = await pairedAt(e, f);
      advance(ACCEPT_WINDOW_MS - 1);
      const declined = await answer(e, id, 'decline');
      expect(declined.json().data.attributes.status).toBe('declined');
      expect((await status(ctx.app, e)).attributes.status).toBe('declined');
      expect((await status(ctx.app, f)).attributes.status).toBe('waiting');
      await leave(f);
    });

    it('a decline exactly at the deadline finds the match-up expired: nobody is requeued', async () => {
      const [g, h] = [captains[6]!, captains[7]!];
      const id = await pairedAt(g, h);
      advance(ACCEPT_WINDOW_MS);
      const late = await answer(g, id, 'decline');
      expect(late.json().data.attributes.status).toBe('expired');
      expect((await status(ctx.app, g)).attributes.status).toBe('expired');
      expect((await status(ctx.app, h)).attributes.status).toBe('expired');
    });

    it('an accept exactly at the deadline is refused with MATCH_UP_EXPIRED', async () => {
      const [e, f] = [captains[8]!, captains[9]!];
      const id = await pairedAt(e, f);
      advance(ACCEPT_WINDOW_MS);
      const late = await answer(e, id, 'accept');
      expect(late.statusCode).toBe(409);
      expect(late.json().errors[0].code).toBe('MATCH_UP_EXPIRED');
    });
  },
  {
    config: { ladder: { ...defaultLadderConfig(), workers: false } },
    deps: { now: () => clock.now },
  },
);

/*
 * MATCHMAKING_REMATCH_GRACE_MS sets the grace of an instance: newcomer matching and the tick both
 * keep last opponents apart for exactly that long (the browser journey runs with a short one).
 */
const shortGrace = testClock();
const SHORT_GRACE_MS = 5_000;

describeEachDatabase(
  'a configured rematch grace',
  (ctx) => {
    let captains: Captain[] = [];
    beforeAll(async () => {
      captains = await ladderCaptains(ctx.database.db, 4, { now: TEST_NOW });
    });

    /** x waits, y joins and they are paired, then y declines: x waits again and y joins again. */
    async function declinedPair(x: Captain, y: Captain) {
      expect((await join(ctx.app, x)).statusCode).toBe(200);
      const joined = await join(ctx.app, y);
      const first = await ctx.app.ladder.matchNewcomer(joined.json().data.id);
      expect(first).toEqual(expect.any(String));
      const declined = await call(ctx.app, y.token, 'POST', `${API.matches}/match-ups/${first}/decline`);
      expect(declined.statusCode).toBe(200);
      const again = await join(ctx.app, y);
      expect(again.statusCode).toBe(200);
      return again.json().data.id as string;
    }

    it('newcomer matching pairs last opponents again once they waited the configured grace', async () => {
      const [a, b] = [captains[0]!, captains[1]!];
      const again = await declinedPair(a, b);
      shortGrace.advance(SHORT_GRACE_MS);
      expect(await ctx.app.ladder.matchNewcomer(again)).toBeNull();
      shortGrace.advance(1);
      expect(await ctx.app.ladder.matchNewcomer(again)).toEqual(expect.any(String));
    });

    it('the tick keeps them apart for the configured grace, not the default minute', async () => {
      const [c, d] = [captains[2]!, captains[3]!];
      await declinedPair(c, d);
      shortGrace.advance(SHORT_GRACE_MS);
      expect(await ctx.app.ladder.matchmake()).toBe(0);
      shortGrace.advance(1);
      expect(SHORT_GRACE_MS + 1).toBeLessThan(MATCHMAKING_REMATCH_GRACE_MS);
      expect(await ctx.app.ladder.matchmake()).toBe(1);
      expect((await status(ctx.app, c)).attributes.status).toBe('matched');
    });
  },
  {
    config: { ladder: { ...defaultLadderConfig(), workers: false, rematchGraceMs: SHORT_GRACE_MS } },
    deps: { now: () => shortGrace.clock.now },
  },
);
