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
 *
 * No stampede when an entry goes: the first request after an entry EXPIRED recomputes it while the
 * others are still answered the expired body (for REFRESH_GRACE_MS at most: stale while
 * revalidate); requests that MISS (nothing cached, e.g. just after an invalidation) wait for the
 * one request already computing that URL and get its body, unless it fails or an invalidation
 * makes it unusable: then each computes its own. An entry emptied by a write is never served.
 */
export const READ_CACHE_CHANNEL = 'cwh:read-cache:invalidate';
/** Message on READ_CACHE_CHANNEL that empties only the result-dependent entries. */
const RESULTS_ONLY = 'results';
const DEFAULT_TTL_MS = 5_000;
export const RESULTS_TTL_MS = 1_000;
const MAX_ENTRIES = 5_000;
/** How long an expired entry is still answered while one request recomputes it. */
export const REFRESH_GRACE_MS = 2_000;
/** How long a miss waits for the request computing the same URL before computing its own. */
const FLIGHT_WAIT_MS = 2_000;
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
  /** When a request started recomputing this expired entry (the others get it meanwhile). */
  refreshingSince?: number;
}

/** The one request computing a missing URL, and the entry it stored (null: none, compute your own). */
interface Flight {
  settle(entry: Entry | null): void;
  done: Promise<Entry | null>;
}

/** What the cache knows of a request to a cached route, worked out once in `onRequest`. */
interface CacheState {
  kind: 'all' | 'results';
  key: string;
  /** The invalidation generation when the route started (preHandler). */
  generation?: number;
  /** Set when this request computes a missing URL for the others. */
  flight?: Flight;
}

type CacheRequest = FastifyRequest & { readCacheState?: CacheState };
const stateOf = (request: FastifyRequest) => (request as CacheRequest).readCacheState;

function newFlight(): Flight {
  let settle: (entry: Entry | null) => void = () => {};
  const done = new Promise<Entry | null>((resolve) => {
    settle = resolve;
  });
  return { settle, done };
}

/** The flight's entry, or null once FLIGHT_WAIT_MS passed without one. */
function waitFor(flight: Flight): Promise<Entry | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), FLIGHT_WAIT_MS);
  });
  return Promise.race([flight.done, timeout]).finally(() => clearTimeout(timer));
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
  const flights = { all: new Map<string, Flight>(), results: new Map<string, Flight>() };
  // Bumped on every invalidation of a kind: a response computed before it must not be stored after it.
  const generation = { all: 0, results: 0 };
  // A flight running across an invalidation stores nothing (generation) and answers its waiters
  // null; new misses start their own flight.
  const invalidateResultsLocal = () => {
    generation.results++;
    entries.results.clear();
    flights.results.clear();
  };
  const invalidateLocal = () => {
    generation.all++;
    entries.all.clear();
    flights.all.clear();
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
    // Any message but RESULTS_ONLY drops every entry: the time only tells one publication from
    // another in a trace (a marker, not a business time: no injected clock).
    publish(String(Date.now()));
  };
  const invalidateResults = () => {
    invalidateResultsLocal();
    publish(RESULTS_ONLY);
  };
  app.decorate('readCache', { invalidate, invalidateResults });

  const answer = (request: FastifyRequest, reply: FastifyReply, entry: Entry) => {
    if (answerNotModified(request, reply, entry.etag)) return reply;
    reply
      .header('content-type', entry.contentType)
      .header('etag', entry.etag)
      .header('cache-control', CACHE_CONTROL);
    return reply.send(entry.body);
  };

  app.addHook('onRequest', async (request, reply) => {
    const kind = cachedKind(request);
    if (!kind) return;
    const state: CacheState = { kind, key: keyOf(request) };
    (request as CacheRequest).readCacheState = state;
    const entry = entries[kind].get(state.key);
    if (entry) {
      const now = clock();
      const fresh = entry.expires > now;
      const refreshing =
        entry.refreshingSince !== undefined && now - entry.refreshingSince < REFRESH_GRACE_MS;
      if (fresh || refreshing) return answer(request, reply, entry);
      // Expired and nobody refreshing it: this request does (the route runs); others get the old body.
      entry.refreshingSince = now;
      return;
    }
    const running = flights[kind].get(state.key);
    if (running) {
      const computed = await waitFor(running);
      if (computed) return answer(request, reply, computed);
      return;
    }
    state.flight = newFlight();
    flights[kind].set(state.key, state.flight);
  });

  /** Ends this request's flight (if it has one) with what it stored, or null. */
  const land = (state: CacheState | undefined, stored: Entry | null) => {
    const flight = state?.flight;
    if (!state || !flight) return;
    state.flight = undefined;
    if (flights[state.kind].get(state.key) === flight) flights[state.kind].delete(state.key);
    flight.settle(stored);
  };

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || !request.routeOptions.config.readCache) return payload;
    const state = stateOf(request);
    if (reply.statusCode !== 200 || typeof payload !== 'string' || reply.getHeader('etag')) {
      land(state, null);
      return payload;
    }
    const etag = etagOf(payload);
    reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
    let stored: Entry | null = null;
    if (state && state.generation === generation[state.kind]) {
      const store = entries[state.kind];
      if (store.size >= MAX_ENTRIES) store.clear();
      const contentType = String(reply.getHeader('content-type') ?? 'application/vnd.api+json');
      const lifetime = state.kind === 'results' ? Math.min(ttl, RESULTS_TTL_MS) : ttl;
      stored = { body: payload, etag, contentType, expires: clock() + lifetime };
      store.set(state.key, stored);
    }
    land(state, stored);
    const match = request.headers['if-none-match'];
    if (match?.split(/\s*,\s*/).includes(etag)) {
      // A 304 has no body, so it declares no content type either (RFC 9110 15.4.5).
      reply.code(304).removeHeader('content-type');
      return '';
    }
    return payload;
  });

  app.addHook('preHandler', (request, _reply, done) => {
    const state = stateOf(request);
    if (state) state.generation = generation[state.kind];
    done();
  });

  app.addHook('onResponse', (request, reply, done) => {
    // A flight not landed by onSend (no body sent) lets its waiters compute their own.
    land(stateOf(request), null);
    if (emptiesCache(request, reply.statusCode)) invalidate();
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    land(stateOf(request), null);
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
