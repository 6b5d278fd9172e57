import { matchUpDocument, matchUpListDocument, matchUpListQuery, matchUpParams } from '@cwh/contract';
import { hasRole } from '@cwh/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../../errors/domain-error.js';
import { actorOf } from '../../../http/actor.js';
import { pageMeta, pageRequest } from '../../../http/jsonapi.js';
import { matchUpResource } from '../ladder-mappers.js';
import type { MatchUpRow } from '../ladder-repository.js';
import type { LadderService } from '../ladder-service.js';

/** `/api/matches/1.0/match-ups`: the caller's match-ups (newest first), accept, decline. */
export function matchUpRoutes(ladder: LadderService): FastifyPluginAsyncZod {
  const repo = ladder.repository;
  async function resources(rows: MatchUpRow[]) {
    const sides = await repo.sidesOf(rows.map((r) => r.id));
    const rosters = new Map(
      (await repo.rostersByIds([...new Set(sides.map((s) => s.rosterId))])).map((r) => [r.id, r]),
    );
    return rows.map((row) => matchUpResource(row, sides, rosters));
  }
  return async (app) => {
    const caller = (request: { user: { id: string; permissions: string[] } | null }) => {
      if (!request.user) throw new DomainError('UNAUTHENTICATED');
      return request.user;
    };
    app.get(
      '/match-ups',
      {
        preHandler: app.authenticate,
        schema: { querystring: matchUpListQuery, response: { 200: matchUpListDocument } },
      },
      async (request) => {
        const user = caller(request);
        const userId = request.query['filter[user.id]'] ?? user.id;
        if (userId !== user.id && !hasRole(user.permissions, 'admin')) {
          throw new DomainError('FORBIDDEN', 'Only your own match-ups');
        }
        const page = pageRequest(request.query);
        const { rows, total } = await repo.matchUpsOfUser(userId, {
          status: request.query['filter[status]'],
          limit: page.size,
          offset: page.offset,
        });
        return { data: await resources(rows), meta: pageMeta(page, total) };
      },
    );
    app.post(
      '/match-ups/:id/accept',
      { preHandler: app.authenticate, schema: { params: matchUpParams, response: { 200: matchUpDocument } } },
      async (request) => {
        // The match-up as the accept left it: no read back of what it wrote.
        const { matchUp, sides, rosters } = await ladder.accept(
          request.params.id,
          caller(request),
          actorOf(request),
        );
        return { data: matchUpResource(matchUp, sides, new Map(rosters.map((r) => [r.id, r]))) };
      },
    );
    app.post(
      '/match-ups/:id/decline',
      { preHandler: app.authenticate, schema: { params: matchUpParams, response: { 200: matchUpDocument } } },
      async (request) => {
        const row = await ladder.decline(request.params.id, caller(request), actorOf(request));
        return { data: (await resources([row]))[0]! };
      },
    );
  };
}
