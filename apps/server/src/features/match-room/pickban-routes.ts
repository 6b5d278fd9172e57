import {
  type CategoryResource,
  categoriesQuery,
  categoryDocument,
  categoryListDocument,
  challengeDocument,
  challengeListDocument,
  challengesQuery,
  createCategoryBody,
  createItemBody,
  errorDocument,
  type ItemResource,
  idParams,
  itemDocument,
  itemListDocument,
  itemsQuery,
  myChallengesQuery,
  segmentVetoBody,
  segmentVetoDocument,
  updateCategoryBody,
  updateItemBody,
  VETO_TURN_SECONDS,
  voteBody,
} from '@cwh/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { pageMeta, pageRequest } from '../../http/jsonapi.js';
import { createAccess } from '../access/access.js';
import type { Audited } from '../activity-log/audit.js';
import { myChallenges, seriesChallenges } from './pickban-reads.js';
import type { CategoryRow, ItemRow, SegmentVetoRow } from './pickban-repository.js';
import { type PickbanDeps, vote } from './pickban-service.js';
import {
  createCategory,
  createItem,
  deleteCategory,
  deleteItem,
  deleteSegmentVeto,
  segmentVetoOf,
  setSegmentVeto,
  updateCategory,
  updateItem,
} from './pickban-setup-service.js';
import { sideOfUser, toChallengeResource } from './pickban-state.js';

const tags = ['pickban'];
const security = [{ bearer: [] }];

const categoryResource = (row: CategoryRow): CategoryResource => ({
  id: row.id,
  type: 'categories',
  attributes: { name: row.name, sortOrder: row.sortOrder, eventId: row.eventId },
});
const itemResource = (row: ItemRow): ItemResource => ({
  id: row.id,
  type: 'items',
  attributes: {
    name: row.name,
    description: row.description,
    sortOrder: row.sortOrder,
    categoryId: row.categoryId,
  },
});
const vetoResource = (row: SegmentVetoRow) => ({
  id: row.segmentId,
  type: 'segment-vetoes' as const,
  attributes: {
    segmentId: row.segmentId,
    categoryId: row.categoryId,
    steps: row.steps,
    starter: row.starter,
    turnSeconds: row.turnSeconds,
  },
});

function userOf(request: FastifyRequest) {
  if (!request.user) throw new DomainError('UNAUTHENTICATED', 'A bearer access token is required');
  return request.user;
}

/** Pick and ban (API.pickban; contract pickban.ts): categories, items, challenges, votes, setup. */
export function pickbanRoutes(deps: PickbanDeps, audited: Audited): FastifyPluginAsyncZod {
  const { repo } = deps;
  const requireAccess = createAccess(deps.db);
  return async (app) => {
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

    app.post(
      '/categories',
      {
        preHandler: app.authenticate,
        schema: { tags, security, body: createCategoryBody, response: { 201: categoryDocument } },
      },
      async (request, reply) => {
        userOf(request);
        const attributes = request.body.data.attributes;
        const row = await audited(request, (tx, record) =>
          createCategory(
            repo,
            { tenant: request.tenant, ...attributes, now: deps.now() },
            (eventId, inTx) => createAccess(inTx)(request, 'event:manage', eventId),
            tx,
            record,
          ),
        );
        return reply.code(201).send({ data: categoryResource(row) });
      },
    );

    app.post(
      '/items',
      {
        preHandler: app.authenticate,
        schema: { tags, security, body: createItemBody, response: { 201: itemDocument } },
      },
      async (request, reply) => {
        userOf(request);
        const attributes = request.body.data.attributes;
        const row = await audited(request, (tx, record) =>
          createItem(
            repo,
            { tenant: request.tenant, ...attributes, now: deps.now() },
            (eventId, inTx) => createAccess(inTx)(request, 'event:manage', eventId),
            tx,
            record,
          ),
        );
        return reply.code(201).send({ data: itemResource(row) });
      },
    );

    app.get(
      '/segments/:id/veto',
      {
        preHandler: app.authenticate,
        schema: { tags, security, params: idParams, response: { 200: segmentVetoDocument } },
      },
      async (request) => {
        userOf(request);
        const row = await segmentVetoOf(
          repo,
          { tenant: request.tenant, segmentId: request.params.id },
          (eventId) => requireAccess(request, 'event:manage', eventId),
        );
        return { data: vetoResource(row) };
      },
    );

    app.put(
      '/segments/:id/veto',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          security,
          params: idParams,
          body: segmentVetoBody,
          response: { 200: segmentVetoDocument },
        },
      },
      async (request) => {
        userOf(request);
        const { turnSeconds, ...rest } = request.body.data.attributes;
        const row = await audited(request, (tx, record) =>
          setSegmentVeto(
            repo,
            {
              tenant: request.tenant,
              segmentId: request.params.id,
              veto: { ...rest, turnSeconds: turnSeconds ?? VETO_TURN_SECONDS.default },
              now: deps.now(),
            },
            (eventId, inTx) => createAccess(inTx)(request, 'event:manage', eventId),
            tx,
            record,
          ),
        );
        return { data: vetoResource(row) };
      },
    );

    const manage = (request: FastifyRequest) => (eventId: string, inTx: Executor) =>
      createAccess(inTx)(request, 'event:manage', eventId);

    app.patch(
      '/categories/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          security,
          params: idParams,
          body: updateCategoryBody,
          response: { 200: categoryDocument },
        },
      },
      async (request) => {
        userOf(request);
        const attributes = request.body.data.attributes;
        const row = await audited(request, (tx, record) =>
          updateCategory(
            repo,
            { tenant: request.tenant, categoryId: request.params.id, ...attributes },
            manage(request),
            tx,
            record,
          ),
        );
        return { data: categoryResource(row) };
      },
    );

    app.delete(
      '/categories/:id',
      { preHandler: app.authenticate, schema: { tags, security, params: idParams } },
      async (request, reply) => {
        userOf(request);
        await audited(request, (tx, record) =>
          deleteCategory(
            repo,
            { tenant: request.tenant, categoryId: request.params.id },
            manage(request),
            tx,
            record,
          ),
        );
        return reply.code(204).send();
      },
    );

    app.patch(
      '/items/:id',
      {
        preHandler: app.authenticate,
        schema: { tags, security, params: idParams, body: updateItemBody, response: { 200: itemDocument } },
      },
      async (request) => {
        userOf(request);
        const attributes = request.body.data.attributes;
        const row = await audited(request, (tx, record) =>
          updateItem(
            repo,
            { tenant: request.tenant, itemId: request.params.id, ...attributes },
            manage(request),
            tx,
            record,
          ),
        );
        return { data: itemResource(row) };
      },
    );

    app.delete(
      '/items/:id',
      { preHandler: app.authenticate, schema: { tags, security, params: idParams } },
      async (request, reply) => {
        userOf(request);
        await audited(request, (tx, record) =>
          deleteItem(
            repo,
            { tenant: request.tenant, itemId: request.params.id },
            manage(request),
            tx,
            record,
          ),
        );
        return reply.code(204).send();
      },
    );

    app.delete(
      '/segments/:id/veto',
      { preHandler: app.authenticate, schema: { tags, security, params: idParams } },
      async (request, reply) => {
        userOf(request);
        await audited(request, (tx, record) =>
          deleteSegmentVeto(
            repo,
            { tenant: request.tenant, segmentId: request.params.id },
            manage(request),
            tx,
            record,
          ),
        );
        return reply.code(204).send();
      },
    );
  };
}
