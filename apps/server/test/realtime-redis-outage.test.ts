import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { socketNamespace } from '@cwh/contract';
import { type Socket as ClientSocket, io as connect } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notifyUser, type UpdateMessage } from '../src/realtime/notify.js';
import { startTestApp, type TestContext } from './harness.js';
import { createUserWithToken } from './ladder/ladder-fixtures.js';
import { describeNeeding } from './test-database.js';

/**
 * Issue #35: a Redis outage never ends a process. The socket.io Redis adapter publishes every emit
 * without awaiting it, and the client refuses at once while Redis is away: the unhandled rejection
 * ended the process at the first notice. The app reaches the real Redis through a TCP relay that
 * the test cuts and restores, so the outage is real for the client and nobody else's Redis stops.
 */
function relayTo(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<number>((resolve) => {
      if (server) return resolve(port);
      server = createServer((client) => {
        const upstream = tcpConnect(Number(target.port || 6379), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      const listening = server;
      listening.listen(port, '127.0.0.1', () => {
        port = (listening.address() as AddressInfo).port;
        resolve(port);
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  return { open, cut };
}

const waitFor = async (check: () => Promise<boolean>, what: string) => {
  for (let attempt = 0; attempt < 400; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describeNeeding(['redis'], 'a Redis outage', () => {
  const relay = relayTo(new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'));
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  let ctx: TestContext;
  let stop: () => Promise<void>;
  /** A second instance on Redis itself, through no relay: the outage is the first one's. */
  let other: Awaited<ReturnType<typeof startTestApp>>;
  let socket: ClientSocket | undefined;

  beforeAll(async () => {
    process.on('unhandledRejection', onRejection);
    const port = await relay.open();
    const started = await startTestApp('pglite', {
      seed: false,
      config: { redisUrl: `redis://127.0.0.1:${port}` },
      deps: { redis: undefined },
    });
    ctx = started.context;
    stop = started.stop;
    other = await startTestApp('pglite', {
      seed: false,
      config: { redisUrl: process.env.TEST_REDIS_URL },
      deps: { redis: undefined },
    });
  });
  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    socket?.disconnect();
    await relay.open();
    await stop?.();
    await other?.stop();
    await relay.cut();
  });

  const readiness = async () => (await ctx.app.inject({ method: 'GET', url: '/ready' })).json().checks.redis;

  it('keeps serving and emitting while Redis is away, says so in /ready, and recovers', async () => {
    expect(await readiness()).toBe('ok');
    await relay.cut();
    await waitFor(async () => (await readiness()) === 'failing', '/ready to report Redis failing');
    // Notices emitted during the outage: each is a publish the client refuses at once.
    for (let i = 0; i < 5; i++)
      notifyUser(ctx.app.io, 'global', `user-${i}`, 'matches:match_up_found', { id: 'x' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await ctx.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/tournaments/1.0/events' })).statusCode).toBe(
      200,
    );
    expect(rejections.map((r) => (r as Error).stack)).toEqual([]);

    await relay.open();
    await waitFor(async () => (await readiness()) === 'ok', '/ready to report Redis back');
    // The namespace made during the outage hears the other instance once Redis is back.
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (ctx.app.server.address() as AddressInfo).port;
    socket = connect(`http://127.0.0.1:${port}${socketNamespace('cup')}`, {
      transports: ['websocket'],
      reconnection: false,
    });
    const got: UpdateMessage[] = [];
    socket.on('update', (message: UpdateMessage) => got.push(message));
    await new Promise<void>((resolve) => socket?.once('connect', () => resolve()));
    const user = await createUserWithToken(ctx.database.db, 'outage@rt.test', ctx.now);
    socket.emit('user', { userId: user.userId, token: user.token });
    await expect
      .poll(() => ctx.app.io.of(socketNamespace('cup')).adapter.rooms.has(`user:${user.userId}`))
      .toBe(true);
    await expect
      .poll(
        () => {
          notifyUser(other.context.app.io, 'cup', user.userId, 'matches:match_up_found', { id: 'after' });
          return got.length > 0;
        },
        { timeout: 10_000, interval: 250 },
      )
      .toBe(true);
    expect(got[0]).toEqual({ event: 'matches:match_up_found', data: { id: 'after' } });
    expect(rejections).toEqual([]);
  });
});
