import type { SocketUpdate } from '@cwh/contract';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { reportError, io } = vi.hoisted(() => ({
  reportError: vi.fn(async () => true),
  io: vi.fn(),
}));
vi.mock('./error-reporter', () => ({ reportError }));
// Stands in for the lazily imported socket.io-client of `connectSocketIo`.
vi.mock('socket.io-client', () => ({ io }));

import {
  closeRealtime,
  connectSocketIo,
  createRealtimeClient,
  type RealtimeClient,
  realtimeFor,
} from './realtime';

type Handler = (...args: unknown[]) => void;

/** The part of a socket.io-client Socket the realtime client uses, recording what happens to it. */
class FakeSocket {
  id = 'socket-1';
  connected = false;
  disconnects = 0;
  emitted: [string, unknown][] = [];
  handlers = new Map<string, Handler[]>();
  managerHandlers = new Map<string, Handler[]>();
  io = {
    on: (event: string, handler: Handler) => this.add(this.managerHandlers, event, handler),
    removeAllListeners: () => this.managerHandlers.clear(),
  };

  on(event: string, handler: Handler) {
    this.add(this.handlers, event, handler);
    return this;
  }
  emit(event: string, payload: unknown) {
    this.emitted.push([event, payload]);
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  disconnect() {
    this.disconnects += 1;
    this.connected = false;
    return this;
  }

  /** The server side: fire an event at the client. */
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  get listenerCount() {
    return [...this.handlers.values(), ...this.managerHandlers.values()].reduce((n, l) => n + l.length, 0);
  }

  private add(map: Map<string, Handler[]>, event: string, handler: Handler) {
    map.set(event, [...(map.get(event) ?? []), handler]);
  }
}

const asSocket = (fake: FakeSocket) => fake as unknown as Socket;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets the client's pending connect promise settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const found: SocketUpdate = { event: 'matches:match_up_found', data: { id: 'mu-1' } };

describe('realtime client (socket.io-client loaded on demand)', () => {
  let client: RealtimeClient | null = null;
  beforeEach(() => {
    reportError.mockClear();
    io.mockReset();
    vi.spyOn(console, 'info').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    client?.close();
    client = null;
    closeRealtime();
    vi.restoreAllMocks();
  });

  it('connects to the tenant namespace with the token', async () => {
    const connect = vi.fn(() => asSocket(new FakeSocket()));
    client = createRealtimeClient({ userId: 'u1', token: 'tok', connect });
    await settle();
    expect(connect).toHaveBeenCalledWith('/global/frontend', 'tok');
  });

  it('delivers updates to listeners that subscribed before the socket was open', async () => {
    const pending = deferred<Socket>();
    client = createRealtimeClient({ userId: 'u1', token: 'tok', connect: () => pending.promise });
    const received: SocketUpdate[] = [];
    client.subscribe((message) => received.push(message));

    const socket = new FakeSocket();
    pending.resolve(asSocket(socket));
    await settle();
    socket.fire('update', found);

    expect(received).toEqual([found]);
  });

  it('announces the user with its token on every connect, reconnects included', async () => {
    const socket = new FakeSocket();
    client = createRealtimeClient({ userId: 'u1', token: 'tok', connect: async () => asSocket(socket) });
    await settle();
    socket.fire('connect');
    socket.fire('disconnect', 'transport close');
    socket.fire('connect');
    expect(socket.emitted).toEqual([
      ['user', { userId: 'u1', token: 'tok' }],
      ['user', { userId: 'u1', token: 'tok' }],
    ]);
  });

  it('tells reconnect listeners on every connect after the first, and not after close()', async () => {
    const socket = new FakeSocket();
    client = createRealtimeClient({ userId: 'u1', token: 'tok', connect: async () => asSocket(socket) });
    const reconnected = vi.fn();
    client.onReconnect(reconnected);
    await settle();
    socket.fire('connect');
    expect(reconnected).not.toHaveBeenCalled();
    socket.fire('disconnect', 'transport close');
    socket.fire('connect');
    expect(reconnected).toHaveBeenCalledTimes(1);
    socket.fire('connect');
    expect(reconnected).toHaveBeenCalledTimes(2);
  });

  it('counts a socket connected on arrival as the first connect', async () => {
    const socket = new FakeSocket();
    socket.connected = true;
    client = createRealtimeClient({ userId: 'u1', token: 'tok', connect: () => asSocket(socket) });
    const reconnected = vi.fn();
    const stop = client.onReconnect(reconnected);
    await settle();
    socket.fire('connect');
    expect(reconnected).toHaveBeenCalledTimes(1);
    stop();
    socket.fire('connect');
    expect(reconnected).toHaveBeenCalledTimes(1);
  });

  it('announces at once when the socket is already connected when it arrives', async () => {
    const socket = new FakeSocket();
    socket.connected = true;
    client = createRealtimeClient({ userId: 'u1', token: 'tok', connect: () => asSocket(socket) });
    await settle();
    expect(socket.emitted).toEqual([['user', { userId: 'u1', token: 'tok' }]]);
  });

  it('ignores malformed updates and stops delivering after unsubscribe', async () => {
    const socket = new FakeSocket();
    client = createRealtimeClient({ userId: 'u1', connect: () => asSocket(socket) });
    const listener = vi.fn();
    const unsubscribe = client.subscribe(listener);
    await settle();
    socket.fire('update', null);
    socket.fire('update', { data: {} });
    socket.fire('update', found);
    unsubscribe();
    socket.fire('update', found);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith(found);
  });

  it('close() before the socket arrives disconnects it on arrival and wires nothing to it', async () => {
    const pending = deferred<Socket>();
    client = createRealtimeClient({ userId: 'u1', token: 'tok', connect: () => pending.promise });
    const listener = vi.fn();
    client.subscribe(listener);
    client.close();

    const socket = new FakeSocket();
    pending.resolve(asSocket(socket));
    await settle();

    expect(socket.disconnects).toBe(1);
    expect(socket.listenerCount).toBe(0);
    socket.fire('connect');
    socket.fire('update', found);
    expect(socket.emitted).toEqual([]);
    expect(listener).not.toHaveBeenCalled();
  });

  it('close() after the socket is open removes every handler and disconnects it', async () => {
    const socket = new FakeSocket();
    client = createRealtimeClient({ userId: 'u1', connect: () => asSocket(socket) });
    const listener = vi.fn();
    client.subscribe(listener);
    await settle();
    expect(socket.listenerCount).toBeGreaterThan(0);

    client.close();
    expect(socket.disconnects).toBe(1);
    expect(socket.listenerCount).toBe(0);
    socket.fire('update', found);
    expect(listener).not.toHaveBeenCalled();
  });

  it('reports a socket that cannot be opened (e.g. its chunk failed to load) without throwing', async () => {
    const failure = new Error('Failed to fetch dynamically imported module: socket.io-client');
    client = createRealtimeClient({ userId: 'u1', connect: () => Promise.reject(failure) });
    await settle();
    expect(reportError).toHaveBeenCalledWith(failure, { realtime: 'load' });
  });

  it('reports connect errors and refused user bindings', async () => {
    const socket = new FakeSocket();
    client = createRealtimeClient({ userId: 'u1', connect: () => asSocket(socket) });
    await settle();
    const error = new Error('websocket error');
    socket.fire('connect_error', error);
    socket.fire('user_ack', { ok: false, code: 'USER_MISMATCH' });
    socket.fire('user_ack', { ok: true, userId: 'u1' });
    expect(reportError).toHaveBeenCalledTimes(2);
    expect(reportError).toHaveBeenCalledWith(error, { realtime: 'connect_error' });
    expect(reportError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'socket user refused: USER_MISMATCH' }),
      {
        realtime: 'user_ack',
      },
    );
  });

