import { PICKBAN_IN_USE, type SegmentVetoAttributes } from '@cwh/contract';
import { isVetoError, validateVetoSetup } from '@cwh/domain';
import type { Executor } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import type { RecordActivity } from '../activity-log/audit.js';
import type { CategoryRow, ItemRow, PickbanRepository, SegmentVetoRow } from './pickban-repository.js';
import { vetoDomainError } from './pickban-state.js';

/**
 * The caller's `event:manage` check of the event a write targets, run in the write's transaction
 * (PGlite has one connection: a query outside the open transaction would wait for it forever).
 */
export type RequireEvent = (eventId: string, tx: Executor) => Promise<unknown>;

const invalid = (pointer: string, detail: string) =>
  new DomainError('VALIDATION_FAILED', detail, { source: { pointer: `/data/attributes/${pointer}` } });

/** POST /categories: organizers of the event and admins. */
export async function createCategory(
  repo: PickbanRepository,
  input: { tenant: string; eventId: string; name: string; sortOrder?: number | undefined; now: Date },
  requireEvent: RequireEvent,
  tx: Executor,
  record: RecordActivity,
): Promise<CategoryRow> {
  if (!(await repo.eventInTenant(input.tenant, input.eventId, tx))) throw invalid('eventId', 'Unknown event');
  await requireEvent(input.eventId, tx);
  const row = await repo.insertCategory(
    {
      tenant: input.tenant,
      eventId: input.eventId,
      name: input.name,
      sortOrder: input.sortOrder ?? 0,
      createdAt: input.now,
    },
    tx,
  );
  await record({
    action: 'pickban.category.create',
    targetType: 'categories',
    targetId: row.id,
    eventId: row.eventId,
    after: row,
  });
  return row;
}

/** POST /items: organizers of the category's event and admins. */
export async function createItem(
  repo: PickbanRepository,
  input: {
    tenant: string;
    categoryId: string;
    name: string;
    description?: string | null | undefined;
    sortOrder?: number | undefined;
    now: Date;
  },
  requireEvent: RequireEvent,
  tx: Executor,
  record: RecordActivity,
): Promise<ItemRow> {
  const category = await repo.category(input.tenant, input.categoryId, tx);
  if (!category) throw invalid('categoryId', 'Unknown category');
  await requireEvent(category.eventId, tx);
  const row = await repo.insertItem(
    {
      categoryId: category.id,
      name: input.name,
      description: input.description ?? null,
      sortOrder: input.sortOrder ?? 0,
      createdAt: input.now,
    },
    tx,
  );
  await record({
    action: 'pickban.item.create',
    targetType: 'items',
    targetId: row.id,
    eventId: category.eventId,
    after: row,
  });
  return row;
}

/**
 * PUT /segments/{id}/veto: the segment's category (of the same event), order, starter and time per
 * turn. The order must fit the category's items. Challenges already open keep their copy.
 */
export async function setSegmentVeto(
  repo: PickbanRepository,
  input: { tenant: string; segmentId: string; veto: SegmentVetoAttributes; now: Date },
  requireEvent: RequireEvent,
  tx: Executor,
  record: RecordActivity,
): Promise<SegmentVetoRow> {
  const segment = await repo.segmentInTenant(input.tenant, input.segmentId, tx);
  if (!segment) throw new DomainError('NOT_FOUND', `No segment with id ${input.segmentId}`);
  await requireEvent(segment.eventId, tx);
  const category = await repo.category(input.tenant, input.veto.categoryId, tx);
  if (!category || category.eventId !== segment.eventId) {
    throw invalid('categoryId', "The category is not one of the segment's event");
  }
  try {
    validateVetoSetup(input.veto.steps, await repo.itemIdsOf(category.id, tx));
  } catch (error) {
    if (isVetoError(error)) throw vetoDomainError(error.code, error.message);
    throw error;
  }
  const before = await repo.segmentVeto(segment.id, tx);
  const row = await repo.upsertSegmentVeto(
    { segmentId: segment.id, ...input.veto, updatedAt: input.now },
    tx,
  );
  await record({
    action: 'pickban.veto.set',
    targetType: 'segments',
    targetId: segment.id,
    eventId: segment.eventId,
    before,
    after: row,
  });
  return row;
}

/** GET /segments/{id}/veto: the segment's veto for organizers of its event and admins (404 when none). */
export async function segmentVetoOf(
  repo: PickbanRepository,
  input: { tenant: string; segmentId: string },
  requireEvent: (eventId: string) => Promise<unknown>,
): Promise<SegmentVetoRow> {
  const segment = await repo.segmentInTenant(input.tenant, input.segmentId);
  if (!segment) throw new DomainError('NOT_FOUND', `No segment with id ${input.segmentId}`);
  await requireEvent(segment.eventId);
  const veto = await repo.segmentVeto(segment.id);
  if (!veto) throw new DomainError('NOT_FOUND', 'This segment has no pick and ban');
  return veto;
}

