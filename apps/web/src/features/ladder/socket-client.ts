import {
  MATCH_UP_ACCEPTED_EVENT,
  MATCH_UP_DECLINED_EVENT,
  MATCH_UP_FOUND_EVENT,
  SOCKET_UPDATE_MESSAGE,
  SOCKET_USER_ACK_MESSAGE,
  SOCKET_USER_MESSAGE,
  type SocketUserAck,
  type SocketUserMessage,
  socketNamespace,
} from '@cwh/contract';
import { io, type Socket } from 'socket.io-client';
import { config } from '../../lib/config';
import { reportError } from '../../lib/error-reporter';

/** Socket `update` message: the spec's event name and the ids to refetch (spec 7). */
export interface UpdateMessage {
  event: string;
  data: unknown;
}

export const SOCKET_EVENTS = {
  matchUpFound: MATCH_UP_FOUND_EVENT,
  matchUpAccepted: MATCH_UP_ACCEPTED_EVENT,
  matchUpDeclined: MATCH_UP_DECLINED_EVENT,
} as const;

type Listener = (message: UpdateMessage) => void;

export interface RealtimeClient {
  readonly userId: string;
  subscribe(listener: Listener): () => void;
  close(): void;
}

export interface RealtimeOptions {
  userId: string;
  token?: string | null;
  /** Tests pass a fake; the app uses socket.io-client. */
  connect?: (url: string, token: string | null) => Socket;
}

/**
 * The match server's socket (`/{tenant}/frontend`, websocket only). The client announces its user
 * on every connect, reconnects included, so the server can route `update` events to it.
 */
export function createRealtimeClient({ userId, token, connect }: RealtimeOptions): RealtimeClient {
  const url = `${config.apiPrefix}${socketNamespace(config.tenant)}`;
  const open =
    connect ??
    ((target: string, bearer: string | null) =>
      io(target, { transports: ['websocket'], ...(bearer ? { auth: { token: bearer } } : {}) }));
  const socket = open(url, token ?? null);
  const listeners = new Set<Listener>();

  // The token proves the user id (contract socket.ts); without one the server ignores the message.
  const announce = () => {
    const message: SocketUserMessage = { userId, token: token ?? '' };
    socket.emit(SOCKET_USER_MESSAGE, message);
  };
  socket.on(SOCKET_USER_ACK_MESSAGE, (ack: SocketUserAck) => {
    if (ack.ok) console.info('[realtime] bound to user', ack.userId);
    else void reportError(new Error(`socket user refused: ${ack.code}`), { realtime: 'user_ack' });
  });
  socket.on('connect', () => {
    console.info('[realtime] connected', socket.id);
    announce();
  });
  socket.on('connect_error', (error: Error) => {
    console.warn('[realtime] connect error', error.message);
    void reportError(error, { realtime: 'connect_error' });
  });
  socket.on('disconnect', (reason: string) => console.info('[realtime] disconnected', reason));
  socket.io.on('reconnect', (attempt: number) => console.info('[realtime] reconnected after', attempt));
  socket.io.on('error', (error: Error) => void reportError(error, { realtime: 'manager_error' }));
  socket.on(SOCKET_UPDATE_MESSAGE, (message: UpdateMessage) => {
    if (!message || typeof message.event !== 'string') return;
    for (const listener of listeners) listener(message);
  });

  return {
    userId,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
      socket.removeAllListeners();
      socket.io.removeAllListeners();
      socket.disconnect();
    },
  };
}

let shared: RealtimeClient | null = null;

/** One connection per signed-in user: a new user closes the previous connection. */
export function realtimeFor(userId: string | null, token?: string | null): RealtimeClient | null {
  if (shared && shared.userId !== userId) {
    shared.close();
    shared = null;
  }
  if (!userId) return null;
  shared ??= createRealtimeClient({ userId, token: token ?? null });
  return shared;
}

export function closeRealtime(): void {
  shared?.close();
  shared = null;
}

/** The match-up id of a found notice, or the match series id of an accepted/declined one. */
export function matchUpIdOf(message: UpdateMessage): string | null {
  const data = message.data as { id?: unknown } | null;
  return typeof data?.id === 'string' || typeof data?.id === 'number' ? String(data.id) : null;
}

export function matchSeriesIdOf(message: UpdateMessage): string | null {
  const data = message.data as { matchSeries?: { id?: unknown } } | null;
  const id = data?.matchSeries?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}
