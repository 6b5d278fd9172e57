import type { AddressInfo } from 'node:net';
import { API, type SocketUpdate, socketNamespace } from '@cwh/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../admin/admin-fixtures.js';
import { MINUTE, stageSegment, stageSeries } from '../checkins/checkins-fixtures.js';
import { loginAsAdmin, startTestApp, TEST_NOW, type TestContext } from '../harness.js';
import { type Captain, createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';

/** A message reaches the other captain live over a real socket; a captain of another match sees nothing. */
describe('match chat over a socket', () => {
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
      offset: 8980,
      parentSegmentId: parentId,
      eventId,
      now: TEST_NOW,
    });
    for (const c of captains) {
      const socket = connect(`${base}${socketNamespace('global')}`, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { token: c.token },
      });
      sockets.push(socket);
      got.set(c.userId, []);
      socket.on('update', (m: SocketUpdate) => got.get(c.userId)!.push(m));
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    }
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await stop?.();
  });

  const chat = (c: Captain) =>
    got.get(c.userId)!.flatMap((m) => (m.event === 'matches:chat_message' ? [m.data] : []));
  async function until(check: () => boolean) {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  }

  it('the other captain receives the message, then its removal; a stranger receives nothing', async () => {
    const admin = (await loginAsAdmin(ctx.app)).token.value;
    const segmentId = await stageSegment(ctx.database.db, 'chat-socket', { monthlyQualifier: true });
    const series = await stageSeries(
      ctx.app,
      admin,
      segmentId,
      [captains[0]!, captains[1]!],
      new Date(TEST_NOW.getTime() + 60 * MINUTE),
    );
    const sent = await call(ctx.app, series.home.token, 'POST', `${API.chat}/history`, {
      matchSeriesId: series.id,
      body: 'glhf',
    });
    expect(sent.statusCode).toBe(201);
    const id = sent.json().data.id as string;
    await until(() => chat(series.away).length >= 1);
    expect(chat(series.away)).toEqual([{ matchSeries: { id: series.id }, message: sent.json().data }]);
    const removed = await call(ctx.app, admin, 'DELETE', `${API.chat}/history/${id}`);
    expect(removed.statusCode).toBe(200);
    await until(() => chat(series.away).length >= 2 && chat(series.home).length >= 2);
    expect(chat(series.away)[1]!.message).toMatchObject({ id, attributes: { deleted: true, body: null } });
    expect(chat(series.home).map((d) => d.message.id)).toEqual([id, id]);
    expect(chat(captains[2]!)).toEqual([]);
  });
});
