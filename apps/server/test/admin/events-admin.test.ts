import { eventDocument, segmentListDocument } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog, rosters } from '../../src/db/schema/index.js';
import { describeEachDatabase } from '../harness.js';
import {
  ADMIN_ONLY,
  type Callers,
  call,
  createCallers,
  eventInput,
  expectedStatus,
  ORGANIZERS,
  ROLES,
  T,
} from './admin-fixtures.js';

describeEachDatabase('event administration', (ctx) => {
  let callers: Callers;
  let adminToken: string;
  beforeAll(async () => {
    callers = await createCallers(ctx);
    adminToken = callers.tokens.admin!;
  });
  const newEvent = async () => {
    const response = await call(ctx.app, adminToken, 'POST', `${T}/events`, eventInput());
    return response.json().data.id as string;
  };

  describe('role × action', () => {
    // Each row: the call and who may make it. Mutations that succeed get a fresh target.
    const ACTIONS = [
      {
        action: 'POST /events',
        allowed: ADMIN_ONLY,
        ok: 201,
        run: (token: string | null) => call(ctx.app, token, 'POST', `${T}/events`, eventInput()),
      },
      {
        action: 'PUT /events/{id} (organizer’s event)',
        allowed: ORGANIZERS,
        ok: 200,
        run: (token: string | null) =>
          call(ctx.app, token, 'PUT', `${T}/events/${callers.eventId}`, eventInput({ name: 'Renamed' })),
      },
      {
        action: 'POST /events/{id}/clone',
        allowed: ORGANIZERS,
        ok: 201,
        run: (token: string | null) =>
          call(ctx.app, token, 'POST', `${T}/events/${callers.eventId}/clone`, {
            name: 'Clone',
            offset: { months: 1 },
          }),
      },
      {
        action: 'DELETE /events/{id}',
        allowed: ADMIN_ONLY,
        ok: 204,
        run: async (token: string | null) =>
          call(ctx.app, token, 'DELETE', `${T}/events/${await newEvent()}`),
      },
    ];
    for (const { action, allowed, ok, run } of ACTIONS) {
      it.each(ROLES)(`${action} as %s`, async (role) => {
        const response = await run(callers.tokens[role]);
        expect(response.statusCode, response.body).toBe(expectedStatus(role, allowed, ok));
        if (response.statusCode >= 400)
          expect(response.json().errors[0].code).toMatch(/UNAUTHENTICATED|FORBIDDEN/);
      });
    }
  });

  it('creates an event and writes one activity-log entry with the after state', async () => {
    const response = await call(
      ctx.app,
      adminToken,
      'POST',
      `${T}/events`,
      eventInput({ name: 'Audited Cup' }),
    );
    expect(response.statusCode).toBe(201);
    const event = eventDocument.parse(response.json()).data;
    expect(event.attributes).toMatchObject({ name: 'Audited Cup', date: eventInput().date });
    const entries = await ctx.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.targetId, event.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'event.create',
      userId: callers.ids.admin,
      eventId: event.id,
    });
    expect(entries[0]!.after).toMatchObject({ name: 'Audited Cup' });
  });

  it('refuses dates with milliseconds, an inverted range and an unknown competition, naming the fields', async () => {
    const response = await call(
      ctx.app,
      adminToken,
      'POST',
      `${T}/events`,
      eventInput({
        date: { from: '2026-04-01T00:00:00.000Z', to: '2026-03-01T00:00:00Z' },
        competition: 'x',
      }),
    );
    expect(response.statusCode).toBe(400);
    const pointers = response.json().errors.map((e: { source: { pointer: string } }) => e.source.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining(['/data/attributes/date/from', '/data/attributes/competition']),
    );
  });

  /** The segments of an event, as the admin reads them. */
  const segmentsOf = async (eventId: string) =>
    segmentListDocument.parse(
      (await call(ctx.app, adminToken, 'GET', `${T}/events/${eventId}/segments?page[size]=100`)).json(),
    ).data;

  it('clones a season one month later: segments, phases, check-in windows and advance rules shifted', async () => {
    // The seeded season announces no prizes (spec 9): the source gets some so the copy can keep them.
    const prizes = {
      currency: 'USD',
      pool: 700_000,
      placements: [{ placement: 1, placementTo: 1, amount: 300_000 }],
    };
    const withPrizes = await call(
      ctx.app,
      adminToken,
      'PUT',
      `${T}/events/${callers.eventId}`,
      eventInput({ name: 'Championship', prizes }),
    );
    expect(withPrizes.statusCode, withPrizes.body).toBe(200);
    const source = eventDocument.parse(
      (await call(ctx.app, adminToken, 'GET', `${T}/events/${callers.eventId}`)).json(),
    ).data;
    const sourceSegments = await segmentsOf(callers.eventId);
    const [first, second] = sourceSegments;
    const rule = await call(
      ctx.app,
      adminToken,
      'POST',
      `${T}/events/${callers.eventId}/segments/${first!.id}/advance-rules`,
      { placements: [1, 2, 3], nextSegmentId: second!.id },
    );
    expect(rule.statusCode).toBe(201);

    const cloned = await call(
      ctx.app,
      callers.tokens.organizer,
      'POST',
      `${T}/events/${callers.eventId}/clone`,
      {
        name: 'Championship next month',
        offset: { months: 1 },
      },
    );
    expect(cloned.statusCode).toBe(201);
    const copy = eventDocument.parse(cloned.json()).data;
    expect(copy.id).not.toBe(source.id);
    expect(copy.attributes.name).toBe('Championship next month');
    expect(source.attributes.prizes).not.toBeNull();
    expect(copy.attributes.prizes).toEqual(source.attributes.prizes);
    expect(Date.parse(copy.attributes.date.from)).toBeGreaterThan(Date.parse(source.attributes.date.from));
    const copies = await segmentsOf(copy.id);
    expect(copies.map((s) => s.attributes.name).sort()).toEqual(
      sourceSegments.map((s) => s.attributes.name).sort(),
    );
    const original = new Date(first!.attributes.date.from);
    const expected = new Date(original);
    expected.setUTCMonth(original.getUTCMonth() + 1);
    const firstCopy = copies.find(
      (s) => s.attributes.name === first!.attributes.name && s.attributes.level === first!.attributes.level,
    )!;
    expect(firstCopy.attributes.date.from).toBe(expected.toISOString().replace('.000Z', 'Z'));
    // The copied rule points at the copy of the next segment, not at last season's.
    const rules = (
      await call(ctx.app, adminToken, 'GET', `${T}/events/${copy.id}/segments/${firstCopy.id}/advance-rules`)
    ).json().data;
    const secondCopy = copies.find(
      (s) => s.attributes.name === second!.attributes.name && s.attributes.level === second!.attributes.level,
    )!;
    expect(rules).toEqual([
      {
        id: expect.any(String),
        type: 'advance-rules',
        attributes: { placements: [1, 2, 3], nextSegmentId: secondCopy.id },
      },
    ]);
    // The organizer who cloned it runs the copy.
    const edit = await call(ctx.app, callers.tokens.organizer, 'PUT', `${T}/events/${copy.id}`, eventInput());
    expect(edit.statusCode).toBe(200);
  });

  it('answers 404 when updating an unknown event', async () => {
    const unknown = await call(
      ctx.app,
      adminToken,
      'PUT',
      `${T}/events/00000000-0000-4000-8000-000000000000`,
      eventInput(),
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses with 409 to delete an event teams registered for, and keeps it', async () => {
    const withRosters = await ctx.database.db.select({ eventId: rosters.eventId }).from(rosters).limit(1);
    const refused = await call(ctx.app, adminToken, 'DELETE', `${T}/events/${withRosters[0]!.eventId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].code).toBe('CONFLICT');
    expect(
      (await call(ctx.app, adminToken, 'GET', `${T}/events/${withRosters[0]!.eventId}`)).statusCode,
    ).toBe(200);
  });

  it('keeps the activity log append-only at the database level', async () => {
    await expect(ctx.database.db.delete(activityLog)).rejects.toThrow();
    await expect(ctx.database.db.update(activityLog).set({ action: 'x' })).rejects.toThrow();
  });
});
