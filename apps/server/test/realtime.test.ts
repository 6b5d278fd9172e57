import type { AddressInfo } from 'node:net';
import { socketNamespace } from '@cwh/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyUser, type UpdateMessage } from '../src/realtime/notify.js';
import { startTestApp, type TestContext } from './harness.js';
import { createUserWithToken } from './ladder/ladder-fixtures.js';

function open(url: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

describe('realtime over a listening port', () => {
  let ctx: TestContext;
  let stop: () => Promise<void>;
  let base = '';
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const started = await startTestApp('pglite', { seed: false });
    ctx = started.context;
    stop = started.stop;
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await stop();
  });

  it('delivers an update to the user room and not to another user', async () => {
    const alice = await open(`${base}${socketNamespace('global')}`);
    const bob = await open(`${base}${socketNamespace('global')}`);
    sockets.push(alice, bob);
    const aliceGot: UpdateMessage[] = [];
    const bobGot: UpdateMessage[] = [];
    alice.on('update', (message: UpdateMessage) => aliceGot.push(message));
    bob.on('update', (message: UpdateMessage) => bobGot.push(message));
    const aliceUser = await createUserWithToken(ctx.database.db, 'alice@rt.test', ctx.now);
    const bobUser = await createUserWithToken(ctx.database.db, 'bob@rt.test', ctx.now);
    // A bare id (the old client) and someone else's token are refused: nobody listens to anyone.
    const refused: unknown[] = [];
    alice.on('user_ack', (ack: unknown) => refused.push(ack));
    alice.emit('user', bobUser.userId);
    alice.emit('user', { userId: bobUser.userId, token: aliceUser.token });
    await expect.poll(() => refused.length).toBe(2);
    expect(refused).toEqual([
      { ok: false, code: 'VALIDATION_FAILED' },
      { ok: false, code: 'USER_MISMATCH' },
    ]);
    alice.emit('user', { userId: aliceUser.userId, token: aliceUser.token });
    bob.emit('user', { userId: bobUser.userId, token: bobUser.token });
    // The join is processed asynchronously on the server; wait until Alice's room exists.
    await expect
      .poll(() => ctx.app.io.of(socketNamespace('global')).adapter.rooms.has(`user:${aliceUser.userId}`))
      .toBe(true);
    await expect
      .poll(() => ctx.app.io.of(socketNamespace('global')).adapter.rooms.has(`user:${bobUser.userId}`))
      .toBe(true);

    notifyUser(ctx.app.io, 'global', aliceUser.userId, 'matches:match_up_found', { id: 'mu-1' });
    await expect.poll(() => aliceGot.length).toBe(1);
    expect(aliceGot[0]).toEqual({ event: 'matches:match_up_found', data: { id: 'mu-1' } });
    // A second message to Bob proves ordering: once Bob has it, Alice's would have arrived too.
    notifyUser(ctx.app.io, 'global', bobUser.userId, 'ping', {});
    await expect.poll(() => bobGot.length).toBe(1);
    expect(bobGot.map((m) => m.event)).toEqual(['ping']);
  });

  it('keeps tenants apart', async () => {
    const carol = await createUserWithToken(ctx.database.db, 'carol@rt.test', ctx.now);
    // Token in the handshake: the socket joins its user's room on connect.
    const other = await new Promise<Socket>((resolve, reject) => {
      const socket = connect(`${base}${socketNamespace('emea')}`, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { token: carol.token },
      });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
    sockets.push(other);
    const got: UpdateMessage[] = [];
    other.on('update', (message: UpdateMessage) => got.push(message));
    await expect
      .poll(() => ctx.app.io.of(socketNamespace('emea')).adapter.rooms.has(`user:${carol.userId}`))
      .toBe(true);
    notifyUser(ctx.app.io, 'global', carol.userId, 'x', {});
    notifyUser(ctx.app.io, 'emea', carol.userId, 'y', {});
    await expect.poll(() => got.length).toBe(1);
    expect(got[0]!.event).toBe('y');
  });

  it('refuses a namespace outside /{tenant}/frontend', async () => {
    await expect(open(`${base}/Not_A_Tenant/frontend`)).rejects.toThrow();
  });
});
