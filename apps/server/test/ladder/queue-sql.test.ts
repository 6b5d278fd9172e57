import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../src/db/client.js';
import { queueEntries } from '../../src/db/schema/ladder.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { createLadderRosterRepository } from '../../src/features/ladder/ladder-roster-repository.js';
import { createQueueEntryRepository } from '../../src/features/ladder/queue/queue-entry-repository.js';
import { describeEachDatabase, itOnPostgres, TEST_NOW } from '../harness.js';
import { gate, insertWaitingEntries, ladderSegment } from './ladder-fixtures.js';

/**
 * The trickiest SQL of the ladder on its own: the matchmaking fingerprint (what lets an idle tick
 * skip a queue) and the locks that keep ticks, newcomers and leaves on several instances apart.
 */

describeEachDatabase(
  'queue SQL',
  (ctx) => {
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
          change: (db, ids) =>
            db.update(queueEntries).set({ points: 999 }).where(eq(queueEntries.id, ids[1]!)),
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
      /** A join's write for `rosterId` in `segmentId`, with `playerTags` (the repository's own handle). */
      const joinWrite = (
        entries: ReturnType<typeof repo>,
        rosterId: string,
        segmentId: string,
        playerTags: string[],
      ) =>
        entries.insertEntryWithSelection(
          {
            tenant: 'global',
            rosterId,
            segmentId,
            thLevel: 17,
            playerTags,
            status: 'waiting',
            joinedAt: TEST_NOW,
            createdAt: TEST_NOW,
          },
          { clanTag: '#CLAN', playerTags, updatedAt: TEST_NOW },
        );
      it('stores the entry and the selected players in one statement; a second join while live only updates the selection', async () => {
        const { ladderId } = await ladderSegment(ctx.database.db);
        const rosterId = randomUUID();
        const entry = (playerTags: string[]) => joinWrite(repo(), rosterId, ladderId, playerTags);
        const selection = () => createLadderRosterRepository(ctx.database.db).findSelectedPlayers(rosterId);

        const first = await entry(['#A1', '#A2']);
        expect(first).toMatchObject({ rosterId, status: 'waiting', points: 0, playerTags: ['#A1', '#A2'] });
        expect(await selection()).toMatchObject({ clanTag: '#CLAN', playerTags: ['#A1', '#A2'] });

        expect(await entry(['#B1', '#B2'])).toBeNull();
        expect(await repo().liveEntry(rosterId)).toMatchObject({ id: first!.id, playerTags: ['#A1', '#A2'] });
        expect(await selection()).toMatchObject({ playerTags: ['#B1', '#B2'] });
      });

      /** The transaction that wrote each entry (rows written by one statement share it). */
      const writtenBy = async (ids: string[]) => {
        const rows = await ctx.database.db
          .select({ id: queueEntries.id, xmin: sql<string>`${queueEntries}.xmin::text` })
          .from(queueEntries)
          .where(inArray(queueEntries.id, ids));
        return new Set(rows.map((r) => r.xmin));
      };

      it('the joins of one turn are written together, each answered its own entry; a roster twice: its first join, its last selection', async () => {
        const { ladderId } = await ladderSegment(ctx.database.db);
        const entries = repo();
        const [a, b, twice] = [randomUUID(), randomUUID(), randomUUID()];
        const answers = await Promise.all([
          joinWrite(entries, a, ladderId, ['#A1']),
          joinWrite(entries, twice, ladderId, ['#T1']),
          joinWrite(entries, b, ladderId, ['#B1']),
          joinWrite(entries, twice, ladderId, ['#T2']),
        ]);
        expect(answers.map((e) => e && { rosterId: e.rosterId, playerTags: e.playerTags })).toEqual([
          { rosterId: a, playerTags: ['#A1'] },
          { rosterId: twice, playerTags: ['#T1'] },
          { rosterId: b, playerTags: ['#B1'] },
          null,
        ]);
        expect((await writtenBy(answers.flatMap((e) => (e ? [e.id] : [])))).size).toBe(1);
        const roster = createLadderRosterRepository(ctx.database.db);
        expect((await roster.findSelectedPlayers(twice))?.playerTags).toEqual(['#T2']);
        expect((await roster.findSelectedPlayers(b))?.playerTags).toEqual(['#B1']);
      });

      it('a join the database refuses fails alone: the others of its turn are written', async () => {
        const { ladderId } = await ladderSegment(ctx.database.db);
        const entries = repo();
        const [a, refused, c] = [randomUUID(), randomUUID(), randomUUID()];
        const settled = await Promise.allSettled([
          joinWrite(entries, a, ladderId, ['#A1']),
          // No such segment: the foreign key refuses this entry, and the batch's statement with it.
          joinWrite(entries, refused, randomUUID(), ['#R1']),
          joinWrite(entries, c, ladderId, ['#C1']),
        ]);
        expect(settled.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
        for (const [k, rosterId] of [
          [0, a],
          [2, c],
        ] as const) {
          const written = settled[k] as PromiseFulfilledResult<{ id: string; rosterId: string } | null>;
          expect(written.value?.rosterId).toBe(rosterId);
          expect((await entries.liveEntry(rosterId))?.id).toBe(written.value?.id);
        }
        expect(await entries.liveEntry(refused)).toBeNull();
        expect(await createLadderRosterRepository(ctx.database.db).findSelectedPlayers(refused)).toBeNull();
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
          const afterwards = await ctx.database.db.transaction((tx) =>
            repo().tryLockQueue(segmentId, 17, tx),
          );
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
  },
  // Without the app's matchmaker: its tick takes the lock of every queue with waiting entries, so it
  // could hold this file's queue at the moment a test asks for the lock (the advisory-lock case failed
  // once in a run of test/ladder, and passed alone and in the next run).
  { config: { ladder: { ...defaultLadderConfig(), workers: false } } },
);
