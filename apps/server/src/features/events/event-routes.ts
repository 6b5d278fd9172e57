import { eventDocument, eventListDocument, eventListQuery, idParams } from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { pageMeta, pageRequest } from '../../http/jsonapi.js';
import { toEventResource } from './event-mapper.js';
import { createEventRepository } from './event-repository.js';

/** GET /events and /events/{id} under /api/tournaments/1.0, scoped to the request's tenant. */
export function eventRoutes(db: Db): FastifyPluginAsyncZod {
  const eventsRepo = createEventRepository(db);
  return async (app) => {
    app.get(
      '/events',
      {
        config: { readCache: true },
        schema: { tags: ['events'], querystring: eventListQuery, response: { 200: eventListDocument } },
      },
      async (request) => {
        const page = pageRequest(request.query);
        const filter = { status: request.query['filter[status]'] };
        const { rows, total } = await eventsRepo.list(request.tenant, filter, page);
        const segmentIds = await eventsRepo.segmentIdsByEvent(rows.map((row) => row.id));
        return {
          data: rows.map((row) => toEventResource(row, segmentIds.get(row.id) ?? [])),
          meta: pageMeta(page, total),
        };
      },
    );

    app.get(
      '/events/:id',
      {
        config: { readCache: true },
        schema: { tags: ['events'], params: idParams, response: { 200: eventDocument } },
      },
      async (request) => {
        const event = await eventsRepo.getById(request.tenant, request.params.id);
        const segmentIds = await eventsRepo.segmentIdsByEvent([event.id]);
        return { data: toEventResource(event, segmentIds.get(event.id) ?? []) };
      },
    );
  };
}
