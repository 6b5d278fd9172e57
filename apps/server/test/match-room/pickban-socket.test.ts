import type { AddressInfo } from 'node:net';
import { API, type SocketUpdate, socketNamespace } from '@cwh/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../admin/admin-fixtures.js';
import { MINUTE, stageSegment, stageSeries } from '../checkins/checkins-fixtures.js';
import { loginAsAdmin, startTestApp, TEST_NOW, type TestContext } from '../harness.js';
import { type Captain, createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';

const P = API.pickban;

/** Both captains see each pick-and-ban step live over a real socket; a third captain sees nothing. */
describe('pick and ban over a socket', () => {
  let ctx: TestContext;
  let stop: () => Promise<void>;
  let captains: Captain[] = [];
  const sockets: Socket[] = [];
  const got = new Map<string, SocketUpdate[]>();

  beforeAll(async () => {
    const started = await startTestApp('pglite');
    ctx = started.context;
    stop = started.stop;
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const { parentId, eventId } = await ladderSegment(ctx.database.db);
    captains = await createCaptains(ctx.database.db, {
      count: 3,
      offset: 8800,
      parentSegmentId: parentId,
      eventId,
      now: TEST_NOW,
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

  const steps = (c: Captain) =>
    got.get(c.userId)!.flatMap((m) => (m.event === 'pickban:challenge_updated' ? [m.data] : []));
  async function until(check: () => boolean) {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  }

  it('the opening and every step reach both captains, and only them', async () => {
    const admin = (await loginAsAdmin(ctx.app)).token.value;
    const { eventId } = await ladderSegment(ctx.database.db);
    const category = await call(ctx.app, admin, 'POST', `${P}/categories`, { eventId, name: 'Socket rules' });
    const categoryId = category.json().data.id as string;
    const items: string[] = [];
    for (let i = 1; i <= 3; i++) {
      items.push(
        (await call(ctx.app, admin, 'POST', `${P}/items`, { categoryId, name: `R${i}`, sortOrder: i })).json()
          .data.id,
      );
    }
    const segmentId = await stageSegment(ctx.database.db, 'pb-socket', { monthlyQualifier: true });
    await call(ctx.app, admin, 'PUT', `${P}/segments/${segmentId}/veto`, {
      categoryId,
      steps: [
        { action: 'ban', count: 1 },
        { action: 'pick', count: 1 },
      ],
      starter: 'home',
    });
    const series = await stageSeries(
      ctx.app,
      admin,
      segmentId,
      [captains[0]!, captains[1]!],
      new Date(TEST_NOW.getTime() + 60 * MINUTE),
    );
    const [home, away] = [series.home, series.away];
    await until(() => steps(home).length >= 1 && steps(away).length >= 1);
    const challenge = (
      await call(ctx.app, home.token, 'GET', `${P}/challenges?filter[matchSeries.id]=${series.id}`)
    ).json().data[0];
    expect(
      (
        await call(ctx.app, home.token, 'POST', `${P}/challenges/${challenge.id}/vote`, {
          banned: [items[0]],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call(ctx.app, away.token, 'POST', `${P}/challenges/${challenge.id}/vote`, {
          picked: [items[1]],
        })
      ).statusCode,
    ).toBe(200);
    await until(() => steps(home).length >= 3 && steps(away).length >= 3);
    const expected = [
      { step: null, status: 'open' },
      { step: 0, status: 'open' },
      { step: 1, status: 'closed' },
    ].map((s) => ({ challenge: { id: challenge.id }, matchSeries: { id: series.id }, ...s }));
    expect(steps(home)).toEqual(expected);
    expect(steps(away)).toEqual(expected);
    expect(steps(captains[2]!)).toEqual([]);
  });
});
