import { API } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { matchSeries } from '../../src/db/schema/ladder.js';
import { pickbanChallenges } from '../../src/db/schema/pickban.js';
import { openAwaitingChallenges } from '../../src/features/match-room/pickban-service.js';
import { type Callers, call } from '../admin/admin-fixtures.js';
import { stageSegment, stageSeries } from '../checkins/checkins-fixtures.js';
import { describeEachDatabase, TEST_NOW } from '../harness.js';
import type { Captain } from '../ladder/ladder-fixtures.js';

import { BAN_BAN_PICK_PICK, P, pickbanFixture, refusal, START } from './pickban-fixtures.js';

/** Pick and ban (spec 7, #13): the categories and items, and the challenge a stage series opens. */
let clock = TEST_NOW;

describeEachDatabase(
  'pick and ban',
  (ctx) => {
    const { setup, sent, nextStage, vetoSeries } = pickbanFixture(ctx);
    let admin = '';
    let callers: Callers;
    let organizer = '';
    let captains: Captain[] = [];
    let categoryId = '';
    let itemIds: string[] = [];
    beforeAll(() => {
      ({ admin, callers, organizer, captains, categoryId, itemIds } = setup);
    });
    beforeEach(() => {
      clock = TEST_NOW;
    });

    describe('categories and items', () => {
      it('GET /categories: public, filtered by event', async () => {
        const all = await call(ctx.app, null, 'GET', `${P}/categories?filter[event.id]=${callers.eventId}`);
        expect(all.statusCode).toBe(200);
        expect(all.json().data).toContainEqual({
          id: categoryId,
          type: 'categories',
          attributes: { name: 'War rules', sortOrder: 1, eventId: callers.eventId },
        });
        const other = await call(
          ctx.app,
          null,
          'GET',
          `${P}/categories?filter[event.id]=${callers.otherEventId}`,
        );
        expect(other.json().data.map((c: { id: string }) => c.id)).not.toContain(categoryId);
      });

      it('GET /items: by category, sort=sortOrder (either way), paged', async () => {
        const url = `${P}/items?filter[category.id]=${categoryId}&sort=sortOrder`;
        const first = await call(ctx.app, null, 'GET', `${url}&page[size]=4`);
        expect(first.statusCode).toBe(200);
        expect(first.json().data.map((i: { id: string }) => i.id)).toEqual(itemIds.slice(0, 4));
        expect(first.json().meta.page).toEqual({ number: 1, size: 4, total: 6, totalPages: 2 });
        expect(first.json().data[0].attributes).toEqual({
          name: 'Rule 1',
          description: 'No heroes',
          sortOrder: 1,
          categoryId,
        });
        const second = await call(ctx.app, null, 'GET', `${url}&page[size]=4&page[number]=2`);
        expect(second.json().data.map((i: { id: string }) => i.id)).toEqual(itemIds.slice(4));
        const down = await call(
          ctx.app,
          null,
          'GET',
          `${P}/items?filter[category.id]=${categoryId}&sort=-sortOrder`,
        );
        expect(down.json().data.map((i: { id: string }) => i.id)).toEqual([...itemIds].reverse());
        expect(refusal(await call(ctx.app, null, 'GET', `${P}/items?sort=name`))).toMatchObject({
          status: 400,
          code: 'VALIDATION_FAILED',
        });
      });
    });

    describe('a challenge opens with the stage series', () => {
      it('the higher seed starts; the pool is the category in sort order; both captains are told', async () => {
        const s = await vetoSeries();
        const topSide = s.series.home === s.topSeed ? 'home' : 'away';
        expect(s.challenge.attributes).toMatchObject({
          status: 'open',
          matchSeriesId: s.series.id,
          categoryId,
          starter: topSide,
          turn: topSide,
          currentStep: 0,
          pool: itemIds,
          remaining: itemIds,
          banned: [],
          picked: [],
          votes: [],
          mySide: 'home',
          turnEndsAt: new Date(TEST_NOW.getTime() + 60_000).toISOString().replace('.000', ''),
        });
        expect(s.challenge.attributes.steps.map((step) => step.side)).toEqual(
          topSide === 'home' ? ['home', 'away', 'home', 'away'] : ['away', 'home', 'away', 'home'],
        );
        const told = sent.filter((n) => n.event === 'pickban:challenge_updated');
        expect(told.map((n) => n.userId).sort()).toEqual([s.series.home.userId, s.series.away.userId].sort());
        expect(told[0]!.data).toEqual({
          challenge: { id: s.challenge.id },
          matchSeries: { id: s.series.id },
          step: null,
          status: 'open',
        });
      });

      it('starter "home": the home side starts whatever the seeds', async () => {
        const s = await vetoSeries({ starter: 'home' });
        expect(s.challenge.attributes.starter).toBe('home');
      });

      it('a segment without a veto opens nothing', async () => {
        const segmentId = await stageSegment(ctx.database.db, `pb-none-${nextStage()}`, {
          monthlyQualifier: true,
        });
        const series = await stageSeries(ctx.app, admin, segmentId, [captains[20]!, captains[21]!], START);
        const read = await call(
          ctx.app,
          series.home.token,
          'GET',
          `${P}/challenges?filter[matchSeries.id]=${series.id}`,
        );
        expect(read.json().data).toEqual([]);
      });

      it('double elimination: the next nodes open once their teams are known from the results', async () => {
        const db = ctx.database.db;
        const segmentId = await stageSegment(db, `pb-de-${nextStage()}`, {
          monthlyQualifier: true,
          doubleElimination: true,
        });
        const set = await call(ctx.app, organizer, 'PUT', `${P}/segments/${segmentId}/veto`, {
          categoryId,
          steps: BAN_BAN_PICK_PICK,
          starter: 'higher_seed',
        });
        expect(set.statusCode).toBe(200);
        const four = captains.slice(0, 4);
        const created = await call(
          ctx.app,
          admin,
          'POST',
          `${API.tournaments}/segments/${segmentId}/bracket`,
          {
            rosterIds: four.map((c) => c.rosterId),
            startsAt: START.toISOString(),
          },
        );
        expect(created.statusCode).toBe(201);
        const opened = async () =>
          db
            .select({ series: pickbanChallenges.matchSeriesId })
            .from(pickbanChallenges)
            .innerJoin(matchSeries, eq(matchSeries.id, pickbanChallenges.matchSeriesId))
            .where(eq(matchSeries.segmentId, segmentId));
        const first = await opened();
        expect(first).toHaveLength(2);
        for (const { series } of first) {
          const result = await call(
            ctx.app,
            admin,
            'PATCH',
            `${API.tournaments}/match-series/${series}/relationships/matches/results`,
            { reason: 'organizer result', homeStars: 9, awayStars: 3 },
          );
          expect(result.statusCode).toBe(200);
        }
        // The upper final (the winners) and the lower round (the losers) now have their teams.
        expect(await opened()).toHaveLength(4);
      });

      it('a veto set after the series exist: opened at start (the seeded stages), once', async () => {
        const segmentId = await stageSegment(ctx.database.db, `pb-late-${nextStage()}`, {
          monthlyQualifier: true,
        });
        const series = await stageSeries(ctx.app, admin, segmentId, [captains[22]!, captains[23]!], START);
        const set = await call(ctx.app, organizer, 'PUT', `${P}/segments/${segmentId}/veto`, {
          categoryId,
          steps: [{ action: 'ban', count: 2 }],
          starter: 'home',
        });
        expect(set.json().data.attributes.turnSeconds).toBe(60);
        expect(await openAwaitingChallenges(ctx.app.pickban.deps)).toBeGreaterThanOrEqual(1);
        expect(await openAwaitingChallenges(ctx.app.pickban.deps)).toBe(0);
        const rows = await ctx.database.db
          .select()
          .from(pickbanChallenges)
          .where(eq(pickbanChallenges.matchSeriesId, series.id));
        expect(rows).toHaveLength(1);
      });
    });
  },
  { deps: { now: () => clock } },
);
