import { CALENDAR_MEDIA_TYPE, calendarFeedQuery, idParams } from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { eventFeed, rosterFeed } from './calendar-feed.js';
import { createCalendarRepository } from './calendar-repository.js';

const CONTENT_TYPE = `${CALENDAR_MEDIA_TYPE}; charset=utf-8`;

/**
 * The calendar feeds (issue #34) under /api/tournaments/1.0, public reads cached like the events
 * (`readCache: true`: emptied by every write, an organizer's reschedule included, and kept 5 s at
 * most, which bounds the matchmaker's new series): `GET /rosters/{id}/calendar.ics` (a team's
 * matches) and `GET /events/{id}/calendar.ics` (stages, check-in windows, stage matches), `?lang=`.
 * An unknown roster or event is a JSON:API 404; a `lang` outside the 9 locales a 400.
 */
export function calendarRoutes(db: Db, publicUrl: string): FastifyPluginAsyncZod {
  const repo = createCalendarRepository(db);
  const schema = { tags: ['calendar'], params: idParams, querystring: calendarFeedQuery };
  return async (app) => {
    app.get('/rosters/:id/calendar.ics', { config: { readCache: true }, schema }, async (request, reply) => {
      const roster = await repo.roster(request.tenant, request.params.id);
      const series = await repo.rosterSeries(roster.id);
      const body = rosterFeed({ locale: request.query.lang, publicUrl }, roster, series);
      return reply.header('content-type', CONTENT_TYPE).send(body);
    });

    app.get('/events/:id/calendar.ics', { config: { readCache: true }, schema }, async (request, reply) => {
      const event = await repo.event(request.tenant, request.params.id);
      const [stages, series] = await Promise.all([repo.eventStages(event.id), repo.eventSeries(event.id)]);
      const body = eventFeed({ locale: request.query.lang, publicUrl }, event, stages, series);
      return reply.header('content-type', CONTENT_TYPE).send(body);
    });
  };
}
