import type { AddressInfo } from 'node:net';
import { API, type SocketUpdate, socketNamespace } from '@cwh/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { startTestApp, type TestContext } from '../harness.js';
import { checkedFetch } from '../jsonapi-conformance.js';
import { describeEachKind } from '../test-database.js';
import { type Captain, createCaptains, ladderSegment } from './ladder-fixtures.js';

/** Real clock, real port, matchmaker and sweeper running, a 1.5 s accept window (test-only override). */
describeEachKind('ladder over a socket [%s]', (kind) => {
  let ctx: TestContext;
  let stop: () => Promise<void>;
  let base = '';
  let captains: Captain[] = [];
  const sockets: Socket[] = [];
  const got = new Map<string, SocketUpdate[]>();

  beforeAll(async () => {
    const started = await startTestApp(kind, {
      now: new Date(),
      config: {
        ladder: {
          ...defaultLadderConfig(),
          acceptWindowMs: 1_500,
          sweepIntervalMs: 100,
          matchmakingIntervalMs: 100,
        },
      },
      deps: { now: () => new Date() },
    });
    ctx = started.context;
    stop = started.stop;
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const segment = await ladderSegment(ctx.database.db);
    captains = await createCaptains(ctx.database.db, {
      count: 7,
      parentSegmentId: segment.parentId,
      eventId: segment.eventId,
      now: new Date(),
    });
    for (const c of captains) {
      const socket = connect(`${base}${socketNamespace('global')}`, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      got.set(c.userId, []);
      socket.on('update', (m: SocketUpdate) => got.get(c.userId)!.push(m));
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      await new Promise((resolve) => socket.emit('user', { userId: c.userId, token: c.token }, resolve));
    }
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await stop?.();
  });

  // Answers are checked against the JSON:API schema like app.inject's (jsonapi-conformance.ts).
  const fetch: typeof globalThis.fetch = (input, init) => checkedFetch(ctx.app)(input, init);
  const post = (c: Captain, path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${c.token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const join = (c: Captain) =>
    post(c, `${API.matches}/queue/${c.rosterId}/join`, {
      data: { attributes: { playerTags: c.playerTags } },
    });
  const events = (c: Captain, name: string) => got.get(c.userId)!.filter((m) => m.event === name);
  const status = async (c: Captain) => {
    const response = await fetch(`${base}${API.matches}/queue/${c.rosterId}/status`, {
      headers: { authorization: `Bearer ${c.token}` },
    });
    return ((await response.json()) as { data: { attributes: { status: string } } | null }).data?.attributes
      .status;
  };

  it('found → both captains notified, only them; accepted by both → one match series', async () => {
    const [a, b, outsider] = captains as [Captain, Captain, Captain];
    expect((await join(a)).status).toBe(200);
    expect((await join(b)).status).toBe(200);
    await expect.poll(() => events(a, 'matches:match_up_found').length, { timeout: 5000 }).toBe(1);
    await expect.poll(() => events(b, 'matches:match_up_found').length).toBe(1);
    const id = (events(a, 'matches:match_up_found')[0]!.data as { id: string }).id;
    expect((events(b, 'matches:match_up_found')[0]!.data as { id: string }).id).toBe(id);
    expect(got.get(outsider.userId)).toEqual([]);

    expect((await post(a, `${API.matches}/match-ups/${id}/accept`)).status).toBe(200);
    expect((await post(b, `${API.matches}/match-ups/${id}/accept`)).status).toBe(200);
    await expect.poll(() => events(a, 'matches:match_up_accepted').length).toBe(1);
    await expect.poll(() => events(b, 'matches:match_up_accepted').length).toBe(1);
    const seriesId = (events(a, 'matches:match_up_accepted')[0]!.data as { matchSeries: { id: string } })
      .matchSeries.id;
    const count = await ctx.database.db.execute(
      (await import('drizzle-orm'))
        .sql`select count(*)::int as n from match_series where match_up_id = ${id}`,
    );
    expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    expect(seriesId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(got.get(outsider.userId)).toEqual([]);
  });

  it('decline → the accepter is back in the queue, the decliner none', async () => {
    const [, , c, d] = captains as [Captain, Captain, Captain, Captain];
    await join(c);
    await join(d);
    await expect.poll(() => events(c, 'matches:match_up_found').length, { timeout: 5000 }).toBe(1);
    const id = (events(c, 'matches:match_up_found')[0]!.data as { id: string }).id;
    await post(c, `${API.matches}/match-ups/${id}/accept`);
    await post(d, `${API.matches}/match-ups/${id}/decline`);
    await expect.poll(() => events(c, 'matches:match_up_declined').length).toBe(1);
    await expect.poll(() => events(d, 'matches:match_up_declined').length).toBe(1);
    expect(events(d, 'matches:match_up_declined')[0]!.data).toMatchObject({
      matchSeries: null,
      reason: 'declined',
    });
    expect(await status(c)).toBe('waiting');
    expect(await status(d)).toBe('declined');
    await post(c, `${API.matches}/queue/${c.rosterId}/leave`);
  });

  it('expiry by the sweeper → accepter requeued, silent side expired, both told', async () => {
    const [, , , , e, f] = captains as [Captain, Captain, Captain, Captain, Captain, Captain];
    await join(e);
    await join(f);
    await expect.poll(() => events(e, 'matches:match_up_found').length, { timeout: 5000 }).toBe(1);
    const id = (events(e, 'matches:match_up_found')[0]!.data as { id: string }).id;
    await post(e, `${API.matches}/match-ups/${id}/accept`);
    await expect.poll(() => events(f, 'matches:match_up_declined').length, { timeout: 5000 }).toBe(1);
    expect(events(e, 'matches:match_up_declined')[0]!.data).toMatchObject({
      reason: 'expired',
      requeuedRosterIds: [e.rosterId],
    });
    expect(await status(f)).toBe('expired');
    expect(['waiting', 'matched']).toContain(await status(e));
    await post(e, `${API.matches}/queue/${e.rosterId}/leave`);
  });
});
