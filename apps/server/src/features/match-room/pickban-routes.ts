import {
  categoriesQuery,
  categoryListDocument,
  challengeDocument,
  challengeListDocument,
  challengesQuery,
  errorDocument,
  idParams,
  itemListDocument,
  itemsQuery,
  myChallengesQuery,
  voteBody,
} from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../errors/domain-error.js';
import { pageMeta, pageRequest } from '../../http/jsonapi.js';
import { createAccess } from '../access/access.js';
import type { Audited } from '../activity-log/audit.js';
import { categoryResource, itemResource, type PickbanApp, security, tags, userOf } from './pickban-http.js';
import { myChallenges, seriesChallenges } from './pickban-reads.js';
import { type PickbanDeps, vote } from './pickban-service.js';
import {
  registerCategoryEdits,
  registerCreates,
  registerItemEdits,
  registerSegmentVeto,
} from './pickban-setup-routes.js';
import { sideOfUser, toChallengeResource } from './pickban-state.js';

/**
 * Pick and ban (API.pickban; contract pickban.ts): categories, items, challenges, votes, setup.
 * Registered in this order (the OpenAPI document lists the paths as they come).
 */
export function pickbanRoutes(deps: PickbanDeps, audited: Audited): FastifyPluginAsyncZod {
  return async (app) => {
    registerReads(app, deps);
    registerVote(app, deps, audited);
    registerCreates(app, deps, audited);
    registerSegmentVeto(app, deps, audited);
    registerCategoryEdits(app, deps, audited);
    registerItemEdits(app, deps, audited);
  };
}

/** GET /categories, /items, /challenges/mine, /challenges. */
function registerReads(app: PickbanApp, deps: PickbanDeps): void {
  const { repo } = deps;
  const requireAccess = createAccess(deps.db);
  app.get(
    '/categories',
    { schema: { tags, querystring: categoriesQuery, response: { 200: categoryListDocument } } },
    async (request) => {
      const rows = await repo.categories(request.tenant, request.query['filter[event.id]']);
      return { data: rows.map(categoryResource) };
    },
  );

  app.get(
    '/items',
    { schema: { tags, querystring: itemsQuery, response: { 200: itemListDocument } } },
    async (request) => {
      const page = pageRequest(request.query);
      const { rows, total } = await repo.items(
        request.tenant,
        {
          categoryId: request.query['filter[category.id]'],
          descending: request.query.sort === '-sortOrder',
        },
        page,
      );
      return { data: rows.map(itemResource), meta: pageMeta(page, total) };
    },
  );

  app.get(
    '/challenges/mine',
    {
      preHandler: app.authenticate,
      schema: { tags, security, querystring: myChallengesQuery, response: { 200: challengeListDocument } },
    },
    async (request) => {
      const user = userOf(request);
      const data = await myChallenges(repo, {
        tenant: request.tenant,
        userId: user.id,
        categoryId: request.query['filter[category.id]'],
        status: request.query['filter[status]'],
      });
      return { data };
    },
  );

  app.get(
    '/challenges',
    {
      // The token is optional: without one (or for a stranger) only closed challenges are shown.
      preHandler: async (request, reply) => {
        if (request.headers.authorization) await app.authenticate.call(app, request, reply);
      },
      schema: {
        tags,
        security: [{}, ...security],
        querystring: challengesQuery,
        response: { 200: challengeListDocument, 401: errorDocument },
      },
    },
    async (request) => {
      const data = await seriesChallenges(
        deps,
        {
          tenant: request.tenant,
          userId: request.user?.id ?? null,
          matchSeriesId: request.query['filter[matchSeries.id]'],
        },
        (eventId) =>
          requireAccess(request, 'event:manage', eventId).then(
            () => true,
            (error: unknown) => {
              if (error instanceof DomainError && error.code === 'FORBIDDEN') return false;
              throw error;
            },
          ),
      );
      return { data };
    },
  );
}

/** POST /challenges/{id}/vote: the captain whose turn it is bans or picks. */
function registerVote(app: PickbanApp, deps: PickbanDeps, audited: Audited): void {
  const { repo } = deps;
  app.post(
    '/challenges/:id/vote',
    {
      preHandler: app.authenticate,
      schema: { tags, security, params: idParams, body: voteBody, response: { 200: challengeDocument } },
    },
    async (request) => {
      const user = userOf(request);
      const { banned, picked } = request.body.data.attributes;
      const id = await vote(
        deps,
        { tenant: request.tenant, userId: user.id, challengeId: request.params.id, banned, picked },
        (fn) => audited(request, fn),
      );
      const challenge = (await repo.challenge(request.tenant, id))!;
      const [votes, sides] = await Promise.all([repo.votesOf([id]), repo.sidesOf(challenge.matchSeriesId)]);
      return { data: toChallengeResource(challenge, votes, sideOfUser(sides, user.id)) };
    },
  );
}
