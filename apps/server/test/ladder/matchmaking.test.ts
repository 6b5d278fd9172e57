import { randomUUID } from 'node:crypto';
import { MATCHMAKING_BAND_STEP_MS } from '@cwh/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { matchUpSides, matchUps, queueEntries } from '../../src/db/schema/ladder.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { MATCHMAKING_FULL_PASS_MS } from '../../src/features/ladder/queue/matchmaking-service.js';
import { describeEachDatabase, TEST_NOW } from '../harness.js';
import { type Captain, ladderCaptains, ladderSegment } from './ladder-fixtures.js';
import { join, status, testClock } from './ladder-http.js';

/*
 * Matchmaking (matchmaking-service.ts): what a tick and newcomer matching write (the match-up, its
 * home and away sides, its deadline) and tell (match_up_found to both captains), which side is home,
 * what each does when a row was taken meanwhile or the queue is locked elsewhere (the repository's
 * answer stubbed: PGlite has one connection), and when the tick reads a queue again. Workers are off.
 */

// The socket notices, as sent to the user rooms.
const sent = vi.hoisted(() => [] as { tenant: string; userId: string; event: string; data: unknown }[]);
vi.mock('../../src/realtime/notify.js', () => ({
  notifyUser: (_io: unknown, tenant: string, userId: string, event: string, data: unknown) => {
    sent.push({ tenant, userId, event, data });
  },
}));

