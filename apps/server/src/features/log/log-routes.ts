import { type LogBody, type LogRequestBody, logReceiptDocument, logRequestBody } from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { isoSeconds } from '../../http/jsonapi.js';
import { type RateLimiter, rateLimited } from '../../http/rate-limit.js';
import { createLogRepository } from './log-repository.js';

const unwrap = (body: LogRequestBody): LogBody => ('data' in body ? body.data.attributes : body);

/** Player tokens must not end up in logs or the log table. */
function redact(meta: LogBody['meta']): Record<string, unknown> {
  const { scToken, ...rest } = meta;
  return scToken ? { ...rest, scToken: '[redacted]' } : rest;
}

/** POST /api/log/1.0/log: the web's unhandled-error reports. */
export function logRoutes(
  db: Db,
  options: { perMinute: number; limiter: RateLimiter },
): FastifyPluginAsyncZod {
  const logs = createLogRepository(db);
  const { limiter } = options;
  return async (app) => {
    app.post(
      '/log',
      { schema: { tags: ['log'], body: logRequestBody, response: { 201: logReceiptDocument } } },
      async (request, reply) => {
        const window = await limiter.hit(request.ip);
        if (window.count > options.perMinute) throw rateLimited('Too many log reports, slow down', window);
        const report = unwrap(request.body);
        const meta = redact(report.meta);
        const userAgent = request.headers['user-agent'] ?? null;
        const stored = await logs.insert({
          tenant: request.tenant,
          error: report.error,
          meta,
          url: report.url,
          userAgent,
          ip: request.ip,
        });
        request.log.warn(
          {
            clientLog: { id: stored.id, error: report.error, url: report.url, meta, tenant: request.tenant },
          },
          'client error report',
        );
        reply.status(201);
        return {
          data: {
            id: stored.id,
            type: 'logs' as const,
            attributes: { receivedAt: isoSeconds(stored.createdAt) },
          },
        };
      },
    );
  };
}
