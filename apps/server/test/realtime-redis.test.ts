import type { AddressInfo } from 'node:net';
import { socketNamespace } from '@cwh/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notifyUser, type UpdateMessage } from '../src/realtime/notify.js';
import { startTestApp, type TestContext } from './harness.js';
import { createUserWithToken } from './ladder/ladder-fixtures.js';
import { describeNeeding } from './test-database.js';

const redisUrl = process.env.TEST_REDIS_URL;

// Two app instances sharing Redis: an update emitted on one reaches a socket held by the other.
describeNeeding(['redis'], 'realtime fan-out through the Redis adapter', () => {
  const instances: { ctx: TestContext; stop: () => Promise<void> }[] = [];
  let socket: Socket | undefined;

  beforeAll(async () => {
    for (let i = 0; i < 2; i += 1) {
      const started = await startTestApp('pglite', {
        seed: false,
        config: { redisUrl },
        deps: { redis: undefined },
      });
      instances.push({ ctx: started.context, stop: started.stop });
    }
  });
  afterAll(async () => {
    socket?.disconnect();
    for (const instance of instances) await instance.stop();
  });

  it('reports Redis in /ready and delivers across instances', async () => {
    const [a, b] = instances.map((instance) => instance.ctx) as [TestContext, TestContext];
    const ready = await a.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.json().checks).toEqual({ database: 'ok', redis: 'ok' });

    await a.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (a.app.server.address() as AddressInfo).port;
    socket = connect(`http://127.0.0.1:${port}${socketNamespace('global')}`, {
      transports: ['websocket'],
      reconnection: false,
    });
    const got: UpdateMessage[] = [];
    socket.on('update', (message: UpdateMessage) => got.push(message));
    await new Promise<void>((resolve) => socket!.once('connect', () => resolve()));
    const remote = await createUserWithToken(a.database.db, 'remote@rt.test', a.now);
    socket.emit('user', { userId: remote.userId, token: remote.token });
    await expect
      .poll(() => a.app.io.of(socketNamespace('global')).adapter.rooms.has(`user:${remote.userId}`))
      .toBe(true);

    notifyUser(b.app.io, 'global', remote.userId, 'matches:match_up_found', { id: 'mu-9' });
    await expect.poll(() => got.length, { timeout: 5000 }).toBe(1);
    expect(got[0]).toEqual({ event: 'matches:match_up_found', data: { id: 'mu-9' } });
  });
});
