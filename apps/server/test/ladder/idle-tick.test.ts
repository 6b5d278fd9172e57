import { API } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { type Database, openDatabase } from '../../src/db/client.js';
import { queueEntries } from '../../src/db/schema/ladder.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { MATCHMAKING_FULL_PASS_MS } from '../../src/features/ladder/queue/matchmaking-service.js';
import { describeEachDatabase, itOnPostgres, TEST_NOW, testConfig } from '../harness.js';
import { type Captain, createCaptains, insertWaitingEntries, ladderSegment } from './ladder-fixtures.js';
import { call, join, latestMatchUp, status, testClock } from './ladder-http.js';

/*
 * The idle tick (docs/api/ladder.md, "Tick"): a queue whose waiting entries are unchanged (same
 * fingerprint) and cannot pair before `nextPairingAt` is not read again, until its entries change,
 * time opens a pair, or the periodic full pass is due. Workers are off: ticks run by hand on the
 * test clock, and a join over HTTP does NOT run newcomer matching (like a join served by an instance
 * without workers), so only the tick can pair it.
 */

const { clock, advance } = testClock();

const CROWD = 50;

describeEachDatabase(
  'idle matchmaking tick: unchanged queues are not re-read',
  (ctx) => {
    let segment: Awaited<ReturnType<typeof ladderSegment>>;
    let captains: Captain[] = [];
    const insertWaiting = (rows: { points: number; joinedAt: Date }[]) =>
      insertWaitingEntries(ctx.database.db, segment.ladderId, rows, clock.now);
    const statusOf = async (id: string) =>
      (await ctx.database.db.select().from(queueEntries).where(eq(queueEntries.id, id)))[0]!.status;
    /** Full reads of a queue (the expensive statement) since the spy was set. */
    let reads: { mock: { calls: unknown[] } };
    const tick = () => ctx.app.ladder.matchmake();

    beforeAll(async () => {
      segment = await ladderSegment(ctx.database.db);
      captains = await createCaptains(ctx.database.db, {
        count: 8,
        parentSegmentId: segment.parentId,
        eventId: segment.eventId,
        now: TEST_NOW,
      });
      // A crowd that can never pair: 2,100 points apart (> the widest band), far from the captains (0).
      await insertWaiting(
        Array.from({ length: CROWD }, (_, k) => ({
          points: 10_000 + k * 2_100,
          joinedAt: new Date(clock.now.getTime() - 300_000 + k),
        })),
      );
    });
    afterEach(() => {
      vi.restoreAllMocks();
    });
    const spy = () => {
      reads = vi.spyOn(ctx.app.ladder.repository, 'waitingOfQueue');
    };

    it('an unpairable queue is read once, then skipped until the periodic full pass', async () => {
      spy();
      expect(await tick()).toBe(0);
      expect(reads.mock.calls).toHaveLength(1);
      const skippedBefore = ctx.app.ladder.matchmakingStats().skippedPasses;
      for (let i = 0; i < 10; i++) {
        advance(250);
        expect(await tick()).toBe(0);
      }
      expect(reads.mock.calls).toHaveLength(1);
      expect(ctx.app.ladder.matchmakingStats().skippedPasses - skippedBefore).toBe(10);
      // 2.5 s so far; the safety pass is due 5 s after the full one.
      advance(MATCHMAKING_FULL_PASS_MS - 2_500 - 1);
      expect(await tick()).toBe(0);
      expect(reads.mock.calls).toHaveLength(1);
      advance(1);
      expect(await tick()).toBe(0);
      expect(reads.mock.calls).toHaveLength(2);
      advance(250);
      expect(await tick()).toBe(0);
      expect(reads.mock.calls).toHaveLength(2);
    });

    it('pairs two entries as soon as the band of the longer waiter reaches their gap, not later', async () => {
      // Inserted straight into the table (no newcomer matching). Gap 75: needs a band of 75, which the
      // longer waiter reaches after 5 s of waiting, i.e. 100 ms from now.
      const [x, y] = await insertWaiting([
        { points: 500, joinedAt: new Date(clock.now.getTime() - 4_900) },
        { points: 575, joinedAt: clock.now },
      ]);
      spy();
      expect(await tick()).toBe(0); // the set changed: read, nothing pairable yet
      expect(reads.mock.calls).toHaveLength(1);
      advance(99);
      expect(await tick()).toBe(0); // unchanged, before nextPairingAt: skipped
      expect(reads.mock.calls).toHaveLength(1);
      advance(1);
      expect(await tick()).toBe(1); // 100 ms later, well inside the 5 s safety pass
      expect(reads.mock.calls).toHaveLength(2);
      expect(await statusOf(x!)).toBe('matched');
      expect(await statusOf(y!)).toBe('matched');
    });

    it('pairs an entry that joined without newcomer matching on the next tick', async () => {
      const [a, b] = [captains[0]!, captains[1]!];
      expect((await join(ctx.app, a)).json().data.attributes.status).toBe('waiting');
      spy();
      expect(await tick()).toBe(0);
      advance(250);
      expect(await tick()).toBe(0);
      expect(reads.mock.calls).toHaveLength(1);
      advance(250);
      expect((await join(ctx.app, b)).json().data.attributes.status).toBe('waiting');
      expect(await tick()).toBe(1);
      expect(reads.mock.calls).toHaveLength(2);
      expect((await status(ctx.app, a)).attributes.status).toBe('matched');
      expect((await status(ctx.app, b)).attributes.status).toBe('matched');
    });

    it('sees returns to the queue that restore the same waiting ids (new last opponents)', async () => {
      const [c, d, e, f] = [captains[2]!, captains[3]!, captains[4]!, captains[5]!];
      const sidesOf = (matchUp: { attributes: { sides: { roster: { id: string } }[] } }) =>
        matchUp.attributes.sides.map((side) => side.roster.id).sort();
      // c and d meet; d declines, c goes back to the queue (last opponent d); d joins again.
      await join(ctx.app, c);
      advance(1_000);
      await join(ctx.app, d);
      expect(await tick()).toBe(1);
      const first = await latestMatchUp(ctx.app, c);
      await call(ctx.app, d.token, 'POST', `${API.matches}/match-ups/${first.id}/decline`);
      expect((await join(ctx.app, d)).json().data.attributes.status).toBe('waiting');
      // c and d again: a rematch inside the grace. Read once, then skipped.
      spy();
      expect(await tick()).toBe(0);
      advance(250);
      expect(await tick()).toBe(0);
      expect(reads.mock.calls).toHaveLength(1);
      const before = await ctx.app.ladder.repository.waitingQueueFingerprints();

      // e is paired with c, then f with d, by newcomer matching; e and f decline: c and d are back
      // with the same entry ids and joinedAt, so the waiting ids are exactly those above, but their
      // last opponents are now e and f: c and d may meet right away.
      advance(250);
      const eJoined = await join(ctx.app, e);
      expect(await ctx.app.ladder.matchNewcomer(eJoined.json().data.id)).toEqual(expect.any(String));
      const withC = await latestMatchUp(ctx.app, e);
      expect(sidesOf(withC)).toEqual([c.rosterId, e.rosterId].sort());
      const fJoined = await join(ctx.app, f);
      expect(await ctx.app.ladder.matchNewcomer(fJoined.json().data.id)).toEqual(expect.any(String));
      const withD = await latestMatchUp(ctx.app, f);
      expect(sidesOf(withD)).toEqual([d.rosterId, f.rosterId].sort());
      await call(ctx.app, e.token, 'POST', `${API.matches}/match-ups/${withC.id}/decline`);
      await call(ctx.app, f.token, 'POST', `${API.matches}/match-ups/${withD.id}/decline`);
      expect((await status(ctx.app, c)).attributes.status).toBe('waiting');
      expect((await status(ctx.app, d)).attributes.status).toBe('waiting');
      const after = await ctx.app.ladder.repository.waitingQueueFingerprints();
      const counts = (queues: { fingerprint: string }[]) => queues.map((q) => q.fingerprint.split(':')[0]);
      expect(counts(after)).toEqual(counts(before)); // the same number of waiting entries…
      expect(after).not.toEqual(before); // …but another fingerprint

      advance(250); // well before the grace (60 s) and the safety pass (5 s)
      expect(await tick()).toBe(1);
      expect(reads.mock.calls).toHaveLength(2);
      const third = await latestMatchUp(ctx.app, c);
      expect(sidesOf(third)).toEqual([c.rosterId, d.rosterId].sort());
    });

    it('another instance (own memory, own connections) pairs a join served by this one', async () => {
      const [g, h] = [captains[6]!, captains[7]!];
      // PostgreSQL: a second pool on the same database; PGlite: the same embedded database.
      const database: Database =
        ctx.database.driver.kind === 'postgres'
          ? await openDatabase({ url: ctx.database.driver.url, poolSize: 2 })
          : ctx.database;
      const other = await buildApp(testConfig({ ladder: { ...defaultLadderConfig(), workers: false } }), {
        logger: false,
        now: () => clock.now,
        redis: null,
        database,
      });
      try {
        await other.ready();
        const otherReads = vi.spyOn(other.ladder.repository, 'waitingOfQueue');
        spy();
        expect((await join(ctx.app, g)).json().data.attributes.status).toBe('waiting');
        expect(await other.ladder.matchmake()).toBe(0);
        expect(await tick()).toBe(0);
        advance(250);
        expect(await other.ladder.matchmake()).toBe(0);
        expect(await tick()).toBe(0);
        expect(otherReads.mock.calls).toHaveLength(1);
        expect(reads.mock.calls).toHaveLength(1);
        // h joins through THIS instance (no newcomer matching); the other one's tick pairs it.
        advance(250);
        expect((await join(ctx.app, h)).json().data.attributes.status).toBe('waiting');
        expect(await other.ladder.matchmake()).toBe(1);
        expect(otherReads.mock.calls).toHaveLength(2);
        expect((await status(ctx.app, g)).attributes.status).toBe('matched');
        expect((await status(ctx.app, h)).attributes.status).toBe('matched');
        // This instance sees the pairing (the set changed) and reads once more; nothing left to pair.
        expect(await tick()).toBe(0);
        expect(reads.mock.calls).toHaveLength(2);
      } finally {
        await other.close();
        if (database !== ctx.database) await database.close();
      }
    });

    itOnPostgres(ctx, 'a pass that had to drop a pair (row locked elsewhere) is not remembered', async () => {
      const [x, y] = await insertWaiting([
        { points: 3_000, joinedAt: clock.now },
        { points: 3_010, joinedAt: clock.now },
      ]);
      // Another transaction (say newcomer matching on another instance) holds y and pairs nothing.
      const { driver } = ctx.database;
      if (driver.kind !== 'postgres') throw new Error('runs on PostgreSQL only');
      const other = await driver.pool.connect();
      try {
        await other.query('begin');
        await other.query('select id from queue_entries where id = $1 for update', [y]);
        spy();
        expect(await tick()).toBe(0);
        expect(reads.mock.calls).toHaveLength(1);
        await other.query('rollback');
      } finally {
        other.release();
      }
      // Same rows, same versions, same time: the tick must still read and pair them.
      expect(await tick()).toBe(1);
      expect(reads.mock.calls).toHaveLength(2);
      expect(await statusOf(x!)).toBe('matched');
      expect(await statusOf(y!)).toBe('matched');
    });
  },
  {
    config: { ladder: { ...defaultLadderConfig(), workers: false } },
    deps: { now: () => clock.now },
  },
);
