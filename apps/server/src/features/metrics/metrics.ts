import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/client.js';
import { GameAdapterError } from '../../game/game-adapter-error.js';
import type { GameAdapter } from '../../game/index.js';
import type { HardeningConfig } from '../../http/hardening-config.js';
import { createMetricsRepository } from './metrics-repository.js';

/**
 * One registry per app (tests build many apps in one process). Request histograms per route
 * pattern (never the raw URL: ids would explode the label set), domain gauges read from the
 * database at scrape time (every instance reports the shared state), and counters of game calls.
 */
export function createMetrics(db: Db, openSockets: () => number) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'cwh_process_' });
  const repo = createMetricsRepository(db);

  const requests = new Histogram({
    name: 'cwh_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const newcomerFound = new Histogram({
    name: 'cwh_matchmaking_join_to_found_seconds',
    help: 'From a join request reaching this instance to its match_up_found notices sent, for joins newcomer matching paired at once',
    buckets: [0.005, 0.01, 0.02, 0.035, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1],
    registers: [registry],
  });
  const newcomersBatched = new Counter({
    name: 'cwh_matchmaking_joins_batched_total',
    help: 'Joins committed in one turn of the event loop with others (a burst), paired by one matchmaker tick instead of newcomer matching each',
    registers: [registry],
  });
  const gameCalls = new Counter({
    name: 'cwh_game_api_calls_total',
    help: 'Calls to the game adapter by method and outcome (ok, or the adapter error kind)',
    labelNames: ['method', 'status'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'cwh_ladder_queue_length',
    help: 'Waiting queue entries per ladder segment and town hall level',
    labelNames: ['segment', 'th_level'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await repo.queueLengths()) {
        this.set({ segment: row.segmentId, th_level: String(row.thLevel) }, Number(row.waiting));
      }
    },
  });
  new Gauge({
    name: 'cwh_match_ups_awaiting_accept',
    help: 'Match-ups waiting for both captains to accept',
    registers: [registry],
    async collect() {
      this.set(await repo.matchUpsWithStatus('awaiting_confirmation'));
    },
  });
  new Gauge({
    name: 'cwh_match_up_accept_timeouts',
    help: 'Match-ups that expired because a captain did not accept in time (all time)',
    registers: [registry],
    async collect() {
      this.set(await repo.matchUpsWithStatus('expired'));
    },
  });
  new Gauge({
    name: 'cwh_open_sockets',
    help: 'Open socket.io connections on this instance',
    registers: [registry],
    collect() {
      this.set(openSockets());
    },
  });

  return { registry, requests, gameCalls, newcomerFound, newcomersBatched };
}
export type Metrics = ReturnType<typeof createMetrics>;

/** The game calls of the GameAdapter interface; helpers of an implementation stay as they are. */
const COUNTED_CALLS = new Set<string | symbol>([
  'verifyPlayerToken',
  'getPlayer',
  'getClan',
  'getWarStatus',
  'createWar',
]);

/** The adapter with every call counted by outcome; the listener registration is passed through. */
export function countGameCalls<G extends GameAdapter>(game: G, calls: Metrics['gameCalls']): G {
  return new Proxy(game, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || !COUNTED_CALLS.has(property)) return value;
      return async (...args: unknown[]) => {
        try {
          const result = await value.apply(target, args);
          calls.inc({ method: String(property), status: 'ok' });
          return result;
        } catch (error) {
          const status = error instanceof GameAdapterError ? error.kind : 'error';
          calls.inc({ method: String(property), status });
          throw error;
        }
      };
    },
  });
}

/**
 * Records every response in the histogram, and serves GET /metrics: with the bearer METRICS_TOKEN
 * when one is set, to anybody on the embedded demo (or METRICS_OPEN), to nobody otherwise.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  access: HardeningConfig['metrics'],
): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requests.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (access.access === 'closed') {
      return reply
        .status(401)
        .type('text/plain')
        .send('unauthorized: set METRICS_TOKEN to scrape this instance\n');
    }
    if (access.access === 'token' && request.headers.authorization !== `Bearer ${access.token}`) {
      return reply.status(401).header('www-authenticate', 'Bearer').type('text/plain').send('unauthorized\n');
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus registry and the instruments other features feed (game calls). */
    metrics: Metrics;
  }
}