  it('connectSocketIo imports socket.io-client and opens a websocket-only socket', async () => {
    const socket = new FakeSocket();
    io.mockReturnValue(socket);
    expect(await connectSocketIo('/global/frontend', 'tok')).toBe(socket);
    expect(io).toHaveBeenCalledWith('/global/frontend', {
      transports: ['websocket'],
      auth: { token: 'tok' },
    });
    await connectSocketIo('/global/frontend', null);
    expect(io).toHaveBeenLastCalledWith('/global/frontend', { transports: ['websocket'] });
  });

  it('realtimeFor keeps one connection per signed-in user and closes it for another user', async () => {
    const first = new FakeSocket();
    const second = new FakeSocket();
    io.mockReturnValueOnce(first).mockReturnValueOnce(second);

    const a = realtimeFor('u1', 'tok-1');
    expect(realtimeFor('u1', 'tok-1')).toBe(a);
    await settle();
    expect(io).toHaveBeenCalledTimes(1);

    const b = realtimeFor('u2', 'tok-2');
    expect(b).not.toBe(a);
    expect(b?.userId).toBe('u2');
    expect(first.disconnects).toBe(1);
    await settle();
    expect(io).toHaveBeenCalledTimes(2);

    expect(realtimeFor(null)).toBeNull();
    expect(second.disconnects).toBe(1);
  });

  it('realtimeFor hands a refreshed token of the same user to the open socket: a reconnect announces it', async () => {
    const socket = new FakeSocket();
    io.mockReturnValueOnce(socket);
    const client = realtimeFor('u1', 'tok-1');
    await settle();
    expect(realtimeFor('u1', 'tok-2')).toBe(client);
    expect(io).toHaveBeenCalledTimes(1);
    expect((socket as unknown as { auth: unknown }).auth).toEqual({ token: 'tok-2' });
    socket.fire('connect');
    expect(socket.emitted).toContainEqual(['user', { userId: 'u1', token: 'tok-2' }]);
  });
});
