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
 *
 * `readCache: 'results'` (standings, leaderboards): the same, but those entries are also emptied
 * once any change to standings committed (`invalidateResults`, called by the ladder's
 * `onStandingsChanged`: results, corrections, recalculation batches, withdrawals), and live
 * RESULTS_TTL_MS at most, which bounds what changes them by another path.
 */
export const READ_CACHE_CHANNEL = 'cwh:read-cache:invalidate';
/** Message on READ_CACHE_CHANNEL that empties only the result-dependent entries. */
const RESULTS_ONLY = 'results';
const DEFAULT_TTL_MS = 5_000;
export const RESULTS_TTL_MS = 1_000;
const MAX_ENTRIES = 5_000;
const CACHE_CONTROL = 'public, no-cache';
const LADDER_PLAY = [`${API.matches}/`, `${API.war}/`];

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `true`: cache this public GET's 200 responses (events, segments: rarely changing reads).
     * `'results'`: cache them until the next series result, RESULTS_TTL_MS at most (standings).
     * `'etag'`: only ETag / 304 and Cache-Control.
     */
    readCache?: boolean | 'results' | 'etag';
  }
  interface FastifyInstance {
    readCache: {
      /** Empties every entry, here and on every instance. */
      invalidate(): void;
      /** Empties the result-dependent entries (`'results'`), here and on every instance. */
      invalidateResults(): void;
    };
  }
}

interface Entry {
  body: string;
  etag: string;
  contentType: string;
  expires: number;
}

const cachedKind = (request: FastifyRequest): 'all' | 'results' | null => {
  if (request.method !== 'GET') return null;
  const mode = request.routeOptions.config.readCache;
  return mode === true ? 'all' : mode === 'results' ? 'results' : null;
};

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
  const entries = { all: new Map<string, Entry>(), results: new Map<string, Entry>() };
  // Bumped on every invalidation of a kind: a response computed before it must not be stored after it.
  const generation = { all: 0, results: 0 };
  const invalidateResultsLocal = () => {
    generation.results++;
    entries.results.clear();
  };
  const invalidateLocal = () => {
    generation.all++;
    entries.all.clear();
    invalidateResultsLocal();
  };
  const onMessage = (message: string) =>
    message === RESULTS_ONLY ? invalidateResultsLocal() : invalidateLocal();

  const redis = options.redis;
  let subscriber: RedisClient | null = null;
  if (redis) {
    subscriber = redis.duplicate();
    subscriber.on('error', (error: unknown) =>
      app.log.warn({ err: error }, 'read cache: redis subscriber error'),
    );
    await subscriber.connect();
    await subscriber.subscribe(READ_CACHE_CHANNEL, onMessage);
    app.addHook('onClose', async () => {
      await subscriber?.quit().catch(() => {});
    });
  }
  const publish = (message: string) =>
    redis?.publish(READ_CACHE_CHANNEL, message).catch((error: unknown) => {
      app.log.warn({ err: error }, 'read cache: invalidation not published');
    });
  const invalidate = () => {
    invalidateLocal();
    publish(String(Date.now()));
  };
  const invalidateResults = () => {
    invalidateResultsLocal();
    publish(RESULTS_ONLY);
  };
  app.decorate('readCache', { invalidate, invalidateResults });

  app.addHook('onRequest', async (request, reply) => {
    const kind = cachedKind(request);
    if (!kind) return;
    const entry = entries[kind].get(keyOf(request));
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
    const kind = cachedKind(request);
    if (kind && started === generation[kind]) {
      const store = entries[kind];
      if (store.size >= MAX_ENTRIES) store.clear();
      const contentType = String(reply.getHeader('content-type') ?? 'application/vnd.api+json');
      const lifetime = kind === 'results' ? Math.min(ttl, RESULTS_TTL_MS) : ttl;
      store.set(keyOf(request), { body: payload, etag, contentType, expires: clock() + lifetime });
    }
    const match = request.headers['if-none-match'];
    if (match?.split(/\s*,\s*/).includes(etag)) {
      // A 304 has no body, so it declares no content type either (RFC 9110 15.4.5).
      reply.code(304).removeHeader('content-type');
      return '';
    }
    return payload;
  });

  app.addHook('preHandler', (request, _reply, done) => {
    const kind = cachedKind(request);
    if (kind)
      (request as FastifyRequest & { readCacheGeneration?: number }).readCacheGeneration = generation[kind];
    done();
  });

  app.addHook('onResponse', (request, reply, done) => {
    if (emptiesCache(request, reply.statusCode)) invalidate();
    done();
  });
}

/**
 * A successful write empties the cache, except players' ladder play (queue, match-ups, wars,
 * check-ins): it never changes events or segments, and changes standings only through results,
 * which empty those entries themselves; it would only empty the cache hundreds of times a second.
 * Staff writes there (result entry and corrections) are rare and may change anything.
 */
function emptiesCache(request: FastifyRequest, status: number): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return false;
  if (status >= 400) return false;
  const staff = (request.user?.permissions.length ?? 0) > 0;
  return staff || !LADDER_PLAY.some((prefix) => request.url.startsWith(prefix));
}
