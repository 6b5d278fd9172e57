import { eventDocument, segmentDocument } from '@cwh/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../harness.js';
import { call, createCallers, eventInput, segmentInput, T } from './admin-fixtures.js';

/**
 * A PATCH changes only the attributes it sends. Found by the season rehearsal (season/): the patch
 * schema was the create schema made partial, whose defaults filled in what the body left out, so a
 * PATCH of a stage's dates moved it to the top level, closed its registration and turned off its
 * check-ins.
 */
describeEachDatabase('segment PATCH keeps what it does not send', (ctx) => {
  let admin: string;
  beforeAll(async () => {
    admin = (await createCallers(ctx)).tokens.admin!;
  });

  it('a PATCH of the dates keeps the parent, registration, time zone and check-ins', async () => {
    const event = eventDocument.parse(
      (await call(ctx.app, admin, 'POST', `${T}/events`, eventInput())).json(),
    ).data;
    const segments = `${T}/events/${event.id}/segments`;
    const parent = await call(ctx.app, admin, 'POST', segments, segmentInput({ type: 'container' }));
    expect(parent.statusCode, parent.body).toBe(201);
    const parentId = parent.json().data.id as string;
    const window = { from: '2026-04-02T00:00:00Z', to: '2026-04-03T00:00:00Z' };
    const created = await call(
      ctx.app,
      admin,
      'POST',
      segments,
      segmentInput({
        name: 'Qualifier',
        parentId,
        eliminationType: 'swiss',
        type: 'swiss',
        registrationType: 'invite',
        registrationStatus: 'open',
        timezone: 'Europe/Paris',
        segmentCheckinsConfig: { enabled: true, openWindow: window },
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    const date = { from: '2026-04-05T00:00:00Z', to: '2026-04-06T00:00:00Z' };
    const patched = await call(ctx.app, admin, 'PATCH', `${segments}/${id}`, { date });
    expect(patched.statusCode, patched.body).toBe(200);
    const after = segmentDocument.parse((await call(ctx.app, admin, 'GET', `${segments}/${id}`)).json()).data;
    expect(after.attributes.date).toEqual(date);
    expect(after.relationships.parent.data?.id).toBe(parentId);
    expect(after.attributes.level).toBe(1);
    expect(after.attributes.registrationType).toBe('invite');
    expect(after.attributes.registrationStatus).toBe('open');
    expect(after.attributes.timezone).toBe('Europe/Paris');
    expect(after.attributes.segmentCheckinsConfig).toEqual({ enabled: true, openWindow: window });
    // Sent explicitly, they still change: null parent moves it to the top level.
    const moved = await call(ctx.app, admin, 'PATCH', `${segments}/${id}`, {
      parentId: null,
      registrationStatus: 'closed',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const top = segmentDocument.parse((await call(ctx.app, admin, 'GET', `${segments}/${id}`)).json()).data;
    expect(top.relationships.parent.data).toBeNull();
    expect(top.attributes.level).toBe(0);
    expect(top.attributes.registrationStatus).toBe('closed');
  });
});
