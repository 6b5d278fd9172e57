import type { CategoryResource, ItemResource } from '@cwh/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { createAccess } from '../access/access.js';
import type { CategoryRow, ItemRow, SegmentVetoRow } from './pickban-repository.js';

/** The Fastify instance the pick and ban routes are registered on (zod schemas). */
export type PickbanApp = Parameters<FastifyPluginAsyncZod>[0];

export const tags = ['pickban'];
export const security = [{ bearer: [] }];

export const categoryResource = (row: CategoryRow): CategoryResource => ({
  id: row.id,
  type: 'categories',
  attributes: { name: row.name, sortOrder: row.sortOrder, eventId: row.eventId },
});
export const itemResource = (row: ItemRow): ItemResource => ({
  id: row.id,
  type: 'items',
  attributes: {
    name: row.name,
    description: row.description,
    sortOrder: row.sortOrder,
    categoryId: row.categoryId,
  },
});
export const vetoResource = (row: SegmentVetoRow) => ({
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

export function userOf(request: FastifyRequest) {
  if (!request.user) throw new DomainError('UNAUTHENTICATED', 'A bearer access token is required');
  return request.user;
}

/** The caller's `event:manage` check of a setup write, in the write's transaction. */
export const manage = (request: FastifyRequest) => (eventId: string, inTx: Executor) =>
  createAccess(inTx)(request, 'event:manage', eventId);
