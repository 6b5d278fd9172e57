import {
  type MatchSeriesResultsDocument,
  matchSeriesParams,
  matchSeriesResultPreviewBody,
  matchSeriesResultPreviewDocument,
  matchSeriesResultsBody,
  matchSeriesResultsDocument,
  pointsListDocument,
  pointsListQuery,
} from '@cwh/contract';
import { hasRole } from '@cwh/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../errors/domain-error.js';
import { createAccess } from '../access/access.js';
import type { Audited } from '../activity-log/audit.js';
import type { Notice } from '../ladder/ladder-notices.js';
import type { LadderService } from '../ladder/ladder-service.js';
import { createStageResultsRepository } from './brackets-repository.js';
import type { BracketsDeps } from './brackets-service.js';
import { listPoints } from './points-service.js';
import { previewOrganizerResult } from './result-preview-service.js';
import { enterOrganizerResult } from './series-result-service.js';

const secured = { tags: ['brackets'], security: [{ bearer: [] }] };

/**
 * Results of any match series (spec 7 "Match series admin") and points (spec 7 "Standings") under
 * /api/tournaments/1.0 (docs/api/brackets.md):
 * - PATCH /match-series/{id}/relationships/matches/results: organizers of the series' event and
 *   admins enter or correct a result, with a reason, audited in the same transaction. A stage
 *   series moves its stage (bracket propagation, swiss history); a ladder series goes through the
 *   ladder (finish, or correct with its standings deltas).
 * - POST /match-series/{id}/results/preview: what that result would reset (later bracket matches,
 *   later swiss rounds) before the organizer confirms (issue #31); writes nothing.
 * - GET /points?filter[matchSeries] | filter[roster].
 */
export function stagePlayRoutes(
  deps: BracketsDeps,
  ladder: LadderService,
  audited: Audited,
): FastifyPluginAsyncZod {
  const requireAccess = createAccess(deps.db);
  const results = createStageResultsRepository(deps.db);

  return async (app) => {
    app.patch(
      '/match-series/:id/relationships/matches/results',
      {
        preHandler: app.authenticate,
        schema: {
          ...secured,
          params: matchSeriesParams,
          body: matchSeriesResultsBody,
          response: { 200: matchSeriesResultsDocument },
        },
      },
      async (request): Promise<MatchSeriesResultsDocument> => {
        const user = request.user;
        if (!user) throw new DomainError('UNAUTHENTICATED');
        // Staff that may run events only: a stranger learns nothing about the series.
        if (!hasRole(user.permissions, 'admin') && !hasRole(user.permissions, 'organizer'))
          throw new DomainError('FORBIDDEN', 'Organizers of the event and admins only');
        const id = request.params.id;
        const found = await results.seriesInTenant(request.tenant, id);
        if (!found) throw new DomainError('NOT_FOUND', `No match series with id ${id}`);
        await requireAccess(request, 'event:manage', found.eventId);
        const notices: Notice[] = [];
        const answer = await audited(request, (tx, record) => {
          notices.length = 0;
          return enterOrganizerResult(
            deps,
            ladder,
            { tenant: request.tenant, matchSeriesId: id, result: request.body.data.attributes },
            tx,
            record,
            notices,
          );
        });
        ladder.notify(notices);
        return { data: { id, type: 'match-series-results', attributes: answer } };
      },
    );

    app.post(
      '/match-series/:id/results/preview',
      {
        preHandler: app.authenticate,
        schema: {
          ...secured,
          params: matchSeriesParams,
          body: matchSeriesResultPreviewBody,
          response: { 200: matchSeriesResultPreviewDocument },
        },
      },
      async (request) => {
        const user = request.user;
        if (!user) throw new DomainError('UNAUTHENTICATED');
        if (!hasRole(user.permissions, 'admin') && !hasRole(user.permissions, 'organizer'))
          throw new DomainError('FORBIDDEN', 'Organizers of the event and admins only');
        const id = request.params.id;
        const found = await results.seriesInTenant(request.tenant, id);
        if (!found) throw new DomainError('NOT_FOUND', `No match series with id ${id}`);
        await requireAccess(request, 'event:manage', found.eventId);
        // A preview changes nothing: the central mutation log (POST) has nothing to record.
        request.activityRecorded = true;
        const attributes = await previewOrganizerResult(deps, {
          tenant: request.tenant,
          matchSeriesId: id,
          result: request.body.data.attributes,
        });
        return { data: { id, type: 'match-series-result-previews' as const, attributes } };
      },
    );

    app.get(
      '/points',
      {
        config: { readCache: 'etag' },
        schema: { tags: ['brackets'], querystring: pointsListQuery, response: { 200: pointsListDocument } },
      },
      async (request) => listPoints(deps.db, request.tenant, request.query),
    );
  };
}
