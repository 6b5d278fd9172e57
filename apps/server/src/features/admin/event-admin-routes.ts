import { cloneEventBody, createEventBody, eventDocument, idParams, updateEventBody } from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { createAccess } from '../access/access.js';
import type { Audited } from '../activity-log/audit.js';
import { toEventResource } from '../events/event-mapper.js';
import { createEventRepository, type EventRow } from '../events/event-repository.js';
import { createEventAdminService } from './event-admin-service.js';

const secured = { tags: ['events'], security: [{ bearer: [] }] };

/** POST /events, PUT and DELETE /events/{id}, POST /events/{id}/clone under /api/tournaments/1.0. */
export function eventAdminRoutes(db: Db, audited: Audited): FastifyPluginAsyncZod {
  const service = createEventAdminService(db, audited);
  const requireAccess = createAccess(db);
  const events = createEventRepository(db);
  async function document(row: EventRow) {
    const ids = await events.segmentIdsByEvent([row.id]);
    return { data: toEventResource(row, ids.get(row.id) ?? [], true) };
  }

  return async (app) => {
    app.post(
      '/events',
      {
        preHandler: app.authenticate,
        schema: { ...secured, body: createEventBody, response: { 201: eventDocument } },
      },
      async (request, reply) => {
        await requireAccess(request, 'event:create');
        const row = await service.createEvent(request, request.body.data.attributes);
        return reply.status(201).send(await document(row));
      },
    );

    app.put(
      '/events/:id',
      {
        preHandler: app.authenticate,
        schema: { ...secured, params: idParams, body: updateEventBody, response: { 200: eventDocument } },
      },
      async (request) => {
        await requireAccess(request, 'event:manage', request.params.id);
        return document(await service.updateEvent(request, request.params.id, request.body.data.attributes));
      },
    );

    app.delete(
      '/events/:id',
      { preHandler: app.authenticate, schema: { ...secured, params: idParams } },
      async (request, reply) => {
        await requireAccess(request, 'event:delete');
        await service.deleteEvent(request, request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/events/:id/clone',
      {
        preHandler: app.authenticate,
        schema: { ...secured, params: idParams, body: cloneEventBody, response: { 201: eventDocument } },
      },
      async (request, reply) => {
        await requireAccess(request, 'event:manage', request.params.id);
        const row = await service.cloneEvent(request, request.params.id, request.body.data.attributes);
        return reply.status(201).send(await document(row));
      },
    );
  };
}
