import {
  advanceRuleBody,
  createSegmentBody,
  eventParams,
  eventSegmentParams,
  patchSegmentBody,
  registrationPhaseBody,
  segmentDocument,
  segmentItemParams,
  supportedPeriodBody,
} from '@cwh/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { createAccess } from '../access/access.js';
import type { Audited } from '../activity-log/audit.js';
import { toSegmentResource } from '../segments/segment-mapper.js';
import { createSegmentRepository, type SegmentRow } from '../segments/segment-repository.js';
import {
  createSegmentAdminService,
  itemsWithIds,
  SEGMENT_LISTS,
  type SegmentListKind,
} from './segment-admin-service.js';

const secured = { tags: ['segments'], security: [{ bearer: [] }] };
const LIST_BODIES = {
  'registration-phases': registrationPhaseBody,
  'supported-periods': supportedPeriodBody,
  'advance-rules': advanceRuleBody,
} as const;

type ItemParams = z.infer<typeof segmentItemParams>;

/** Segment writes and their item lists under /api/tournaments/1.0/events/{e}/segments. */
export function segmentAdminRoutes(db: Db, audited: Audited): FastifyPluginAsyncZod {
  const service = createSegmentAdminService(db, audited);
  const requireAccess = createAccess(db);
  const segments = createSegmentRepository(db);
  async function document(row: SegmentRow) {
    const children = await segments.childIds([row.id]);
    return { data: toSegmentResource(row, children.get(row.id) ?? []) };
  }

  return async (app) => {
    app.post(
      '/events/:eventId/segments',
      {
        preHandler: app.authenticate,
        schema: {
          ...secured,
          params: eventParams,
          body: createSegmentBody,
          response: { 201: segmentDocument },
        },
      },
      async (request, reply) => {
        const { eventId } = request.params;
        await requireAccess(request, 'event:manage', eventId);
        const row = await service.createSegment(request, eventId, request.body.data.attributes);
        return reply.status(201).send(await document(row));
      },
    );

    app.patch(
      '/events/:eventId/segments/:segmentId',
      {
        preHandler: app.authenticate,
        schema: {
          ...secured,
          params: eventSegmentParams,
          body: patchSegmentBody,
          response: { 200: segmentDocument },
        },
      },
      async (request) => {
        const { eventId, segmentId } = request.params;
        await requireAccess(request, 'event:manage', eventId);
        return document(
          await service.patchSegment(request, eventId, segmentId, request.body.data.attributes),
        );
      },
    );

    app.delete(
      '/events/:eventId/segments/:segmentId',
      { preHandler: app.authenticate, schema: { ...secured, params: eventSegmentParams } },
      async (request, reply) => {
        const { eventId, segmentId } = request.params;
        await requireAccess(request, 'event:manage', eventId);
        await service.deleteSegment(request, eventId, segmentId);
        return reply.status(204).send();
      },
    );

    for (const kind of Object.keys(SEGMENT_LISTS) as SegmentListKind[]) registerList(app, kind);
  };

  /** GET and POST the collection, PUT and DELETE one item: the same four calls for each list. */
  function registerList(app: FastifyInstance, kind: SegmentListKind) {
    const base = `/events/:eventId/segments/:segmentId/${kind}`;
    const body = LIST_BODIES[kind];
    // JSON:API forbids an attribute named `type`: a registration phase's type travels as
    // `phaseType` in documents, and is stored as the spec's `type`.
    const toResource = (item: { id: string; type?: string }) => {
      const { id, type, ...rest } = item;
      const attributes = type === undefined ? rest : { ...rest, phaseType: type };
      return { id, type: kind, attributes };
    };
    const fromAttributes = (attributes: { phaseType?: string } | null) => {
      if (!attributes || attributes.phaseType === undefined) return attributes;
      const { phaseType, ...rest } = attributes;
      return { ...rest, type: phaseType };
    };
    const auth = { preHandler: app.authenticate };
    app.get(
      base,
      { ...auth, schema: { ...secured, params: eventSegmentParams } },
      async (request: FastifyRequest) => {
        const { eventId, segmentId } = request.params as { eventId: string; segmentId: string };
        await requireAccess(request, 'event:manage', eventId);
        const segment = await segments.getById(eventId, segmentId);
        const items = itemsWithIds(segment[SEGMENT_LISTS[kind]] as { id?: string }[]);
        return { data: items.map(toResource) };
      },
    );
    const write = async (request: FastifyRequest, reply: FastifyReply, status: number, withItem: boolean) => {
      const params = request.params as ItemParams;
      await requireAccess(request, 'event:manage', params.eventId);
      const attributes = withItem
        ? (request.body as { data: { attributes: { phaseType?: string } } }).data.attributes
        : null;
      const item = await service.editListItem(
        request,
        { ...params, kind },
        fromAttributes(attributes) as never,
      );
      if (!item) return reply.status(204).send();
      return reply.status(status).send({ data: toResource(item as { id: string }) });
    };
    app.post(base, { ...auth, schema: { ...secured, params: eventSegmentParams, body } }, (req, reply) =>
      write(req, reply, 201, true),
    );
    app.put(
      `${base}/:id`,
      { ...auth, schema: { ...secured, params: segmentItemParams, body } },
      (req, reply) => write(req, reply, 200, true),
    );
    app.delete(`${base}/:id`, { ...auth, schema: { ...secured, params: segmentItemParams } }, (req, reply) =>
      write(req, reply, 204, false),
    );
  }
}
