import { type CutLineDocument, cutLineDocument, segmentIdParams } from '@cwh/contract';
import { ladderAdvanceTop } from '@cwh/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../errors/domain-error.js';
import { createAdvanceRepository } from './advance-repository.js';
import type { BracketsDeps } from './brackets-service.js';
import { ladderCut } from './cut-line-service.js';

/** GET /segments/{id}/cut-line: who advances when teams tie across a ladder's cut (public, cached). */
export function cutLineRoutes(deps: BracketsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/segments/:id/cut-line',
      {
        config: { readCache: 'etag' },
        schema: { tags: ['brackets'], params: segmentIdParams, response: { 200: cutLineDocument } },
      },
      async (request): Promise<CutLineDocument> => {
        const segment = await deps.repo.getSegment(request.tenant, request.params.id);
        if (segment.eliminationType !== 'ladder') {
          throw new DomainError('VALIDATION_FAILED', 'Only a ladder segment has a cut line', {
            source: { parameter: 'id' },
          });
        }
        const competition = await createAdvanceRepository(deps.db).competitionOf(segment.eventId);
        const cut = await ladderCut(deps.db, segment.id, ladderAdvanceTop(competition));
        return {
          data: {
            id: segment.id,
            type: 'cut-lines',
            attributes: {
              top: cut.top,
              tiedPoints: cut.tiedPoints,
              tied: cut.tied.map((row) => ({
                roster: { id: row.rosterId },
                position: row.position,
                advances: row.advances,
                headToHead: row.headToHead,
                wins: row.wins,
                pointsReachedAt:
                  row.pointsReachedAt === null ? null : new Date(row.pointsReachedAt).toISOString(),
                decidedBy: row.decidedBy,
              })),
            },
          },
        };
      },
    );
  };
}
