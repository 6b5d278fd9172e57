import type { Server as HttpServer } from 'node:http';
import {
  SOCKET_USER_ACK_MESSAGE,
  SOCKET_USER_MESSAGE,
  type SocketUserAck,
  socketHandshakeAuth,
  socketUserMessage,
} from '@cwh/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import type { RedisClient } from '../redis.js';

/** `/{tenant}/frontend`, with the same tenant rule as the HTTP header. */
export const FRONTEND_NAMESPACE = /^\/[a-z0-9-]{1,32}\/frontend$/;

export const userRoom = (userId: string) => `user:${userId}`;

export interface SocketServerOptions {
  redis: RedisClient | null;
  logger: FastifyBaseLogger;
  /** Resolves a bearer access token to its user id (null or a throw: not valid). */
  authenticate?: (token: string) => Promise<string | null>;
  /** How long a verified token is trusted without asking `authenticate` again (default 60 s; 0: off). */
  tokenCacheTtlMs?: number;
  /** Most tokens kept in that cache (least recently used dropped first; default 10,000). */
  tokenCacheSize?: number;
}

/**
 * Short-lived token → user id cache for socket binding, so a reconnect storm (every socket sends
 * `user` again) does not cost one token lookup per socket. Only successful lookups are kept, for
 * `ttlMs` at most: a token revoked or expired meanwhile is still accepted for the rest of that
 * window, then refused. Concurrent lookups of one token share one call. Bounded (LRU by insertion
 * order of a Map, refreshed on hit).
 */
export function cachedAuthenticate(
  authenticate: (token: string) => Promise<string | null>,
  options: { ttlMs: number; maxSize: number; now?: () => number },
): (token: string) => Promise<string | null> {
  const now = options.now ?? Date.now;
  const cache = new Map<string, { userId: string; until: number }>();
  const pending = new Map<string, Promise<string | null>>();
  if (options.ttlMs <= 0) return authenticate;
  return (token) => {
    const hit = cache.get(token);
    if (hit) {
      cache.delete(token);
      if (hit.until > now()) {
        cache.set(token, hit);
        return Promise.resolve(hit.userId);
      }
    }
    const inFlight = pending.get(token);
    if (inFlight) return inFlight;
    const lookup = authenticate(token)
      .then((userId) => {
        if (userId) {
          cache.set(token, { userId, until: now() + options.ttlMs });
          while (cache.size > options.maxSize) cache.delete(cache.keys().next().value!);
        }
        return userId;
      })
      .finally(() => pending.delete(token));
    pending.set(token, lookup);
    return lookup;
  };
}

export interface RealtimeHandle {
  io: Server;
  /** Drops every socket and the pub/sub clients; the HTTP server itself is closed by Fastify. */
  close(): Promise<void>;
}

