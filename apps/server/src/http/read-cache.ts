import { createHash } from 'node:crypto';
import { API } from '@cwh/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RedisClient } from '../redis.js';
import { negotiateMediaType } from './content-negotiation.js';

/**
 * Public read cache. Routes opt in with `config: { readCache: true }`: their 200 bodies
 * are kept per tenant + URL and answered straight from the `onRequest` hook (no validation, no
 * database). Every successful write (any non-GET request answered below 400) empties it on this
 * instance and, through Redis pub/sub when Redis is configured, on every other one. Writes that do
 * not go through HTTP (seeds, jobs) are bounded by the entry lifetime. Every opted-in response
 * carries an ETag and `Cache-Control: public, no-cache`, so clients revalidate and get 304s.
 */
export const READ_CACHE_CHANNEL = 'cwh:read-cache:invalidate';
const DEFAULT_TTL_MS = 5_000;
const MAX_ENTRIES = 5_000;
const CACHE_CONTROL = 'public, no-cache';
const LADDER_PLAY = [`${API.matches}/`, `${API.war}/`];

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `true`: cache this public GET's 200 responses (events, segments: rarely changing reads).
     * `'etag'`: only ETag / 304 and Cache-Control (reads that change with every result).
     */
    readCache?: boolean | 'etag';
  }
  interface FastifyInstance {
    readCache: { invalidate(): void };
  }
}

interface Entry {
  body: string;
  etag: string;
  contentType: string;
  expires: number;
}

export interface ReadCacheOptions {
  redis: RedisClient | null;
  ttlMs?: number;
  /** Milliseconds now (monotonic enough for expiry); tests pass their own. */
  clock?: () => number;
}

// The negotiated media type is part of the key: the same document is served as JSON:API or, on
// request (Accept: application/json), as plain JSON with that content type.
const keyOf = (request: FastifyRequest) =>
  `${request.tenant ?? ''}\u0000${request.url}\u0000${negotiateMediaType(request.headers.accept)}`;
export const etagOf = (body: string) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

function answerNotModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  const match = request.headers['if-none-match'];
  if (!match?.split(/\s*,\s*/).includes(etag)) return false;
  reply.code(304).header('etag', etag).header('cache-control', CACHE_CONTROL).send();
  return true;
}

export async function registerReadCache(app: FastifyInstance, options: ReadCacheOptions): Promise<void> {
  const ttl = options.ttlMs ?? DEFAULT_TTL_MS;
  const clock = options.clock ?? Date.now;
  const entries = new Map<string, Entry>();
  // Bumped on every invalidation: a response computed before it must not be stored after it.
  let generation = 0;
  const invalidateLocal = () => {
    generation++;
    entries.clear();
  };

  const redis = options.redis;
  let subscriber: RedisClient | null = null;
  if (redis) {
    subscriber = redis.duplicate();
    subscriber.on('error', (error: unknown) =>
      app.log.warn({ err: error }, 'read cache: redis subscriber error'),
    );
    await subscriber.connect();
    await subscriber.subscribe(READ_CACHE_CHANNEL, invalidateLocal);
    app.addHook('onClose', async () => {
      await subscriber?.quit().catch(() => {});
    });
  }
  const invalidate = () => {
    invalidateLocal();
    redis?.publish(READ_CACHE_CHANNEL, String(Date.now())).catch((error: unknown) => {
      app.log.warn({ err: error }, 'read cache: invalidation not published');
    });
  };
  app.decorate('readCache', { invalidate });

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.routeOptions.config.readCache !== true) return;
    const entry = entries.get(keyOf(request));
    if (!entry || entry.expires <= clock()) return;
    if (answerNotModified(request, reply, entry.etag)) return reply;
    reply
      .header('content-type', entry.contentType)
      .header('etag', entry.etag)
      .header('cache-control', CACHE_CONTROL);
    return reply.send(entry.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || !request.routeOptions.config.readCache) return payload;
    if (reply.statusCode !== 200 || typeof payload !== 'string' || reply.getHeader('etag')) return payload;
    const etag = etagOf(payload);
    reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
    const started = (request as FastifyRequest & { readCacheGeneration?: number }).readCacheGeneration;
    if (request.routeOptions.config.readCache === true && started === generation) {
      if (entries.size >= MAX_ENTRIES) entries.clear();
      const contentType = String(reply.getHeader('content-type') ?? 'application/vnd.api+json');
      entries.set(keyOf(request), { body: payload, etag, contentType, expires: clock() + ttl });
    }
    const match = request.headers['if-none-match'];
    if (match?.split(/\s*,\s*/).includes(etag)) {
      // A 304 has no body, so it declares no content type either (RFC 9110 15.4.5).
      reply.code(304).removeHeader('content-type');
      return '';
    }
    return payload;
  });

  app.addHook('preHandler', async (request) => {
    if (request.method === 'GET' && request.routeOptions.config.readCache) {
      (request as FastifyRequest & { readCacheGeneration?: number }).readCacheGeneration = generation;
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    // Ladder play (queue, match-ups, wars) never changes events or segments: it would only empty
    // the cache hundreds of times a second.
    if (LADDER_PLAY.some((prefix) => request.url.startsWith(prefix))) return;
    if (reply.statusCode < 400) invalidate();
  });
}