const { clock, advance } = testClock();
const { acceptWindowMs } = defaultLadderConfig();
/** Roster ids in a known order (the home side's tie-break). */
const rosterId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describeEachDatabase(
  'matchmaking',
  (ctx) => {
    let segment: Awaited<ReturnType<typeof ladderSegment>>;
    let captains: Captain[] = [];
    beforeAll(async () => {
      segment = await ladderSegment(ctx.database.db);
      captains = await ladderCaptains(ctx.database.db, 4, { now: TEST_NOW });
    });
    beforeEach(() => {
      sent.length = 0;
    });
    afterEach(async () => {
      vi.restoreAllMocks();
      // Every test starts from an empty queue.
      await ctx.database.db
        .update(queueEntries)
        .set({ status: 'cancelled', endedAt: clock.now })
        .where(eq(queueEntries.status, 'waiting'));
      advance(1_000);
    });

    /** Waiting entries straight into the table (no newcomer matching): their ids, in order. */
    async function waiting(
      rows: { roster: number; points?: number | null; joinedAt?: Date; thLevel?: number }[],
    ): Promise<string[]> {
      const inserted = await ctx.database.db
        .insert(queueEntries)
        .values(
          rows.map((row) => ({
            tenant: 'global',
            rosterId: rosterId(row.roster),
            segmentId: segment.ladderId,
            thLevel: row.thLevel ?? 17,
            playerTags: [],
            status: 'waiting' as const,
            points: row.points === undefined ? 0 : row.points,
            joinedAt: row.joinedAt ?? clock.now,
            createdAt: clock.now,
          })),
        )
        .returning({ id: queueEntries.id });
      return inserted.map((row) => row.id);
    }
    const entry = async (id: string) =>
      (await ctx.database.db.select().from(queueEntries).where(eq(queueEntries.id, id)))[0]!;
    const sidesOf = async (matchUpId: string) => {
      const sides = await ctx.database.db
        .select()
        .from(matchUpSides)
        .where(eq(matchUpSides.matchUpId, matchUpId));
      return Object.fromEntries(sides.map((s) => [s.side, s]));
    };
    const matchUpsOf = (entryIds: string[]) =>
      ctx.database.db.select().from(matchUpSides).where(inArray(matchUpSides.queueEntryId, entryIds));
    const earlier = (ms: number) => new Date(clock.now.getTime() - ms);
    const reads = () => vi.spyOn(ctx.app.ladder.repository, 'waitingOfQueue');
    const stats = () => ctx.app.ladder.matchmakingStats();

    it('the tick pairs two captains: the longer waiter home, the deadline, both told match_up_found', async () => {
      const [a, b] = [captains[0]!, captains[1]!];
      const aEntry = (await join(ctx.app, a)).json().data.id as string;
      advance(1_000);
      const bEntry = (await join(ctx.app, b)).json().data.id as string;
      expect(await ctx.app.ladder.matchmake()).toBe(1);

      const matchUpId = (await status(ctx.app, a)).attributes.matchUpId as string;
      expect((await status(ctx.app, b)).attributes.matchUpId).toBe(matchUpId);
      const [matchUp] = await ctx.database.db.select().from(matchUps).where(eq(matchUps.id, matchUpId));
      expect(matchUp).toMatchObject({
        tenant: 'global',
        segmentId: segment.ladderId,
        thLevel: 17,
        status: 'awaiting_confirmation',
        createdAt: clock.now,
        expiresAt: new Date(clock.now.getTime() + acceptWindowMs),
      });
      const sides = await sidesOf(matchUpId);
      expect(sides.home).toMatchObject({ rosterId: a.rosterId, queueEntryId: aEntry, ownerId: a.userId });
      expect(sides.away).toMatchObject({ rosterId: b.rosterId, queueEntryId: bEntry, ownerId: b.userId });
      // The match-up notices (the notice log's own push, notices:notice_created, is tested in test/notices).
      expect(sent.filter((n) => n.event !== 'notices:notice_created')).toEqual([
        { tenant: 'global', userId: a.userId, event: 'matches:match_up_found', data: { id: matchUpId } },
        { tenant: 'global', userId: b.userId, event: 'matches:match_up_found', data: { id: matchUpId } },
      ]);
    });

    it('newcomer matching tells both captains, and stores the deadline from now', async () => {
      const [c, d] = [captains[2]!, captains[3]!];
      await join(ctx.app, c);
      advance(1_000);
      const dEntry = (await join(ctx.app, d)).json().data.id as string;
      const outcome = await ctx.app.ladder.newcomerOutcome(dEntry);
      expect(outcome).toEqual({ matchUpId: expect.any(String), contended: false });
      const [matchUp] = await ctx.database.db
        .select()
        .from(matchUps)
        .where(eq(matchUps.id, outcome.matchUpId!));
      expect(matchUp).toMatchObject({
        tenant: 'global',
        segmentId: segment.ladderId,
        thLevel: 17,
        createdAt: clock.now,
        expiresAt: new Date(clock.now.getTime() + acceptWindowMs),
      });
      const sides = await sidesOf(outcome.matchUpId!);
      expect([sides.home!.rosterId, sides.away!.rosterId]).toEqual([c.rosterId, d.rosterId]);
      const found = { id: outcome.matchUpId };
      // The match-up notices (the notice log's own push, notices:notice_created, is tested in test/notices).
      expect(sent.filter((n) => n.event !== 'notices:notice_created')).toEqual([
        { tenant: 'global', userId: c.userId, event: 'matches:match_up_found', data: found },
        { tenant: 'global', userId: d.userId, event: 'matches:match_up_found', data: found },
      ]);
    });

    it('newcomer matching makes the longer waiter home, whichever of the two it runs for', async () => {
      // Each pair at its own points (far beyond the widest band from the others).
      const [older1, newer1] = await waiting([
        { roster: 2, points: 10_000, joinedAt: earlier(5_000) },
        { roster: 1, points: 10_000 },
      ]);
      const [older2, newer2] = await waiting([
        { roster: 4, points: 20_000, joinedAt: earlier(5_000) },
        { roster: 3, points: 20_000 },
      ]);
      // For the newer entry (its roster id the lower): the partner is home.
      const first = (await ctx.app.ladder.matchNewcomer(newer1!))!;
      expect(await sidesOf(first)).toMatchObject({
        home: { rosterId: rosterId(2), queueEntryId: older1 },
        away: { rosterId: rosterId(1), queueEntryId: newer1 },
      });
      // For the older entry (its roster id the higher): itself.
      const second = (await ctx.app.ladder.matchNewcomer(older2!))!;
      expect(await sidesOf(second)).toMatchObject({
        home: { rosterId: rosterId(4), queueEntryId: older2 },
        away: { rosterId: rosterId(3), queueEntryId: newer2 },
      });
      expect((await entry(newer1!)).status).toBe('matched');
    });

    it('newcomer matching of two entries that joined at once makes the lower roster id home', async () => {
      const [low1, high1] = await waiting([
        { roster: 5, points: 30_000 },
        { roster: 6, points: 30_000 },
      ]);
      const [low2, high2] = await waiting([
        { roster: 7, points: 40_000 },
        { roster: 8, points: 40_000 },
      ]);
      const first = (await ctx.app.ladder.matchNewcomer(high1!))!;
      expect(await sidesOf(first)).toMatchObject({
        home: { queueEntryId: low1 },
        away: { queueEntryId: high1 },
      });
      const second = (await ctx.app.ladder.matchNewcomer(low2!))!;
      expect(await sidesOf(second)).toMatchObject({
        home: { queueEntryId: low2 },
        away: { queueEntryId: high2 },
      });
    });

    it('newcomer matching of an entry unknown or no longer waiting finds nothing', async () => {
      expect(await ctx.app.ladder.newcomerOutcome(randomUUID())).toEqual({
        matchUpId: null,
        contended: false,
      });
      const [gone, partner] = await waiting([
        { roster: 9, points: 50_000 },
        { roster: 10, points: 50_000 },
      ]);
      await ctx.database.db
        .update(queueEntries)
        .set({ status: 'cancelled' })
        .where(eq(queueEntries.id, gone!));
      expect(await ctx.app.ladder.matchNewcomer(gone!)).toBeNull();
      expect((await entry(partner!)).status).toBe('waiting');
      expect(await matchUpsOf([gone!, partner!])).toEqual([]);
    });

    /** Newcomer matching's unlocked read, then `taken` leaves the queue before the locks. */
    function takenAfterRead(taken: () => string) {
      const repo = ctx.app.ladder.repository;
      const read = repo.newcomerWithCandidates.bind(repo);
      vi.spyOn(repo, 'newcomerWithCandidates').mockImplementation(async (...args) => {
        const result = await read(...args);
        await ctx.database.db
          .update(queueEntries)
          .set({ status: 'matched' })
          .where(eq(queueEntries.id, taken()));
        return result;
      });
    }

    it('a newcomer whose partner was paired meanwhile pairs nothing and reports the contention', async () => {
      const [partner, me] = await waiting([
        { roster: 11, points: 60_000, joinedAt: earlier(1_000) },
        { roster: 12, points: 60_000 },
      ]);
      takenAfterRead(() => partner!);
      expect(await ctx.app.ladder.newcomerOutcome(me!)).toEqual({ matchUpId: null, contended: true });
      expect((await entry(me!)).status).toBe('waiting');
      expect(await matchUpsOf([partner!, me!])).toEqual([]);
    });

    it('a newcomer paired meanwhile itself: nothing left to do, no contention', async () => {
      const [partner, me] = await waiting([
        { roster: 13, points: 70_000, joinedAt: earlier(1_000) },
        { roster: 14, points: 70_000 },
      ]);
      takenAfterRead(() => me!);
      expect(await ctx.app.ladder.newcomerOutcome(me!)).toEqual({ matchUpId: null, contended: false });
      expect((await entry(partner!)).status).toBe('waiting');
      expect(await matchUpsOf([partner!, me!])).toEqual([]);
    });

    it('a tick that finds the queue locked by another instance leaves it to the next tick', async () => {
      const [x, y] = await waiting([
        { roster: 15, points: 80_000, joinedAt: earlier(1_000) },
        { roster: 16, points: 80_000 },
      ]);
      const repo = ctx.app.ladder.repository;
      vi.spyOn(repo, 'tryLockQueue').mockResolvedValueOnce(false);
      const read = reads();
      const before = stats().fullPasses;
      expect(await ctx.app.ladder.matchmake()).toBe(0);
      expect(read).not.toHaveBeenCalled();
      expect(stats().fullPasses).toBe(before);
      expect((await entry(x!)).status).toBe('waiting');
      // Not remembered: the next tick, at the same time, reads and pairs.
      expect(await ctx.app.ladder.matchmake()).toBe(1);
      expect(stats().fullPasses).toBe(before + 1);
      expect((await entry(y!)).status).toBe('matched');
    });

    it('a pair whose row another transaction holds is dropped, and the pass not remembered', async () => {
      const [x, y] = await waiting([
        { roster: 17, points: 90_000, joinedAt: earlier(1_000) },
        { roster: 18, points: 90_000 },
      ]);
      const repo = ctx.app.ladder.repository;
      const lock = repo.lockStillWaiting.bind(repo);
      // SKIP LOCKED skipped y (held elsewhere): only x comes back.
      vi.spyOn(repo, 'lockStillWaiting').mockImplementationOnce(async (ids, tx) => {
        const locked = await lock(ids, tx);
        locked.delete(y!);
        return locked;
      });
      expect(await ctx.app.ladder.matchmake()).toBe(0);
      expect((await entry(x!)).status).toBe('waiting');
      expect((await entry(y!)).status).toBe('waiting');
      expect(await matchUpsOf([x!, y!])).toEqual([]);
      expect(sent).toEqual([]);
      // Same rows, same time: read again and paired.
      const read = reads();
      expect(await ctx.app.ladder.matchmake()).toBe(1);
      expect(read).toHaveBeenCalledTimes(1);
      const [side] = await matchUpsOf([x!]);
      expect(await sidesOf(side!.matchUpId)).toMatchObject({
        home: { queueEntryId: x },
        away: { queueEntryId: y },
      });
    });

    it('the tick stores the points of entries inserted without them', async () => {
      const [x, y] = await waiting([
        { roster: 19, points: null },
        { roster: 26, points: 150_000 },
      ]);
      expect(await ctx.app.ladder.matchmake()).toBe(0);
      // No standings row for the roster: 0 points. The other keeps its own.
      expect((await entry(x!)).points).toBe(0);
      expect((await entry(y!)).points).toBe(150_000);
    });

    it('newcomer matching with nobody within the band finds nothing', async () => {
      const [alone] = await waiting([{ roster: 27, points: 160_000 }]);
      expect(await ctx.app.ladder.newcomerOutcome(alone!)).toEqual({ matchUpId: null, contended: false });
      expect((await entry(alone!)).status).toBe('waiting');
    });

    it('a pass that could not lock the queue forgets the queue’s earlier pass', async () => {
      await waiting([{ roster: 28, points: 170_000 }]);
      const read = reads();
      expect(await ctx.app.ladder.matchmake()).toBe(0);
      // The clock went back: the queue is read again, but another instance holds its lock.
      advance(-1);
      vi.spyOn(ctx.app.ladder.repository, 'tryLockQueue').mockResolvedValueOnce(false);
      expect(await ctx.app.ladder.matchmake()).toBe(0);
      expect(read).toHaveBeenCalledTimes(1);
      // Nothing remembered now: the next tick reads it, though it is the same set as the first pass.
      advance(2);
      expect(await ctx.app.ladder.matchmake()).toBe(0);
      expect(read).toHaveBeenCalledTimes(2);
    });

    it('a queue that paired nothing is skipped at the same instant and read again once the clock goes back', async () => {
      await waiting([{ roster: 20, points: 100_000 }]);
      const read = reads();
      const before = stats();
      expect(Number.isInteger(before.fullPasses) && Number.isInteger(before.skippedPasses)).toBe(true);
      expect(await ctx.app.ladder.matchmake()).toBe(0);
      expect(await ctx.app.ladder.matchmake()).toBe(0);
      expect(read).toHaveBeenCalledTimes(1);
      expect(stats()).toEqual({
        fullPasses: before.fullPasses + 1,
        skippedPasses: before.skippedPasses + 1,
      });
      advance(-1);
      expect(await ctx.app.ladder.matchmake()).toBe(0);
      expect(read).toHaveBeenCalledTimes(2);
      expect(stats().fullPasses).toBe(before.fullPasses + 2);
    });

    it('each queue is remembered on its own: two idle queues are both skipped', async () => {
      await waiting([
        { roster: 21, points: 110_000, thLevel: 15 },
        { roster: 22, points: 110_000, thLevel: 16 },
      ]);
      const read = reads();
      expect(await ctx.app.ladder.matchmake()).toBe(0);
      expect(read).toHaveBeenCalledTimes(2);
      advance(250);
      expect(await ctx.app.ladder.matchmake()).toBe(0);
      expect(read).toHaveBeenCalledTimes(2);
    });

    it('an idle queue is read again once the full pass is due, not a millisecond before', async () => {
      await waiting([{ roster: 23, points: 120_000 }]);
      const read = reads();
      expect(await ctx.app.ladder.matchmake()).toBe(0);
      advance(MATCHMAKING_FULL_PASS_MS - 1);
      expect(await ctx.app.ladder.matchmake()).toBe(0);
      expect(read).toHaveBeenCalledTimes(1);
      advance(1);
      expect(await ctx.app.ladder.matchmake()).toBe(0);
      expect(read).toHaveBeenCalledTimes(2);
    });

    it('two entries not yet within the band are paired the moment the band reaches them', async () => {
      // Gap 75: the longer waiter's band reaches it after one band step, 100 ms from now.
      const [x, y] = await waiting([
        { roster: 24, points: 130_000, joinedAt: earlier(MATCHMAKING_BAND_STEP_MS - 100) },
        { roster: 25, points: 130_075 },
      ]);
      const read = reads();
      expect(await ctx.app.ladder.matchmake()).toBe(0);
      advance(99);
      expect(await ctx.app.ladder.matchmake()).toBe(0);
      expect(read).toHaveBeenCalledTimes(1);
      advance(1);
      expect(await ctx.app.ladder.matchmake()).toBe(1);
      expect((await entry(x!)).status).toBe('matched');
      expect((await entry(y!)).status).toBe('matched');
    });
  },
  {
    config: { ladder: { ...defaultLadderConfig(), workers: false } },
    deps: { now: () => clock.now },
  },
);
