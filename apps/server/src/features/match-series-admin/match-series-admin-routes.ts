import {
  type AdminMatchSeriesResource,
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
import type { Executor } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { isoSeconds, pageMeta, pageRequest } from '../../http/jsonapi.js';
import { createAccess } from '../access/access.js';
import { createOrganizerRepository } from '../access/organizer-repository.js';
import type { Audited } from '../activity-log/audit.js';
import type { BracketsDeps } from '../brackets/brackets-service.js';
import { matchSeriesResource } from '../ladder/ladder-mappers.js';
import type { LadderService } from '../ladder/ladder-service.js';
import { type AdminSeriesRow, createMatchSeriesAdminRepository } from './match-series-admin-repository.js';
import { createMatchSeriesAdminService } from './match-series-admin-service.js';
import { disqualifyFromStageRoute, stageDisqualificationRoutes } from './stage-disqualification-routes.js';

const secured = { tags: ['match-series-admin'], security: [{ bearer: [] }] };
const DEFAULT_PAGE_SIZE = 50;
const TARGET = 'match-series';

type Row = {
  series: AdminSeriesRow;
  format: 'swiss' | 'double_elimination' | null;
};

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
  const db = brackets.db;
  const requireAccess = createAccess(db);
  const organizers = createOrganizerRepository(db);
  const repo = createMatchSeriesAdminRepository(db);
  const service = createMatchSeriesAdminService({ brackets, ladder });

  /** Staff that may run events; a stranger learns nothing about the series. */
  function staffOnly(request: FastifyRequest) {
    const user = request.user;
    if (!user) throw new DomainError('UNAUTHENTICATED');
    const admin = user.permissions.includes('admin');
    if (!admin && !user.permissions.includes('organizer'))
      throw new DomainError('FORBIDDEN', 'Organizers of the event and admins only');
    return { user, admin };
  }

  /** The series (deleted or not) after the access check on its event. */
  async function seriesFor(request: FastifyRequest, id: string) {
    staffOnly(request);
    const found = await repo.find(request.tenant, id);
    if (!found) throw new DomainError('NOT_FOUND', `No match series with id ${id}`);
    await requireAccess(request, 'event:manage', found.series.eventId);
    return found;
  }

  async function resources(rows: Row[], tx: Executor = db): Promise<AdminMatchSeriesResource[]> {
    const ids = rows.map((r) => r.series.id);
    const competitors = await ladder.repository.competitorsOf(ids, tx);
    const rosterIds = [...new Set(competitors.flatMap((c) => (c.rosterId ? [c.rosterId] : [])))];
    const rosters = new Map((await ladder.repository.rostersByIds(rosterIds, tx)).map((r) => [r.id, r]));
    const now = brackets.now();
    return rows.map((row) => {
      const base = matchSeriesResource(row.series, competitors, rosters, now);
      return {
        ...base,
        attributes: {
          ...base.attributes,
          competition: row.format ?? 'ladder',
          deletedAt: row.series.deletedAt ? isoSeconds(row.series.deletedAt) : null,
        },
      } as AdminMatchSeriesResource;
    });
  }

  async function one(tenant: string, id: string, tx: Executor = db) {
    const found = (await repo.find(tenant, id, tx))!;
    return { data: (await resources([found], tx))[0]! };
  }

  /** An organizer sees the events they run; filter[event] of another one is refused. */
  async function visibleEvents(request: FastifyRequest, eventId: string | undefined) {
    const { user, admin } = staffOnly(request);
    if (admin) return undefined;
    const ids = (await organizers.eventIdsByUser([user.id])).get(user.id) ?? [];
    if (eventId && !ids.includes(eventId)) throw new DomainError('FORBIDDEN', 'Not allowed: event:manage');
    return ids;
  }

  /** What the activity log keeps of a series. */
  async function state(id: string, tx: Executor) {
    return (await repo.competitors(id, tx)).map((c) => ({
      position: c.position,
      rosterId: c.rosterId,
      score: c.score,
      placement: c.placement,
      forfeit: c.forfeit,
    }));
  }

  return async (app) => {
    await app.register(stageDisqualificationRoutes(db));
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
      async (request) => {
        const q = request.query;
        const visibleEventIds = await visibleEvents(request, q['filter[event]']);
        const page = pageRequest({ ...q, 'page[size]': q['page[size]'] ?? DEFAULT_PAGE_SIZE });
        const states = q['filter[state]']
          ? ([...new Set(q['filter[state]'].split(',').map((s) => s.trim()))] as AdminSeriesRow['state'][])
          : undefined;
        const { rows, total } = await repo.list(
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
        return { data: await resources(rows), meta: pageMeta(page, total) };
      },
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
      async (request) => {
        const q = request.query;
        const visibleEventIds = await visibleEvents(request, q['filter[event]']);
        const page = pageRequest({ ...q, 'page[size]': q['page[size]'] ?? DEFAULT_PAGE_SIZE });
        const { rows, total } = await repo.listDeleted(
          request.tenant,
          { visibleEventIds, eventId: q['filter[event]'], segmentId: q['filter[segment]'] },
          page,
        );
        return { data: await resources(rows), meta: pageMeta(page, total) };
      },
    );

    app.get(
      '/match-series/:id',
      {
        preHandler: app.authenticate,
        schema: { ...secured, params: matchSeriesParams, response: { 200: adminMatchSeriesDocument } },
      },
      async (request) => {
        const found = await seriesFor(request, request.params.id);
        return { data: (await resources([found]))[0]! };
      },
    );

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
      async (request) => {
        const id = request.params.id;
        const found = await seriesFor(request, id);
        return audited(request, async (tx, record) => {
          const before = { state: found.series.state, competitors: await state(id, tx) };
          const done = await service.reset(request.tenant, id, tx);
          const document = await one(request.tenant, id, tx);
          await record({
            action: 'match-series.reset',
            targetType: TARGET,
            targetId: id,
            eventId: found.series.eventId,
            before,
            after: {
              state: document.data.attributes.state,
              competitors: await state(id, tx),
              changedMatchSeriesIds: done.changedMatchSeriesIds,
              reason: request.body?.data.attributes.reason ?? null,
            },
          });
          return document;
        });
      },
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
        const id = request.params.id;
        const found = await seriesFor(request, id);
        await audited(request, async (tx, record) => {
          await service.remove(request.tenant, id, tx);
          await record({
            action: 'match-series.delete',
            targetType: TARGET,
            targetId: id,
            eventId: found.series.eventId,
            before: { state: found.series.state, deletedAt: null, competitors: await state(id, tx) },
            after: {
              deletedAt: (await repo.find(request.tenant, id, tx))!.series.deletedAt,
              reason: request.query.reason ?? null,
            },
          });
        });
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
      async (request) => {
        const id = request.params.id;
        const found = await seriesFor(request, id);
        return audited(request, async (tx, record) => {
          await service.restore(request.tenant, id, tx);
          await record({
            action: 'match-series.restore',
            targetType: TARGET,
            targetId: id,
            eventId: found.series.eventId,
            before: { deletedAt: found.series.deletedAt },
            after: {
              deletedAt: null,
              state: found.series.state,
              reason: request.body?.data.attributes.reason ?? null,
            },
          });
          return one(request.tenant, id, tx);
        });
      },
    );

    app.patch(
      '/match-series/assign-rosters',
      {
        preHandler: app.authenticate,
        schema: { ...secured, body: assignRostersBody, response: { 200: adminMatchSeriesListDocument } },
      },
      async (request) => {
        staffOnly(request);
        const { assignments, reason } = request.body.data.attributes;
        // Access on every series' event before anything is written.
        const events = new Map<string, string>();
        for (const a of assignments) {
          const found = await repo.find(request.tenant, a.matchSeriesId);
          if (!found || found.series.deletedAt)
            throw new DomainError('NOT_FOUND', `No match series with id ${a.matchSeriesId}`);
          events.set(found.series.id, found.series.eventId);
        }
        for (const eventId of new Set(events.values())) await requireAccess(request, 'event:manage', eventId);
        return audited(request, async (tx, record) => {
          const done = await service.assignRosters(request.tenant, assignments, tx);
          for (const after of done.after) {
            await record({
              action: 'match-series.assign-rosters',
              targetType: TARGET,
              targetId: after.matchSeriesId,
              eventId: events.get(after.matchSeriesId) ?? null,
              before: done.before.find((b) => b.matchSeriesId === after.matchSeriesId),
              after: { ...after, reason: reason ?? null },
            });
          }
          const rows = [];
          for (const a of assignments) rows.push((await repo.find(request.tenant, a.matchSeriesId, tx))!);
          return { data: await resources(rows, tx) };
        });
      },
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
      async (request) => {
        const id = request.params.id;
        const found = await seriesFor(request, id);
        const body = request.body.data.attributes;
        if (body.date === undefined && body.state === undefined)
          throw new DomainError('VALIDATION_FAILED', 'Give a date or a state', {
            source: { pointer: '/data/attributes' },
          });
        return audited(request, async (tx, record) => {
          await service.patch(
            request.tenant,
            id,
            {
              ...(body.date ? { date: new Date(body.date) } : {}),
              ...(body.state ? { state: body.state } : {}),
            },
            tx,
          );
          const document = await one(request.tenant, id, tx);
          await record({
            action: 'match-series.update',
            targetType: TARGET,
            targetId: id,
            eventId: found.series.eventId,
            before: { date: found.series.date, state: found.series.state },
            after: {
              date: document.data.attributes.date,
              state: document.data.attributes.state,
              reason: body.reason ?? null,
            },
          });
          return document;
        });
      },
    );

    /**
     * Drop or disqualify a team (spec 7 "Match series admin"): the roster is withdrawn and forfeits
     * its remaining series (the ladder's withdrawal path), in one audited transaction.
     */
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
      async (request): Promise<DisqualificationDocument> => {
        staffOnly(request);
        const { id: segmentId, rosterId } = request.params;
        const segment = await repo.segmentInTenant(request.tenant, segmentId);
        if (!segment) throw new DomainError('NOT_FOUND', `No segment with id ${segmentId}`);
        await requireAccess(request, 'event:manage', segment.eventId);
        const reason = request.body.data.attributes.reason;
        // A stage's segment: out of that stage only (issue #31); the roster's own: the championship.
        if (await brackets.repo.stageOfSegment(segmentId))
          return disqualifyFromStageRoute({ brackets, ladder, audited }, request, {
            segmentId,
            rosterId,
            reason,
            eventId: segment.eventId,
          });
        const done = await audited(request, async (_tx, record, uow) => {
          const result = await service.disqualify(request.tenant, segmentId, rosterId, uow);
          await record({
            action: 'roster.disqualify',
            targetType: 'roster',
            targetId: rosterId,
            eventId: segment.eventId,
            before: { withdrawnAt: null },
            after: { withdrawnAt: result.withdrawnAt, forfeitedMatchSeriesIds: result.forfeited, reason },
          });
          return result;
        });
        return {
          data: {
            id: rosterId,
            type: 'disqualifications',
            attributes: {
              roster: { id: rosterId },
              segment: { id: segmentId },
              scope: 'championship',
              withdrawnAt: isoSeconds(done.withdrawnAt),
              forfeitedMatchSeriesIds: done.forfeited,
              reason,
            },
          },
        };
      },
    );
  };
}
