import { mailMessageListDocument, mailOutboxQuery } from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { isoSeconds, pageMeta, pageRequest } from '../../http/jsonapi.js';
import { createAccess } from '../access/access.js';
import { createMailOutboxRepository } from './mail-outbox-repository.js';

/** GET /mail-outbox under /api/users/1.0: the mail of the embedded default, for the console. */
export function mailOutboxRoutes(db: Db): FastifyPluginAsyncZod {
  const repo = createMailOutboxRepository(db);
  const requireAccess = createAccess(db);
  return async (app) => {
    app.get(
      '/mail-outbox',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['mail'],
          security: [{ bearer: [] }],
          querystring: mailOutboxQuery,
          response: { 200: mailMessageListDocument },
        },
      },
      async (request) => {
        await requireAccess(request, 'mail-outbox:read');
        const page = pageRequest(request.query);
        const { rows, total } = await repo.list({ to: request.query['filter[to]'] }, page);
        return {
          data: rows.map((row) => ({
            id: row.id,
            type: 'mail-messages' as const,
            attributes: {
              to: row.to,
              subject: row.subject,
              text: row.text,
              createdAt: isoSeconds(row.createdAt),
            },
          })),
          meta: pageMeta(page, total),
        };
      },
    );
  };
}
