import {
  adminMatchSeriesDocument,
  adminMatchSeriesListDocument,
  adminMatchSeriesListQuery,
  assignRostersBody,
  type DisqualificationDocument,
  deletedMatchSeriesListQuery,
  disqualificationDocument,
  disqualifyBody,
  disqualifyParams,
  matchSeriesActionBody,
  matchSeriesParams,
  matchSeriesPatchBody,
} from '@cwh/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { pageMeta, pageRequest } from '../../http/jsonapi.js';
import type { Audited } from '../activity-log/audit.js';
import type { BracketsDeps } from '../brackets/brackets-service.js';
import type { LadderService } from '../ladder/ladder-service.js';
import {
  createSeriesAdminContext,
  resources,
  type SeriesAdminApp,
  type SeriesAdminContext,
  secured,
  seriesFor,
  visibleEvents,
} from './match-series-admin-context.js';
import type { AdminSeriesRow } from './match-series-admin-repository.js';
import {
  assignRosters,
  disqualifyRoster,
  patchSeries,
  removeSeries,
  resetSeries,
  restoreSeries,
} from './match-series-admin-writes.js';
import { stageDisqualificationRoutes } from './stage-disqualification-routes.js';

const DEFAULT_PAGE_SIZE = 50;

/** GET /match-series: the series the caller may see, filtered, a page of them. */
async function listSeries(
  ctx: SeriesAdminContext,
  request: FastifyRequest,
  q: z.output<typeof adminMatchSeriesListQuery>,
) {
  const visibleEventIds = await visibleEvents(ctx, request, q['filter[event]']);
  const page = pageRequest({ ...q, 'page[size]': q['page[size]'] ?? DEFAULT_PAGE_SIZE });
  const states = q['filter[state]']
    ? ([...new Set(q['filter[state]'].split(',').map((s) => s.trim()))] as AdminSeriesRow['state'][])
    : undefined;
  const { rows, total } = await ctx.repo.list(
    request.tenant,
    {
      visibleEventIds,
      eventId: q['filter[event]'],
      segmentId: q['filter[segment]'],
      rosterId: q['filter[roster]'],
      states,
      roundNumber: q['filter[round]'],
      from: q['filter[from]'] ? new Date(q['filter[from]']) : undefined,
      to: q['filter[to]'] ? new Date(q['filter[to]']) : undefined,
    },
    { descending: q.sort === '-date' },
    page,
  );
  return { data: await resources(ctx, rows), meta: pageMeta(page, total) };
}

/** GET /match-series/deleted: the soft-deleted series the caller may see. */
async function listDeletedSeries(
  ctx: SeriesAdminContext,
  request: FastifyRequest,
  q: z.output<typeof deletedMatchSeriesListQuery>,
) {
  const visibleEventIds = await visibleEvents(ctx, request, q['filter[event]']);
  const page = pageRequest({ ...q, 'page[size]': q['page[size]'] ?? DEFAULT_PAGE_SIZE });
  const { rows, total } = await ctx.repo.listDeleted(
    request.tenant,
    { visibleEventIds, eventId: q['filter[event]'], segmentId: q['filter[segment]'] },
    page,
  );
  return { data: await resources(ctx, rows), meta: pageMeta(page, total) };
}

/**
 * Match series admin (spec 7) under /api/tournaments/1.0 (docs/api/match-series-admin.md).
 * Organizers of the series' event and admins; support and players are refused (403), anonymous
 * callers 401. Every write is audited in its own transaction with before and after.
 */
export function matchSeriesAdminRoutes(
  brackets: BracketsDeps,
  ladder: LadderService,
  audited: Audited,
): FastifyPluginAsyncZod {
  const ctx = createSeriesAdminContext(brackets, ladder, audited);
  return async (app) => {
    await app.register(stageDisqualificationRoutes(ctx.db));
    registerReads(app, ctx);
    registerLifecycle(app, ctx);
    registerEdits(app, ctx);
    registerDisqualify(app, ctx);
  };
}

/** GET /match-series, /match-series/deleted, /match-series/{id}. */
function registerReads(app: SeriesAdminApp, ctx: SeriesAdminContext): void {
  app.get(
    '/match-series',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        querystring: adminMatchSeriesListQuery,
        response: { 200: adminMatchSeriesListDocument },
      },
    },
    async (request) => listSeries(ctx, request, request.query),
  );

  app.get(
    '/match-series/deleted',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        querystring: deletedMatchSeriesListQuery,
        response: { 200: adminMatchSeriesListDocument },
      },
    },
    async (request) => listDeletedSeries(ctx, request, request.query),
  );

  app.get(
    '/match-series/:id',
    {
      preHandler: app.authenticate,
      schema: { ...secured, params: matchSeriesParams, response: { 200: adminMatchSeriesDocument } },
    },
    async (request) => {
      const found = await seriesFor(ctx, request, request.params.id);
      return { data: (await resources(ctx, [found]))[0]! };
    },
  );
}

/** POST /match-series/{id}/reset, DELETE /match-series/{id}, POST /match-series/deleted/{id}/restore. */
function registerLifecycle(app: SeriesAdminApp, ctx: SeriesAdminContext): void {
  app.post(
    '/match-series/:id/reset',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        params: matchSeriesParams,
        body: matchSeriesActionBody.nullish(),
        response: { 200: adminMatchSeriesDocument },
      },
    },
    async (request) =>
      resetSeries(ctx, request, request.params.id, request.body?.data.attributes.reason ?? null),
  );

  app.delete(
    '/match-series/:id',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        params: matchSeriesParams,
        querystring: z.object({ reason: z.string().trim().min(1).max(500).optional() }),
      },
    },
    async (request, reply) => {
      await removeSeries(ctx, request, request.params.id, request.query.reason ?? null);
      return reply.status(204).send();
    },
  );

  app.post(
    '/match-series/deleted/:id/restore',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        params: matchSeriesParams,
        body: matchSeriesActionBody.nullish(),
        response: { 200: adminMatchSeriesDocument },
      },
    },
    async (request) =>
      restoreSeries(ctx, request, request.params.id, request.body?.data.attributes.reason ?? null),
  );
}

/** PATCH /match-series/assign-rosters and PATCH /match-series/{id}. */
function registerEdits(app: SeriesAdminApp, ctx: SeriesAdminContext): void {
  app.patch(
    '/match-series/assign-rosters',
    {
      preHandler: app.authenticate,
      schema: { ...secured, body: assignRostersBody, response: { 200: adminMatchSeriesListDocument } },
    },
    async (request) => assignRosters(ctx, request, request.body.data.attributes),
  );

  app.patch(
    '/match-series/:id',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        params: matchSeriesParams,
        body: matchSeriesPatchBody,
        response: { 200: adminMatchSeriesDocument },
      },
    },
    async (request) => patchSeries(ctx, request, request.params.id, request.body.data.attributes),
  );
}

/** POST /segments/{id}/rosters/{rosterId}/disqualify: drop or disqualify a team. */
function registerDisqualify(app: SeriesAdminApp, ctx: SeriesAdminContext): void {
  app.post(
    '/segments/:id/rosters/:rosterId/disqualify',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        params: disqualifyParams,
        body: disqualifyBody,
        response: { 200: disqualificationDocument },
      },
    },
    async (request): Promise<DisqualificationDocument> =>
      disqualifyRoster(ctx, request, {
        segmentId: request.params.id,
        rosterId: request.params.rosterId,
        reason: request.body.data.attributes.reason,
      }),
  );
}
