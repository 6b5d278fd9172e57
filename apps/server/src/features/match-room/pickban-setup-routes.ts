import {
  categoryDocument,
  createCategoryBody,
  createItemBody,
  idParams,
  itemDocument,
  segmentVetoBody,
  segmentVetoDocument,
  updateCategoryBody,
  updateItemBody,
  VETO_TURN_SECONDS,
} from '@cwh/contract';
import { createAccess } from '../access/access.js';
import type { Audited } from '../activity-log/audit.js';
import {
  categoryResource,
  itemResource,
  manage,
  type PickbanApp,
  security,
  tags,
  userOf,
  vetoResource,
} from './pickban-http.js';
import type { PickbanDeps } from './pickban-service.js';
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

/** POST /categories and /items: organizers of the event and admins. */
export function registerCreates(app: PickbanApp, deps: PickbanDeps, audited: Audited): void {
  const { repo } = deps;
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
          manage(request),
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
          manage(request),
          tx,
          record,
        ),
      );
      return reply.code(201).send({ data: itemResource(row) });
    },
  );
}

/** GET, PUT and DELETE /segments/{id}/veto: a segment's veto setup. */
export function registerSegmentVeto(app: PickbanApp, deps: PickbanDeps, audited: Audited): void {
  const { repo } = deps;
  const requireAccess = createAccess(deps.db);
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
          manage(request),
          tx,
          record,
        ),
      );
      return { data: vetoResource(row) };
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
}

/** PATCH and DELETE /categories/{id}. */
export function registerCategoryEdits(app: PickbanApp, deps: PickbanDeps, audited: Audited): void {
  const { repo } = deps;
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
}

/** PATCH and DELETE /items/{id}. */
export function registerItemEdits(app: PickbanApp, deps: PickbanDeps, audited: Audited): void {
  const { repo } = deps;
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
        deleteItem(repo, { tenant: request.tenant, itemId: request.params.id }, manage(request), tx, record),
      );
      return reply.code(204).send();
    },
  );
}
