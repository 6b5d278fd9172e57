import { randomUUID } from 'node:crypto';
import { API } from '@cwh/contract';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { REFRESH_GRACE_MS, RESULTS_TTL_MS, registerReadCache } from '../src/http/read-cache.js';
import { describeEachDatabase, loginAsAdmin } from './harness.js';

/*
 * Public read cache: events and segments are answered from memory until a write, with
 * ETag / 304 and Cache-Control; standings and leaderboards until the next series result.
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

  it('keeps leaderboards and standings until a series result is committed, and events then', async () => {
    const url = `${API.tournaments}/leaderboards`;
    const before = await ctx.app.inject({ url });
    const eventsBefore = await ctx.app.inject({ url: events });
    const names = (doc: { data: { attributes: { name: string } }[] }) =>
      doc.data.map((b) => b.attributes.name);
    expect(names(before.json()).length).toBeGreaterThan(0);
    await ctx.database.db.execute(sql`update segments set name = name || ' (renamed)'`);
    await ctx.database.db.execute(sql`update events set name = name || ' (renamed)'`);
    try {
      expect((await ctx.app.inject({ url })).body).toBe(before.body);
      // A war result delivered (here for no series: a no-op that still counts as delivered, and the
      // ladder drops what results change once its transaction committed).
      await ctx.app.ladder.finishSeries({ matchSeriesId: randomUUID(), stars: { home: 3, away: 0 } });
      const after = await ctx.app.inject({ url });
      expect(names(after.json())).toEqual(names(before.json()).map((n) => `${n} (renamed)`));
      expect((await ctx.app.inject({ url: events })).body).toBe(eventsBefore.body);
    } finally {
      await ctx.database.db.execute(sql`update segments set name = replace(name, ' (renamed)', '')`);
      await ctx.database.db.execute(sql`update events set name = replace(name, ' (renamed)', '')`);
      ctx.app.readCache.invalidate();
    }
  });
});

describe('read cache classes, lifetimes and the writes that empty them', () => {
  async function tinyApp() {
    let now = 1_000_000;
    let version = 0;
    const app = Fastify();
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const role = request.headers['x-role'];
      if (role)
        (request as { user: unknown }).user = { id: 'u', permissions: role === 'staff' ? ['organizer'] : [] };
    });
    await registerReadCache(app, { redis: null, ttlMs: 5_000, clock: () => now });
    app.get('/events', { config: { readCache: true } }, async () => ({ v: version }));
    app.get('/standings', { config: { readCache: 'results' } }, async () => ({ v: version }));
    app.post(`${API.matches}/queue/join`, async () => ({ ok: true }));
    app.post('/admin/anything', async () => ({ ok: true }));
    const read = async (url: string) => (await app.inject({ url })).json().v as number;
    return {
      app,
      read,
      bump: () => version++,
      advance: (ms: number) => {
        now += ms;
      },
    };
  }

  it('gives result-dependent entries RESULTS_TTL_MS and the others the full lifetime', async () => {
    const t = await tinyApp();
    expect([await t.read('/events'), await t.read('/standings')]).toEqual([0, 0]);
    t.bump();
    t.advance(RESULTS_TTL_MS - 1);
    expect([await t.read('/events'), await t.read('/standings')]).toEqual([0, 0]);
    t.advance(1);
    expect([await t.read('/events'), await t.read('/standings')]).toEqual([0, 1]);
    await t.app.close();
  });

  it('empties only the result-dependent entries on invalidateResults, and all on invalidate', async () => {
    const t = await tinyApp();
    await t.read('/events');
    await t.read('/standings');
    t.bump();
    t.app.readCache.invalidateResults();
    expect([await t.read('/events'), await t.read('/standings')]).toEqual([0, 1]);
    t.bump();
    t.app.readCache.invalidate();
    expect([await t.read('/events'), await t.read('/standings')]).toEqual([2, 2]);
    await t.app.close();
  });

  it("leaves the cache alone on a player's ladder play, and empties it on a staff write there or any other write", async () => {
    const t = await tinyApp();
    await t.read('/events');
    await t.read('/standings');
    t.bump();
    const join = (role: string) =>
      t.app.inject({ method: 'POST', url: `${API.matches}/queue/join`, headers: { 'x-role': role } });
    expect((await join('player')).statusCode).toBe(200);
    expect([await t.read('/events'), await t.read('/standings')]).toEqual([0, 0]);
    await join('staff');
    expect([await t.read('/events'), await t.read('/standings')]).toEqual([1, 1]);
    t.bump();
    await t.app.inject({ method: 'POST', url: '/admin/anything', headers: { 'x-role': 'player' } });
    expect([await t.read('/events'), await t.read('/standings')]).toEqual([2, 2]);
    await t.app.close();
  });
});

describe('read cache under concurrent reads: no stampede', () => {
  /** A cached route whose handler waits for `release` and counts its runs; `fail` makes the next run throw. */
  async function gatedApp() {
    let now = 1_000_000;
    let version = 0;
    let runs = 0;
    let failNext = false;
    let release: () => void = () => {};
    let gate = Promise.resolve();
    const app = Fastify();
    await registerReadCache(app, { redis: null, ttlMs: 5_000, clock: () => now });
    app.get('/standings', { config: { readCache: 'results' } }, async () => {
      runs++;
      const seen = version;
      await gate;
      if (failNext) {
        failNext = false;
        throw new Error('database down');
      }
      return { v: seen };
    });
    const hold = () => {
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
    };
    const read = () => app.inject({ url: '/standings' });
    /** Until the handler has started `n` runs (requests are in flight meanwhile). */
    const started = async (n: number) => {
      // Bounded generously (a loaded machine is slow, never wrong), then a few turns for any extra run.
      await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(n), { timeout: 5_000, interval: 1 });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(runs).toBe(n);
    };
    return {
      app,
      read,
      hold,
      started,
      release: () => release(),
      runs: () => runs,
      bump: () => version++,
      fail: () => {
        failNext = true;
      },
      advance: (ms: number) => {
        now += ms;
      },
    };
  }

  it('computes a missing entry once for concurrent requests, and answers them all its body', async () => {
    const t = await gatedApp();
    t.hold();
    const reads = Array.from({ length: 5 }, () => t.read());
    await t.started(1);
    t.release();
    const answers = await Promise.all(reads);
    expect(answers.map((r) => [r.statusCode, r.json().v])).toEqual(Array(5).fill([200, 0]));
    expect(new Set(answers.map((r) => r.headers.etag)).size).toBe(1);
    expect(t.runs()).toBe(1);
    await t.app.close();
  });

  it('lets the waiters compute their own when the request computing the entry fails', async () => {
    const t = await gatedApp();
    t.hold();
    t.fail();
    const reads = Array.from({ length: 3 }, () => t.read());
    await t.started(1);
    t.release();
    const answers = await Promise.all(reads);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 500]);
    expect(t.runs()).toBe(3);
    await t.app.close();
  });

  it('answers the expired body while one request recomputes it, then the new one', async () => {
    const t = await gatedApp();
    expect((await t.read()).json().v).toBe(0);
    t.bump();
    t.advance(RESULTS_TTL_MS);
    t.hold();
    const refresher = t.read();
    await t.started(2);
    // Meanwhile: the expired body, without running the route again.
    const during = await Promise.all([t.read(), t.read()]);
    expect(during.map((r) => r.json().v)).toEqual([0, 0]);
    expect(t.runs()).toBe(2);
    t.release();
    expect((await refresher).json().v).toBe(1);
    expect((await t.read()).json().v).toBe(1);
    expect(t.runs()).toBe(2);
    await t.app.close();
  });

  it('recomputes an expired entry again when its refresh did not land within the grace', async () => {
    const t = await gatedApp();
    await t.read();
    t.advance(RESULTS_TTL_MS);
    t.hold();
    const refresher = t.read();
    await t.started(2);
    t.advance(REFRESH_GRACE_MS);
    const second = t.read();
    await t.started(3);
    t.release();
    await Promise.all([refresher, second]);
    await t.app.close();
  });

  it('never answers a body computed before an invalidation to a request after it', async () => {
    const t = await gatedApp();
    t.hold();
    const early = t.read();
    await t.started(1);
    t.bump();
    t.app.readCache.invalidateResults();
    const late = t.read();
    await t.started(2);
    t.release();
    expect((await early).json().v).toBe(0);
    expect((await late).json().v).toBe(1);
    // The early body was not stored either: the next read gets the new one.
    expect((await t.read()).json().v).toBe(1);
    await t.app.close();
  });
});
