import {
  advanceBody,
  advancementListDocument,
  bracketInfoDocument,
  bracketMatchSeriesQuery,
  bracketParams,
  createBracketBody,
  matchSeriesListDocument,
  segmentIdParams,
  swissRecordListDocument,
  swissRecordsQuery,
  swissRoundDocument,
} from '@cwh/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../errors/domain-error.js';
import { pageMeta, pageRequest } from '../../http/jsonapi.js';
import { createAccess } from '../access/access.js';
import { matchSeriesResource } from '../ladder/ladder-mappers.js';
import { createSegmentRepository } from '../segments/segment-repository.js';
import { advanceSegment } from './advance-service.js';
import { SWISS_RECORDS_DEFAULT_PAGE_SIZE, stageInfo, swissRecords } from './brackets-read-service.js';
import { type BracketsDeps, createStage, resetCurrentRound, startNextRound } from './brackets-service.js';

/** Tournament stages under /api/tournaments/1.0 (docs in packages/contract/src/brackets.ts). */
export function bracketRoutes(deps: BracketsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps;
    const requireAccess = createAccess(db);
    const segmentsRepo = createSegmentRepository(db);
    /**
     * Stage writes (create, rounds, reset, advance) belong to the organizers of the segment's
     * event and to admins: the segment is looked up in the tenant (404) before access is decided.
     */
    const requireStageAccess = async (request: FastifyRequest, segmentId: string) => {
      if (!request.user) throw new DomainError('UNAUTHENTICATED', 'A bearer access token is required');
      const { segment } = await segmentsRepo.getInTenant(request.tenant, segmentId);
      return requireAccess(request, 'event:manage', segment.eventId);
    };

    app.post(
      '/segments/:id/bracket',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['brackets'],
          params: segmentIdParams,
          body: createBracketBody,
          response: { 201: bracketInfoDocument },
        },
      },
      async (request, reply) => {
        const user = await requireStageAccess(request, request.params.id);
        const input = {
          tenant: request.tenant,
          segmentId: request.params.id,
          userId: user.id,
          body: request.body.data.attributes,
        };
        await createStage(deps, input);
        reply.code(201);
        return { data: await stageInfo(deps, request.tenant, request.params.id) };
      },
    );

    app.post(
      '/segments/:id/bracket/rounds',
      {
        preHandler: app.authenticate,
        schema: { tags: ['brackets'], params: segmentIdParams, response: { 201: swissRoundDocument } },
      },
      async (request, reply) => {
        await requireStageAccess(request, request.params.id);
        const { round, output, seriesIds } = await startNextRound(deps, {
          tenant: request.tenant,
          segmentId: request.params.id,
        });
        reply.code(201);
        const { segmentId: _segment, roundNumber: _round, ...attributes } = output;
        return {
          data: {
            id: round.id,
            type: 'swiss-rounds' as const,
            attributes: { ...attributes, roundNumber: round.roundNumber, matchSeriesIds: seriesIds },
          },
        };
      },
    );

    app.post(
      '/segments/:id/bracket/rounds/reset',
      {
        preHandler: app.authenticate,
        schema: { tags: ['brackets'], params: segmentIdParams, response: { 200: bracketInfoDocument } },
      },
      async (request) => {
        await requireStageAccess(request, request.params.id);
        await resetCurrentRound(deps, { tenant: request.tenant, segmentId: request.params.id });
        return { data: await stageInfo(deps, request.tenant, request.params.id) };
      },
    );

    app.post(
      '/segments/:id/advance',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['brackets'],
          params: segmentIdParams,
          body: advanceBody,
          response: { 200: advancementListDocument },
        },
      },
      async (request) => {
        await requireStageAccess(request, request.params.id);
        const outcomes = await advanceSegment(deps, {
          tenant: request.tenant,
          segmentId: request.params.id,
          body: request.body.data.attributes,
        });
        return {
          data: outcomes.map((o) => ({
            id: `${request.params.id}:${o.rosterId}`,
            type: 'advancements' as const,
            attributes: {
              roster: { id: o.rosterId },
              rank: o.rank,
              outcome: o.outcome,
              ruleId: o.ruleId,
              nextSegment: o.nextSegmentId ? { id: o.nextSegmentId } : null,
              nextSeed: o.nextSeed,
              ticket: o.ticket,
            },
          })),
        };
      },
    );

    app.get(
      '/segments/:id/bracket/info',
      { schema: { tags: ['brackets'], params: segmentIdParams, response: { 200: bracketInfoDocument } } },
      async (request) => ({ data: await stageInfo(deps, request.tenant, request.params.id) }),
    );

    app.get(
      '/segments/:id/swiss-records',
      {
        schema: {
          tags: ['brackets'],
          params: segmentIdParams,
          querystring: swissRecordsQuery,
          response: { 200: swissRecordListDocument },
        },
      },
      async (request) => {
        const q = request.query;
        const page = pageRequest({ ...q, 'page[size]': q['page[size]'] ?? SWISS_RECORDS_DEFAULT_PAGE_SIZE });
        const { data, total } = await swissRecords(deps, {
          tenant: request.tenant,
          segmentId: request.params.id,
          roundNumber: q['filter[roundNumber]'],
          page,
        });
        return { data, meta: pageMeta(page, total) };
      },
    );

    app.get(
      '/bracket/:id/match-series',
      {
        schema: {
          tags: ['brackets'],
          params: bracketParams,
          querystring: bracketMatchSeriesQuery,
          response: { 200: matchSeriesListDocument },
        },
      },
      async (request) => {
        const stage = await deps.repo.getStage(request.tenant, request.params.id);
        const q = request.query;
        const page = pageRequest(q);
        const { rows, total } = await deps.repo.stageSeries(
          stage.id,
          { bracketNumber: q['filter[bracket.number]'], roundNumber: q['filter[roundNumber]'] },
          page,
        );
        const competitors = await deps.repo.competitorsOf(rows.map((r) => r.series.id));
        const rosterIds = [...new Set(competitors.flatMap((c) => (c.rosterId ? [c.rosterId] : [])))];
        const rosters = new Map((await deps.repo.rostersByIds(rosterIds)).map((r) => [r.id, r]));
        const now = app.now();
        return {
          data: rows.map((r) => matchSeriesResource(r.series, competitors, rosters, now)),
          meta: pageMeta(page, total),
        };
      },
    );
  };
}
