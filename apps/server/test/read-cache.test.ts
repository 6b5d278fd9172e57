import { API } from '@cwh/contract';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, loginAsAdmin } from './harness.js';

/*
 * Public read cache: events and segments are answered from memory until a write, with
 * ETag / 304 and Cache-Control; standings get ETag / 304 without being cached.
 */
describeEachDatabase('public read cache', (ctx) => {
  const events = `${API.tournaments}/events`;

  it('answers events with an ETag and Cache-Control, and 304 when the client has that version', async () => {
    const first = await ctx.app.inject({ url: events });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await ctx.app.inject({ url: events });
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);
    const revalidated = await ctx.app.inject({ url: events, headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    const stale = await ctx.app.inject({ url: events, headers: { 'if-none-match': 'W/"other"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('serves the cached body until a write through the API empties it', async () => {
    const before = await ctx.app.inject({ url: events });
    const name = (before.json().data[0] as { attributes: { name: string } }).attributes.name;
    // A change behind the API's back (as a seed would do) is not seen while the entry lives …
    await ctx.database.db.execute(sql`update events set name = name || ' (renamed)'`);
    expect((await ctx.app.inject({ url: events })).body).toBe(before.body);
    // … and any successful write through the API empties the cache.
    await loginAsAdmin(ctx.app);
    const after = await ctx.app.inject({ url: events });
    expect(after.json().data[0].attributes.name).toBe(`${name} (renamed)`);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    await ctx.database.db.execute(sql`update events set name = replace(name, ' (renamed)', '')`);
    ctx.app.readCache.invalidate();
  });

  it('keeps tenants apart and does not cache errors', async () => {
    const missing = `${API.tournaments}/events/00000000-0000-4000-8000-000000000000`;
    expect((await ctx.app.inject({ url: missing })).statusCode).toBe(404);
    const second = await ctx.app.inject({ url: missing });
    expect(second.statusCode).toBe(404);
    expect(second.headers.etag).toBeUndefined();
  });

  it('gives standings an ETag and a 304 on revalidation', async () => {
    const list = await ctx.app.inject({ url: `${API.tournaments}/leaderboards` });
    expect(list.statusCode).toBe(200);
    const segmentId = list.json().data[0].id as string;
    const url = `${API.tournaments}/segments/${segmentId}/standings`;
    const page = await ctx.app.inject({ url });
    expect(page.statusCode).toBe(200);
    const etag = String(page.headers.etag);
    expect((await ctx.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
  });
});
