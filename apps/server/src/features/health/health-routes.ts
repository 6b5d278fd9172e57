import { healthResponse, readyResponse } from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The process's start, for its uptime: real time, not the app's (injectable) business clock. */
const startedAt = Date.now();

/** Liveness (process answers) and readiness (dependencies answer). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags: ['health'], response: { 200: healthResponse } } }, async () => ({
    status: 'ok' as const,
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
  }));

  app.get(
    '/ready',
    { schema: { tags: ['health'], response: { 200: readyResponse, 503: readyResponse } } },
    async (_request, reply) => {
      const checks: Record<string, 'ok' | 'failing'> = {};
      checks.database = await app.database.ping().then(
        () => 'ok' as const,
        () => 'failing' as const,
      );
      if (app.redis) {
        const redis = app.redis;
        checks.redis = await redis.ping().then(
          () => 'ok' as const,
          () => 'failing' as const,
        );
      }
      const ready = Object.values(checks).every((check) => check === 'ok');
      reply.status(ready ? 200 : 503);
      return { status: ready ? ('ready' as const) : ('not_ready' as const), checks };
    },
  );
};
