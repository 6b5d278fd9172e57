import { API } from '@cwh/contract';
import { deserialise } from 'kitsu-core';
import { beforeAll, expect, it } from 'vitest';
import { seedDemoLadder } from '../src/seed/demo-ladder-seed.js';
import { describeEachDatabase } from './harness.js';

/**
 * A third-party JSON:API client (kitsu-core's deserialiser, the kind stream overlays use) reads the
 * hub's documents: attributes flatten onto the resource, relationships stay linkages, and nothing
 * the hub sends overwrites a resource's `id` or `type` (an attribute named `type` would).
 */
const T = API.tournaments;

describeEachDatabase('documents read by a JSON:API client library', (ctx) => {
  const get = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    return { status: response.statusCode, document: response.json() };
  };

  beforeAll(async () => {
    await seedDemoLadder(ctx.database.db, { now: ctx.now });
  });

  it('reads events, segments with their relationships and segment types', async () => {
    const events = deserialise((await get(`${T}/events`)).document);
    const championship = events.data.find(
      (e: { competition: string; status: string }) =>
        e.competition === 'championship' && e.status === 'active',
    );
    expect(championship.type).toBe('events');

    const segments = deserialise(
      (await get(`${T}/events/${championship.id}/segments?filter[level]=1`)).document,
    );
    const ladder = segments.data.find((s: { eliminationType: string }) => s.eliminationType === 'ladder');
    expect(ladder.type).toBe('segments');
    expect(ladder.segmentType.data).toEqual({ type: 'segment-types', id: 'ladder' });
    expect(ladder.event.data).toEqual({ type: 'events', id: championship.id });
    expect(ladder.parent.data.type).toBe('segments');
    expect(segments.meta.page.total).toBe(segments.data.length);

    const types = deserialise((await get(`${T}/segment-types`)).document);
    expect(types.data.map((t: { id: string }) => t.id)).toContain(ladder.segmentType.data.id);
    expect(types.data.every((t: { type: string }) => t.type === 'segment-types')).toBe(true);
  });

  it('reads match series with their date as an attribute', async () => {
    const { status, document } = await get(`${API.matches}/match-series?page[size]=5&sort=-date`);
    expect(status).toBe(200);
    const series = deserialise(document);
    expect(series.data.length).toBeGreaterThan(0);
    for (const item of series.data) {
      expect(item.type).toBe('match-series');
      expect(Date.parse(item.date)).not.toBeNaN();
      expect(item.competitors.length).toBeGreaterThan(0);
    }
    const one = deserialise((await get(`${API.matches}/match-series/${series.data[0].id}`)).document);
    expect(one.data).toMatchObject({
      id: series.data[0].id,
      type: 'match-series',
      date: series.data[0].date,
    });
  });

  it('reads an error document: errors and meta pass through untouched', async () => {
    const { status, document } = await get(`${T}/events/not-an-id`);
    expect(status).toBe(400);
    const read = deserialise(document);
    expect(read.errors[0]).toMatchObject({
      status: '400',
      code: 'VALIDATION_FAILED',
      source: { parameter: 'id' },
    });
    expect(read.meta.status).toBe(400);
  });
});
