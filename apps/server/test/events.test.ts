import { API, eventDocument, eventListDocument, gameDocument, gameListDocument } from '@cwh/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from './harness.js';

const T = API.tournaments;

describeEachDatabase('events and games', (ctx) => {
  it('lists the tenant events with paging meta and relationships', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `${T}/events` });
    expect(response.statusCode).toBe(200);
    const body = eventListDocument.parse(response.json());
    expect(body.data.map((e) => e.attributes.name)).toEqual([
      'Clash of Clans World Championship 2025',
      'Clash of Clans Championship 2026',
      'Town Hall Cup 2026',
    ]);
    expect(body.meta?.page).toEqual({ number: 1, size: 25, total: 3, totalPages: 1 });
    const championship = body.data[1]!;
    expect(championship.relationships.game.data?.type).toBe('games');
    expect(championship.relationships.segments.data).toHaveLength(6);
  });

  it('filters by status and pages', async () => {
    const archived = await ctx.app.inject({ method: 'GET', url: `${T}/events?filter[status]=archived` });
    expect(archived.json().data).toHaveLength(1);
    expect(archived.json().data[0].attributes.date).toEqual({
      from: '2025-10-31T14:00:00Z',
      to: '2025-11-02T23:59:59Z',
    });
    const page2 = await ctx.app.inject({ method: 'GET', url: `${T}/events?page[size]=2&page[number]=2` });
    expect(page2.json().data).toHaveLength(1);
    expect(page2.json().meta.page).toEqual({ number: 2, size: 2, total: 3, totalPages: 2 });
  });

  it('rejects a bad filter or page with 400 naming the parameter', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `${T}/events?filter[status]=open&page[size]=0`,
    });
    expect(response.statusCode).toBe(400);
    const parameters = response
      .json()
      .errors.map((e: { source: { parameter: string } }) => e.source.parameter);
    expect(parameters.sort()).toEqual(['filter[status]', 'page[size]']);
  });

  it('gets one event, 404s an unknown id and 400s a malformed one', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: `${T}/events` });
    const id = list.json().data[0].id;
    const one = await ctx.app.inject({ method: 'GET', url: `${T}/events/${id}` });
    expect(one.statusCode).toBe(200);
    expect(eventDocument.parse(one.json()).data.id).toBe(id);

    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `${T}/events/00000000-0000-4000-8000-000000000000`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].code).toBe('NOT_FOUND');

    const malformed = await ctx.app.inject({ method: 'GET', url: `${T}/events/42` });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0]).toMatchObject({
      code: 'VALIDATION_FAILED',
      source: { parameter: 'id' },
    });
  });

  it('scopes events to the tenant', async () => {
    const other = await ctx.app.inject({
      method: 'GET',
      url: `${T}/events`,
      headers: { 'x-tenant': 'other-league' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().data).toEqual([]);
    const list = await ctx.app.inject({ method: 'GET', url: `${T}/events` });
    const id = list.json().data[0].id;
    const cross = await ctx.app.inject({
      method: 'GET',
      url: `${T}/events/${id}`,
      headers: { 'x-tenant': 'other-league' },
    });
    expect(cross.statusCode).toBe(404);
  });

  it('lists games and gets one', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: `${T}/games` });
    expect(list.statusCode).toBe(200);
    const games = gameListDocument.parse(list.json());
    expect(games.data.map((g) => g.attributes.name)).toEqual(['Clash of Clans']);
    const id = games.data[0]!.id;
    const one = await ctx.app.inject({ method: 'GET', url: `${T}/games/${id}` });
    expect(gameDocument.parse(one.json()).data.attributes.slug).toBe('clash-of-clans');
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `${T}/games/00000000-0000-4000-8000-000000000000`,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await ctx.app.inject({ method: 'GET', url: `${T}/games/abc` });
    expect(malformed.statusCode).toBe(400);
  });
});
