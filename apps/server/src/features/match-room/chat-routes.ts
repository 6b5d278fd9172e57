import {
  chatHistoryDocument,
  chatHistoryQuery,
  chatMessageDocument,
  idParams,
  MATCH_CHAT_PAGE_SIZE,
  sendChatMessageBody,
} from '@cwh/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../errors/domain-error.js';
import { createAccess } from '../access/access.js';
import type { Audited } from '../activity-log/audit.js';
import { type ChatDeps, chatHistory, removeChatMessage, sendChatMessage } from './chat-service.js';

const tags = ['chat'];
const security = [{ bearer: [] }];

function userOf(request: FastifyRequest) {
  if (!request.user) throw new DomainError('UNAUTHENTICATED', 'A bearer access token is required');
  return request.user;
}

/** The match chat (API.chat; contract match-chat.ts; docs/api/match-chat.md). */
export function chatRoutes(deps: ChatDeps, audited: Audited): FastifyPluginAsyncZod {
  const requireAccess = createAccess(deps.db);
  return async (app) => {
    app.get(
      '/history',
      {
        preHandler: app.authenticate,
        schema: { tags, security, querystring: chatHistoryQuery, response: { 200: chatHistoryDocument } },
      },
      async (request) => {
        const caller = userOf(request);
        const size = request.query['page[size]'] ?? MATCH_CHAT_PAGE_SIZE.default;
        const page = await chatHistory(
          deps,
          {
            tenant: request.tenant,
            caller,
            matchSeriesId: request.query['filter[matchSeries.id]'],
            before: request.query['page[before]'],
            size,
          },
          (eventId) => requireAccess(request, 'event:manage', eventId),
        );
        return {
          data: page.data,
          meta: { page: { size, hasMore: page.hasMore }, room: { canModerate: page.canModerate } },
        };
      },
    );

    app.post(
      '/history',
      {
        preHandler: app.authenticate,
        schema: { tags, security, body: sendChatMessageBody, response: { 201: chatMessageDocument } },
      },
      async (request, reply) => {
        const caller = userOf(request);
        const { matchSeriesId, body } = request.body.data.attributes;
        const message = await sendChatMessage(
          deps,
          { tenant: request.tenant, caller, matchSeriesId, body },
          (eventId) => requireAccess(request, 'event:manage', eventId),
        );
        return reply.code(201).send({ data: message });
      },
    );

    app.delete(
      '/history/:id',
      {
        preHandler: app.authenticate,
        schema: { tags, security, params: idParams, response: { 200: chatMessageDocument } },
      },
      async (request) => {
        const caller = userOf(request);
        const message = await removeChatMessage(
          deps,
          { tenant: request.tenant, caller, messageId: request.params.id },
          (eventId, tx) => createAccess(tx)(request, 'event:manage', eventId),
          (fn) => audited(request, fn),
        );
        return { data: message };
      },
    );
  };
}
