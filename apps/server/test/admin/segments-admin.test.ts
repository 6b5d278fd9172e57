import { segmentDocument } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rosters } from '../../src/db/schema/index.js';
import { describeEachDatabase } from '../harness.js';
import {
  type Callers,
  call,
  createCallers,
  expectedStatus,
  ORGANIZERS,
  ROLES,
  segmentInput,
  T,
} from './admin-fixtures.js';

describeEachDatabase('segment administration', (ctx) => {
  let callers: Callers;
  let admin: string;
  let base: string;
  beforeAll(async () => {
    callers = await createCallers(ctx);
    admin = callers.tokens.admin!;
    base = `${T}/events/${callers.eventId}/segments`;
  });
  const newSegment = async (overrides: Record<string, unknown> = {}) =>
    (await call(ctx.app, admin, 'POST', base, segmentInput(overrides))).json().data.id as string;
  const phase = {
    name: 'Registration',
    phaseType: 'registration',
    date: { from: '2026-04-01T00:00:00Z', to: '2026-04-05T00:00:00Z' },
  };
  const period = { name: 'Stars', key: 'stars', sortOrder: 1, isRequired: 1, isFinalResult: 0 };

  describe('role × action (organizer of this event, admin)', () => {
    const ACTIONS = [
      {
        action: 'POST segment',
        ok: 201,
        run: (t: string | null) => call(ctx.app, t, 'POST', base, segmentInput()),
      },
      {
        action: 'PATCH segment',
        ok: 200,
        run: async (t: string | null) =>
          call(ctx.app, t, 'PATCH', `${base}/${await newSegment()}`, { name: 'Edited' }),
      },
      {
        action: 'DELETE segment',
        ok: 204,
        run: async (t: string | null) => call(ctx.app, t, 'DELETE', `${base}/${await newSegment()}`),
      },
      {
        action: 'POST registration phase',
        ok: 201,
        run: async (t: string | null) =>
          call(ctx.app, t, 'POST', `${base}/${await newSegment()}/registration-phases`, phase),
      },
      {
        action: 'POST supported period',
        ok: 201,
        run: async (t: string | null) =>
          call(ctx.app, t, 'POST', `${base}/${await newSegment()}/supported-periods`, period),
      },
      {
        action: 'POST advance rule',
        ok: 201,
        run: async (t: string | null) =>
          call(ctx.app, t, 'POST', `${base}/${await newSegment()}/advance-rules`, {
            placements: [1, 2],
            nextSegmentId: await newSegment(),
          }),
      },
    ];
    for (const { action, ok, run } of ACTIONS) {
      it.each(ROLES)(`${action} as %s`, async (role) => {
        const response = await run(callers.tokens[role]);
        expect(response.statusCode, response.body).toBe(expectedStatus(role, ORGANIZERS, ok));
      });
    }
  });

  it('creates a child segment one level below its parent and patches its dates', async () => {
    const parent = await newSegment();
    const created = await call(
      ctx.app,
      admin,
      'POST',
      base,
      segmentInput({ parentId: parent, name: 'Week 1' }),
    );
    const child = segmentDocument.parse(created.json()).data;
    expect(child.attributes.level).toBe(1);
    expect(child.relationships.parent.data?.id).toBe(parent);
    const dates = { from: '2026-04-02T10:00:00Z', to: '2026-04-09T10:00:00Z' };
    const patched = await call(ctx.app, admin, 'PATCH', `${base}/${child.id}`, {
      date: dates,
      rostersLimit: { limit: 64, standbyLimit: 4 },
    });
    expect(patched.json().data.attributes).toMatchObject({
      date: dates,
      rostersLimit: { limit: 64, standbyLimit: 4 },
      name: 'Week 1',
    });
  });

  it('refuses a PATCH that would end before it starts, leaving the segment unchanged', async () => {
    const id = await newSegment();
    const response = await call(ctx.app, admin, 'PATCH', `${base}/${id}`, {
      date: { from: '2026-05-01T00:00:00Z', to: '2026-04-01T00:00:00Z' },
    });
    expect(response.statusCode).toBe(400);
    const after = await call(ctx.app, admin, 'GET', `${base}/${id}`);
    expect(after.json().data.attributes.date.from).toBe(segmentInput().date.from);
  });

  it('adds, edits and removes registration phases; the segment shows them', async () => {
    const id = await newSegment();
    const added = await call(ctx.app, admin, 'POST', `${base}/${id}/registration-phases`, phase);
    const phaseId = added.json().data.id;
    const edited = await call(ctx.app, admin, 'PUT', `${base}/${id}/registration-phases/${phaseId}`, {
      ...phase,
      name: 'Late registration',
    });
    expect(edited.json().data.attributes.name).toBe('Late registration');
    const segment = await call(ctx.app, admin, 'GET', `${base}/${id}`);
    // Inside the segment the phase keeps the spec's `type` (a nested member, allowed by JSON:API).
    expect(segment.json().data.attributes.registrationPhases).toEqual([
      { name: 'Late registration', type: 'registration', date: phase.date },
    ]);
    expect(
      (await call(ctx.app, admin, 'DELETE', `${base}/${id}/registration-phases/${phaseId}`)).statusCode,
    ).toBe(204);
    expect(
      (await call(ctx.app, admin, 'DELETE', `${base}/${id}/registration-phases/${phaseId}`)).statusCode,
    ).toBe(404);
  });

  it('validates form rules: integer flags, placements as numbers, a next segment of the same event', async () => {
    const id = await newSegment();
    const flags = await call(ctx.app, admin, 'POST', `${base}/${id}/supported-periods`, {
      ...period,
      isRequired: 'yes',
    });
    expect(flags.statusCode).toBe(400);
    const placements = await call(ctx.app, admin, 'POST', `${base}/${id}/advance-rules`, {
      placements: '1,2',
      nextSegmentId: id,
    });
    expect(placements.statusCode).toBe(400);
    const self = await call(ctx.app, admin, 'POST', `${base}/${id}/advance-rules`, {
      placements: [1],
      nextSegmentId: id,
    });
    expect(self.json().errors[0].source.pointer).toBe('/data/attributes/nextSegmentId');
  });

  it('refuses to delete a segment with rosters (409) and keeps it', async () => {
    const owned = await ctx.database.db
      .select({ segmentId: rosters.segmentId })
      .from(rosters)
      .where(eq(rosters.ownerId, callers.ids['captain of another clan']));
    const segmentId = owned[0]!.segmentId;
    const response = await call(ctx.app, admin, 'DELETE', `${base}/${segmentId}`);
    expect(response.statusCode).toBe(409);
    expect((await call(ctx.app, admin, 'GET', `${base}/${segmentId}`)).statusCode).toBe(200);
  });
});
