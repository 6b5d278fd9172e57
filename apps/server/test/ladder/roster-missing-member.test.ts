import { errorRouteFor } from '@cwh/domain';
import { and, count, eq, notInArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queueEntries } from '../../src/db/schema/ladder.js';
import { rosterMembers } from '../../src/db/schema/rosters.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { describeEachDatabase, TEST_NOW } from '../harness.js';
import { type Captain, createCaptains, ladderSegment } from './ladder-fixtures.js';
import { join, testClock } from './ladder-http.js';

const { clock } = testClock();

/** Spec 8, error 30 "roster missing member": a locked roster short of 5 live members cannot queue. */
describeEachDatabase(
  'queue join of a roster missing a member',
  (ctx) => {
    let captain: Captain;
    beforeAll(async () => {
      const segment = await ladderSegment(ctx.database.db);
      const captains = await createCaptains(ctx.database.db, {
        count: 1,
        parentSegmentId: segment.parentId,
        eventId: segment.eventId,
        now: TEST_NOW,
      });
      captain = captains[0]!;
    });

    it('answers 400 ROSTER_MISSING_MEMBER (→ /error/30) and queues nothing', async () => {
      // Staff removed members until four are left on the locked roster.
      const kept = captain.playerTags.slice(0, 4);
      await ctx.database.db
        .update(rosterMembers)
        .set({ removedAt: TEST_NOW })
        .where(and(eq(rosterMembers.rosterId, captain.rosterId), notInArray(rosterMembers.playerTag, kept)));
      // The captain still picks the five: one of them is no longer on the roster.
      const response = await join(ctx.app, captain);
      expect(response.statusCode).toBe(400);
      const error = response.json().errors[0];
      expect(error.code).toBe('ROSTER_MISSING_MEMBER');
      expect(errorRouteFor(400, error, { genericFallback: true })).toBe('/error/30');
      const entries = await ctx.database.db
        .select({ n: count() })
        .from(queueEntries)
        .where(eq(queueEntries.rosterId, captain.rosterId));
      expect(entries[0]!.n).toBe(0);
    });

    it('queues once the roster has its five again', async () => {
      await ctx.database.db
        .update(rosterMembers)
        .set({ removedAt: null })
        .where(eq(rosterMembers.rosterId, captain.rosterId));
      const response = await join(ctx.app, captain);
      expect(response.statusCode).toBe(200);
    });
  },
  {
    config: { ladder: { ...defaultLadderConfig(), workers: false } },
    deps: { now: () => clock.now },
  },
);