const inUse = (detail: string) => new DomainError('CONFLICT', detail, { meta: { reason: PICKBAN_IN_USE } });

/** PATCH /categories/{id}: a rename or a new sort order; always allowed (challenges show current names). */
export async function updateCategory(
  repo: PickbanRepository,
  input: { tenant: string; categoryId: string; name?: string | undefined; sortOrder?: number | undefined },
  requireEvent: RequireEvent,
  tx: Executor,
  record: RecordActivity,
): Promise<CategoryRow> {
  const before = await repo.category(input.tenant, input.categoryId, tx);
  if (!before) throw new DomainError('NOT_FOUND', `No category with id ${input.categoryId}`);
  await requireEvent(before.eventId, tx);
  const row = await repo.updateCategory(
    before.id,
    {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.sortOrder !== undefined ? { sortOrder: input.sortOrder } : {}),
    },
    tx,
  );
  await record({
    action: 'pickban.category.update',
    targetType: 'categories',
    targetId: row.id,
    eventId: row.eventId,
    before,
    after: row,
  });
  return row;
}

/**
 * DELETE /categories/{id} with its items; refused (409 PICKBAN_IN_USE, nothing written) while a
 * challenge was opened on it or a segment's veto names it.
 */
export async function deleteCategory(
  repo: PickbanRepository,
  input: { tenant: string; categoryId: string },
  requireEvent: RequireEvent,
  tx: Executor,
  record: RecordActivity,
): Promise<void> {
  const before = await repo.category(input.tenant, input.categoryId, tx);
  if (!before) throw new DomainError('NOT_FOUND', `No category with id ${input.categoryId}`);
  await requireEvent(before.eventId, tx);
  const use = await repo.categoryUse(before.id, tx);
  if (use === 'challenge') throw inUse('A match’s pick and ban uses this category');
  if (use === 'veto') throw inUse('A stage’s pick and ban uses this category: remove that veto first');
  await repo.deleteCategory(before.id, tx);
  await record({
    action: 'pickban.category.delete',
    targetType: 'categories',
    targetId: before.id,
    eventId: before.eventId,
    before,
  });
}

/** PATCH /items/{id}: name, description or sort order; always allowed (challenges show current names). */
export async function updateItem(
  repo: PickbanRepository,
  input: {
    tenant: string;
    itemId: string;
    name?: string | undefined;
    description?: string | null | undefined;
    sortOrder?: number | undefined;
  },
  requireEvent: RequireEvent,
  tx: Executor,
  record: RecordActivity,
): Promise<ItemRow> {
  const found = await repo.item(input.tenant, input.itemId, tx);
  if (!found) throw new DomainError('NOT_FOUND', `No item with id ${input.itemId}`);
  const { eventId, ...before } = found;
  await requireEvent(eventId, tx);
  const row = await repo.updateItem(
    before.id,
    {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.sortOrder !== undefined ? { sortOrder: input.sortOrder } : {}),
    },
    tx,
  );
  await record({
    action: 'pickban.item.update',
    targetType: 'items',
    targetId: row.id,
    eventId,
    before,
    after: row,
  });
  return row;
}

/** DELETE /items/{id}; refused (409 PICKBAN_IN_USE, nothing written) while a challenge's pool holds it. */
export async function deleteItem(
  repo: PickbanRepository,
  input: { tenant: string; itemId: string },
  requireEvent: RequireEvent,
  tx: Executor,
  record: RecordActivity,
): Promise<void> {
  const found = await repo.item(input.tenant, input.itemId, tx);
  if (!found) throw new DomainError('NOT_FOUND', `No item with id ${input.itemId}`);
  const { eventId, ...before } = found;
  await requireEvent(eventId, tx);
  if (await repo.itemInUse(before.id, tx)) throw inUse('A match’s pick and ban has this item in play');
  await repo.deleteItem(before.id, tx);
  await record({ action: 'pickban.item.delete', targetType: 'items', targetId: before.id, eventId, before });
}

/** DELETE /segments/{id}/veto: 404 when the segment has none. Challenges already open keep their copy. */
export async function deleteSegmentVeto(
  repo: PickbanRepository,
  input: { tenant: string; segmentId: string },
  requireEvent: RequireEvent,
  tx: Executor,
  record: RecordActivity,
): Promise<void> {
  const segment = await repo.segmentInTenant(input.tenant, input.segmentId, tx);
  if (!segment) throw new DomainError('NOT_FOUND', `No segment with id ${input.segmentId}`);
  await requireEvent(segment.eventId, tx);
  const before = await repo.segmentVeto(segment.id, tx);
  if (!before) throw new DomainError('NOT_FOUND', 'This segment has no pick and ban');
  await repo.deleteSegmentVeto(segment.id, tx);
  await record({
    action: 'pickban.veto.delete',
    targetType: 'segments',
    targetId: segment.id,
    eventId: segment.eventId,
    before,
  });
}
