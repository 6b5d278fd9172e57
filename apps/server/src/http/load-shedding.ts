import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { errorMessage } from './jsonapi.js';

export const SHED_RETRY_AFTER_SECONDS = 10;

/**
 * Load shedding (@fastify/under-pressure): while the event loop lags past the limit, requests get
 * 503 SERVICE_UNAVAILABLE with Retry-After at once instead of queueing behind the backlog. The
 * probes stay answered so the load balancer sees the instance as alive.
 * `healthCheck` lets tests (and future checks) declare the pressure directly.
 */
export async function registerLoadShedding(
  app: FastifyInstance,
  options: {
    maxEventLoopDelayMs: number;
    healthCheck?: () => Promise<boolean>;
    healthCheckIntervalMs?: number;
  },
): Promise<void> {
  if (options.maxEventLoopDelayMs === 0 && !options.healthCheck) return;
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    retryAfter: SHED_RETRY_AFTER_SECONDS,
    ...(options.healthCheck
      ? { healthCheck: options.healthCheck, healthCheckInterval: options.healthCheckIntervalMs ?? 1000 }
      : {}),
    pressureHandler: (request, reply, type): void => {
      // Liveness stays answered: a loaded instance is alive, restarting it would shed everything.
      if (request.url === '/health') {
        reply.send({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) });
        return;
      }
      const path = request.url.split('?')[0] ?? request.url;
      const errors = [
        {
          status: '503',
          code: 'SERVICE_UNAVAILABLE',
          title: 'Service unavailable',
          detail: 'The server is overloaded, retry later',
          meta: { retryAfterSeconds: SHED_RETRY_AFTER_SECONDS, pressure: type },
        },
      ];
      // Sent as text: the route's own response schemas (e.g. /ready's 503) must not reshape it.
      reply
        .status(503)
        .header('retry-after', String(SHED_RETRY_AFTER_SECONDS))
        .type(`${request.responseMediaType ?? 'application/json'}; charset=utf-8`)
        .send(
          JSON.stringify({
            errors,
            meta: {
              message: errorMessage(503, request.method, path, errors),
              status: 503,
              method: request.method,
              path,
            },
          }),
        );
    },
  });
}
