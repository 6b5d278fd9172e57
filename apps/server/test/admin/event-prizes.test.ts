import { eventDocument } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLog, events } from '../../src/db/schema/index.js';
import { describeEachDatabase } from '../harness.js';
import {
  type Callers,
  call,
  createCallers,
  eventInput,
  expectedStatus,
  ORGANIZERS,
  ROLES,
  T,
} from './admin-fixtures.js';

/** The prizes of spec 2 ("prize pool, monthly finals and championship finals prize pools"). */
const PRIZES = {
  currency: 'USD',
  pool: 700_000,
  monthlyFinalsPool: 120_000,
  championshipFinalsPool: 580_000,
  placements: [
    { placement: 1, placementTo: 1, amount: 300_000 },
    { placement: 2, placementTo: 2, amount: 150_000 },
    { placement: 3, placementTo: 4, amount: 50_000 },
  ],
};

describeEachDatabase('event prizes', (ctx) => {
  let callers: Callers;
  let adminToken: string;
  beforeAll(async () => {
    callers = await createCallers(ctx);
    adminToken = callers.tokens.admin!;
  });

  const storedPrizes = async (id: string) =>
    (await ctx.database.db.select({ prizes: events.prizes }).from(events).where(eq(events.id, id)))[0]
      ?.prizes ?? null;
  const getEvent = async (id: string) =>
    eventDocument.parse((await call(ctx.app, null, 'GET', `${T}/events/${id}`)).json()).data;
  const newEvent = async (attributes: Record<string, unknown> = {}) => {
    const response = await call(ctx.app, adminToken, 'POST', `${T}/events`, eventInput(attributes));
    expect(response.statusCode, response.body).toBe(201);
    return eventDocument.parse(response.json()).data.id;
  };

  it('an event without prize data says so: prizes is null, never a made-up figure', async () => {
    const id = await newEvent();
    expect((await getEvent(id)).attributes.prizes).toBeNull();
    expect(await storedPrizes(id)).toBeNull();
  });

  it('round trip: set by the admin update, read back by GET /events/{id}, audited', async () => {
    const id = await newEvent();
    const put = await call(ctx.app, adminToken, 'PUT', `${T}/events/${id}`, eventInput({ prizes: PRIZES }));
    expect(put.statusCode, put.body).toBe(200);
    expect(eventDocument.parse(put.json()).data.attributes.prizes).toEqual(PRIZES);
    expect((await getEvent(id)).attributes.prizes).toEqual(PRIZES);
    const [entry] = await ctx.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'event.update'))
      .then((rows) => rows.filter((row) => row.targetId === id));
    expect(entry?.after).toMatchObject({ prizes: PRIZES });
  });

  it('created with prizes; the optional pools and placements default to null and none', async () => {
    const id = await newEvent({ prizes: { currency: 'EUR', pool: 5_000 } });
    expect((await getEvent(id)).attributes.prizes).toEqual({
      currency: 'EUR',
      pool: 5_000,
      monthlyFinalsPool: null,
      championshipFinalsPool: null,
      placements: [],
    });
  });

  it('an update that leaves prizes out keeps them; null removes them', async () => {
    const id = await newEvent({ prizes: PRIZES });
    const renamed = await call(
      ctx.app,
      adminToken,
      'PUT',
      `${T}/events/${id}`,
      eventInput({ name: 'Renamed' }),
    );
    expect(renamed.statusCode).toBe(200);
    expect((await getEvent(id)).attributes).toMatchObject({ name: 'Renamed', prizes: PRIZES });
    const cleared = await call(ctx.app, adminToken, 'PUT', `${T}/events/${id}`, eventInput({ prizes: null }));
    expect(cleared.statusCode).toBe(200);
    expect((await getEvent(id)).attributes.prizes).toBeNull();
    expect(await storedPrizes(id)).toBeNull();
  });

  describe('refusals: 400 VALIDATION_FAILED naming the field, nothing written', () => {
    const INVALID: [string, unknown, string][] = [
      ['a lower-case currency', { ...PRIZES, currency: 'usd' }, '/data/attributes/prizes/currency'],
      ['no currency', { pool: 10 }, '/data/attributes/prizes/currency'],
      ['a negative pool', { ...PRIZES, pool: -1 }, '/data/attributes/prizes/pool'],
      ['a fractional pool', { ...PRIZES, pool: 10.5 }, '/data/attributes/prizes/pool'],
      ['a text pool', { ...PRIZES, pool: '700000' }, '/data/attributes/prizes/pool'],
      [
        'a negative monthly finals pool',
        { ...PRIZES, monthlyFinalsPool: -5 },
        '/data/attributes/prizes/monthlyFinalsPool',
      ],
      [
        'placement 0',
        { ...PRIZES, placements: [{ placement: 0, placementTo: 0, amount: 1 }] },
        '/data/attributes/prizes/placements/0/placement',
      ],
      [
        'an inverted placement range',
        { ...PRIZES, placements: [{ placement: 4, placementTo: 3, amount: 1 }] },
        '/data/attributes/prizes/placements/0/placementTo',
      ],
      [
        'overlapping placements',
        {
          ...PRIZES,
          placements: [
            { placement: 1, placementTo: 2, amount: 2 },
            { placement: 2, placementTo: 2, amount: 1 },
          ],
        },
        '/data/attributes/prizes/placements',
      ],
      ['an unknown key', { ...PRIZES, bonus: 1 }, '/data/attributes/prizes'],
    ];
    it.each(INVALID)('%s', async (_label, prizes, pointer) => {
      const id = await newEvent({ prizes: PRIZES });
      const response = await call(ctx.app, adminToken, 'PUT', `${T}/events/${id}`, eventInput({ prizes }));
      expect(response.statusCode, response.body).toBe(400);
      const errors = response.json().errors as { code: string; source: { pointer: string } }[];
      expect(errors[0]?.code).toBe('VALIDATION_FAILED');
      expect(errors.map((e) => e.source.pointer)).toContain(pointer);
      expect(await storedPrizes(id)).toEqual(PRIZES);
    });

    it('a create with invalid prizes creates no event', async () => {
      const before = await ctx.database.db.select({ id: events.id }).from(events);
      const response = await call(
        ctx.app,
        adminToken,
        'POST',
        `${T}/events`,
        eventInput({ name: 'Prize refused', prizes: { ...PRIZES, currency: 'dollars' } }),
      );
      expect(response.statusCode).toBe(400);
      expect(await ctx.database.db.select({ id: events.id }).from(events)).toHaveLength(before.length);
    });
  });

  describe('role × action: PUT /events/{id} with prizes', () => {
    it.each(ROLES)('as %s', async (role) => {
      await ctx.database.db.update(events).set({ prizes: null }).where(eq(events.id, callers.eventId));
      const response = await call(
        ctx.app,
        callers.tokens[role],
        'PUT',
        `${T}/events/${callers.eventId}`,
        eventInput({ name: 'Championship', prizes: PRIZES }),
      );
      const expected = expectedStatus(role, ORGANIZERS, 200);
      expect(response.statusCode, response.body).toBe(expected);
      if (expected === 200) {
        expect(await storedPrizes(callers.eventId)).toEqual(PRIZES);
      } else {
        expect(response.json().errors[0].code).toMatch(expected === 401 ? /UNAUTHENTICATED/ : /FORBIDDEN/);
        expect(await storedPrizes(callers.eventId)).toBeNull();
      }
    });
  });
});
