import {
  eventParams,
  eventSegmentParams,
  segmentDocument,
  segmentListDocument,
  segmentListQuery,
  segmentTypeListDocument,
  segmentTypeListQuery,
} from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { pageMeta, pageRequest } from '../../http/jsonapi.js';
import { createEventRepository } from '../events/event-repository.js';
import { toSegmentResource } from './segment-mapper.js';
import { createSegmentRepository } from './segment-repository.js';
import { createSegmentTypeRepository } from './segment-type-repository.js';

/** Segment reads under /api/tournaments/1.0. The event lookup enforces the tenant. */
export function segmentRoutes(db: Db): FastifyPluginAsyncZod {
  const eventsRepo = createEventRepository(db);
  const segmentsRepo = createSegmentRepository(db);
  const typesRepo = createSegmentTypeRepository(db);
  return async (app) => {
    app.get(
      '/events/:eventId/segments',
      {
        config: { readCache: true },
        schema: {
          tags: ['segments'],
          params: eventParams,
          querystring: segmentListQuery,
          response: { 200: segmentListDocument },
        },
      },
      async (request) => {
        const event = await eventsRepo.getById(request.tenant, request.params.eventId);
        const page = pageRequest(request.query);
        const { rows, total } = await segmentsRepo.listByEvent(event.id, {
          level: request.query['filter[level]'],
          descending: request.query.sort === '-date.from',
          ...page,
        });
        const children = await segmentsRepo.childIds(rows.map((row) => row.id));
        return {
          data: rows.map((row) => toSegmentResource(row, children.get(row.id) ?? [])),
          meta: pageMeta(page, total),
        };
      },
    );

    app.get(
      '/events/:eventId/segments/:segmentId',
      {
        config: { readCache: true },
        schema: { tags: ['segments'], params: eventSegmentParams, response: { 200: segmentDocument } },
      },
      async (request) => {
        const event = await eventsRepo.getById(request.tenant, request.params.eventId);
        const segment = await segmentsRepo.getById(event.id, request.params.segmentId);
        const children = await segmentsRepo.childIds([segment.id]);
        return { data: toSegmentResource(segment, children.get(segment.id) ?? []) };
      },
    );

    app.get(
      '/segment-types',
      {
        config: { readCache: true },
        schema: {
          tags: ['segments'],
          querystring: segmentTypeListQuery,
          response: { 200: segmentTypeListDocument },
        },
      },
      async (request) => {
        const page = pageRequest(request.query);
        const { rows, total } = await typesRepo.list(page);
        return {
          data: rows.map((row) => ({
            // The key is the id segments relate to (relationships.segmentType); it is unique.
            id: row.key,
            type: 'segment-types' as const,
            attributes: { key: row.key, name: row.name },
          })),
          meta: pageMeta(page, total),
        };
      },
    );
  };
}
