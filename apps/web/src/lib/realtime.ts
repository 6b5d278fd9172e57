import type { SocketUpdate, SocketUserAck, SocketUserMessage } from '@cwh/contract';
import {
  SOCKET_UPDATE_MESSAGE,
  SOCKET_USER_ACK_MESSAGE,
  SOCKET_USER_MESSAGE,
  socketNamespace,
} from '@cwh/contract/constants';
import type { Socket } from 'socket.io-client';
import { config } from './config';
import { reportError } from './error-reporter';

/**
 * Listeners get the contract's typed `update` union (the server builds it from the same types), so
 * a switch on `event` narrows `data`. An event this client does not know yet is passed on too;
 * listeners ignore what they do not handle.
 */
type Listener = (message: SocketUpdate) => void;

export interface RealtimeClient {
  readonly userId: string;
  subscribe(listener: Listener): () => void;
  /**
   * Called on every connect after the first: notices sent while the socket was away (an instance
   * restarted, the network dropped) are lost, so the listener re-reads the state by HTTP.
   */
  onReconnect(listener: () => void): () => void;
  /**
   * The session's token was refreshed (or re-issued): the next announce and the next handshake of a
   * reconnect carry it, so a socket that reconnects after the old token expired is bound again.
   */
  setToken(token: string | null): void;
  close(): void;
}

export interface RealtimeOptions {
  userId: string;
  token?: string | null;
  /** Tests pass a fake; the app loads socket.io-client on demand (`connectSocketIo`). */
  connect?: (url: string, token: string | null) => Socket | Promise<Socket>;
}

/**
 * socket.io-client (~40 KiB minified) is not part of the first page load: it is imported the first
 * time a signed-in user's realtime client connects.
 */
export async function connectSocketIo(url: string, token: string | null): Promise<Socket> {
  const { io } = await import('socket.io-client');
  return io(url, { transports: ['websocket'], ...(token ? { auth: { token } } : {}) });
}

/**
 * The match server's socket (`/{tenant}/frontend`, websocket only). The client announces its user
 * on every connect, reconnects included, so the server can route `update` events to it.
 *
 * The socket is opened asynchronously (socket.io-client is loaded lazily): listeners subscribed
 * before it is open receive every message it delivers, and `close()` before it is open disconnects
 * it as soon as it arrives, without wiring anything to it.
 */
export function createRealtimeClient({ userId, token, connect }: RealtimeOptions): RealtimeClient {
  const url = `${config.apiPrefix}${socketNamespace(config.tenant)}`;
  const open = connect ?? connectSocketIo;
  const listeners = new Set<Listener>();
  const reconnectListeners = new Set<() => void>();
  let socket: Socket | null = null;
  let closed = false;
  let currentToken = token ?? null;

  const wire = (opened: Socket) => {
    // The token proves the user id (contract socket.ts); without one the server ignores the message.
    const announce = () => {
      const message: SocketUserMessage = { userId, token: currentToken ?? '' };
      opened.emit(SOCKET_USER_MESSAGE, message);
    };
    opened.on(SOCKET_USER_ACK_MESSAGE, (ack: SocketUserAck) => {
      if (ack.ok) console.info('[realtime] bound to user', ack.userId);
      else void reportError(new Error(`socket user refused: ${ack.code}`), { realtime: 'user_ack' });
    });
    let connectedBefore = opened.connected;
    opened.on('connect', () => {
      console.info('[realtime] connected', opened.id);
      announce();
      if (connectedBefore) for (const listener of reconnectListeners) listener();
      connectedBefore = true;
    });
    opened.on('connect_error', (error: Error) => {
      console.warn('[realtime] connect error', error.message);
      void reportError(error, { realtime: 'connect_error' });
    });
    opened.on('disconnect', (reason: string) => console.info('[realtime] disconnected', reason));
    opened.io.on('reconnect', (attempt: number) => console.info('[realtime] reconnected after', attempt));
    opened.io.on('error', (error: Error) => void reportError(error, { realtime: 'manager_error' }));
    opened.on(SOCKET_UPDATE_MESSAGE, (message: SocketUpdate | null) => {
      // The payload is not parsed here (no zod on the first load): only a message without an event
      // name is dropped, as it cannot be dispatched.
      if (!message || typeof message.event !== 'string') return;
      for (const listener of listeners) listener(message);
    });
    // A socket that is already connected when it arrives (e.g. a test fake) announces at once.
    if (opened.connected) announce();
  };

  new Promise<Socket>((resolve) => resolve(open(url, token ?? null))).then(
    (opened) => {
      if (closed) {
        opened.disconnect();
        return;
      }
      socket = opened;
      wire(opened);
    },
    (error: unknown) => {
      if (closed) return;
      console.warn('[realtime] could not open the socket', error);
      void reportError(error, { realtime: 'load' });
    },
  );

  return {
    userId,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    setToken(next) {
      currentToken = next;
      if (socket) socket.auth = next ? { token: next } : {};
    },
    close() {
      closed = true;
      listeners.clear();
      reconnectListeners.clear();
      if (!socket) return;
      socket.removeAllListeners();
      socket.io.removeAllListeners();
      socket.disconnect();
      socket = null;
    },
  };
}

let shared: RealtimeClient | null = null;

let sharedToken: string | null = null;

/**
 * One connection per hub user: a new user closes the previous connection, a new token of the same
 * user is handed to the open one (no reconnect). The session binds it (features/session
 * realtime-binding); the features that listen get the same client by calling it with the session's
 * user. A call without a token (undefined) keeps the connection's token.
 */
export function realtimeFor(userId: string | null, token?: string | null): RealtimeClient | null {
  if (shared && shared.userId !== userId) {
    shared.close();
    shared = null;
  }
  if (!userId) return null;
  if (!shared) {
    sharedToken = token ?? null;
    shared = createRealtimeClient({ userId, token: sharedToken });
  } else if (token !== undefined && token !== sharedToken) {
    sharedToken = token;
    shared.setToken(token);
  }
  return shared;
}

export function closeRealtime(): void {
  shared?.close();
  shared = null;
}
