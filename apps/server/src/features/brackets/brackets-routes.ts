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
import type * as z from 'zod';
import { DomainError } from '../../errors/domain-error.js';
import { pageMeta, pageRequest } from '../../http/jsonapi.js';
import { createAccess } from '../access/access.js';
import { matchSeriesResource } from '../ladder/ladder-mappers.js';
import { createSegmentRepository } from '../segments/segment-repository.js';
import { advanceSegment } from './advance-service.js';
import { SWISS_RECORDS_DEFAULT_PAGE_SIZE, stageInfo, swissRecords } from './brackets-read-service.js';
import { type BracketsDeps, createStage, resetCurrentRound, startNextRound } from './brackets-service.js';

type AdvanceOutcome = Awaited<ReturnType<typeof advanceSegment>>[number];
type BracketsApp = Parameters<FastifyPluginAsyncZod>[0];

/** What a stage write checks the caller against: access of an event, the tenant's segments. */
interface StageAccess {
  requireAccess: ReturnType<typeof createAccess>;
  segmentsRepo: ReturnType<typeof createSegmentRepository>;
}

/**
 * Stage writes (create, rounds, reset, advance) belong to the organizers of the segment's
 * event and to admins: the segment is looked up in the tenant (404) before access is decided.
 */
async function requireStageAccess(access: StageAccess, request: FastifyRequest, segmentId: string) {
  if (!request.user) throw new DomainError('UNAUTHENTICATED', 'A bearer access token is required');
  const { segment } = await access.segmentsRepo.getInTenant(request.tenant, segmentId);
  return access.requireAccess(request, 'event:manage', segment.eventId);
}

/** One roster's outcome of POST /segments/{id}/advance. */
function advancementResource(segmentId: string, o: AdvanceOutcome) {
  return {
    id: `${segmentId}:${o.rosterId}`,
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
  };
}

/** GET /bracket/{id}/match-series: a page of the stage's series. */
async function stageMatchSeries(
  deps: BracketsDeps,
  tenant: string,
  stageId: string,
  q: z.output<typeof bracketMatchSeriesQuery>,
  now: () => Date,
) {
  const stage = await deps.repo.getStage(tenant, stageId);
  const page = pageRequest(q);
  const { rows, total } = await deps.repo.stageSeries(
    stage.id,
    { bracketNumber: q['filter[bracket.number]'], roundNumber: q['filter[roundNumber]'] },
    page,
  );
  const competitors = await deps.repo.competitorsOf(rows.map((r) => r.series.id));
  const rosterIds = [...new Set(competitors.flatMap((c) => (c.rosterId ? [c.rosterId] : [])))];
  const rosters = new Map((await deps.repo.rostersByIds(rosterIds)).map((r) => [r.id, r]));
  const at = now();
  return {
    data: rows.map((r) => matchSeriesResource(r.series, competitors, rosters, at)),
    meta: pageMeta(page, total),
  };
}

/** Tournament stages under /api/tournaments/1.0 (docs in packages/contract/src/brackets.ts). */
export function bracketRoutes(deps: BracketsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps;
    const access = { requireAccess: createAccess(db), segmentsRepo: createSegmentRepository(db) };
    registerStageWrites(app, deps, access);
    registerStageReads(app, deps);
  };
}

/** POST /segments/{id}/bracket, /bracket/rounds, /bracket/rounds/reset, /advance. */
function registerStageWrites(app: BracketsApp, deps: BracketsDeps, access: StageAccess): void {
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
      const user = await requireStageAccess(access, request, request.params.id);
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
      await requireStageAccess(access, request, request.params.id);
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
      await requireStageAccess(access, request, request.params.id);
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
      await requireStageAccess(access, request, request.params.id);
      const outcomes = await advanceSegment(deps, {
        tenant: request.tenant,
        segmentId: request.params.id,
        body: request.body.data.attributes,
      });
      return { data: outcomes.map((o) => advancementResource(request.params.id, o)) };
    },
  );
}

/** GET /segments/{id}/bracket/info, /segments/{id}/swiss-records, /bracket/{id}/match-series. */
function registerStageReads(app: BracketsApp, deps: BracketsDeps): void {
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
    async (request) =>
      stageMatchSeries(deps, request.tenant, request.params.id, request.query, () => app.now()),
  );
}
