import {
  type MatchSeriesResultsDocument,
  type MatchSeriesReviewReason,
  matchSeriesParams,
  matchSeriesResultsBody,
  matchSeriesResultsDocument,
  pointsListDocument,
  pointsListQuery,
} from '@cwh/contract';
import { warOutcome } from '@cwh/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../errors/domain-error.js';
import { createAccess } from '../access/access.js';
import type { Audited } from '../activity-log/audit.js';
import type { Notice } from '../ladder/ladder-notices.js';
import type { LadderService, WarOutcome } from '../ladder/ladder-service.js';
import { createStageResultsRepository } from './brackets-repository.js';
import type { BracketsDeps } from './brackets-service.js';
import { listPoints } from './points-service.js';
import { recordSeriesResultIn } from './stage-results-service.js';

const secured = { tags: ['brackets'], security: [{ bearer: [] }] };

/**
 * Results of any match series (spec 7 "Match series admin") and points (spec 7 "Standings") under
 * /api/tournaments/1.0 (docs/api/brackets.md):
 * - PATCH /match-series/{id}/relationships/matches/results: organizers of the series' event and
 *   admins enter or correct a result, with a reason, audited in the same transaction. A stage
 *   series moves its stage (bracket propagation, swiss history); a ladder series goes through the
 *   ladder (finish, or correct with its standings deltas).
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
        if (!user.permissions.includes('admin') && !user.permissions.includes('organizer'))
          throw new DomainError('FORBIDDEN', 'Organizers of the event and admins only');
        const id = request.params.id;
        const found = await results.seriesInTenant(request.tenant, id);
        if (!found) throw new DomainError('NOT_FOUND', `No match series with id ${id}`);
        await requireAccess(request, 'event:manage', found.eventId);
        const body = request.body.data.attributes;
        const score = {
          homeStars: body.homeStars,
          awayStars: body.awayStars,
          homeDestruction: body.homeDestruction,
          awayDestruction: body.awayDestruction,
          forfeit: body.forfeit,
        };
        const notices: Notice[] = [];
        const answer = await audited(request, async (tx, record) => {
          notices.length = 0;
          const series = (await results.seriesInTenant(request.tenant, id, tx, true))!;
          const before = { state: series.state, competitors: await results.competitorsOf(id, tx) };
          const staged = await recordSeriesResultIn(
            deps,
            { matchSeriesId: id, score, source: 'organizer' },
            tx,
          );
          let data: MatchSeriesResultsDocument['data']['attributes'];
          if (staged) {
            data = {
              matchSeries: { id },
              competition: staged.stage.format,
              state: staged.series.state,
              corrected: staged.corrected,
              winnerRosterId: staged.winnerRosterId,
              changedMatchSeriesIds: staged.changedMatchSeriesIds,
              championRosterId: staged.championRosterId,
              reviewReason: (staged.series.reviewReason as MatchSeriesReviewReason | null) ?? null,
            };
          } else {
            const competitors = before.competitors;
            if (competitors.length < 2 || competitors.some((c) => !c.rosterId))
              throw new DomainError('CONFLICT', 'Both teams are not known yet', {
                meta: { reason: 'BRACKET_MATCH_NOT_READY' },
              });
            const outcome: WarOutcome = {
              matchSeriesId: id,
              stars: { home: body.homeStars, away: body.awayStars },
              destruction:
                body.homeDestruction !== undefined || body.awayDestruction !== undefined
                  ? { home: body.homeDestruction ?? 0, away: body.awayDestruction ?? 0 }
                  : undefined,
              forfeit: body.forfeit,
            };
            const corrected = series.state === 'finished';
            if (corrected) await ladder.correctSeriesIn(outcome, tx);
            else await ladder.finishSeriesIn(outcome, tx, notices);
            await results.setSeries(id, { reviewReason: null }, tx);
            const winner = warOutcome(score);
            const after = await results.series(id, tx);
            data = {
              matchSeries: { id },
              competition: 'ladder',
              state: after.state,
              corrected,
              winnerRosterId:
                winner === 'home'
                  ? competitors[0]!.rosterId
                  : winner === 'away'
                    ? competitors[1]!.rosterId
                    : null,
              changedMatchSeriesIds: [],
              championRosterId: null,
              reviewReason: null,
            };
          }
          await record({
            action: data.corrected ? 'match-series.results.correct' : 'match-series.results.enter',
            targetType: 'match-series',
            targetId: id,
            eventId: series.eventId,
            before,
            after: {
              state: data.state,
              competitors: await results.competitorsOf(id, tx),
              score,
              reason: body.reason,
              changedMatchSeriesIds: data.changedMatchSeriesIds,
            },
          });
          return data;
        });
        ladder.notify(notices);
        return { data: { id, type: 'match-series-results', attributes: answer } };
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
