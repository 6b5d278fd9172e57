import {
  idParams,
  NOTICES_PAGE_SIZE,
  noticeDocument,
  noticeListDocument,
  noticesQuery,
  noticesReadAllDocument,
} from '@cwh/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../errors/domain-error.js';
import { actorOf } from '../../http/actor.js';
import { pageMeta } from '../../http/jsonapi.js';
import { noticeResource } from './notice-log.js';
import type { NoticesService } from './notices-service.js';

const schemaBase = { tags: ['notices'], security: [{ bearer: [] }] };

/** Every call is on the caller's own log: the owner is the signed-in user, never a parameter. */
function ownerOf(request: FastifyRequest) {
  if (!request.user) throw new DomainError('UNAUTHENTICATED', 'A bearer access token is required');
  return { userId: request.user.id, tenant: request.tenant };
}

/** The notice log under /api/users/1.0 (contract notices.ts; docs/api/notices.md). */
export function noticesRoutes(service: NoticesService): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { preHandler: app.authenticate };

    app.get(
      '/user/notices',
      {
        ...auth,
        schema: { ...schemaBase, querystring: noticesQuery, response: { 200: noticeListDocument } },
      },
      async (request) => {
        const owner = ownerOf(request);
        const number = request.query['page[number]'] ?? 1;
        const size = request.query['page[size]'] ?? NOTICES_PAGE_SIZE.default;
        const page = { number, size, offset: (number - 1) * size };
        const { rows, total, unread } = await service.page(owner, page);
        return { data: rows.map(noticeResource), meta: { ...pageMeta(page, total), unreadCount: unread } };
      },
    );

    app.post(
      '/user/notices/read-all',
      { ...auth, schema: { ...schemaBase, response: { 200: noticesReadAllDocument } } },
      async (request) => {
        const marked = await service.markAllRead(ownerOf(request), actorOf(request));
        return { meta: { marked, unreadCount: 0 } };
      },
    );

    app.post(
      '/user/notices/:id/read',
      { ...auth, schema: { ...schemaBase, params: idParams, response: { 200: noticeDocument } } },
      async (request) => {
        const { row, unread } = await service.markRead(ownerOf(request), request.params.id, actorOf(request));
        return { data: noticeResource(row), meta: { unreadCount: unread } };
      },
    );
  };
}
