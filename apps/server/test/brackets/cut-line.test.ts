import { cutLineDocument } from '@cwh/contract';
import { ladderAdvanceTop } from '@cwh/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { events } from '../../src/db/schema/index.js';
import { ladderCut } from '../../src/features/brackets/cut-line-service.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { type Callers, call, createCallers } from '../admin/admin-fixtures.js';
import { describeEachDatabase } from '../harness.js';
import { createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';
import { copySegment, insertLadderSeries } from './stage-fixtures.js';

/**
 * The one cut-line rule (issue 37) on a real ladder: the standings order puts a first on star
 * difference, but a and c tie on points across a cut of 1 and c beat a, so c advances
 * (head-to-head), as the leaderboard and the advancement both read it.
 */
describeEachDatabase(
  'brackets: the cut line of a ladder',
  (ctx) => {
    let callers: Callers;
    let rosterIds: string[] = [];
    let ladderId = '';
    let eventId = '';
    const db = () => ctx.database.db;

    beforeAll(async () => {
      const found = await ladderSegment(db());
      ladderId = (await copySegment(db(), 'open-qualifier', 'cut-line-ladder')).id;
      eventId = found.eventId;
      rosterIds = (
        await createCaptains(db(), {
          count: 4,
          offset: 7900,
          parentSegmentId: found.parentId,
          eventId: found.eventId,
          now: ctx.now,
        })
      ).map((c) => c.rosterId);
      callers = await createCallers(ctx);
      const [a, b, c] = rosterIds as [string, string, string];
      for (const [home, away, homeStars, awayStars] of [
        [a, b, 9, 3],
        [c, a, 9, 8],
      ] as const) {
        const id = await insertLadderSeries(db(), {
          eventId: found.eventId,
          segmentId: ladderId,
          home,
          away,
          now: ctx.now,
        });
        const response = await call(
          ctx.app,
          callers.tokens.admin,
          'PATCH',
          `/api/tournaments/1.0/match-series/${id}/relationships/matches/results`,
          { homeStars, awayStars, reason: 'war log' },
        );
        expect(response.statusCode, response.body).toBe(200);
      }
    });

    it('ties on points across the cut go by head-to-head: c advances over a, who leads on stars', async () => {
      const [a, b, c] = rosterIds as [string, string, string];
      const cut = await ladderCut(db(), ladderId, 1);
      expect(cut.tiedPoints).toBe(3);
      expect(cut.tied.map((row) => [row.rosterId, row.advances, row.decidedBy, row.headToHead])).toEqual([
        [c, true, 'headToHead', 3],
        [a, false, null, 0],
      ]);
      expect(cut.rankings.slice(0, 3)).toEqual([
        { rosterId: c, rank: 1 },
        { rosterId: a, rank: 2 },
        { rosterId: b, rank: 3 },
      ]);
    });

    it("GET /segments/{id}/cut-line (anyone): the event's cut, no tie across it here; a stage segment has none (400)", async () => {
      const [event] = await db().select().from(events).where(eq(events.id, eventId));
      const response = await call(ctx.app, null, 'GET', `/api/tournaments/1.0/segments/${ladderId}/cut-line`);
      expect(response.statusCode, response.body).toBe(200);
      expect(cutLineDocument.parse(response.json()).data.attributes).toEqual({
        top: ladderAdvanceTop(event!.competition),
        tiedPoints: null,
        tied: [],
      });
      const stage = await copySegment(db(), 'monthly-qualifier', 'cut-line-stage');
      const refused = await call(ctx.app, null, 'GET', `/api/tournaments/1.0/segments/${stage.id}/cut-line`);
      expect(refused.statusCode).toBe(400);
    });

    it('no tie across the cut: the standings order stands', async () => {
      const cut = await ladderCut(db(), ladderId, 2);
      expect(cut.tiedPoints).toBeNull();
      expect(cut.tied).toEqual([]);
      expect(
        cut.rankings
          .slice(0, 2)
          .map((r) => r.rosterId)
          .sort(),
      ).toEqual([rosterIds[0], rosterIds[2]].sort());
    });
  },
  { config: { ladder: { ...defaultLadderConfig(), workers: false } } },
);
