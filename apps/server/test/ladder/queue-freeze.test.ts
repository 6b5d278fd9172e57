import { beforeAll, expect, it } from 'vitest';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { describeEachDatabase, TEST_NOW } from '../harness.js';
import { type Captain, createCaptains, insertWaitingEntries, ladderSegment } from './ladder-fixtures.js';
import { join, status } from './ladder-http.js';

/** More than the old tick batch (2,000 longest-waiting entries), which froze every newcomer. */
const UNPAIRABLE = 2_100;

const clock = { now: new Date(TEST_NOW) };

describeEachDatabase(
  'queue with more unpairable waiting entries than the old tick batch',
  (ctx) => {
    let captains: Captain[] = [];
    beforeAll(async () => {
      const segment = await ladderSegment(ctx.database.db);
      captains = await createCaptains(ctx.database.db, {
        count: 4,
        parentSegmentId: segment.parentId,
        eventId: segment.eventId,
        now: TEST_NOW,
      });
      // 2,100 older waiting entries, 2,100 points apart (> the widest band, 1000): none can ever pair,
      // nor with the captains (0 points). Bulk-inserted; roster ids are plain uuids.
      const rows = Array.from({ length: UNPAIRABLE }, (_, k) => ({
        points: 10_000 + k * 2_100,
        joinedAt: new Date(clock.now.getTime() - 300_000 + k),
      }));
      await insertWaitingEntries(ctx.database.db, segment.ladderId, rows, clock.now);
    });

    it('newcomer matching pairs the joiner with its one partner', async () => {
      const [a, b] = [captains[0]!, captains[1]!];
      expect((await join(ctx.app, a)).json().data.attributes.status).toBe('waiting');
      clock.now = new Date(clock.now.getTime() + 1_000);
      const joined = await join(ctx.app, b);
      expect(joined.json().data.attributes.status).toBe('waiting');
      const matchUpId = await ctx.app.ladder.matchNewcomer(joined.json().data.id);
      expect(matchUpId).toEqual(expect.any(String));
      expect((await status(ctx.app, a)).attributes.status).toBe('matched');
      expect((await status(ctx.app, b)).attributes.status).toBe('matched');
      // Nothing else is pairable.
      expect(await ctx.app.ladder.matchmake()).toBe(0);
    });

    it('the periodic tick considers every waiting entry, so the queue cannot freeze', async () => {
      const [c, d] = [captains[2]!, captains[3]!];
      expect((await join(ctx.app, c)).json().data.attributes.status).toBe('waiting');
      clock.now = new Date(clock.now.getTime() + 1_000);
      expect((await join(ctx.app, d)).json().data.attributes.status).toBe('waiting');
      expect(await ctx.app.ladder.matchmake()).toBe(1);
      expect((await status(ctx.app, c)).attributes.status).toBe('matched');
      expect((await status(ctx.app, d)).attributes.status).toBe('matched');
    });
  },
  {
    config: { ladder: { ...defaultLadderConfig(), workers: false } },
    deps: { now: () => clock.now },
  },
);
