import { API, segmentStandingListDocument } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { segments, stageOutcomes } from '../../src/db/schema/index.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { type Callers, call, createCallers } from '../admin/admin-fixtures.js';
import { describeEachDatabase } from '../harness.js';
import { createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';
import { copySegment, insertLadderSeries } from './stage-fixtures.js';

const T = API.tournaments;

interface AdvancementJson {
  roster: { id: string };
  rank: number;
  outcome: string;
  ruleId: string | null;
  nextSegment: { id: string } | null;
  nextSeed: number | null;
}

/**
 * POST /segments/{id}/advance of each kind of stage: a ladder by its default rule (no rules in the
 * body), a swiss stage by its early-exit statuses, and the refusals before a stage is decided.
 */
describeEachDatabase(
  'brackets: advancing a finished stage',
  (ctx) => {
    let callers: Callers;
    let rosterIds: string[] = [];
    let ladder = { ladderId: '', eventId: '' };
    let [mq, mf, cf, otherEventSegment] = ['', '', '', ''];
    const db = () => ctx.database.db;

    beforeAll(async () => {
      const found = await ladderSegment(db());
      ladder = { ladderId: found.ladderId, eventId: found.eventId };
      rosterIds = (
        await createCaptains(db(), {
          count: 4,
          offset: 7800,
          parentSegmentId: found.parentId,
          eventId: found.eventId,
          now: ctx.now,
        })
      ).map((c) => c.rosterId);
      callers = await createCallers(ctx);
      const slug = async (name: string) =>
        (await db().select().from(segments).where(eq(segments.slug, name)))[0]!.id;
      [mq, mf, cf] = [
        await slug('monthly-qualifier'),
        await slug('monthly-finals'),
        await slug('championship-finals'),
      ];
      otherEventSegment = (
        await db().select().from(segments).where(eq(segments.eventId, callers.otherEventId))
      )[0]!.id;
    });

    const advance = (segmentId: string, attributes: Record<string, unknown>, token = callers.tokens.admin) =>
      call(ctx.app, token, 'POST', `${T}/segments/${segmentId}/advance`, attributes);
    const results = (id: string, homeStars: number, awayStars: number) =>
      call(ctx.app, callers.tokens.admin, 'PATCH', `${T}/match-series/${id}/relationships/matches/results`, {
        homeStars,
        awayStars,
        reason: 'war log',
      });
    const outcomesOf = (segmentId: string) =>
      db().select().from(stageOutcomes).where(eq(stageOutcomes.segmentId, segmentId));
    const standingsOf = async (segmentId: string) => {
      const response = await call(ctx.app, null, 'GET', `${T}/segments/${segmentId}/standings`);
      expect(response.statusCode, response.body).toBe(200);
      return segmentStandingListDocument.parse(response.json()).data;
    };

    it('a ladder nobody has played has no rankings to advance (NO_RANKINGS)', async () => {
      // A ladder of its own (a copy of the open qualifier): the next case plays the seeded one.
      const unplayed = (await copySegment(db(), 'open-qualifier', 'advance-unplayed-ladder')).id;
      const response = await advance(unplayed, {});
      expect(response.statusCode).toBe(409);
      expect(response.json().errors[0]).toMatchObject({
        detail: 'Nobody played this stage',
        meta: { reason: 'NO_RANKINGS' },
      });
      expect(await outcomesOf(unplayed)).toEqual([]);
    });

    it('a played ladder sends its standings, best first, to the next stage by default (top 128); two calls at once decide it once', async () => {
      const [a, b, c, d] = rosterIds as [string, string, string, string];
      for (const [home, away, homeStars, awayStars] of [
        [a, b, 9, 5],
        [c, d, 9, 3],
      ] as const) {
        const id = await insertLadderSeries(db(), {
          ...ladder,
          segmentId: ladder.ladderId,
          home,
          away,
          now: ctx.now,
        });
        expect((await results(id, homeStars, awayStars)).statusCode).toBe(200);
      }
      const table = (await standingsOf(ladder.ladderId)).map((r) => r.attributes.roster.id);
      expect(new Set(table)).toEqual(new Set(rosterIds));

      // The organizer and the admin click at once: one decision, the other is told it was taken.
      const answers = await Promise.all([
        advance(ladder.ladderId, {}, callers.tokens.organizer),
        advance(ladder.ladderId, {}),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const refused = answers.find((r) => r.statusCode === 409)!;
      expect(refused.json().errors[0].meta.reason).toBe('ALREADY_ADVANCED');
      const decided = answers.find((r) => r.statusCode === 200)!;
      const outcomes = decided.json().data.map((d: { attributes: AdvancementJson }) => d.attributes);
      expect(outcomes).toEqual(
        table.map((rosterId, index) => ({
          roster: { id: rosterId },
          rank: index + 1,
          outcome: 'qualified',
          ruleId: 'ladder-top-128',
          nextSegment: { id: mq },
          nextSeed: index + 1,
          ticket: null,
        })),
      );
      const stored = await outcomesOf(ladder.ladderId);
      expect(stored.map((o) => [o.rosterId, o.rank, o.nextSegmentId, o.nextSeed]).sort()).toEqual(
        table.map((rosterId, index) => [rosterId, index + 1, mq, index + 1]).sort(),
      );
    });

    it('a stage segment without a stage is not finished', async () => {
      const response = await advance(cf, { rules: [{ nextSegmentId: mf, placements: [1] }] });
      expect(response.statusCode).toBe(409);
      expect(response.json().errors[0]).toMatchObject({
        detail: 'The stage is not finished',
        meta: { reason: 'STAGE_NOT_FINISHED' },
      });
    });

    it('an early-exit swiss stage advances once decided: its qualified teams by rank, the eliminated out', async () => {
      const created = await call(ctx.app, callers.tokens.admin, 'POST', `${T}/segments/${mq}/bracket`, {
        rosterIds,
        wins: 1,
        losses: 1,
      });
      expect(created.statusCode, created.body).toBe(201);
      const winners = [{ id: 'winners', nextSegmentId: mf, qualified: true }];
      const early = await advance(mq, { rules: winners });
      expect(early.statusCode).toBe(409);
      expect(early.json().errors[0]).toMatchObject({
        detail: 'The stage is not finished',
        meta: { reason: 'STAGE_NOT_FINISHED' },
      });

      const round1 = (
        await call(ctx.app, null, 'GET', `${T}/bracket/${created.json().data.id}/match-series?page[size]=50`)
      ).json().data as { id: string }[];
      expect(round1).toHaveLength(2);
      for (const series of round1) expect((await results(series.id, 9, 4)).statusCode).toBe(200);
      const table = (await standingsOf(mq)).flatMap((r) =>
        r.type === 'swiss-standings' ? [r.attributes] : [],
      );
      expect(table.map((r) => r.status)).toEqual(['qualified', 'qualified', 'eliminated', 'eliminated']);

      // Decided, but a swiss stage has no default rule (only a ladder has), and a rule stays in the event.
      const noRules = await advance(mq, {});
      expect(noRules.statusCode).toBe(400);
      expect(noRules.json().errors[0]).toMatchObject({
        detail: 'This segment needs explicit advance rules',
        source: { pointer: '/data/attributes/rules' },
      });
      const elsewhere = await advance(mq, { rules: [{ nextSegmentId: otherEventSegment, qualified: true }] });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().errors[0].source.pointer).toBe('/data/attributes/rules');
      expect(await outcomesOf(mq)).toEqual([]);

      const response = await advance(mq, { rules: winners });
      expect(response.statusCode, response.body).toBe(200);
      expect(
        response
          .json()
          .data.map((d: { attributes: AdvancementJson }) => [
            d.attributes.roster.id,
            d.attributes.rank,
            d.attributes.outcome,
            d.attributes.ruleId,
            d.attributes.nextSegment,
            d.attributes.nextSeed,
          ]),
      ).toEqual(
        table.map((row) =>
          row.status === 'qualified'
            ? [row.roster.id, row.rank, 'qualified', 'winners', { id: mf }, row.rank]
            : [row.roster.id, row.rank, 'eliminated', null, null, null],
        ),
      );
    });
  },
  // No background work: the check-in deadline jobs would forfeit the series these tests decide.
  { config: { ladder: { ...defaultLadderConfig(), workers: false } } },
);
