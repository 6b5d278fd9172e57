import { eventDocument, segmentDocument, segmentListDocument } from '@cwh/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../../src/db/schema/index.js';
import { describeEachDatabase } from '../harness.js';
import {
  type Callers,
  call,
  createCallers,
  eventInput,
  expectedStatus,
  ORGANIZERS,
  ROLES,
  segmentInput,
  T,
} from './admin-fixtures.js';

/** Issue #10: an event's and a segment's names per locale, the default `name` being English. */
describeEachDatabase('names in other languages', (ctx) => {
  let callers: Callers;
  let admin: string;
  beforeAll(async () => {
    callers = await createCallers(ctx);
    admin = callers.tokens.admin!;
  });
  const newEvent = async (overrides: Record<string, unknown> = {}) => {
    const response = await call(ctx.app, admin, 'POST', `${T}/events`, eventInput(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return eventDocument.parse(response.json()).data;
  };
  const readEvent = async (id: string) =>
    eventDocument.parse((await call(ctx.app, admin, 'GET', `${T}/events/${id}`)).json()).data;
  const segmentsOf = (eventId: string) => `${T}/events/${eventId}/segments`;
  const readSegment = async (eventId: string, id: string) =>
    segmentDocument.parse((await call(ctx.app, admin, 'GET', `${segmentsOf(eventId)}/${id}`)).json()).data;

  describe('role × action (setting names on the organizer’s event)', () => {
    const ACTIONS = [
      {
        action: 'PUT /events/{id} with nameTranslations',
        run: (token: string | null) =>
          call(
            ctx.app,
            token,
            'PUT',
            `${T}/events/${callers.eventId}`,
            eventInput({ nameTranslations: { fr: 'Open de printemps' } }),
          ),
      },
      {
        action: 'PATCH segment with nameTranslations',
        run: async (token: string | null) => {
          const created = await call(ctx.app, admin, 'POST', segmentsOf(callers.eventId), segmentInput());
          const id = created.json().data.id as string;
          return call(ctx.app, token, 'PATCH', `${segmentsOf(callers.eventId)}/${id}`, {
            nameTranslations: { de: 'Frühlingsleiter' },
          });
        },
      },
    ];
    for (const { action, run } of ACTIONS) {
      it.each(ROLES)(`${action} as %s`, async (role) => {
        const response = await run(callers.tokens[role]);
        expect(response.statusCode, response.body).toBe(expectedStatus(role, ORGANIZERS, 200));
        if (response.statusCode >= 400)
          expect(response.json().errors[0].code).toMatch(/UNAUTHENTICATED|FORBIDDEN/);
      });
    }
  });

  it('a new event has none; the names set are trimmed, shown on reads and audited before and after', async () => {
    const event = await newEvent({ name: 'Spring Open' });
    expect(event.attributes.nameTranslations).toEqual({});
    const response = await call(
      ctx.app,
      admin,
      'PUT',
      `${T}/events/${event.id}`,
      eventInput({
        name: 'Spring Open',
        nameTranslations: { fr: '  Open de printemps ', zh_TW: '春季公開賽' },
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const expected = { fr: 'Open de printemps', zh_TW: '春季公開賽' };
    expect(eventDocument.parse(response.json()).data.attributes.nameTranslations).toEqual(expected);
    expect((await readEvent(event.id)).attributes.nameTranslations).toEqual(expected);
    const [entry] = await ctx.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.targetId, event.id), eq(activityLog.action, 'event.update')));
    expect(entry!.before).toMatchObject({ nameTranslations: {} });
    expect(entry!.after).toMatchObject({ nameTranslations: expected });
  });

  it('a PUT without them keeps them; an empty object removes them', async () => {
    const event = await newEvent({ nameTranslations: { it: 'Open di primavera' } });
    expect(event.attributes.nameTranslations).toEqual({ it: 'Open di primavera' });
    await call(ctx.app, admin, 'PUT', `${T}/events/${event.id}`, eventInput({ name: 'Renamed' }));
    expect((await readEvent(event.id)).attributes).toMatchObject({
      name: 'Renamed',
      nameTranslations: { it: 'Open di primavera' },
    });
    await call(ctx.app, admin, 'PUT', `${T}/events/${event.id}`, eventInput({ nameTranslations: {} }));
    expect((await readEvent(event.id)).attributes.nameTranslations).toEqual({});
  });

  it.each([
    ['an unknown locale', { xx: 'Name' }],
    ['English, which is the default name', { en: 'Spring Open' }],
    ['an empty name', { fr: '   ' }],
    ['a name longer than the name may be', { fr: 'x'.repeat(201) }],
    ['a name that is not text', { fr: 7 }],
  ])('refuses %s with VALIDATION_FAILED and writes nothing', async (_case, nameTranslations) => {
    const event = await newEvent({ nameTranslations: { es: 'Abierto' } });
    const put = await call(
      ctx.app,
      admin,
      'PUT',
      `${T}/events/${event.id}`,
      eventInput({ name: 'Changed', nameTranslations }),
    );
    expect(put.statusCode, put.body).toBe(400);
    expect(put.json().errors[0].code).toBe('VALIDATION_FAILED');
    expect((await readEvent(event.id)).attributes).toMatchObject({
      name: eventInput().name,
      nameTranslations: { es: 'Abierto' },
    });
    const segmentId = (await call(ctx.app, admin, 'POST', segmentsOf(event.id), segmentInput())).json().data
      .id as string;
    const patch = await call(ctx.app, admin, 'PATCH', `${segmentsOf(event.id)}/${segmentId}`, {
      name: 'Changed',
      nameTranslations,
    });
    expect(patch.statusCode, patch.body).toBe(400);
    expect(patch.json().errors[0].code).toBe('VALIDATION_FAILED');
    expect((await readSegment(event.id, segmentId)).attributes).toMatchObject({
      name: segmentInput().name,
      nameTranslations: {},
    });
    const post = await call(ctx.app, admin, 'POST', segmentsOf(event.id), segmentInput({ nameTranslations }));
    expect(post.statusCode, post.body).toBe(400);
    expect(post.json().errors[0].code).toBe('VALIDATION_FAILED');
  });

  it('segments: set on creation, changed by a PATCH, kept by a PATCH without them, audited', async () => {
    const event = await newEvent();
    const created = await call(
      ctx.app,
      admin,
      'POST',
      segmentsOf(event.id),
      segmentInput({ nameTranslations: { jp: '春のラダー', ko: '봄 래더' } }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const segment = segmentDocument.parse(created.json()).data;
    expect(segment.attributes.nameTranslations).toEqual({ jp: '春のラダー', ko: '봄 래더' });
    const url = `${segmentsOf(event.id)}/${segment.id}`;
    const patched = await call(ctx.app, admin, 'PATCH', url, { nameTranslations: { pt: 'Escada' } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(segmentDocument.parse(patched.json()).data.attributes.nameTranslations).toEqual({ pt: 'Escada' });
    await call(ctx.app, admin, 'PATCH', url, { name: 'Renamed ladder' });
    expect((await readSegment(event.id, segment.id)).attributes).toMatchObject({
      name: 'Renamed ladder',
      nameTranslations: { pt: 'Escada' },
    });
    const updates = await ctx.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.targetId, segment.id), eq(activityLog.action, 'segment.update')));
    expect(updates).toHaveLength(2);
    // The PATCH of the names: its before state holds the names it replaced.
    const entry = updates.find((row) => (row.after as { name: string }).name === segment.attributes.name);
    expect(entry!.before).toMatchObject({ nameTranslations: { jp: '春のラダー', ko: '봄 래더' } });
    expect(entry!.after).toMatchObject({ nameTranslations: { pt: 'Escada' } });
  });

  it('the clone of an event keeps its names and its segments’ names', async () => {
    const event = await newEvent({ nameTranslations: { de: 'Frühjahrsturnier' } });
    await call(
      ctx.app,
      admin,
      'POST',
      segmentsOf(event.id),
      segmentInput({ nameTranslations: { fr: 'Échelle de printemps' } }),
    );
    const cloned = await call(ctx.app, admin, 'POST', `${T}/events/${event.id}/clone`, {
      name: 'Next spring',
      offset: { months: 12 },
    });
    expect(cloned.statusCode, cloned.body).toBe(201);
    const copy = eventDocument.parse(cloned.json()).data;
    expect(copy.attributes.nameTranslations).toEqual({ de: 'Frühjahrsturnier' });
    const segments = segmentListDocument.parse(
      (await call(ctx.app, admin, 'GET', segmentsOf(copy.id))).json(),
    ).data;
    expect(segments.map((s) => s.attributes.nameTranslations)).toEqual([{ fr: 'Échelle de printemps' }]);
  });
});
