import { announcementSettingsBody, announcementSettingsDocument, idParams } from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { createAccess } from '../access/access.js';
import type { AnnouncementsService } from './announcements-service.js';

const secured = { tags: ['events'], security: [{ bearer: [] }] };

/**
 * GET and PUT /events/{id}/announcements, POST /events/{id}/announcements/test under
 * /api/tournaments/1.0: the event's organizers and admins only (`event:manage`).
 */
export function announcementsRoutes(db: Db, service: AnnouncementsService): FastifyPluginAsyncZod {
  const requireAccess = createAccess(db);
  return async (app) => {
    app.get(
      '/events/:id/announcements',
      {
        preHandler: app.authenticate,
        schema: { ...secured, params: idParams, response: { 200: announcementSettingsDocument } },
      },
      async (request) => {
        await requireAccess(request, 'event:manage', request.params.id);
        return service.read(request.params.id);
      },
    );

    app.put(
      '/events/:id/announcements',
      {
        preHandler: app.authenticate,
        schema: {
          ...secured,
          params: idParams,
          body: announcementSettingsBody,
          response: { 200: announcementSettingsDocument },
        },
      },
      async (request) => {
        await requireAccess(request, 'event:manage', request.params.id);
        return service.save(request, request.params.id, request.body.data.attributes);
      },
    );

    app.post(
      '/events/:id/announcements/test',
      {
        preHandler: app.authenticate,
        schema: { ...secured, params: idParams, response: { 200: announcementSettingsDocument } },
      },
      async (request) => {
        await requireAccess(request, 'event:manage', request.params.id);
        return service.sendTest(request, request.params.id);
      },
    );
  };
}
