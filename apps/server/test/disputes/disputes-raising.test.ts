import { DISPUTE_UPDATED_EVENT } from '@cwh/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityLog } from '../../src/db/schema/admin.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { type Callers, call } from '../admin/admin-fixtures.js';
import { MINUTE } from '../checkins/checkins-fixtures.js';
import { JPEG_16 } from '../fixtures/images.js';
import { describeEachDatabase, TEST_NOW } from '../harness.js';

import {
  disputesFixture,
  EVERYONE,
  expected,
  jpegWithExif,
  refusal,
  STAFF,
  T,
  UNKNOWN,
} from './disputes-fixtures.js';

/** Disputes and attachments (#13): disputing a result, its refusals, the window and the role × action table. */
let clock = TEST_NOW;

describeEachDatabase(
  'disputes and attachments: disputing a result',
  (ctx) => {
    const { setup, sent, played, upload, dispute, resolve, disputesIn, logOf, seriesDoc, tokenOf } =
      disputesFixture(ctx);
    let callers: Callers;
    let organizer = '';
    beforeAll(() => {
      ({ callers, organizer } = setup);
    });
    beforeEach(() => {
      clock = TEST_NOW;
    });

    describe('disputing a result', () => {
      it('a captain disputes with a reason and a screenshot: flagged, logged, both captains told', async () => {
        const s = await played();
        const shot = (await upload(s.away.token, s.id, jpegWithExif())).json().data.id;
        clock = new Date(TEST_NOW.getTime() + 30 * MINUTE);
        const made = await dispute(s.away.token, s.id, {
          reason: '  Their last attack was after the war ended  ',
          attachmentIds: [shot, shot],
        });
        expect(made.statusCode, made.body).toBe(201);
        const d = made.json().data;
        expect(d.attributes).toMatchObject({
          matchSeriesId: s.id,
          eventId: callers.eventId,
          segmentId: s.segmentId,
          side: 'away',
          status: 'open',
          reason: 'Their last attack was after the war ended',
          attachmentIds: [shot],
          openedBy: { id: s.away.userId },
          resolvedAt: null,
          series: { state: 'finished', home: { score: 3 }, away: { score: 1 } },
        });
        expect((await seriesDoc(s.id)).disputed).toBe(true);
        const told = sent.filter((n) => n.event === DISPUTE_UPDATED_EVENT);
        expect(told.map((n) => n.userId).sort()).toEqual([s.home.userId, s.away.userId].sort());
        expect(told[0]!.data).toEqual({ dispute: { id: d.id }, matchSeries: { id: s.id }, status: 'open' });
        const [entry] = await logOf(s.id, 'match-series.dispute.open');
        expect(entry).toMatchObject({ userId: s.away.userId, eventId: callers.eventId });
        // Both captains read it; the window meta says no second dispute now.
        const read = await call(ctx.app, s.home.token, 'GET', `${T}/match-series/${s.id}/disputes`);
        expect(read.statusCode).toBe(200);
        expect(read.json().data.map((x: { id: string }) => x.id)).toEqual([d.id]);
        expect(read.json().meta).toEqual({
          windowMinutes: 60,
          windowEndsAt: '2026-03-15T13:00:00Z',
          canDispute: false,
          side: 'home',
        });
      });

      it('refusals: no result, bad input, outside the window, already open; nothing is written', async () => {
        const open = await played({ open: true });
        const before = (await logOf(open.id)).length;
        expect(refusal(await dispute(open.home.token, open.id, { reason: 'x' }))).toMatchObject({
          status: 409,
          code: 'DISPUTE_NO_RESULT',
        });
        const s = await played();
        const other = await played();
        const foreign = (await upload(other.home.token, other.id, JPEG_16)).json().data.id;
        const cases: [string, Record<string, unknown>, Partial<ReturnType<typeof refusal>>][] = [
          ['no reason', { reason: '   ' }, { status: 400, code: 'VALIDATION_FAILED' }],
          ['a reason too long', { reason: 'x'.repeat(1001) }, { status: 400, code: 'VALIDATION_FAILED' }],
          ['an unknown attribute', { reason: 'x', winner: 'us' }, { status: 400, code: 'VALIDATION_FAILED' }],
          [
            'an id that is no id',
            { reason: 'x', attachmentIds: ['1'] },
            { status: 400, code: 'VALIDATION_FAILED' },
          ],
          [
            'too many screenshots',
            { reason: 'x', attachmentIds: Array.from({ length: 6 }, () => foreign) },
            { status: 400, code: 'VALIDATION_FAILED' },
          ],
          [
            'a screenshot of another match',
            { reason: 'x', attachmentIds: [foreign] },
            { status: 400, code: 'VALIDATION_FAILED', pointer: '/data/attributes/attachmentIds/0' },
          ],
        ];
        for (const [why, body, want] of cases)
          expect(refusal(await dispute(s.home.token, s.id, body)), why).toMatchObject(want);
        clock = new Date(TEST_NOW.getTime() + 60 * MINUTE);
        expect(refusal(await dispute(s.home.token, s.id, { reason: 'late' }))).toMatchObject({
          status: 409,
          code: 'DISPUTE_WINDOW_CLOSED',
        });
        expect(await disputesIn(s.id)).toBe(0);
        expect(await disputesIn(open.id)).toBe(0);
        expect((await logOf(open.id)).length).toBe(before);
        expect(await logOf(s.id, 'match-series.dispute.open')).toHaveLength(0);
        expect((await seriesDoc(s.id)).disputed).toBe(false);
        clock = TEST_NOW;
        expect((await dispute(s.home.token, s.id, { reason: 'first' })).statusCode).toBe(201);
        expect(refusal(await dispute(s.away.token, s.id, { reason: 'second' }))).toMatchObject({
          status: 409,
          code: 'DISPUTE_ALREADY_OPEN',
        });
        expect(await disputesIn(s.id)).toBe(1);
        expect(refusal(await dispute(s.home.token, UNKNOWN, { reason: 'x' }))).toMatchObject({ status: 404 });
      });

      it("the organizer's window: 0 turns disputes off, a longer one lets a later dispute in", async () => {
        const s = await played();
        const url = `${T}/segments/${s.segmentId}/dispute-settings`;
        const read = await call(ctx.app, organizer, 'GET', url);
        expect(read.json().data.attributes).toEqual({ disputeWindowMinutes: 60, isDefault: true });
        expect((await call(ctx.app, organizer, 'PUT', url, { disputeWindowMinutes: 0 })).statusCode).toBe(
          200,
        );
        expect(refusal(await dispute(s.home.token, s.id, { reason: 'x' }))).toMatchObject({
          code: 'DISPUTE_WINDOW_CLOSED',
        });
        expect((await call(ctx.app, organizer, 'PUT', url, { disputeWindowMinutes: 180 })).statusCode).toBe(
          200,
        );
        clock = new Date(TEST_NOW.getTime() + 120 * MINUTE);
        expect((await dispute(s.home.token, s.id, { reason: 'late but in time' })).statusCode).toBe(201);
        // Back to the time the organizer signed in (their access token is short-lived).
        clock = TEST_NOW;
        expect((await call(ctx.app, organizer, 'GET', url)).json().data.attributes).toEqual({
          disputeWindowMinutes: 180,
          isDefault: false,
        });
        const entries = await ctx.database.db
          .select()
          .from(activityLog)
          .where(
            and(
              eq(activityLog.targetId, s.segmentId),
              eq(activityLog.action, 'segment.dispute-settings.update'),
            ),
          );
        expect(entries.map((e) => e.after)).toEqual([
          { disputeWindowMinutes: 0 },
          { disputeWindowMinutes: 180 },
        ]);
        for (const bad of [-1, 10081, 1.5, '60'])
          expect((await call(ctx.app, organizer, 'PUT', url, { disputeWindowMinutes: bad })).statusCode).toBe(
            400,
          );
      });

      it('role × action: dispute and the dispute settings', async () => {
        const s = await played();
        const url = `${T}/segments/${s.segmentId}/dispute-settings`;
        for (const role of EVERYONE) {
          const token = tokenOf(role, s);
          const answer = await dispute(token, s.id, { reason: 'we won' });
          const captain = role === 'home captain' || role === 'away captain';
          expect(answer.statusCode, `${role} dispute`).toBe(role === 'anonymous' ? 401 : captain ? 201 : 403);
          if (answer.statusCode === 403) expect(refusal(answer).code, role).toBe('NOT_ROSTER_OWNER');
          // Close it so the next caller meets the same state (no open dispute).
          if (answer.statusCode === 201)
            await resolve(organizer, answer.json().data.id, { resolution: 'upheld', note: 'stands' });
          const put = await call(ctx.app, token, 'PUT', url, { disputeWindowMinutes: 60 });
          expect(put.statusCode, `${role} settings`).toBe(expected(role, STAFF, 200));
          const get = await call(ctx.app, token, 'GET', url);
          expect(get.statusCode, `${role} read settings`).toBe(expected(role, STAFF, 200));
        }
        expect(await disputesIn(s.id)).toBe(2);
      });
    });
  },
  // No workers: the series start (START) is before the clock, so a no-show job polled in the middle of
  // a test would forfeit the series the test is about to finish (a flake seen on a loaded machine).
  { config: { ladder: { ...defaultLadderConfig(), workers: false } }, deps: { now: () => clock } },
);
