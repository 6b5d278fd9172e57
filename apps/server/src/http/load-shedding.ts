import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { sendErrors } from './error-handler.js';

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
      reply.header('retry-after', String(SHED_RETRY_AFTER_SECONDS));
      sendErrors(request, reply, 503, [
        {
          status: '503',
          code: 'SERVICE_UNAVAILABLE',
          title: 'Service unavailable',
          detail: 'The server is overloaded, retry later',
          meta: { retryAfterSeconds: SHED_RETRY_AFTER_SECONDS, pressure: type },
        },
      ]);
    },
  });
}
