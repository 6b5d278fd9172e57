import { API, eventDocument, eventListDocument, gameDocument, gameListDocument } from '@cwh/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from './harness.js';

const T = API.tournaments;

describeEachDatabase('events and games', (ctx) => {
  it('lists the tenant events with paging meta and relationships', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `${T}/events` });
    expect(response.statusCode).toBe(200);
    const body = eventListDocument.parse(response.json());
    // By start date: the demo cup started 28 days ago (its TH9 Finals are under way), before the
    // championship of the current year.
    expect(body.data.map((e) => e.attributes.name)).toEqual([
      'Clash of Clans World Championship 2025',
      'Town Hall Cup 2026',
      'Clash of Clans Championship 2026',
    ]);
    expect(body.meta?.page).toEqual({ number: 1, size: 25, total: 3, totalPages: 1 });
    const championship = body.data[2]!;
    expect(championship.relationships.game.data?.type).toBe('games');
    expect(championship.relationships.segments.data).toHaveLength(6);
  });

  it('filters by status', async () => {
    const archived = await ctx.app.inject({ method: 'GET', url: `${T}/events?filter[status]=archived` });
    expect(archived.json().data).toHaveLength(1);
    expect(archived.json().data[0].attributes.date).toEqual({
      from: '2025-10-31T14:00:00Z',
      to: '2025-11-02T23:59:59Z',
    });
  });

  it('pages', async () => {
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

  async function firstEventId(headers?: Record<string, string>) {
    const list = await ctx.app.inject({ method: 'GET', url: `${T}/events`, headers });
    return list.json().data[0].id as string;
  }

  it('gets one event', async () => {
    const id = await firstEventId();
    const one = await ctx.app.inject({ method: 'GET', url: `${T}/events/${id}` });
    expect(one.statusCode).toBe(200);
    expect(eventDocument.parse(one.json()).data.id).toBe(id);
  });

  it.each([
    {
      why: 'an unknown id is not found',
      path: '/events/00000000-0000-4000-8000-000000000000',
      status: 404,
      error: { code: 'NOT_FOUND' },
    },
    {
      why: 'a malformed id names the parameter',
      path: '/events/42',
      status: 400,
      error: { code: 'VALIDATION_FAILED', source: { parameter: 'id' } },
    },
    {
      why: 'an unknown game is not found',
      path: '/games/00000000-0000-4000-8000-000000000000',
      status: 404,
      error: { code: 'NOT_FOUND' },
    },
    {
      why: 'a malformed game id names the parameter',
      path: '/games/abc',
      status: 400,
      error: { code: 'VALIDATION_FAILED', source: { parameter: 'id' } },
    },
  ])('GET $path: $status ($why)', async ({ path, status, error }) => {
    const response = await ctx.app.inject({ method: 'GET', url: `${T}${path}` });
    expect(response.statusCode).toBe(status);
    expect(response.json().errors[0]).toMatchObject(error);
  });

  it('lists no event of another tenant', async () => {
    const other = await ctx.app.inject({
      method: 'GET',
      url: `${T}/events`,
      headers: { 'x-tenant': 'other-league' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().data).toEqual([]);
  });

  it('does not find an event from another tenant', async () => {
    const id = await firstEventId();
    const cross = await ctx.app.inject({
      method: 'GET',
      url: `${T}/events/${id}`,
      headers: { 'x-tenant': 'other-league' },
    });
    expect(cross.statusCode).toBe(404);
  });

  it('lists games', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: `${T}/games` });
    expect(list.statusCode).toBe(200);
    const games = gameListDocument.parse(list.json());
    expect(games.data.map((g) => g.attributes.name)).toEqual(['Clash of Clans']);
  });

  it('gets one game', async () => {
    const id = gameListDocument.parse((await ctx.app.inject({ method: 'GET', url: `${T}/games` })).json())
      .data[0]!.id;
    const one = await ctx.app.inject({ method: 'GET', url: `${T}/games/${id}` });
    expect(gameDocument.parse(one.json()).data.attributes.slug).toBe('clash-of-clans');
  });
});
