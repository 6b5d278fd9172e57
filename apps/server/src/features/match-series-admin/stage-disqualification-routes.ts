import { type DisqualificationDocument, idParams, stageDisqualificationListDocument } from '@cwh/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/client.js';
import { isoSeconds } from '../../http/jsonapi.js';
import type { Audited } from '../activity-log/audit.js';
import type { BracketsDeps } from '../brackets/brackets-service.js';
import type { Notice } from '../ladder/ladder-notices.js';
import type { LadderService } from '../ladder/ladder-service.js';
import { createStageDisqualificationRepository } from './stage-disqualification-repository.js';
import { disqualifyFromStage } from './stage-disqualification-service.js';

/**
 * POST /segments/{stageSegmentId}/rosters/{rosterId}/disqualify, the stage case (the route of
 * match-series-admin-routes.ts has checked the caller organizes the event): in one audited
 * transaction the disqualification, its forfeits and the `roster.disqualify-stage` entry.
 */
export async function disqualifyFromStageRoute(
  deps: { brackets: BracketsDeps; ladder: LadderService; audited: Audited },
  request: FastifyRequest,
  input: { segmentId: string; rosterId: string; reason: string; eventId: string },
): Promise<DisqualificationDocument> {
  const notices: Notice[] = [];
  const done = await deps.audited(request, async (tx: Executor, record) => {
    notices.length = 0;
    const result = await disqualifyFromStage(
      deps,
      { tenant: request.tenant, ...input, userId: request.user!.id },
      tx,
      notices,
    );
    await record({
      action: 'roster.disqualify-stage',
      targetType: 'roster',
      targetId: input.rosterId,
      eventId: input.eventId,
      before: { disqualified: false },
      after: {
        disqualified: true,
        segmentId: input.segmentId,
        reason: input.reason,
        forfeitedMatchSeriesIds: result.forfeited,
      },
    });
    return result;
  });
  deps.ladder.notify(notices);
  return {
    data: {
      id: input.rosterId,
      type: 'disqualifications',
      attributes: {
        roster: { id: input.rosterId },
        segment: { id: input.segmentId },
        scope: 'stage',
        withdrawnAt: null,
        forfeitedMatchSeriesIds: done.forfeited,
        reason: input.reason,
      },
    },
  };
}

/** GET /rosters/{id}/stage-disqualifications (anyone, like the bracket): what the team reads. */
export function stageDisqualificationRoutes(db: Executor): FastifyPluginAsyncZod {
  const repo = createStageDisqualificationRepository(db);
  return async (app) => {
    app.get(
      '/rosters/:id/stage-disqualifications',
      {
        schema: {
          tags: ['match-series-admin'],
          params: idParams,
          response: { 200: stageDisqualificationListDocument },
        },
      },
      async (request) => {
        const rows = await repo.ofRoster(request.tenant, request.params.id);
        return {
          data: rows.map(({ row, segmentName }) => ({
            id: row.id,
            type: 'stage-disqualifications' as const,
            attributes: {
              roster: { id: row.rosterId },
              segment: { id: row.segmentId, name: segmentName },
              reason: row.reason,
              createdAt: isoSeconds(row.createdAt),
            },
          })),
        };
      },
    );
  };
}
