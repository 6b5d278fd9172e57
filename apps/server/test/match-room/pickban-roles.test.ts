import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pickbanChallenges, segmentVetoes } from '../../src/db/schema/pickban.js';
import { type Callers, call, expectedStatus, ORGANIZERS, ROLES } from '../admin/admin-fixtures.js';
import { stageSegment } from '../checkins/checkins-fixtures.js';
import { describeEachDatabase, TEST_NOW } from '../harness.js';

import { BAN_BAN_PICK_PICK, P, pickbanFixture, refusal } from './pickban-fixtures.js';

/** Pick and ban (spec 7, #13): the role tables and the setup refusals. */
let clock = TEST_NOW;

describeEachDatabase(
  'pick and ban: role × action and setup refusals',
  (ctx) => {
    const { setup, nextStage, vetoSeries, vote, votesIn } = pickbanFixture(ctx);
    let admin = '';
    let callers: Callers;
    let categoryId = '';
    let itemIds: string[] = [];
    beforeAll(() => {
      ({ admin, callers, categoryId, itemIds } = setup);
    });
    beforeEach(() => {
      clock = TEST_NOW;
    });

    describe('role × action', () => {
      it.each(ROLES)(
        'GET /challenges?filter[matchSeries.id] as %s: a running veto is for insiders',
        async (role) => {
          const s = await vetoSeries();
          const response = await call(
            ctx.app,
            callers.tokens[role],
            'GET',
            `${P}/challenges?filter[matchSeries.id]=${s.series.id}`,
          );
          // Anyone may ask; only organizers of the event and admins (besides the two captains) see
          // the open challenge, the others get the series' closed challenges: none yet.
          expect(response.statusCode).toBe(200);
          expect(response.json().data.map((c: { id: string }) => c.id)).toEqual(
            expectedStatus(role, ORGANIZERS, 200) === 200 ? [s.challenge.id] : [],
          );
          if (expectedStatus(role, ORGANIZERS, 200) === 200) {
            expect(response.json().data[0]).toMatchObject({ attributes: { mySide: null } });
          }
        },
      );

      it('the captain of another match cannot read a running veto, sees a closed one; an unknown series is 404', async () => {
        const s = await vetoSeries();
        const path = `${P}/challenges?filter[matchSeries.id]=${s.series.id}`;
        const other = await call(ctx.app, s.stranger.token, 'GET', path);
        expect(other.statusCode).toBe(200);
        expect(other.json().data).toEqual([]);
        await ctx.database.db
          .update(pickbanChallenges)
          .set({ status: 'closed' })
          .where(eq(pickbanChallenges.id, s.challenge.id));
        for (const token of [s.stranger.token, null]) {
          const closed = await call(ctx.app, token, 'GET', path);
          expect(closed.statusCode).toBe(200);
          expect(closed.json().data).toMatchObject([
            { id: s.challenge.id, attributes: { status: 'closed', mySide: null } },
          ]);
        }
        const badToken = await call(ctx.app, 'not-a-token', 'GET', path);
        expect(refusal(badToken)).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
        const unknown = await call(
          ctx.app,
          s.stranger.token,
          'GET',
          `${P}/challenges?filter[matchSeries.id]=00000000-0000-4000-8000-000000000001`,
        );
        expect(refusal(unknown)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      });

      it.each(ROLES)('POST /challenges/{id}/vote as %s: only the captains vote', async (role) => {
        const s = await vetoSeries();
        const response = await vote(callers.tokens[role], s.challenge.id, [itemIds[0]!]);
        expect(refusal(response)).toMatchObject(
          role === 'anonymous'
            ? { status: 401, code: 'UNAUTHENTICATED' }
            : { status: 403, code: 'NOT_ROSTER_OWNER', reason: 'VETO_NOT_A_PARTICIPANT' },
        );
        expect(await votesIn(s.challenge.id)).toBe(0);
      });

      it.each(ROLES)('setup (categories, items, segment veto) as %s', async (role) => {
        const token = callers.tokens[role];
        const segmentId = await stageSegment(ctx.database.db, `pb-role-${nextStage()}`, {
          monthlyQualifier: true,
        });
        const veto = await call(ctx.app, token, 'PUT', `${P}/segments/${segmentId}/veto`, {
          categoryId,
          steps: BAN_BAN_PICK_PICK,
          starter: 'home',
        });
        expect(veto.statusCode).toBe(expectedStatus(role, ORGANIZERS, 200));
        const read = await call(ctx.app, token, 'GET', `${P}/segments/${segmentId}/veto`);
        expect(read.statusCode).toBe(expectedStatus(role, ORGANIZERS, 200));
        if (read.statusCode === 200) {
          expect(read.json().data.attributes).toEqual({
            segmentId,
            categoryId,
            steps: BAN_BAN_PICK_PICK,
            starter: 'home',
            turnSeconds: 60,
          });
        }
        const written = await ctx.database.db
          .select()
          .from(segmentVetoes)
          .where(eq(segmentVetoes.segmentId, segmentId));
        expect(written).toHaveLength(veto.statusCode === 200 ? 1 : 0);
        const category = await call(ctx.app, token, 'POST', `${P}/categories`, {
          eventId: callers.eventId,
          name: `By ${role}`,
        });
        expect(category.statusCode).toBe(expectedStatus(role, ORGANIZERS, 201));
        const item = await call(ctx.app, token, 'POST', `${P}/items`, {
          categoryId,
          name: `By ${role}`,
          sortOrder: 100,
        });
        expect(item.statusCode).toBe(expectedStatus(role, ORGANIZERS, 201));
      });
    });

    describe('setup refusals', () => {
      it('an order the category cannot satisfy, a category of another event, an unknown segment', async () => {
        const segmentId = await stageSegment(ctx.database.db, `pb-bad-${nextStage()}`, {
          monthlyQualifier: true,
        });
        const put = (attributes: Record<string, unknown>, id = segmentId) =>
          call(ctx.app, admin, 'PUT', `${P}/segments/${id}/veto`, { starter: 'home', ...attributes });
        const tooMany = await put({ categoryId, steps: [{ action: 'ban', count: 20 }] });
        expect(refusal(tooMany)).toEqual({
          status: 400,
          code: 'VALIDATION_FAILED',
          reason: 'VETO_INVALID_SETUP',
        });
        const foreign = await call(
          ctx.app,
          callers.tokens['organizer of another event'],
          'POST',
          `${P}/categories`,
          {
            eventId: callers.otherEventId,
            name: 'Cup rules',
          },
        );
        expect(foreign.statusCode).toBe(201);
        const wrongEvent = await put({ categoryId: foreign.json().data.id, steps: BAN_BAN_PICK_PICK });
        expect(refusal(wrongEvent)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
        const unknown = await put(
          { categoryId, steps: BAN_BAN_PICK_PICK },
          '00000000-0000-4000-8000-000000000001',
        );
        expect(refusal(unknown)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
        const rows = await ctx.database.db
          .select()
          .from(segmentVetoes)
          .where(eq(segmentVetoes.segmentId, segmentId));
        expect(rows).toEqual([]);
        expect(refusal(await call(ctx.app, admin, 'GET', `${P}/segments/${segmentId}/veto`))).toMatchObject({
          status: 404,
          code: 'NOT_FOUND',
        });
      });
    });
  },
  { deps: { now: () => clock } },
);