export async function createSocketServer(
  server: HttpServer,
  options: SocketServerOptions,
): Promise<RealtimeHandle> {
  const { redis, logger } = options;
  const authenticate = options.authenticate
    ? cachedAuthenticate(options.authenticate, {
        ttlMs: options.tokenCacheTtlMs ?? 60_000,
        maxSize: options.tokenCacheSize ?? 10_000,
      })
    : null;
  const io = new Server(server, { transports: ['websocket'], serveClient: false });
  let pubSub: RedisClient[] = [];
  if (redis) {
    // Fan-out across instances: every emit is published, every instance delivers to its own sockets.
    const pub = redis.duplicate();
    const sub = redis.duplicate();
    for (const client of [pub, sub])
      client.on('error', (error) => logger.warn({ err: error }, 'redis pub/sub error'));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(tolerateOfflinePublish(pub, logger), tolerateOfflineSubscribe(sub, logger)));
    pubSub = [pub, sub];
  }

  io.of(FRONTEND_NAMESPACE).on('connection', (socket) => {
    const namespace = socket.nsp.name;
    logger.debug({ namespace, socketId: socket.id }, 'socket connected');
    // A socket joins a user room only with a token of that user: in the handshake (auth.token) or
    // in the `user` message ({userId, token}) the client sends on connect and reconnect.
    const bind = async (token: string, claimedUserId: string | null): Promise<SocketUserAck> => {
      const userId = authenticate ? await authenticate(token).catch(() => null) : null;
      if (!userId) return { ok: false, code: 'UNAUTHENTICATED' };
      if (claimedUserId !== null && claimedUserId !== userId) return { ok: false, code: 'USER_MISMATCH' };
      await socket.join(userRoom(userId));
      logger.debug({ namespace, socketId: socket.id, userId }, 'socket joined user room');
      return { ok: true, userId };
    };
    const handshake = socketHandshakeAuth.safeParse(socket.handshake.auth ?? {});
    if (handshake.success && handshake.data.token) {
      void bind(handshake.data.token, null).then((ack) => socket.emit(SOCKET_USER_ACK_MESSAGE, ack));
    }
    socket.on(SOCKET_USER_MESSAGE, (message: unknown, callback?: unknown) => {
      const parsed = socketUserMessage.safeParse(message);
      const reply = (ack: SocketUserAck) => {
        socket.emit(SOCKET_USER_ACK_MESSAGE, ack);
        if (typeof callback === 'function') callback(ack);
      };
      if (!parsed.success) {
        // The old client sent a bare user id; trusting it would let anyone listen to anyone.
        reply({ ok: false, code: 'VALIDATION_FAILED' });
        return;
      }
      void bind(parsed.data.token, parsed.data.userId).then(reply);
    });
    socket.on('disconnect', (reason) =>
      logger.debug({ namespace, socketId: socket.id, reason }, 'socket disconnected'),
    );
  });

  return {
    io,
    async close() {
      io.local.disconnectSockets(true);
      for (const nsp of frontendNamespaces(io)) nsp.local.disconnectSockets(true);
      io.engine.close();
      await Promise.all(pubSub.map((client) => client.quit().catch(() => {})));
    },
  };
}

function frontendNamespaces(io: Server) {
  // socket.io keeps dynamically created child namespaces in `_nsps`; there is no public accessor.
  const registry = (io as unknown as { _nsps: Map<string, ReturnType<Server['of']>> })._nsps;
  return [...registry.values()].filter((nsp) => FRONTEND_NAMESPACE.test(nsp.name));
}

/**
 * The Redis adapter publishes every emit without awaiting it: while Redis is away the client
 * rejects at once (no offline queue), and that unhandled rejection ended the process, so an outage
 * killed every instance that emitted a notice. Here a refused publish is logged (once per outage)
 * and the notice is lost for the other instances only: clients re-read over HTTP when they
 * reconnect, and fan-out resumes as soon as the client reconnects to Redis.
 */
export function tolerateOfflinePublish(
  client: RedisClient,
  logger: Pick<FastifyBaseLogger, 'warn'>,
): RedisClient {
  const publish = client.publish.bind(client) as (...args: unknown[]) => Promise<number>;
  let failing = false;
  (client as { publish: unknown }).publish = (...args: unknown[]) => {
    const sent = publish(...args);
    sent.then(
      () => {
        failing = false;
      },
      (error: unknown) => {
        if (!failing)
          logger.warn(
            { err: error },
            'redis publish failed: notices reach this instance only until Redis is back',
          );
        failing = true;
      },
    );
    return sent;
  };
  return client;
}

/**
 * The adapter of a namespace subscribes to its channels when the namespace is first used (a tenant's
 * first socket or notice), without awaiting it. During an outage the client rejects the subscription
 * (unhandled: the process ended) and forgets it, so that namespace would never hear the other
 * instances again. Here a refused subscription is logged and made again once Redis is back.
 */
export function tolerateOfflineSubscribe(
  client: RedisClient,
  logger: Pick<FastifyBaseLogger, 'warn'>,
): RedisClient {
  for (const name of ['subscribe', 'pSubscribe', 'sSubscribe'] as const) {
    const original = (client[name] as (...args: unknown[]) => Promise<void>).bind(client);
    const subscribe = (...args: unknown[]): Promise<void> =>
      original(...args).catch((error: unknown) => {
        logger.warn({ err: error }, `redis ${name} refused: made again when Redis is back`);
        client.once('ready', () => void subscribe(...args));
      });
    (client as unknown as Record<string, unknown>)[name] = subscribe;
  }
  return client;
}
