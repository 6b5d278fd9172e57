import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { rowsOf } from '../../src/db/rows.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { createQueueEntryRepository } from '../../src/features/ladder/queue/queue-entry-repository.js';
import { describeEachDatabase, itOnPostgres, TEST_NOW } from '../harness.js';
import { type Captain, gate, ladderCaptains } from './ladder-fixtures.js';
import { join, status, testClock } from './ladder-http.js';

/*
 * Two captains who join at the same moment must meet at once, not at the next tick. Newcomer
 * matching used to lock its partner with SKIP LOCKED: when each captain's matching held its own
 * entry, each skipped the other, and both waited for the periodic tick (MATCHMAKING_INTERVAL_MS).
 * Workers are off here, so only newcomer matching can pair them. PostgreSQL only: on PGlite's one
 * connection two transactions never overlap.
 */

const { clock, advance } = testClock();

describeEachDatabase(
  'newcomer matching under concurrent joins',
  (ctx) => {
    let captains: Captain[] = [];
    beforeAll(async () => {
      captains = await ladderCaptains(ctx.database.db, 12, { now: TEST_NOW });
    });

    const entryId = async (c: Captain) => {
      const response = await join(ctx.app, c);
      expect(response.statusCode).toBe(200);
      return response.json().data.id as string;
    };

    /** Sessions of this database blocked on a row lock right now. */
    const lockWaiters = async () =>
      Number(
        rowsOf<{ n: number }>(
          await ctx.database.db.execute(sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`),
        )[0]!.n,
      );

    itOnPostgres(
      ctx,
      'a newcomer waits for a partner that another transaction holds, and pairs with it once it is free',
      async () => {
        const [a, b] = [captains[0]!, captains[1]!];
        const aEntry = await entryId(a);
        const bEntry = await entryId(b);
        const held = gate();
        const locked = gate();
        // Stands for a's own newcomer matching: it holds a's entry and pairs nothing.
        const holder = ctx.database.db.transaction(async (tx) => {
          expect([
            ...(await createQueueEntryRepository(ctx.database.db).lockStillWaiting([aEntry], tx)),
          ]).toEqual([aEntry]);
          locked.release();
          await held.opened;
        });
        await locked.opened;
        let settled = false;
        const matching = ctx.app.ladder.matchNewcomer(bEntry).finally(() => {
          settled = true;
        });
        // Until b's matching either answers (the skipping behaviour) or blocks on a's row lock.
        for (let i = 0; i < 1_000 && !settled && (await lockWaiters()) === 0; i++) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        held.release();
        await holder;
        expect(await matching).toEqual(expect.any(String));
        expect((await status(ctx.app, a)).attributes.status).toBe('matched');
        expect((await status(ctx.app, b)).attributes.status).toBe('matched');
      },
    );

    itOnPostgres(
      ctx,
      'newcomers that lose their partner to another newcomer say so (the tick then pairs them), and the tick does',
      async () => {
        // a waits longest (the test clock moves a second between joins): b's and c's best partner.
        const [a, b, c, d] = [captains[8]!, captains[9]!, captains[10]!, captains[11]!];
        const joinedOneSecondLater = async (x: Captain) => {
          advance(1_000);
          return entryId(x);
        };
        const aEntry = await joinedOneSecondLater(a);
        const bEntry = await joinedOneSecondLater(b);
        const cEntry = await joinedOneSecondLater(c);
        await joinedOneSecondLater(d);
        const held = gate();
        const locked = gate();
        const holder = ctx.database.db.transaction(async (tx) => {
          await createQueueEntryRepository(ctx.database.db).lockStillWaiting([aEntry], tx);
          locked.release();
          await held.opened;
        });
        await locked.opened;
        const outcomes = Promise.all([
          ctx.app.ladder.newcomerOutcome(bEntry),
          ctx.app.ladder.newcomerOutcome(cEntry),
        ]);
        for (let i = 0; i < 1_000 && (await lockWaiters()) < 2; i++) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        held.release();
        await holder;
        const [bOut, cOut] = await outcomes;
        const winner = bOut.matchUpId ? bOut : cOut;
        const loser = bOut.matchUpId ? cOut : bOut;
        expect(winner).toEqual({ matchUpId: expect.any(String), contended: false });
        expect(loser).toEqual({ matchUpId: null, contended: true });
        expect((await status(ctx.app, a)).attributes.matchUpId).toBe(winner.matchUpId);
        // What the workers do on `contended`: one pass of the tick pairs the loser with d.
        expect(await ctx.app.ladder.matchmake()).toBe(1);
        const [dStatus, loserStatus] = [
          await status(ctx.app, d),
          await status(ctx.app, bOut.matchUpId ? c : b),
        ];
        expect(dStatus.attributes.status).toBe('matched');
        expect(loserStatus.attributes.matchUpId).toBe(dStatus.attributes.matchUpId);
      },
    );

    itOnPostgres(ctx, 'two captains matching at the same time are paired once, with each other', async () => {
      for (const [x, y] of [
        [captains[2]!, captains[3]!],
        [captains[4]!, captains[5]!],
        [captains[6]!, captains[7]!],
      ] as const) {
        const [xEntry, yEntry] = [await entryId(x), await entryId(y)];
        const ids = await Promise.all([
          ctx.app.ladder.matchNewcomer(xEntry),
          ctx.app.ladder.matchNewcomer(yEntry),
        ]);
        expect(ids.filter((id) => id !== null)).toHaveLength(1);
        const [xStatus, yStatus] = [await status(ctx.app, x), await status(ctx.app, y)];
        expect([xStatus.attributes.status, yStatus.attributes.status]).toEqual(['matched', 'matched']);
        expect(xStatus.attributes.matchUpId).toBe(ids.find((id) => id !== null));
        expect(yStatus.attributes.matchUpId).toBe(xStatus.attributes.matchUpId);
      }
    });
  },
  {
    config: { ladder: { ...defaultLadderConfig(), workers: false } },
    deps: { now: () => clock.now },
  },
);
