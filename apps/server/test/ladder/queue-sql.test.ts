import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../src/db/client.js';
import { queueEntries } from '../../src/db/schema/ladder.js';
import { createLadderRosterRepository } from '../../src/features/ladder/ladder-roster-repository.js';
import { createQueueEntryRepository } from '../../src/features/ladder/queue/queue-entry-repository.js';
import { describeEachDatabase, itOnPostgres, TEST_NOW } from '../harness.js';
import { gate, insertWaitingEntries, ladderSegment } from './ladder-fixtures.js';

/**
 * The trickiest SQL of the ladder on its own: the matchmaking fingerprint (what lets an idle tick
 * skip a queue) and the locks that keep ticks, newcomers and leaves on several instances apart.
 */

describeEachDatabase('queue SQL', (ctx) => {
  const repo = () => createQueueEntryRepository(ctx.database.db);
  const fingerprintOf = async (segmentId: string, tx?: Executor) =>
    (await repo().waitingQueueFingerprints(tx)).find((q) => q.segmentId === segmentId)?.fingerprint ?? null;

  /** A fresh queue of three waiting entries in the ladder segment (each test starts from its own). */
  async function threeWaiting() {
    const { ladderId } = await ladderSegment(ctx.database.db);
    await ctx.database.db.delete(queueEntries).where(eq(queueEntries.segmentId, ladderId));
    const ids = await insertWaitingEntries(
      ctx.database.db,
      ladderId,
      [0, 1, 2].map((i) => ({ points: 100 + i, joinedAt: new Date(TEST_NOW.getTime() - i * 1_000) })),
      TEST_NOW,
    );
    return { segmentId: ladderId, ids };
  }

  describe('waiting fingerprint', () => {
    it.each<{ why: string; change: (db: Executor, ids: string[]) => Promise<unknown>; changes: boolean }>([
      {
        why: 'reading twice without a write gives the same fingerprint',
        change: async () => {},
        changes: false,
      },
      {
        why: 'a requeue (matched, then waiting again with the same id, count and joinedAt) changes it',
        change: async (db, ids) => {
          await db.update(queueEntries).set({ status: 'matched' }).where(eq(queueEntries.id, ids[0]!));
          await db.update(queueEntries).set({ status: 'waiting' }).where(eq(queueEntries.id, ids[0]!));
        },
        changes: true,
      },
      {
        why: 'new points on a waiting entry change it',
        change: (db, ids) => db.update(queueEntries).set({ points: 999 }).where(eq(queueEntries.id, ids[1]!)),
        changes: true,
      },
      {
        why: 'an entry that stops waiting leaves it',
        change: (db, ids) =>
          db
            .update(queueEntries)
            .set({ status: 'cancelled', endedAt: TEST_NOW })
            .where(eq(queueEntries.id, ids[2]!)),
        changes: true,
      },
      {
        why: 'a row lock (FOR UPDATE) is not a change',
        change: (db, ids) =>
          db.transaction(async (tx) => {
            await createQueueEntryRepository(db).lockStillWaiting(ids, tx);
          }),
        changes: false,
      },
    ])('$why', async ({ change, changes }) => {
      const { segmentId, ids } = await threeWaiting();
      const before = await fingerprintOf(segmentId);
      expect(before).not.toBeNull();
      await change(ctx.database.db, ids);
      const after = await fingerprintOf(segmentId);
      if (changes) expect(after).not.toBe(before);
      else expect(after).toBe(before);
    });
  });

  describe("a join's write", () => {
    it('stores the entry and the selected players in one statement; a second join while live only updates the selection', async () => {
      const { ladderId } = await ladderSegment(ctx.database.db);
      const rosterId = randomUUID();
      const entry = (playerTags: string[]) =>
        repo().insertEntryWithSelection(
          {
            tenant: 'global',
            rosterId,
            segmentId: ladderId,
            thLevel: 17,
            playerTags,
            status: 'waiting',
            joinedAt: TEST_NOW,
            createdAt: TEST_NOW,
          },
          { clanTag: '#CLAN', playerTags, updatedAt: TEST_NOW },
        );
      const selection = () => createLadderRosterRepository(ctx.database.db).findSelectedPlayers(rosterId);

      const first = await entry(['#A1', '#A2']);
      expect(first).toMatchObject({ rosterId, status: 'waiting', points: 0, playerTags: ['#A1', '#A2'] });
      expect(await selection()).toMatchObject({ clanTag: '#CLAN', playerTags: ['#A1', '#A2'] });

      expect(await entry(['#B1', '#B2'])).toBeNull();
      expect(await repo().liveEntry(rosterId)).toMatchObject({ id: first!.id, playerTags: ['#A1', '#A2'] });
      expect(await selection()).toMatchObject({ playerTags: ['#B1', '#B2'] });
    });
  });

  // PGlite has one connection: two transactions cannot overlap there, so the locks are checked on
  // PostgreSQL (TEST_DATABASE_URL), where instances really compete.
  describe('locks between concurrent transactions', () => {
    itOnPostgres(
      ctx,
      'a queue advisory lock held by one transaction is refused to another until it ends',
      async () => {
        const { segmentId } = await threeWaiting();
        const held = gate();
        const locked = gate();
        const holder = ctx.database.db.transaction(async (tx) => {
          expect(await repo().tryLockQueue(segmentId, 17, tx)).toBe(true);
          locked.release();
          await held.opened;
        });
        await locked.opened;
        const whileHeld = await ctx.database.db.transaction((tx) => repo().tryLockQueue(segmentId, 17, tx));
        held.release();
        await holder;
        const afterwards = await ctx.database.db.transaction((tx) => repo().tryLockQueue(segmentId, 17, tx));
        expect([whileHeld, afterwards]).toEqual([false, true]);
      },
    );

    itOnPostgres(
      ctx,
      'lockStillWaiting skips entries another transaction holds, and entries no longer waiting',
      async () => {
        const { ids } = await threeWaiting();
        await ctx.database.db
          .update(queueEntries)
          .set({ status: 'cancelled', endedAt: TEST_NOW })
          .where(eq(queueEntries.id, ids[2]!));
        const held = gate();
        const locked = gate();
        const holder = ctx.database.db.transaction(async (tx) => {
          await repo().lockStillWaiting([ids[0]!], tx);
          locked.release();
          await held.opened;
        });
        await locked.opened;
        const got = await ctx.database.db.transaction((tx) => repo().lockStillWaiting(ids, tx));
        held.release();
        await holder;
        expect([...got]).toEqual([ids[1]]);
      },
    );
  });
});
